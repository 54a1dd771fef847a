import { composeStories } from '@storybook/react-vite';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnswersForm } from '../../answers/AnswersForm.tsx';
import { storySession, type StorySave } from '../../storybook/with-answers.tsx';
import { lessonComponents } from '../../mdx-components.ts';
import { storySchema, storyText } from '../../storybook/story-schema.ts';
import { seriousAxeViolations } from '../../test/axe.ts';
import * as stories from './WidgetBoundary.stories.tsx';
import { LessonFileContext } from './WidgetBoundary.tsx';

const WIDGET_PROBLEM_MESSAGE = 'This part of the lesson has a problem; your answers are safe.';

const { AuthorView, StudentView } = composeStories(stories);
const FreeText = lessonComponents.FreeText as ComponentType<{ name: string; label: string }>;
const BlankChoice = lessonComponents.BlankChoice as ComponentType<{ name: string; label: string; options: string[] }>;

describe('a widget that fails', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    consoleError.mockRestore();
    vi.unstubAllEnvs();
  });

  it('shows an author the file, the widget, the field and the fix', () => {
    render(<AuthorView />);
    const problem = screen.getByRole('alert');
    expect(problem).toHaveTextContent('content/days/day-9.mdx');
    expect(problem).toHaveTextContent('<FreeText> bound to "missing.field"');
    expect(problem).toHaveTextContent('Fix: Add the field to schemas/day-N.schema.json');
  });

  it('shows a student only a calm message', () => {
    render(<StudentView />);
    expect(screen.getByRole('note')).toHaveTextContent(WIDGET_PROBLEM_MESSAGE);
    expect(screen.queryByText(/missing\.field/)).not.toBeInTheDocument();
  });

  it('shows students the calm message in a production build, from the lesson tags themselves', () => {
    vi.stubEnv('DEV', false);
    const schema = storySchema({ note: storyText('A note.') });
    render(
      <AnswersForm session={storySession(schema, undefined, vi.fn<StorySave>())}>
        <FreeText name="nope" label="Broken" />
      </AnswersForm>,
    );
    expect(screen.getByRole('note')).toHaveTextContent(WIDGET_PROBLEM_MESSAGE);
  });

  describe('on a live lesson page', () => {
    beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
    afterEach(() => vi.useRealTimers());

    it('leaves every other widget working and saving, and logs the error once', async () => {
      const schema = storySchema({ note: storyText('A note.'), choice: storyText('A blank.') });
      const save = vi.fn<StorySave>().mockResolvedValue(undefined);
      render(
        <LessonFileContext.Provider value="content/days/day-9.mdx">
          <AnswersForm session={storySession(schema, undefined, save)}>
            <FreeText name="note" label="Working question" />
            <BlankChoice name="not.in.schema" label="Blank 1" options={['a', 'b']} />
            <BlankChoice name="choice" label="Blank 2" options={['c', 'd']} />
          </AnswersForm>
        </LessonFileContext.Provider>,
      );
      expect(screen.getByRole('alert')).toHaveTextContent('<BlankChoice> bound to "not.in.schema"');

      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(screen.getByRole('textbox', { name: 'Working question' }), 'still saved');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Blank 2' }), 'd');
      await act(() => vi.advanceTimersByTimeAsync(2_000));

      expect(save).toHaveBeenCalledTimes(1);
      expect(save.mock.calls[0]![0]).toEqual({ note: 'still saved', choice: 'd' });
      const ours = consoleError.mock.calls.filter((call: unknown[]) => typeof call[0] === 'string' && call[0].startsWith('<BlankChoice> failed'));
      expect(ours).toHaveLength(1);
      expect(ours[0]![0]).toContain('content/days/day-9.mdx');
    });
  });

  it.each([
    ['AuthorView', AuthorView],
    ['StudentView', StudentView],
  ])('has no serious accessibility violation in %s', async (_name, Story) => {
    const { container } = render(<Story />);
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
