import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signUp } from './helpers.ts';

test.describe('Day 1', () => {
  test('a new student answers, reloads, and finds every answer again', async ({ page }) => {
    await signUp(page);
    await page.goto('/sections/day-1');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Day 1');
    await expect(page.getByRole('status').filter({ hasText: 'Ready' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Blank 1', exact: true }).selectOption('protein');
    const geneQ1 = page.getByRole('textbox', { name: /expression.*regulation/i }).first();
    await geneQ1.fill('Regulation decides when a gene is expressed.');
    await expect(page.getByText('(unsaved)')).toBeVisible();
    await expect(page.getByText(/^Saved • \d{1,2}:\d{2}/)).toBeVisible({ timeout: 10_000 });

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Blank 1', exact: true })).toHaveValue('protein');
    await expect(page.getByRole('textbox', { name: /expression.*regulation/i }).first()).toHaveValue('Regulation decides when a gene is expressed.');
    await expect(page.getByText(/^Saved • \d{1,2}:\d{2}/)).toBeVisible();
  });

  test('has 13 blanks named Blank 1 to Blank 13, each with "— choose —" and two options', async ({ page }) => {
    await signUp(page);
    await page.goto('/sections/day-1');
    for (let number = 1; number <= 13; number += 1) {
      const blank = page.getByRole('combobox', { name: `Blank ${number}`, exact: true });
      await expect(blank).toHaveCount(1);
      await expect(blank.locator('option')).toHaveCount(3);
      await expect(blank.locator('option').first()).toHaveText('— choose —');
    }
  });

  test('an explicit save says "Your work has been saved!"', async ({ page }) => {
    await signUp(page);
    await page.goto('/sections/day-1');
    await page.getByRole('button', { name: 'Save my work' }).last().click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your work has been saved!' })).toBeVisible();
  });

  test('has no serious or critical accessibility violation at Chromebook and phone widths', async ({ page }) => {
    await signUp(page);
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/sections/day-1');
      await expect(page.getByRole('combobox', { name: 'Blank 13', exact: true })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    }
  });

  test('links back to Important Vocabulary and on to Day 2', async ({ page }) => {
    await signUp(page);
    await page.goto('/sections/day-1');
    await expect(page.getByRole('link', { name: /Important Vocabulary/ })).toHaveAttribute('href', '/sections/vocabulary');
    await expect(page.getByRole('link', { name: /Day 2/ }).last()).toHaveAttribute('href', '/sections/day-2');
  });

  test('the lac operon diagram far down the page downloads when the student scrolls to it, and is drawn', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const diagramRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/images/lac-operon.svg') diagramRequests.push(request.url());
    });
    await signUp(page);
    await page.goto('/sections/day-1');
    await expect(page.getByRole('status').filter({ hasText: 'Ready' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(diagramRequests).toEqual([]);

    const thumbnail = page.getByRole('button', { name: /^Enlarge image: Diagram of the lac operon/ });
    await thumbnail.scrollIntoViewIfNeeded();
    const image = thumbnail.locator('img');
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
  });
});
