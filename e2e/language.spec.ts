import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, signUp } from './helpers.ts';
import { startCuttableNetwork } from './network-cut.ts';

// A student switches the language of a lesson while working in it (docs/decisions/023-the-reader-s-language.md):
// the text changes in place, every word typed stays, the part being read stays where it was, and the
// server keeps one answers object whatever the language.

const TYPED = 'La expresión génica es cuándo un gen se usa; la regulación decide cuánto.';
const geneQ1 = (page: Page) => page.locator('[name="geneQ1"]');
const pill = (page: Page) => page.getByRole('status').filter({ hasText: /Ready|Saved|Listo|Guardado|Sin conexión|Offline/ });

/** The answers the server holds for Day 1, read with the page's own access token. */
async function serverAnswers(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(async () => {
    const response = await fetch('/api/student/modules/1/response/detail/', { headers: { Authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` } });
    return response.ok ? ((await response.json()) as { answers: Record<string, unknown> }).answers : null;
  });
}

/** Every path of an answers object whose last key is `geneQ1`. */
function pathsOf(value: unknown, key: string, path = ''): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, inner]) => [...(name === key ? [`${path}${name}`] : []), ...pathsOf(inner, key, `${path}${name}.`)]);
}

/** The index of the lesson's heading at the top of the window (the part being read) and its distance from the top, px. */
function readingPlace(page: Page): Promise<{ index: number; top: number }> {
  return page.evaluate(() => {
    const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
    const headings = [...document.querySelectorAll('#main h1, #main h2, #main h3, #main h4')];
    let index = 0;
    headings.forEach((heading, each) => {
      if (heading.getBoundingClientRect().top <= header + 1) index = each;
    });
    return { index, top: Math.round(headings[index]!.getBoundingClientRect().top) };
  });
}

/**
 * Opens the language menu and chooses Español from the keyboard, as a student tabbing to the bar does.
 * (Playwright's clicks first scroll their target into view, and a control in the sticky bar is scrolled to
 * as if it were not sticky, moving the lesson under it: a mouse would not.)
 */
async function chooseSpanish(page: Page) {
  await page.getByRole('button', { name: 'Language: English' }).focus();
  await page.keyboard.press('Enter');
  const spanish = page.getByRole('menuitemradio', { name: 'Español' });
  await expect(spanish).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('ArrowDown');
  await expect(spanish).toBeFocused();
  await page.keyboard.press('Enter');
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`switching Day 1's language at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('swaps the lesson in place: the typed text stays, the same part is on screen, no navigation; Spanish after a reload; one geneQ1 on the server', async ({ page }) => {
      await signUp(page);
      await page.goto('/sections/day-1');
      await expect(pill(page)).toHaveText(/^(Ready|Saved • )/);
      // Every part drawn (they arrive one at a time after the first two), so nothing moves the page but the switch.
      await expect(page.locator('.lesson-part--pending')).toHaveCount(0);
      await geneQ1(page).scrollIntoViewIfNeeded();
      await geneQ1(page).fill(TYPED);
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      const before = await readingPlace(page);

      await chooseSpanish(page);
      // Once the menu has closed, the keyboard is back on the control it opened from.
      await expect(page.getByRole('button', { name: 'Idioma: Español' })).toBeFocused();

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Día 1 — /);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(geneQ1(page)).toHaveValue(TYPED);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/sections/day-1');
      // The heading being read is where it was (within a few px: the text under it settles as it is drawn).
      const after = await page.evaluate((index) => Math.round(document.querySelectorAll('#main h1, #main h2, #main h3, #main h4')[index]!.getBoundingClientRect().top), before.index);
      expect({ index: before.index, top: after }).toEqual({ index: before.index, top: expect.closeTo(before.top, -1) as unknown as number });
      await expect(page.getByRole('button', { name: 'Idioma: Español' })).toBeVisible();
      await expect(pill(page)).toHaveText(/^Guardado • /, { timeout: 10_000 });

      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Día 1 — /);
      await expect(geneQ1(page)).toHaveValue(TYPED);
      const answers = await serverAnswers(page);
      expect(pathsOf(answers, 'geneQ1')).toEqual(['geneQ1']);
      expect(answers?.geneQ1).toBe(TYPED);
      await expectNoSeriousAxeViolations(page);
    });

    test('reading Spanish, a student shows a question in English in place from the keyboard, and hides it again; axe clean with it open', async ({ page }) => {
      await signUp(page);
      await page.evaluate(() => localStorage.setItem('helix.language', 'es'));
      await page.goto('/sections/day-1');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Día 1 — /);
      await expect(page.locator('.lesson-part--pending')).toHaveCount(0);
      await geneQ1(page).fill(TYPED);
      const peek = page.locator('.peek').filter({ has: geneQ1(page) }).getByRole('button', { name: 'Mostrar esta parte en inglés' });
      await expect(peek).toHaveAttribute('aria-expanded', 'false');
      // From the text box, the next stop of the keyboard is the control beside it.
      await geneQ1(page).focus();
      await page.keyboard.press('Tab');
      await expect(peek).toBeFocused();
      await page.keyboard.press('Enter');

      await expect(peek).toHaveAttribute('aria-expanded', 'true');
      const english = page.locator(`[id="${await peek.getAttribute('aria-controls')}"]`);
      await expect(english.getByText('En inglés')).toBeVisible();
      await expect(english.locator('[lang="en"]')).toContainText('In your own words, how is gene expression different from gene regulation?');
      // The page stays Spanish, and the answer stays in its box.
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Día 1 — /);
      await expect(geneQ1(page)).toHaveValue(TYPED);
      await expect(peek).toBeFocused();
      await expectNoSeriousAxeViolations(page);

      await page.keyboard.press('Enter');
      await expect(peek).toHaveAttribute('aria-expanded', 'false');
      await expect(english).toBeHidden();
    });
  });
}

test('switching with the network cut keeps the typed text, and the answer reaches the server once it is back', async ({ browser, baseURL }) => {
  const network = await startCuttableNetwork(Number(new URL(baseURL!).port));
  const context = await browser.newContext({ baseURL: network.url, serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    await signUp(page);
    await page.goto('/sections/day-1');
    // The app and both languages' lessons on the device (the service worker's precache).
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect(pill(page)).toHaveText(/^(Ready|Saved • )/);

    network.cut();
    await geneQ1(page).fill(TYPED);
    await chooseSpanish(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Día 1 — /);
    await expect(geneQ1(page)).toHaveValue(TYPED);
    await expect(pill(page)).toHaveText('Sin conexión — guardado en este dispositivo', { timeout: 15_000 });

    network.restore();
    await expect(pill(page)).toHaveText(/^Guardado • /, { timeout: 30_000 });
    expect((await serverAnswers(page))?.geneQ1).toBe(TYPED);
  } finally {
    await context.close();
    await network.close();
  }
});

test('the language menu on /login is a button named for the language, with a radio item per language named in its own', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Language: English' }).click();
  const items = page.getByRole('menuitemradio');
  await expect(items).toHaveText(['English', 'Español']);
  await expect(items.nth(0)).toHaveAttribute('aria-checked', 'true');
  await expect(items.nth(1)).toHaveAttribute('lang', 'es');
  await items.nth(1).click();
  await expect(page.getByRole('button', { name: 'Idioma: Español' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nombre de usuario' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Iniciar sesión' })).toBeVisible();
});
