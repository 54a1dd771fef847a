import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUp, VIEWPORTS } from './helpers.ts';

// Layout defects found by trying Helix as a class would (docs/design.md): "The content column jumps between pages" and "Phone menu: the Modules submenu floats over
// the drawer instead of opening in place".

/** The pages a student moves between; `/workbooks/<id>` is added once the first workbook's id is known. */
const PAGES = [
  '/',
  '/student_profile',
  '/inbox',
  '/workbooks',
  '/sections/welcome',
  '/sections/vocabulary',
  '/sections/day-1',
  '/sections/day-3',
  '/student_profile/pre_module',
] as const;

/** The left edge (px) of the page's main heading, once it is on screen. */
async function headingLeft(page: Page): Promise<number> {
  const heading = page.locator('main h1').first();
  await expect(heading).toBeVisible();
  return Math.round((await heading.boundingBox())!.x);
}

/** Where to go on the first workbook: the link the Workbooks page offers. */
async function firstWorkbookPath(page: Page): Promise<string> {
  await page.goto('/workbooks');
  const link = page.locator('main a[href^="/workbooks/"]').first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href'))!;
}

test.describe('one content column on every page', () => {
  for (const viewport of VIEWPORTS) {
    test(`every page's heading starts at the same left edge, and nothing scrolls sideways, at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signUp(page);
      const pages = [...PAGES, await firstWorkbookPath(page)];
      const edges: Record<string, number> = {};
      for (const path of pages) {
        await page.goto(path);
        edges[path] = await headingLeft(page);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, `${path} scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
      }
      const expected = edges['/sections/day-1'];
      expect(edges).toEqual(Object.fromEntries(pages.map((path) => [path, expected])));
    });
  }
});

test.describe('the phone menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** The drawer the Menu button opens (the element its `aria-controls` names). */
  async function drawerOf(page: Page, toggle: Locator): Promise<Locator> {
    const id = await toggle.getAttribute('aria-controls');
    return page.locator(`[id="${id}"]`);
  }

  /** Fails unless `inner`'s box lies within `outer`'s. */
  async function expectInside(inner: Locator, outer: Locator) {
    const a = (await inner.boundingBox())!;
    const b = (await outer.boundingBox())!;
    expect(a.x).toBeGreaterThanOrEqual(b.x);
    expect(a.y).toBeGreaterThanOrEqual(b.y);
    expect(a.x + a.width).toBeLessThanOrEqual(b.x + b.width + 0.5);
    expect(a.y + a.height).toBeLessThanOrEqual(b.y + b.height + 0.5);
  }

  test('Modules opens in place inside the drawer, under its button', async ({ page }) => {
    await signUp(page);
    await page.goto('/sections/welcome');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = nav.getByRole('button', { name: /^Menu/ });
    await toggle.click();
    const drawer = await drawerOf(page, toggle);
    await expect(drawer).toBeVisible();

    const modules = nav.getByRole('button', { name: 'Modules' });
    await expect(modules).toHaveAttribute('aria-expanded', 'false');
    await modules.click();
    await expect(modules).toHaveAttribute('aria-expanded', 'true');
    // A disclosure in the drawer, not a floating menu.
    await expect(page.getByRole('menu')).toHaveCount(0);

    const dayOne = drawer.getByRole('link', { name: 'Day 1: Gene Regulation' });
    await expect(dayOne).toBeVisible();
    await expectInside(dayOne, drawer);
    expect((await dayOne.boundingBox())!.y).toBeGreaterThanOrEqual((await modules.boundingBox())!.y + (await modules.boundingBox())!.height - 0.5);
    // Indented under its button.
    expect((await dayOne.boundingBox())!.x).toBeGreaterThan((await modules.boundingBox())!.x);

    // Module Check, below, is pushed down rather than covered.
    const check = nav.getByRole('button', { name: 'Module Check' });
    expect((await check.boundingBox())!.y).toBeGreaterThan((await dayOne.boundingBox())!.y);
    await check.click();
    await expect(drawer.getByRole('link', { name: 'Pre-Module Quiz' })).toBeVisible();
    await expectInside(drawer.getByRole('link', { name: 'Pre-Module Quiz' }), drawer);

    await dayOne.click();
    await expect(page).toHaveURL(/\/sections\/day-1$/);
    await expect(drawer).toBeHidden();
  });

  test('works with only a keyboard: Enter opens, Tab walks the pages, Escape closes the list, then the drawer', async ({ page }) => {
    await signUp(page);
    await page.goto('/sections/welcome');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const toggle = nav.getByRole('button', { name: /^Menu/ });
    const modules = nav.getByRole('button', { name: 'Modules' });

    for (let presses = 0; presses < 10 && !(await toggle.evaluate((element) => element === document.activeElement)); presses += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    const drawer = await drawerOf(page, toggle);
    await expect(drawer).toBeVisible();

    for (let presses = 0; presses < 5 && !(await modules.evaluate((element) => element === document.activeElement)); presses += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(modules).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(modules).toHaveAttribute('aria-expanded', 'true');

    // The pages follow the button in Tab order: Welcome first.
    await page.keyboard.press('Tab');
    const welcome = drawer.getByRole('link', { name: 'Welcome' });
    await expect(welcome).toBeFocused();
    await expectInside(welcome, drawer);

    // Escape folds the list and returns to its button; the drawer stays open.
    await page.keyboard.press('Escape');
    await expect(modules).toHaveAttribute('aria-expanded', 'false');
    await expect(modules).toBeFocused();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Day 1: Gene Regulation' })).toBeHidden();

    // Space opens it again; Tab to Day 1 and Enter follows the link.
    await page.keyboard.press('Space');
    await expect(modules).toHaveAttribute('aria-expanded', 'true');
    const dayOne = drawer.getByRole('link', { name: 'Day 1: Gene Regulation' });
    for (let presses = 0; presses < 8 && !(await dayOne.evaluate((element) => element === document.activeElement)); presses += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(dayOne).toBeFocused();
    await expectInside(dayOne, drawer);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/sections\/day-1$/);

    // Escape with no list open closes the drawer and returns to the Menu button (a day page has its own bar).
    await toggle.focus();
    await page.keyboard.press('Enter');
    const dayDrawer = await drawerOf(page, toggle);
    await expect(dayDrawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dayDrawer).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test.describe('pages that do not jump as they load', () => {
  for (const viewport of VIEWPORTS) {
    test(`opening a day, its profile page or the inbox shifts nothing on screen (layout shift under 0.01), at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signUp(page);
      // Every layout shift the browser reports from the start of each page (the Layout Instability API).
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { helixShifts: number[] }).helixShifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const cdp = await page.context().newCDPSession(page);
      // A Chromebook's CPU: the Loading view stays on screen long enough to be painted before the page.
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      for (const path of ['/sections/day-1', '/sections/day-3', '/student_profile', '/inbox']) {
        await page.goto(path);
        // At 4x CPU beside the other worker's tests a day takes longer than the default 5 s to draw.
        await expect(page.locator('main h1').first()).toBeVisible({ timeout: 15_000 });
        await page.waitForTimeout(1_500);
        const shifts = await page.evaluate(() => (window as unknown as { helixShifts: number[] }).helixShifts);
        expect(shifts.reduce((sum, value) => sum + value, 0), `layout shift on ${path}: ${shifts.join(', ')}`).toBeLessThan(0.01);
      }
    });
  }
});

test.describe('the first paint on a slow network', () => {
  for (const viewport of VIEWPORTS) {
    test(`Loading shows before the stylesheet has arrived, does not move when it does, and the app starts styled, at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript(() => {
        const seen = { shifts: [] as number[], appStartedStyled: null as boolean | null };
        (window as unknown as { helixSeen: typeof seen }).helixSeen = seen;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) seen.shifts.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });
        // The moment the app replaces the start-up view: was the stylesheet in by then?
        new MutationObserver((_, observer) => {
          const root = document.getElementById('root');
          if (!root || root.querySelector('.boot-loading') || !root.firstChild) return;
          const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
          seen.appStartedStyled = link?.sheet != null;
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      // A school's Wi-Fi: the stylesheet takes 2 s to come.
      let releaseStylesheet!: () => void;
      const stylesheetHeld = new Promise<void>((resolve) => (releaseStylesheet = resolve));
      await page.route(/\/assets\/index-[^/]*\.css$/, async (route) => {
        await stylesheetHeld;
        await route.continue();
      });
      await page.goto('/login', { waitUntil: 'commit' });
      const loading = page.locator('.boot-loading');
      await expect(loading).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length), { message: 'Loading painted while the stylesheet is on its way' })
        .toBe(1);
      expect(await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.sheet ?? null)).toBeNull();
      releaseStylesheet();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const seen = await page.evaluate(() => (window as unknown as { helixSeen: { shifts: number[]; appStartedStyled: boolean | null } }).helixSeen);
      expect(seen.appStartedStyled, 'the app replaced Loading only once the stylesheet was in').toBe(true);
      expect(seen.shifts.reduce((sum, value) => sum + value, 0), `layout shift: ${seen.shifts.join(', ')}`).toBeLessThan(0.001);
    });
  }
});
