import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { daysOf } from '../scripts/published-days/days.ts';
import { signUp, signUpThroughPage, VIEWPORTS } from './helpers.ts';

// Visual regression: a few screenshot baselines (visual.spec.ts-snapshots/), each one a look that a
// student sees often, small enough that an edit of lesson text does not break them:
// - one per kind of page, at a school Chromebook's width and a phone's, the first screen only;
// - one per kind of widget, cropped to the widget, from its Storybook story.
// After an intended change of look: `npx playwright test e2e/visual.spec.ts --update-snapshots`, then look
// at every changed PNG before committing it.

/** Where the Storybook build is served during the browser tests (playwright.config.ts). */
export const STORYBOOK_URL = `http://127.0.0.1:${process.env.E2E_STORYBOOK_PORT ?? 6106}`;

/** Things that differ on every run, hidden from the comparison: the save time, message dates, the gallery's video. */
function moving(page: Page) {
  return [page.getByRole('status').filter({ hasText: /Saved •/ }), page.locator('td:has(time), time'), page.locator('video')];
}

/** One signed-in page of each kind: the profile, the inbox, the workbooks list, a static section, a day. */
const signedInPages = [
  { name: 'profile', route: '/student_profile' },
  { name: 'inbox', route: '/inbox' },
  { name: 'workbooks', route: '/workbooks' },
  { name: 'section', route: '/sections/welcome' },
  { name: 'day', route: '/sections/day-1' },
];

for (const viewport of VIEWPORTS) {
  const width = `${viewport.width}`;

  test.describe(`pages at ${width} px`, () => {
    test.use({ viewport });

    test('the login page', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expect(page).toHaveScreenshot(`page-login-${width}.png`);
    });

    test('the signed-in pages', async ({ page }) => {
      test.setTimeout(120_000);
      await signUpThroughPage(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toHaveScreenshot(`page-home-${width}.png`, { mask: moving(page) });
      for (const { name, route } of signedInPages) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        // The viewport only, never the whole page: the top of a day stays the same while its lesson grows.
        await expect(page).toHaveScreenshot(`page-${name}-${width}.png`, { mask: moving(page) });
      }
    });
  });
}

/** Pages already listening to Storybook's preview channel (see `openStory`). */
const listening = new WeakSet<Page>();
/** Pages showing Storybook's preview, which switch stories without loading it again (see `openStory`). */
const previewLoaded = new WeakSet<Page>();

/** What the init script of `openStory` keeps on the preview's window. */
interface StoryState {
  /** The errors reported since the story was asked for. */
  __storyErrors: string[];
  /** The id of the last story whose render and play function finished. */
  __storyFinished: string | null;
  __STORYBOOK_ADDONS_CHANNEL__: { emit(event: string, payload: unknown): void };
}

/**
 * Opens a story and waits until Storybook's preview has rendered it and finished its play function
 * (opening a dialog, filling a form). Returns the errors the preview reported on the way: exceptions of
 * the render or of the play function, and errors left unhandled while playing.
 *
 * A page that shows a story already switches to the next one as Storybook's own sidebar does, through
 * the preview's channel (`setCurrentStory`), instead of loading the preview again: 142 stories in one
 * page take about a third of the time.
 */
async function openStory(page: Page, id: string): Promise<string[]> {
  if (previewLoaded.has(page)) {
    await page.evaluate((storyId) => {
      const state = window as unknown as StoryState;
      state.__storyErrors = [];
      state.__storyFinished = null;
      state.__STORYBOOK_ADDONS_CHANNEL__.emit('setCurrentStory', { storyId, viewMode: 'story' });
    }, id);
    await page.waitForFunction((storyId) => (window as unknown as StoryState).__storyFinished === storyId, id);
    return page.evaluate(() => (window as unknown as StoryState).__storyErrors);
  }
  if (!listening.has(page)) {
    listening.add(page);
    await page.addInitScript(() => {
      const state = window as unknown as Omit<StoryState, '__STORYBOOK_ADDONS_CHANNEL__'>;
      state.__storyErrors = [];
      state.__storyFinished = null;
      type Channel = { on(event: string, listener: (payload: unknown) => void): void };
      let channel: Channel | undefined;
      // The preview sets its channel once, before it renders anything: listen from the first event on.
      Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
        configurable: true,
        get: () => channel,
        set: (value: Channel) => {
          channel = value;
          for (const event of ['storyThrewException', 'storyErrored', 'playFunctionThrewException', 'unhandledErrorsWhilePlaying']) {
            value.on(event, (payload) => state.__storyErrors.push(`${event}: ${JSON.stringify(payload).slice(0, 500)}`));
          }
          value.on('storyFinished', (payload) => {
            state.__storyFinished = (payload as { storyId: string }).storyId;
          });
        },
      });
    });
  }
  // The a11y addon's automatic run is left out: engine/storybook/all-stories.test.tsx checks every story
  // with axe, and the other e2e specs check the pages.
  await page.goto(`${STORYBOOK_URL}/iframe.html?id=${id}&viewMode=story&globals=a11y.manual:!true`);
  await page.waitForFunction((storyId) => (window as unknown as StoryState).__storyFinished === storyId, id);
  previewLoaded.add(page);
  return page.evaluate(() => (window as unknown as StoryState).__storyErrors);
}

/** One story per kind of widget, in the state a student sees most. */
const widgetStories = [
  'widgets-answerstable--filled',
  'widgets-blankchoice--filled',
  'widgets-freetext--filled',
  'widgets-thinkrespond--filled',
  'widgets-ordersteps--partly-ordered',
  'widgets-inquiry--open',
  'widgets-card--tip',
  'widgets-banner--visible',
  'widgets-embedpanel--loaded',
  'widgets-imagegallery--gene-cards',
  'widgets-imageoverlay--closed',
  'widgets-savepill--offline-on-device',
];

test.describe('widgets at 1366 px', () => {
  test.use({ viewport: VIEWPORTS[0] });

  for (const id of widgetStories) {
    test(id, async ({ page }) => {
      expect(await openStory(page, id)).toEqual([]);
      // The widget alone (the first element the story renders), not the page around it; toHaveScreenshot
      // waits until two shots in a row agree.
      const widget = page.locator('#storybook-root > *').first();
      await expect(widget).toHaveScreenshot(`widget-${id.replace(/^widgets-/, '')}.png`, { mask: moving(page) });
    });
  }
});

/** Every story in the Storybook build, from its index. */
function storyIds(): string[] {
  let text: string;
  try {
    text = readFileSync('storybook-static/index.json', 'utf8');
  } catch {
    throw new Error('e2e/visual.spec.ts needs the Storybook build: run `npm run build-storybook` first (npm test does).');
  }
  const index = JSON.parse(text) as { entries: Record<string, { id: string; type: string }> };
  return Object.values(index.entries)
    .filter((entry) => entry.type === 'story')
    .map((entry) => entry.id)
    .sort();
}

// Without a screenshot: every story renders in Chromium and its play function passes, including the
// stories whose play needs real layout and cannot run in jsdom (all-stories.test.tsx skips those).
// The stories are split into parts that the two workers can run at once.
const STORY_PARTS = 2;
test.describe('every story in Chromium', () => {
  test.describe.configure({ mode: 'parallel' });
  test.use({ viewport: VIEWPORTS[0] });

  for (let part = 0; part < STORY_PARTS; part += 1) {
    test(`renders and plays without an error (part ${part + 1} of ${STORY_PARTS})`, async ({ page }) => {
      test.setTimeout(300_000);
      const failures: string[] = [];
      for (const id of storyIds().filter((_id, index) => index % STORY_PARTS === part)) {
        for (const error of await openStory(page, id)) failures.push(`${id}: ${error}`);
      }
      expect(failures).toEqual([]);
    });
  }
});

test.describe('images and width', () => {
  for (const viewport of VIEWPORTS) {
    test(`no lesson image is drawn narrower than 100 px and no page scrolls sideways at ${viewport.width} px`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await signUp(page);
      for (const route of [
        '/student_profile',
        '/student_profile/pre_module',
        '/student_profile/post_module',
        '/inbox',
        '/workbooks',
        '/sections/welcome',
        '/sections/what-youll-learn',
        '/sections/vocabulary',
        ...daysOf(process.cwd()).map(({ day }) => `/sections/day-${day}`),
      ]) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const images = page.locator('main img');
        for (const image of await images.all()) {
          await image.scrollIntoViewIfNeeded();
          const box = await image.boundingBox();
          if (box === null) continue; // inside a closed dialog or a collapsed section
          expect(box.width, `${route}: ${await image.getAttribute('src')}`).toBeGreaterThanOrEqual(100);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth), route).toBeLessThanOrEqual(viewport.width);
      }
    });
  }
});
