import { expect, test, type Page } from '@playwright/test';
import { signUp } from './helpers.ts';

// A student who chose Español reads no English on the pages of the two-languages work
// (docs/decisions/023-the-reader-s-language.md), but for proper nouns and what is marked as English
// (a block shown untranslated, `lang="en"`, under its notice).

/** Words that are English and not Spanish: a text with one of them is English. */
const ENGLISH_WORDS = new Set(['the', 'and', 'your', 'you', 'with', 'this', 'that', 'what', 'how', 'which', 'are', 'is', 'of', 'to', 'in', 'for', 'from', 'on', 'it', 'will', 'can', 'not', 'save', 'saved', 'next', 'back', 'open', 'read', 'sign', 'day', 'loading', 'inbox', 'home', 'welcome', 'logout']);

/** Texts that may appear as they are: names, and what the allow-list says why. */
const ALLOWED = [
  /SciTrek/,
  /PhET/,
  /Human Protein Atlas/,
  /UC Santa Barbara|UCSB/,
  /American Journal of Human Genetics/,
  /JAMA Oncology/,
  /NIH NCBI|UniProt|RCSB Protein Data Bank/,
  /doi:10\./,
  // The name of a view of HHMI's cell cycle activity, which is in English: the lesson names it as the student finds it there.
  /Cell Cycle Regulators and Cancer/,
];

/**
 * Every text a person reads or hears on the page, outside what is marked `lang="en"`: text nodes,
 * `aria-label`, `title`, `alt` and `placeholder`, each with where it was found.
 */
function readableTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const inEnglish = (element: Element | null) => element?.closest('[lang]')?.getAttribute('lang')?.startsWith('en') ?? false;
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || inEnglish(parent) || parent.closest('script, style, [hidden], [aria-hidden="true"]')) continue;
      const text = node.textContent?.trim();
      if (text) texts.push(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], img[alt], [placeholder]')) {
      if (inEnglish(element) || element.closest('[hidden]')) continue;
      for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/** The texts of a page that read as English. */
async function englishOn(page: Page): Promise<string[]> {
  return (await readableTexts(page)).filter((text) => {
    const shown = ALLOWED.reduce((rest, name) => rest.replace(name, ''), text);
    const words = shown.toLowerCase().match(/[a-z']+/g) ?? [];
    return words.some((word) => ENGLISH_WORDS.has(word));
  });
}

test('a student reading Spanish sees no English on /login, the home page, the profile, the inbox and the bar', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitemradio', { name: 'Español' }).click();
  await expect(page.getByRole('tab', { name: 'Iniciar sesión' })).toBeVisible();
  expect(await englishOn(page), '/login').toEqual([]);
  await page.getByRole('tab', { name: 'Registrarse' }).click();
  await expect(page.getByRole('textbox', { name: 'Confirmar contraseña' })).toBeVisible();
  expect(await englishOn(page), '/login, Registrarse').toEqual([]);

  await signUp(page);
  for (const path of ['/', '/student_profile', '/inbox']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.locator('.loading')).toHaveCount(0);
    // The home page's site data arrives in Spanish a moment after the page (a file of its own).
    if (path === '/') await expect(page.getByRole('heading', { name: 'DNMT3A: la enzima que marca el ADN' })).toBeVisible();
    if (path === '/inbox') await page.getByRole('button', { name: /Bienvenida/ }).first().click();
    expect(await englishOn(page), path).toEqual([]);
  }
});

/**
 * Goes down the whole lesson on the page, so that every part arrives (they come one at a time after the
 * first two), each ordering exercise's drag layer with what dnd-kit reads to screen readers, and each
 * widget whose code comes apart ("Cargando…" until it arrives).
 */
async function readWholeLesson(page: Page): Promise<void> {
  await expect(page.locator('.lesson-part--pending')).toHaveCount(0);
  for (let top = 0; top < (await page.evaluate(() => document.documentElement.scrollHeight)); top += 600) {
    await page.evaluate((y) => window.scrollTo(0, y), top);
  }
  for (const exercise of await page.locator('.order-steps').all()) {
    await exercise.scrollIntoViewIfNeeded();
    await expect(exercise).toHaveAttribute('data-drag', 'ready');
  }
  await expect(page.locator('.lazy-widget')).toHaveCount(0);
}

test('a student reading Spanish sees no English on Day 1, from its first part to its last', async ({ page }) => {
  await signUp(page);
  await page.goto('/sections/day-1');
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitemradio', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Día 1 — /);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  const exercise = page.getByRole('group', { name: 'Ordena los pasos para encender un gen' });
  await readWholeLesson(page);
  await expect(exercise.getByRole('button', { name: 'Transcripción', exact: true })).toBeVisible();
  // The simulation opens in Spanish; the videos and the other sites' pages say they are in English.
  await expect(page.locator('iframe[src*="gene-expression-essentials_es.html"]')).toHaveCount(1);
  await expect(page.getByText('Este video está en inglés.')).toBeVisible();

  expect(await englishOn(page), '/sections/day-1').toEqual([]);
});

test('a student reading Spanish sees no English on Days 2 to 5, the sections, the quizzes and the workbook', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  // The language a reader chose on this device (src/i18n/language.ts), as the menu leaves it.
  await page.addInitScript(() => localStorage.setItem('helix.language', 'es'));
  for (const day of [2, 3, 4, 5]) {
    await page.goto(`/sections/day-${day}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^Día ${day} — `));
    await readWholeLesson(page);
    expect(await englishOn(page), `/sections/day-${day}`).toEqual([]);
  }
  for (const path of ['/sections/welcome', '/sections/what-youll-learn', '/sections/vocabulary', '/student_profile/pre_module', '/student_profile/post_module', '/workbooks']) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.loading')).toHaveCount(0);
    await readWholeLesson(page);
    expect(await englishOn(page), path).toEqual([]);
  }
  await page.getByRole('link').filter({ hasText: /cuaderno/i }).first().click();
  await expect(page).toHaveURL(/\/workbooks\/./);
  await expect(page.locator('.loading')).toHaveCount(0);
  await expect(page.getByRole('img').first()).toBeVisible();
  expect(await englishOn(page), page.url()).toEqual([]);
});
