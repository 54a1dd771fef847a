import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUpThroughPage } from './helpers.ts';
import { ownServer, type OwnServer } from './own-server.ts';

// A school's Wi-Fi drops, or the server goes down (docs/decisions/010-offline-days.md). The server here
// is a process of the test's own that is really stopped: the browser's requests are refused, the
// service worker is the only thing left that can answer.

const PORT = Number(process.env.E2E_PORT ?? 3100) + 7;
test.use({ serviceWorkers: 'allow', baseURL: `http://127.0.0.1:${PORT}` });

const geneQ1 = (page: Page) => page.getByRole('textbox', { name: /expression.*regulation/i }).first();
const journal = (page: Page) => page.getByRole('textbox', { name: /Reflection journal/ });
const pill = (page: Page) => page.getByRole('status').filter({ hasText: /Ready|Saved|unsaved|Autosaving|device/ });

/** The answers the server holds for Day 1, read through the API with the student's password. */
async function serverAnswers(server: OwnServer, username: string, password: string): Promise<{ wrap?: { reflection?: string } } | null> {
  const login = await fetch(`${server.url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { access } = (await login.json()) as { access: string };
  const response = await fetch(`${server.url}/api/student/modules/1/response/detail/`, { headers: { authorization: `Bearer ${access}` } });
  return response.ok ? ((await response.json()) as { answers: { wrap?: { reflection?: string } } }).answers : null;
}

/** Waits until the service worker controls the page and has everything precached. */
async function appOnDevice(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

async function logout(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Ada' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test.describe('days on the device when the server is gone', () => {
  let server: OwnServer;
  let dataDir: string;

  test.beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'helix-offline-'));
    server = ownServer({ port: PORT, dataDir });
    await server.start();
  });

  test.afterEach(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a student keeps working through a reload, the vocabulary and another day, and the server gets the answer when it is back', async ({ page }) => {
    test.setTimeout(120_000);
    const { username, password } = await signUpThroughPage(page);
    await page.goto('/sections/day-1');
    await appOnDevice(page);
    await geneQ1(page).fill('Saved before the server went down.');
    await expect(pill(page)).toHaveText(/^Saved • /, { timeout: 10_000 });

    await server.stop();
    await journal(page).fill('Typed while the server was down.');
    await expect(pill(page)).toHaveText('Offline — saved on this device', { timeout: 10_000 });

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Day 1');
    await expect(geneQ1(page)).toHaveValue('Saved before the server went down.');
    await expect(journal(page)).toHaveValue('Typed while the server was down.');

    await page.getByRole('link', { name: /Important Vocabulary/ }).last().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Important Vocabulary');
    await page.getByRole('link', { name: /Day 1: Gene Regulation/ }).last().click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Day 1');
    await page.getByRole('link', { name: /Day 2: Understanding Cancer/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Day 2');
    await expect(pill(page)).toHaveText('Offline — opened from this device');
    await page.getByRole('link', { name: /Day 1/ }).last().click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Day 1');
    await expect(geneQ1(page)).toHaveValue('Saved before the server went down.');
    await expect(journal(page)).toHaveValue('Typed while the server was down.');

    await server.start();
    await expect
      .poll(async () => (await serverAnswers(server, username, password))?.wrap?.reflection, { timeout: 45_000, message: 'the answer typed offline reaches the server' })
      .toBe('Typed while the server was down.');
    await expect(pill(page)).toHaveText(/^Saved • /, { timeout: 10_000 });
  });

  test('after logout, a second student on the same browser sees none of the first one\'s answers, online or offline', async ({ page }) => {
    test.setTimeout(90_000);
    await signUpThroughPage(page);
    await page.goto('/sections/day-1');
    await appOnDevice(page);
    await geneQ1(page).fill('The first student\'s answer.');
    await expect(pill(page)).toHaveText(/^Saved • /, { timeout: 10_000 });
    await logout(page);

    await signUpThroughPage(page);
    await page.goto('/sections/day-1');
    await expect(pill(page)).toHaveText('Ready');
    await expect(geneQ1(page)).toHaveValue('');

    await server.stop();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Day 1');
    await expect(pill(page)).toHaveText('Offline — opened from this device');
    await expect(geneQ1(page)).toHaveValue('');
    const firstStudentsText = await page.evaluate(async () => {
      const request = indexedDB.open('helix-drafts');
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const all = database.transaction('drafts').objectStore('drafts').getAll();
      const values = await new Promise<unknown[]>((resolve, reject) => {
        all.onsuccess = () => resolve(all.result);
        all.onerror = () => reject(all.error);
      });
      return JSON.stringify(values).includes('The first student');
    });
    expect(firstStudentsText).toBe(false);
  });
});
