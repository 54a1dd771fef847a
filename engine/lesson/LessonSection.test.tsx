import { Profiler } from 'react';
import { render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EAGER_PARTS, LESSON_PART_CLASS, LessonSection } from './LessonSection.tsx';

/** A lesson as remark-sectionize shapes it: the h1's section, holding one section per h2. */
function lesson(parts: number) {
  return (
    <LessonSection>
      <h1>Day 1</h1>
      <p>Welcome.</p>
      {Array.from({ length: parts }, (_, index) => (
        <LessonSection key={index}>
          <h2>Part {index + 1}</h2>
          <label>
            Answer {index + 1} <textarea />
          </label>
        </LessonSection>
      ))}
    </LessonSection>
  );
}

describe('LessonSection', () => {
  it('renders the first parts with the page, and holds the place of the rest', () => {
    const html = renderToStaticMarkup(lesson(5));
    for (let part = 1; part <= EAGER_PARTS; part += 1) expect(html).toContain(`Part ${part}`);
    expect(html).not.toContain(`Part ${EAGER_PARTS + 1}`);
    expect(html.match(/class="lesson-part--pending"/g)).toHaveLength(5 - EAGER_PARTS);
    expect(html).toContain('Welcome.');
  });

  it('renders every part right after, without mounting the first ones again', async () => {
    render(lesson(5));
    const first = screen.getByRole('textbox', { name: 'Answer 1' });
    expect(await screen.findByRole('heading', { name: 'Part 5' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Answer 1' })).toBe(first);
    expect(document.querySelector('.lesson-part--pending')).toBeNull();
  });

  it('marks each part of the lesson, and only the parts, for the browser to skip drawing while far from the screen', async () => {
    const { container } = render(
      <LessonSection>
        <h1>Day 1</h1>
        <LessonSection>
          <h2>Part 1</h2>
          <LessonSection>
            <h3>Inside part 1</h3>
          </LessonSection>
        </LessonSection>
        <LessonSection>
          <h2>Part 2</h2>
        </LessonSection>
        <LessonSection>
          <h2>Part 3</h2>
        </LessonSection>
      </LessonSection>,
    );
    await screen.findByRole('heading', { name: 'Part 3' });
    const parts = [...container.querySelectorAll(`.${LESSON_PART_CLASS}`)];
    expect(parts.map((part) => part.querySelector('h2')?.textContent)).toEqual(['Part 1', 'Part 2', 'Part 3']);
    expect(screen.getByRole('heading', { name: 'Inside part 1' }).closest('section')?.className).toBe('');
  });

  it('renders the held parts one at a time, so no single update adds the rest of the lesson at once', async () => {
    // The places still held after each commit React makes.
    const heldAfterEachCommit: number[] = [];
    render(
      <Profiler id="lesson" onRender={() => heldAfterEachCommit.push(document.querySelectorAll('.lesson-part--pending').length)}>
        {lesson(5)}
      </Profiler>,
    );
    await screen.findByRole('heading', { name: 'Part 5' });
    const held = 5 - EAGER_PARTS;
    expect(heldAfterEachCommit).toEqual(Array.from({ length: held + 1 }, (_, index) => held - index));
  });

  it('defers nothing in a page without an h1 (a static section), nor inside a part', () => {
    const html = renderToStaticMarkup(
      <LessonSection>
        <h2>Only part</h2>
        <LessonSection>
          <h3>A</h3>
        </LessonSection>
        <LessonSection>
          <h3>B</h3>
        </LessonSection>
        <LessonSection>
          <h3>C</h3>
        </LessonSection>
      </LessonSection>,
    );
    expect(html).toContain('<h3>C</h3>');
    expect(html).not.toContain('pending');
  });
});
