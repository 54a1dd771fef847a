/// <reference types="mdx" />
import { MDXProvider } from '@mdx-js/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MDXContent } from 'mdx/types';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { dayHeading } from '../scripts/published-days/days.ts';
import { fixtureDays, fixtureSchema } from '../test/fixture-days.ts';
import { AnswersForm } from './answers/AnswersForm.tsx';
import { schemaAt } from './schema/index.ts';
import { lessonComponents } from './mdx-components.ts';
import { storySession, type StorySave } from './storybook/with-answers.tsx';
import { LessonFileContext } from './widgets/widget-boundary/WidgetBoundary.tsx';

const WIDGET_PROBLEM_MESSAGE = 'This part of the lesson has a problem; your answers are safe.';

/** The fixture days' lessons (test/fixture-days/), compiled as the app compiles the week's. */
const lessons = import.meta.glob<MDXContent>('../test/fixture-days/day-*.mdx', { eager: true, import: 'default' });

/** PageNav is the app's tag (src/layout/PageNav.tsx), which the app adds to the engine's map; the engine renders any it is given. */
const components = { ...lessonComponents, PageNav: () => null };

/** Renders a fixture day's lesson as the day's page does: every widget bound to the day's schema through one answers form. */
function renderFixtureDay(day: number, save: StorySave = vi.fn<StorySave>().mockResolvedValue(undefined), beside?: (name: string) => ReactNode) {
  const entry = fixtureDays.find((fixture) => fixture.day === day)!;
  const Lesson = lessons[`../${entry.lesson}`]!;
  return render(
    <AnswersForm session={storySession(fixtureSchema(day), undefined, save)} beside={beside}>
      <LessonFileContext.Provider value={entry.lesson}>
        <MDXProvider components={components}>
          <Lesson />
        </MDXProvider>
      </LessonFileContext.Provider>
    </AnswersForm>,
  );
}

describe('the lesson engine on the fixture days (test/fixture-days/)', () => {
  it('has a compiled lesson for every fixture day', () => {
    expect(Object.keys(lessons).sort()).toEqual(fixtureDays.map(({ lesson }) => `../${lesson}`).sort());
  });

  it.each(fixtureDays.map((entry) => [entry.day, entry] as const))('renders Day %i under the heading its front matter gives it, with no widget showing a problem', (day, entry) => {
    renderFixtureDay(day);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(dayHeading(day, entry));
    expect(screen.queryByText(/Lesson problem in/)).not.toBeInTheDocument();
    expect(screen.queryByText(WIDGET_PROBLEM_MESSAGE)).not.toBeInTheDocument();
  });

  describe('Day 1', () => {
    it('saves what a student writes, chooses and orders, each under the field its widget names', async () => {
      const save = vi.fn<StorySave>().mockResolvedValue(undefined);
      renderFixtureDay(1, save);
      const user = userEvent.setup();
      await user.type(screen.getByRole('textbox', { name: 'Opening question' }), 'My opening');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Blank 2' }), 'four');
      // Shown as "quickly", stored as the schema's enum value.
      await user.selectOptions(screen.getByRole('combobox', { name: 'Blank 5' }), 'quickly');
      await user.type(screen.getByRole('textbox', { name: 'Think and Respond' }), 'A thought');
      await user.type(screen.getByRole('textbox', { name: 'Wrap-up 2' }), 'Next time');
      await user.click(screen.getByRole('button', { name: 'Add First step to Your order' }));
      await user.click(screen.getByRole('button', { name: 'Save my work' }));
      expect(save).toHaveBeenCalledTimes(1);
      expect(save.mock.calls[0]![0]).toMatchObject({
        opening: 'My opening',
        blanks: ['', 'four', '', ''],
        pace: 'fast',
        steps: { available: ['Third step', 'Second step'], ordered: ['First step', '', ''], orderSize: 3 },
        inquiry: { think: 'A thought' },
        wrap: { reflection: '', nextStep: 'Next time' },
      });
    });

    it("shows what the page puts beside an answer right after the widget that binds it, and nowhere else", () => {
      const beside = vi.fn((name: string) => <span className="note">Beside {name}</span>);
      const { container } = renderFixtureDay(1, undefined, beside);
      const boundNames = ['opening', 'blanks.0', 'blanks.1', 'blanks.2', 'blanks.3', 'pace', 'steps'];
      for (const name of boundNames) expect(screen.getByText(`Beside ${name}`)).toBeInTheDocument();
      // Only widgets that bind a field get it: every name asked about is a field of the day's schema (not the banner's id, nor the reset button's fields).
      expect(beside.mock.calls.map(([name]) => name).filter((name) => schemaAt(fixtureSchema(1), name) === undefined)).toEqual([]);
      // In the lesson's flow, after its widget and before the next one; inside the blank's sentence, as phrasing content.
      const opening = screen.getByRole('textbox', { name: 'Opening question' });
      expect(opening.compareDocumentPosition(screen.getByText('Beside opening')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(screen.getByText('Beside blanks.1').compareDocumentPosition(screen.getByRole('combobox', { name: 'Blank 2' })) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
      expect(screen.getByText('Beside blanks.0').closest('p')).toBe(screen.getByRole('combobox', { name: 'Blank 1' }).closest('p'));
      expect(container.querySelectorAll('.note')).toHaveLength(beside.mock.results.length);
    });

    it("offers the ordering's steps in the schema's starting order", () => {
      renderFixtureDay(1);
      const steps = within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
      expect(steps.map((step) => within(step).getAllByRole('button')[0]!.textContent)).toEqual(['Third step', 'First step', 'Second step']);
    });
  });

  describe('Day 2', () => {
    it('saves a row of the table and a field of a card, leaving the rows given by the schema as they are', async () => {
      const save = vi.fn<StorySave>().mockResolvedValue(undefined);
      renderFixtureDay(2, save);
      const user = userEvent.setup();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Group for Beta' }), 'Group B');
      await user.type(screen.getByRole('textbox', { name: 'Notes for Beta' }), 'In B');
      await user.type(screen.getByRole('textbox', { name: 'Card 2: reason' }), 'Because');
      await user.click(screen.getByRole('button', { name: 'Save my work' }));
      expect(save).toHaveBeenCalledTimes(1);
      expect(save.mock.calls[0]![0]).toMatchObject({
        table: [
          { item: 'Alpha', group: '', notes: '' },
          { item: 'Beta', group: 'b', notes: 'In B' },
          { item: 'Gamma', group: '', notes: '' },
        ],
        cards: [
          { claim: '', reason: '' },
          { claim: '', reason: 'Because' },
        ],
        tally: { points: 0, score: 0, checked: false },
      });
    });
  });
});
