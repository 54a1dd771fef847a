// The people of the console's browser tests: staff made with the CLI, students made through the API.
import { spawnSync } from 'node:child_process';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { uniqueUsername } from './helpers.ts';

/** The data folder of the server playwright.config.ts starts (PGlite, its lock held by that server). */
export const DATA_DIR = `.tmp/e2e-data-${process.env.E2E_PORT ?? 3100}`;
/** The password of every account made here. */
export const PASSWORD = 'correct horse battery staple';

/** `npm run facilitator -- add`, the way a programme sets up its first facilitator, while the server runs. */
export function addFacilitatorWithCli(username: string, role: 'facilitator' | 'admin' = 'facilitator'): void {
  const flags = role === 'admin' ? ['--admin'] : [];
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/facilitator.ts', 'add', username, ...flags, '--first-name', 'Ms', '--last-name', 'Rivera'], {
    input: `${PASSWORD}\n`,
    env: { ...process.env, DATA_DIR, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(result.stderr).toBe('');
  expect(result.stdout).toContain(`Created ${role} "${username}"`);
  expect(result.status).toBe(0);
}

/** Signs up "<firstName> Okafor" with a Classroom Name through the API; returns the username and access token. */
export async function signUpWithApi(request: APIRequestContext, firstName: string, classroom: string): Promise<{ username: string; access: string }> {
  const username = uniqueUsername(firstName.toLowerCase());
  const response = await request.post('/api/student/signup/', { data: { username, password: PASSWORD, first_name: firstName, last_name: 'Okafor', classroom_name: classroom } });
  expect(response.status()).toBe(201);
  return { username, access: ((await response.json()) as { access: string }).access };
}

/** Saves a day's answers through the API, as a student's page would. */
export async function saveWithApi(request: APIRequestContext, access: string, day: number, answers: Record<string, unknown>): Promise<void> {
  const response = await request.post(`/api/student/modules/${day}/response/`, { headers: { authorization: `Bearer ${access}` }, data: { answers } });
  expect(response.status()).toBe(200);
}

/** Signs in through the login page. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).last().click();
}

/** A page in a browser context of its own (another person's browser) at `viewport`. */
export async function studentPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  return (await browser.newContext({ viewport })).newPage();
}

/**
 * A new facilitator signs in to the console in a browser of their own, creates a class and opens its join
 * link (docs/decisions/024-class-join-links.md).
 *
 * @returns the console's page (on the class's page), the class's name, its "Join link" region and the code
 */
export async function openClassJoinLink(browser: Browser, viewport: { width: number; height: number }) {
  const className = `Bio ${uniqueUsername('join-')}`;
  const teacher = uniqueUsername('rivera');
  addFacilitatorWithCli(teacher);
  const console = await studentPage(browser, viewport);
  await signIn(console, teacher, PASSWORD);
  await console.getByLabel('Class name').fill(className);
  await console.getByRole('button', { name: /create/i }).click();
  await console.getByRole('link', { name: className }).click();
  const section = console.getByRole('region', { name: 'Join link' });
  await section.getByRole('button', { name: 'Open a join link' }).click();
  const code = (await section.locator('.join-link__code').textContent())!.trim();
  return { console, className, section, code };
}
