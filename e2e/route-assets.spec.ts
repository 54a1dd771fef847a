import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { deferredAssets, readManifest, routeAssets } from '../scripts/route-assets.js';
import { uniqueUsername } from './helpers.ts';

// The bundle budgets (.size-limit.js) add up the files that a route's
// derivation from the build manifest says a first visit downloads. This checks that derivation against
// what Chromium really fetches, so a budget can never pass on a list that misses a chunk. The chunks
// pages load on purpose after their first render (DEFERRED_CHUNKS) may be fetched too; nothing else.

/** The app's own scripts this page fetched (`assets/…js`, as in the manifest), sorted. */
function scriptsFetched(page: Page): () => string[] {
  const fetched = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) fetched.add(pathname.slice(1));
  });
  return () => [...fetched].sort();
}

test.describe('a first visit downloads exactly the scripts the budgets count', () => {
  // The build the server serves: STATIC_DIR when a run points the server at a build of its own.
  const manifest = readManifest(process.env.STATIC_DIR ?? 'dist');
  const deferred = deferredAssets(manifest);
  /** What the page fetched, without the deferred chunks the budget does not count. */
  const counted = (fetched: string[], route: string) => fetched.filter((file) => !deferred.includes(file) || routeAssets(manifest, route).js.includes(file));

  for (const route of ['/login', '/']) {
    test(`to ${route}`, async ({ page }) => {
      const fetched = scriptsFetched(page);
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(counted(fetched(), route)).toEqual(routeAssets(manifest, route).js);
    });
  }

  /** Signs a new student up and stores the login as the app keeps it, so the first visit is a signed-in one. */
  async function signedIn(page: Page, request: APIRequestContext): Promise<void> {
    const response = await request.post('/api/student/signup/', {
      data: { username: uniqueUsername(), password: 'correct horse battery staple', first_name: 'Ada', last_name: 'Lovelace', classroom_name: '' },
    });
    expect(response.status()).toBe(201);
    const tokens = (await response.json()) as { access: string; refresh: string };
    await page.addInitScript(({ access, refresh }) => {
      localStorage.setItem('accessToken', access);
      localStorage.setItem('refreshToken', refresh);
    }, tokens);
  }

  test('to /sections/day-1, signed in', async ({ page, request }) => {
    await signedIn(page, request);
    const fetched = scriptsFetched(page);
    await page.goto('/sections/day-1');
    await expect(page.getByRole('status').filter({ hasText: 'Ready' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(counted(fetched(), '/sections/day-1')).toEqual(routeAssets(manifest, '/sections/day-1').js);
    // Each file costs a round trip on a school's Wi-Fi, 6 at a time over HTTP/1.1: a day's code comes in
    // 5 files (scripts/chunk-groups/vite-plugin.ts), where it had come in 23.
    expect(counted(fetched(), '/sections/day-1').length).toBeLessThanOrEqual(5);
  });

  test('to /inbox, signed in: a student page with its frame', async ({ page, request }) => {
    await signedIn(page, request);
    const fetched = scriptsFetched(page);
    await page.goto('/inbox');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(counted(fetched(), '/inbox')).toEqual(routeAssets(manifest, '/inbox').js);
  });
});
