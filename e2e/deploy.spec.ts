import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUpThroughPage } from './helpers.ts';
import { ownServer, type OwnServer } from './own-server.ts';

// A deployment while a class is typing (docs/decisions/010-offline-days.md): the new version is taken up
// at the next in-app link once nothing is left to save, never mid-edit, and a tab still on the old
// version keeps working.

const PORT = Number(process.env.E2E_PORT ?? 3100) + 8;
test.use({ serviceWorkers: 'allow', baseURL: `http://127.0.0.1:${PORT}` });

const BUILD_MARK = 'meta[name="helix-build"][content="deployed"]';
const geneQ1 = (page: Page) => page.getByRole('textbox', { name: /expression.*regulation/i }).first();
const pill = (page: Page) => page.getByRole('status').filter({ hasText: /Ready|Saved|unsaved|Autosaving|device/ });

/**
 * Deploys a new build into `staticDir`: the same app with a changed `index.html` (a mark the test can
 * find) and the service worker's precache list saying so, as a real build's new file hashes would.
 */
function deployNewBuild(staticDir: string) {
  const indexPath = join(staticDir, 'index.html');
  writeFileSync(indexPath, readFileSync(indexPath, 'utf8').replace('<head>', '<head><meta name="helix-build" content="deployed">'));
  const workerPath = join(staticDir, 'sw.js');
  const worker = readFileSync(workerPath, 'utf8');
  const deployed = worker.replace(/("revision":")[^"]+(","url":"index\.html")/, '$1deployed$2');
  if (deployed === worker) throw new Error('sw.js lists no revision of index.html to change');
  writeFileSync(workerPath, deployed);
}

/** Waits until the service worker controls the page. */
async function appOnDevice(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The browser looks for a new service worker, as it does by itself at navigations and the app at in-app links, and waits for it to be installed. */
async function noticeDeployment(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    await registration.update();
  });
  await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
}

async function savedGeneQ1(page: Page): Promise<unknown> {
  return page.evaluate(async () => {
    const response = await fetch('/api/student/modules/1/response/detail/', { headers: { Authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` } });
    return response.ok ? ((await response.json()) as { answers: { geneQ1?: unknown } }).answers.geneQ1 : null;
  });
}

test.describe('a deployment during a lesson', () => {
  let server: OwnServer;
  let dataDir: string;
  let staticDir: string;

  test.beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'helix-deploy-data-'));
    staticDir = mkdtempSync(join(tmpdir(), 'helix-deploy-app-'));
    cpSync('dist', staticDir, { recursive: true });
    server = ownServer({ port: PORT, dataDir, staticDir });
    await server.start();
  });

  test.afterEach(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(staticDir, { recursive: true, force: true });
  });

  test('unsaved text is saved first, then the tab moves to the new version; an old tab keeps working', async ({ page, context }) => {
    test.setTimeout(90_000);
    await signUpThroughPage(page);
    await page.goto('/sections/day-1');
    await appOnDevice(page);
    const oldTab = await context.newPage();
    await oldTab.goto('/sections/day-3');
    await expect(pill(oldTab)).toHaveText(/^(Ready|Saved • )/);

    deployNewBuild(staticDir);
    await noticeDeployment(page);
    await expect(page.locator(BUILD_MARK)).toHaveCount(0);

    await geneQ1(page).fill('Typed just before the deployment was taken up.');
    await expect(pill(page)).toHaveText('(unsaved)');
    await page.getByRole('link', { name: /Day 2: Understanding Cancer/ }).click();

    // The save, the new worker's taking over and a full page load: give them the time a busy machine needs.
    await expect(page).toHaveURL(/\/sections\/day-2$/, { timeout: 15_000 });
    await expect(page.locator(BUILD_MARK)).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Day 2');
    expect(await savedGeneQ1(page)).toBe('Typed just before the deployment was taken up.');

    // The tab opened before the deployment still runs the old version, and its answers still save.
    await expect(oldTab.locator(BUILD_MARK)).toHaveCount(0);
    await oldTab.getByRole('textbox').first().fill('Typed in the old tab after the deployment.');
    await expect(pill(oldTab)).toHaveText(/^Saved • /, { timeout: 10_000 });
    // Its next in-app link takes up the new version.
    await oldTab.getByRole('link', { name: /Day 4/ }).last().click();
    await expect(oldTab).toHaveURL(/\/sections\/day-4$/, { timeout: 15_000 });
    await expect(oldTab.locator(BUILD_MARK)).toHaveCount(1);
  });
});
