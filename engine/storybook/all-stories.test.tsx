import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview.ts';
import { seriousAxeViolations } from '../test/axe.ts';

/**
 * Every story is a test: each story of every `*.stories.tsx` in
 * engine/ and src/ renders in jsdom (its `play` runs, when it has one) and has no serious or critical
 * axe violation, so `npm test` fails when a story breaks. A story that cannot run in jsdom opts out with
 * `parameters: { allStoriesTest: false }` and a comment saying why.
 *
 * The glob reaches into src/ on purpose: this test only renders stories, and imports nothing from src/
 * itself (the engine's lint rule is about modules, and the stories of both trees are one catalogue).
 */

// The same project annotations as Storybook, so stories compose and play as reviewers see them.
setProjectAnnotations([preview]);

type StoryModule = Parameters<typeof composeStories>[0];
const modules = import.meta.glob<StoryModule>(['../**/*.stories.tsx', '../../src/**/*.stories.tsx'], { eager: true });

/** Lets effects, timers of 0 ms and resolved promises settle, as a browser would before a reviewer looks. */
const tick = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

interface Composed {
  (): React.ReactElement;
  storyName: string;
  parameters: Record<string, unknown>;
  play?: unknown;
  run(extraContext?: Record<string, unknown>): Promise<void>;
}

const cases = Object.entries(modules).flatMap(([path, module]) => {
  const title = (module.default as { title?: string }).title ?? path;
  return Object.entries(composeStories(module) as unknown as Record<string, Composed>).map(([name, story]) => ({
    label: `${title} / ${name}`,
    story,
  }));
});

describe('every story', () => {
  beforeEach(() => {
    // jsdom's frames cannot answer axe's messages (their parent is not this window), so axe checks the
    // <iframe> element and does not look inside it; axe logs "Frame does not have a content window".
    vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue(null);
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    // A play function that failed half-way can leave a keyboard interaction running (a picked-up
    // sortable item listens on the document); Escape ends it, so one broken story fails once and does
    // not take the stories after it down too.
    await userEvent.keyboard('{Escape}');
  });

  it('finds the stories of engine/ and src/', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  for (const { label, story } of cases) {
    const skip = story.parameters.allStoriesTest === false;
    it.skipIf(skip)(label, async () => {
      // run() does what Storybook does: loaders, beforeEach, mount, play; and first unmounts the story
      // run before. Storybook gives a play function its user-event; portable stories leave it empty.
      await story.run({ userEvent: userEvent.setup() });
      await tick();
      // The whole body, so dialogs a story opens (portals outside its canvas) are checked too.
      expect(await seriousAxeViolations(document.body)).toEqual([]);
    });
  }
});
