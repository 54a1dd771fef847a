import { expect, test } from '@playwright/test';
import { daysOf } from '../scripts/published-days/days.ts';
import { signUp } from './helpers.ts';

// Small defects a student notices in the first minutes (docs/design.md).

test.describe('small details of the shell', () => {
  test('the logo every page shows exists and is drawn', async ({ page, request }) => {
    expect((await request.get('/images/logo.svg')).status()).toBe(200);
    await page.goto('/');
    const logo = page.locator('img[src="/images/logo.svg"]').first();
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  });

  test('every day page has its own tab title', async ({ page }) => {
    await signUp(page);
    const week = daysOf(process.cwd());
    for (const { day, title } of week) {
      await page.goto(`/sections/day-${day}`);
      await expect(page).toHaveTitle(`Day ${day}: ${title} – SciTrek`);
    }
  });

  test('the login page has a way back to the home page', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the arrow of "← Available Workbooks" stands apart from its words', async ({ page }) => {
    await signUp(page);
    await page.goto('/workbooks');
    await page.getByRole('link', { name: /Start|Continue/ }).first().click();
    const link = page.getByRole('link', { name: 'Available Workbooks' });
    await expect(link).toBeVisible();
    const gap = await link.evaluate((element) => {
      const arrow = element.querySelector('[aria-hidden="true"]')!.getBoundingClientRect();
      const words = document.createRange();
      words.selectNodeContents(element.lastChild!);
      return words.getBoundingClientRect().left - arrow.right;
    });
    expect(gap).toBeGreaterThanOrEqual(3);
  });

  test('shows "Loading…" at once, before any script has arrived on a slow network', async ({ page }) => {
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByText('Loading…')).toBeVisible({ timeout: 1_500 });
  });

  test('the three resource cards share one row at Chromebook width, each button on one line', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/');
    const cards = page.locator('.resource-card');
    await expect(cards).toHaveCount(3);
    const boxes = await cards.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().top));
    expect(new Set(boxes.map(Math.round)).size).toBe(1);
    for (const button of await page.locator('.resource-card__link').all()) {
      const lines = await button.evaluate((element) => Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight || '24')));
      expect(lines).toBeLessThanOrEqual(2);
      expect(await button.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
    }
  });
});
