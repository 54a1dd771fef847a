import { expect, test, type Page } from '@playwright/test';
import { signUp } from './helpers.ts';

/**
 * The save pill never covers lesson text (docs/design.md): at a Chromebook's 1366x768 it floats in the margin
 * right of the lesson column, so no text is ever under it; on a phone (390x844) and at 200 % zoom of
 * 1366x768 (683x384 CSS px at device scale 2) it is an opaque full-width bar at the bottom of the
 * viewport, like the top bar: text may pass behind it while scrolling, but the page reserves the bar's
 * height, so every line can be scrolled clear of it and nothing is under it at the end of the page.
 */

/** What is under the pill at one scroll position, found with `document.elementsFromPoint` on a grid of points inside it. */
interface UnderPill {
  /** The pill's box in the viewport, px. */
  pill: { left: number; right: number; top: number; bottom: number };
  /** The viewport (without scroll bars) and the document's full height, px. */
  viewport: { width: number; height: number; scrollHeight: number };
  /** The pill's background colour's alpha, 0 to 1. */
  backgroundAlpha: number;
  /** Text-bearing elements in `main` under the pill: a description and their bottom edge in document coordinates, px. */
  covered: { what: string; documentBottom: number }[];
}

async function underPill(page: Page): Promise<UnderPill> {
  return page.evaluate(() => {
    const pill = document.querySelector<HTMLElement>('.save-pill');
    if (!pill) throw new Error('no save pill');
    const box = pill.getBoundingClientRect();
    const TEXT_TAGS = new Set(['P', 'LI', 'LABEL', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'TEXTAREA', 'SELECT', 'BUTTON', 'INPUT', 'FIGCAPTION', 'TD', 'TH', 'DT', 'DD', 'BLOCKQUOTE', 'A']);
    /** A lesson element that shows text: a text tag, or any element with a text node of its own. */
    const bearsText = (element: Element) =>
      element.closest('main') !== null &&
      (TEXT_TAGS.has(element.tagName) || [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()));
    const covered = new Map<Element, { what: string; documentBottom: number }>();
    const columns = 8;
    const rows = 4;
    for (let column = 0; column <= columns; column += 1) {
      for (let row = 0; row <= rows; row += 1) {
        const x = box.left + 1 + ((box.width - 2) * column) / columns;
        const y = box.top + 1 + ((box.height - 2) * row) / rows;
        for (const element of document.elementsFromPoint(x, y)) {
          if (pill.contains(element) || covered.has(element) || !bearsText(element)) continue;
          const text = (element as HTMLElement).innerText?.trim().slice(0, 40) ?? '';
          covered.set(element, { what: `<${element.tagName.toLowerCase()}> "${text}"`, documentBottom: element.getBoundingClientRect().bottom + window.scrollY });
        }
      }
    }
    const background = getComputedStyle(pill).backgroundColor;
    const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(background)?.[1];
    return {
      pill: { left: box.left, right: box.right, top: box.top, bottom: box.bottom },
      viewport: { width: document.documentElement.clientWidth, height: document.documentElement.clientHeight, scrollHeight: document.documentElement.scrollHeight },
      backgroundAlpha: alpha === undefined ? 1 : Number(alpha),
      covered: [...covered.values()],
    };
  });
}

/** Scroll positions from the top to the very end of the page, px. */
async function scrollPositions(page: Page, count = 10): Promise<number[]> {
  const max = await page.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight);
  return Array.from({ length: count + 1 }, (_, index) => Math.round((max * index) / count));
}

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Signs up, opens Day 1 and makes the pill show a save time, its usual text once a student has answered. */
async function openDay1WithASave(page: Page) {
  await signUp(page);
  await page.goto('/sections/day-1');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Day 1');
  await page.getByRole('combobox', { name: 'Blank 1', exact: true }).selectOption('protein');
  await expect(page.locator('.save-pill')).toHaveText(/^Saved • /, { timeout: 10_000 });
}

test.describe('the save pill at 1366x768 (Chromebook)', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('floats beside the lesson column and never has lesson text under it', async ({ page }) => {
    await openDay1WithASave(page);
    for (const y of await scrollPositions(page)) {
      await scrollTo(page, y);
      const under = await underPill(page);
      expect(under.pill.left, 'a pill, not a full-width bar').toBeGreaterThan(under.viewport.width / 2);
      expect(under.covered, `text under the pill at scrollY ${y}`).toEqual([]);
    }
  });
});

for (const { name, viewport, deviceScaleFactor } of [
  { name: '390x844 (phone)', viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 },
  { name: '200 % zoom of 1366x768 (683x384 at device scale 2)', viewport: { width: 683, height: 384 }, deviceScaleFactor: 2 },
]) {
  test.describe(`the save pill at ${name}`, () => {
    test.use({ viewport, deviceScaleFactor });

    test('is an opaque bar across the bottom, and every line of the lesson scrolls clear of it', async ({ page }) => {
      await openDay1WithASave(page);
      let passingBehind = 0;
      for (const y of await scrollPositions(page)) {
        await scrollTo(page, y);
        const under = await underPill(page);
        passingBehind += under.covered.length;
        expect(under.pill.left).toBeLessThanOrEqual(0);
        expect(under.pill.right).toBeGreaterThanOrEqual(under.viewport.width);
        expect(Math.abs(under.pill.bottom - under.viewport.height)).toBeLessThanOrEqual(1);
        expect(under.backgroundAlpha, 'an opaque bar').toBe(1);
        const barHeight = under.pill.bottom - under.pill.top;
        // Text behind the bar is only passing: the page is long enough to scroll it above the bar.
        const stuck = under.covered.filter(({ documentBottom }) => documentBottom > under.viewport.scrollHeight - barHeight + 1);
        expect(stuck, `text that cannot be scrolled clear of the bar (scrollY ${y})`).toEqual([]);
      }
      // The check sees text at all: mid-lesson some text is passing behind the bar.
      expect(passingBehind).toBeGreaterThan(0);
      // At the end of the lesson, nothing at all is behind the bar. The lesson's parts take their drawn
      // heights as they come near the screen (content-visibility), so its end is where scrolling stops.
      for (let previous = -1, last = 0; last !== previous; ) {
        previous = last;
        last = (await scrollPositions(page)).at(-1) ?? 0;
        await scrollTo(page, last);
      }
      expect((await underPill(page)).covered).toEqual([]);
    });
  });
}
