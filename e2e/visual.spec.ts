import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signUpThroughPage, VIEWPORTS } from './helpers.ts';

// Issue 9, "Visual regression tests": what a student sees on every route and in every widget state, at a
// school Chromebook's width and a phone's, compared with baselines committed in visual.spec.ts-snapshots/.
// After an intended change of look: `npx playwright test e2e/visual.spec.ts --update-snapshots`, then look
// at every changed PNG before committing it.

/** Where the Storybook build is served during the browser tests (playwright.config.ts). */
export const STORYBOOK_URL = `http://127.0.0.1:${process.env.E2E_STORYBOOK_PORT ?? 6106}`;

/** Things that differ on every run, hidden from the comparison: the save time, message dates, the gallery's video. */
function moving(page: Page) {
  return [page.getByRole('status').filter({ hasText: /Saved •/ }), page.locator('td:has(time), time'), page.locator('video')];
}

const signedInRoutes = [
  '/student_profile',
  '/student_profile/pre_module',
  '/student_profile/post_module',
  '/inbox',
  '/workbooks',
  '/sections/welcome',
  '/sections/what-youll-learn',
  '/sections/vocabulary',
  '/sections/day-1',
  '/sections/day-2',
  '/sections/day-3',
  '/sections/day-4',
  '/sections/day-5',
];

for (const viewport of VIEWPORTS) {
  const width = `${viewport.width}`;

  test.describe(`routes at ${width} px`, () => {
    test.use({ viewport });

    test('public routes', async ({ page }) => {
      for (const route of ['/login', '/forgot-password']) {
        await page.goto(route);
        await expect(page.getByRole('heading').first()).toBeVisible();
        await expect(page).toHaveScreenshot(`route${route.replaceAll('/', '-')}-${width}.png`);
      }
    });

    test('signed-in routes', async ({ page }) => {
      test.setTimeout(180_000);
      await signUpThroughPage(page);
      await expect(page).toHaveScreenshot(`route-home-${width}.png`, { mask: moving(page) });
      for (const route of signedInRoutes) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page).toHaveScreenshot(`route${route.replaceAll('/', '-')}-${width}.png`, { mask: moving(page) });
      }
      // The workbook reader, /workbooks/{id}: its id comes from the list.
      await page.goto('/workbooks');
      await page.getByRole('link', { name: /Start|Continue/ }).first().click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toHaveScreenshot(`route-workbooks-reader-${width}.png`, { mask: moving(page) });
    });
  });
}

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

for (const viewport of VIEWPORTS) {
  test.describe(`widget states at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const id of storyIds()) {
      test(id, async ({ page }) => {
        await page.goto(`${STORYBOOK_URL}/iframe.html?id=${id}&viewMode=story`);
        // Storybook's preview says when a story has rendered and its play function (opening a dialog,
        // a keyboard walk-through) has finished; only then is the state the one the story names.
        await page.waitForFunction(() => {
          const preview = (window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } }).__STORYBOOK_PREVIEW__;
          return preview?.currentRender?.phase === 'finished';
        });
        // toHaveScreenshot then waits until two screenshots in a row are the same.
        await expect(page).toHaveScreenshot(`story-${id}-${viewport.width}.png`, { mask: moving(page), fullPage: true });
      });
    }
  });
}

test.describe('images and width', () => {
  for (const viewport of VIEWPORTS) {
    test(`no lesson image is drawn narrower than 100 px and no page scrolls sideways at ${viewport.width} px`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      await signUpThroughPage(page);
      for (const route of signedInRoutes) {
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
