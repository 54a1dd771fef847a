import type { Decorator } from '@storybook/react-vite';
import { AnswersForm } from '../form/AnswersForm.tsx';
import { normalize } from '../schema/normalize.ts';
import type { Answers, AnswersSchema } from '../schema/types.ts';
import type { SaveAnswers } from '../autosave/autosave.ts';

/** A save that succeeds after `delayMs` and logs what it sent, for stories. */
export function fakeSave(delayMs = 300): SaveAnswers {
  return (answers) =>
    new Promise((resolve) => {
      console.info('[story] save', answers);
      setTimeout(resolve, delayMs);
    });
}

/**
 * A Storybook decorator that places a story inside an {@link AnswersForm} bound to `schema`, with
 * `saved` answers normalised over its defaults. Stories double as test fixtures (composeStories), so
 * tests see exactly what reviewers see.
 *
 * @param schema - a small answers schema holding the fields the story's widget binds to
 * @param saved - answers as if loaded from the server; defaults are used where missing
 * @param save - what "saving" does; defaults to {@link fakeSave}
 */
export function withAnswers(schema: AnswersSchema, saved?: Answers, save: SaveAnswers = fakeSave()): Decorator {
  const AnswersDecorator: Decorator = (Story) => (
    <AnswersForm schema={schema} answers={normalize(schema, saved)} save={save}>
      <Story />
    </AnswersForm>
  );
  return AnswersDecorator;
}
