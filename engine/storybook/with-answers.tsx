import type { Decorator } from '@storybook/react-vite';
import { useState } from 'react';
import { AnswersForm } from '../answers/AnswersForm.tsx';
import { createAnswersSession, createReadOnlySession, type AnswersSession, type AnswersSessionOptions, type AnswersTransport } from '../answers/session.ts';
import type { Answers, AnswersSchema } from '../schema/index.ts';

/** What "saving" does in a story or test: resolves when saved, rejects when the save fails. */
export type StorySave = (answers: Answers) => Promise<unknown>;

/** A save that succeeds after `delayMs` and logs what it sent, for stories. */
export function fakeSave(delayMs = 300): StorySave {
  return (answers) =>
    new Promise((resolve) => {
      console.info('[story] save', answers);
      setTimeout(resolve, delayMs);
    });
}

/**
 * A transport for stories and tests: nothing to load, and each save goes through `save`, then counts
 * one revision up, as the server would.
 */
export function storyTransport(save: StorySave = fakeSave()): AnswersTransport {
  let revision = 0;
  return {
    load: () => Promise.resolve(null),
    async save(answers) {
      await save(answers);
      revision += 1;
      return { answers, revision, savedAt: null };
    },
  };
}

/**
 * An answers session started from `saved` answers (repaired over the schema's defaults), saving through `save`.
 *
 * @param schema - a small answers schema holding the fields the story's widget binds to
 * @param saved - answers as if loaded from the server; defaults are used where missing
 * @param save - what "saving" does; defaults to {@link fakeSave}
 * @param options - the session's timing, e.g. `{ debounceMs: 0 }`
 */
export function storySession(
  schema: AnswersSchema,
  saved?: Answers,
  save?: StorySave,
  options: Pick<AnswersSessionOptions, 'debounceMs' | 'intervalMs'> = {},
): AnswersSession {
  const session = createAnswersSession({ schema, transport: storyTransport(save), ...options });
  session.restore({ answers: saved ?? {}, revision: 0, savedAt: null });
  return session;
}

function StoryAnswers({ schema, saved, save, children }: { schema: AnswersSchema; saved?: Answers; save?: StorySave; children: React.ReactNode }) {
  const [session] = useState(() => storySession(schema, saved, save));
  return <AnswersForm session={session}>{children}</AnswersForm>;
}

/**
 * A Storybook decorator that places a story inside an {@link AnswersForm} bound to `schema`, with
 * `saved` answers repaired over its defaults. Stories double as test fixtures (composeStories), so
 * tests see exactly what reviewers see.
 */
export function withAnswers(schema: AnswersSchema, saved?: Answers, save?: StorySave): Decorator {
  const AnswersDecorator: Decorator = (Story) => (
    <StoryAnswers schema={schema} saved={saved} save={save}>
      <Story />
    </StoryAnswers>
  );
  return AnswersDecorator;
}

function ReadOnlyAnswers({ schema, saved, children }: { schema: AnswersSchema; saved?: Answers; children: React.ReactNode }) {
  const [session] = useState(() => createReadOnlySession({ schema, answers: saved }));
  return <AnswersForm session={session}>{children}</AnswersForm>;
}

/**
 * A Storybook decorator that places a story inside a read-only {@link AnswersForm}: the widgets show
 * `saved` (repaired over the schema's defaults) and nothing can change it, as a facilitator sees a
 * student's work.
 */
export function withReadOnlyAnswers(schema: AnswersSchema, saved?: Answers): Decorator {
  const ReadOnlyDecorator: Decorator = (Story) => (
    <ReadOnlyAnswers schema={schema} saved={saved}>
      <Story />
    </ReadOnlyAnswers>
  );
  return ReadOnlyDecorator;
}
