import { expect, test, type Page } from '@playwright/test';
import { dayHeading, daysOf } from '../scripts/published-days/days.ts';
import { signUp, signUpThroughPage, VIEWPORTS } from './helpers.ts';

// A day's page comes with the lesson's title and opening (server/static-files.ts, scripts/day-previews/):
// on a school's Wi-Fi a student reads them while the app's code is still downloading.

/** Holds back the entry chunk (React and the app's start-up code), which every page needs, until the returned function is called. */
async function holdTheAppsCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

for (const viewport of VIEWPORTS) {
  test(`Day 1's title and opening show before the app's code has arrived, and stay where they are when the lesson takes their place, at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signUpThroughPage(page);
    const release = await holdTheAppsCode(page);
    await page.goto('/sections/day-1', { waitUntil: 'commit' });

    const preview = page.locator('.day-preview');
    // The heading Day 1's front matter gives it, e.g. "Day 1 — Gene Regulation: how your cells decide what to do".
    const heading = dayHeading(1, daysOf(process.cwd()).find(({ day }) => day === 1)!);
    const title = preview.getByRole('heading', { level: 1, name: heading, exact: true });
    await expect(title).toBeVisible();
    await expect(preview.getByText(/^Welcome to Day 1!/)).toBeVisible();
    // Nothing but the preview is on screen meanwhile: the app's Loading view lies under it.
    const onTop = await page.evaluate(() => {
      const loading = document.querySelector('#root [role="status"]')!.getBoundingClientRect();
      return document.elementFromPoint(loading.x + loading.width / 2, loading.y + loading.height / 2)?.closest('.day-preview') !== null;
    });
    expect(onTop, 'the preview covers the Loading view').toBe(true);
    const before = await title.boundingBox();

    release();
    const lessonTitle = page.locator('#root main h1');
    await expect(lessonTitle).toHaveText(heading);
    await expect(preview).toHaveCount(0);
    await expect(page.getByRole('textbox').first()).toBeVisible();
    const after = await lessonTitle.boundingBox();
    expect(after, 'the lesson draws its title where the preview showed it').toEqual(before);
    // One heading of the day for screen readers once the lesson is in.
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });
}

test('a visitor who is not signed in is sent to Sign In, with no trace of the preview', async ({ page }) => {
  await page.goto('/sections/day-2');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In' }).last()).toBeVisible();
  await expect(page.locator('.day-preview')).toHaveCount(0);
  await expect(page.getByText(/^Yesterday you saw how cells switch genes/)).toHaveCount(0);
});

test('the preview is gone for good once the day is drawn: other pages opened from it never show it', async ({ page }) => {
  await signUp(page);
  await page.goto('/sections/day-1');
  await expect(page.locator('#root main h1')).toHaveText(/^Day 1/);
  await expect(page.locator('.day-preview')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Inbox/ }).click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Inbox/ })).toBeVisible();
  await expect(page.getByText(/^Welcome to Day 1!/)).toHaveCount(0);
});
