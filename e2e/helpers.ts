import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** A username no earlier test run has taken. */
export function uniqueUsername(prefix = 'student'): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** The password every student the browser tests sign up is given. */
const STUDENT_PASSWORD = 'correct horse battery staple';

/**
 * Signs a new student up through the login page, as a student would, and waits for the home page.
 * The last name is always "Lovelace"; the classroom is left empty unless given.
 * @returns the username and password used
 */
export async function signUpThroughPage(page: Page, firstName = 'Ada', classroomName = ''): Promise<{ username: string; password: string }> {
  const username = uniqueUsername();
  const password = STUDENT_PASSWORD;
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByLabel('First Name').fill(firstName);
  await page.getByLabel('Last Name').fill('Lovelace');
  if (classroomName) await page.getByLabel('Classroom Name').fill(classroomName);
  await page.getByRole('button', { name: 'Sign Up' }).last().click();
  await expect(page).toHaveURL(/\/$/);
  return { username, password };
}

/**
 * Signs a new student up through the API, as another client of the API would
 * (`POST /api/student/signup/`, docs/requirements.md#api-calls), and stores the access and refresh
 * token where the app reads them (`localStorage`), without loading a page of the app: for the tests
 * of something else than signing up, which go to their page next. Signing up through the login page
 * is tested with {@link signUpThroughPage}.
 *
 * Leaves the page on `/api/health`, a page of the app's origin that runs no script.
 * @returns the username and password used
 * @throws when the server refuses the sign-up (any status but 201)
 */
export async function signUp(page: Page, firstName = 'Ada', classroomName = ''): Promise<{ username: string; password: string }> {
  const username = uniqueUsername();
  const password = STUDENT_PASSWORD;
  const response = await page.request.post('/api/student/signup/', {
    data: { username, password, first_name: firstName, last_name: 'Lovelace', classroom_name: classroomName },
  });
  if (response.status() !== 201) throw new Error(`Sign-up answered ${response.status()}: ${await response.text()}`);
  const { access, refresh } = (await response.json()) as { access: string; refresh: string };
  await page.goto('/api/health');
  await page.evaluate(
    ([accessToken, refreshToken]) => {
      localStorage.setItem('accessToken', accessToken!);
      localStorage.setItem('refreshToken', refreshToken!);
    },
    [access, refresh],
  );
  return { username, password };
}

/**
 * Fails with the list of serious or critical axe violations on the page, if any. A lesson's parts far from
 * the screen are drawn first (their `content-visibility: auto` lifted while axe runs, then put back): axe
 * finds a text's background by hit testing what is drawn, and finds none behind text the browser has not
 * drawn yet, though a student scrolling there sees it drawn with the same colours.
 */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const drawn = await page.addStyleTag({ content: '.lesson-part { content-visibility: visible !important; }' });
  const results = await new AxeBuilder({ page }).analyze();
  await drawn.evaluate((style) => (style as ChildNode).remove());
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
}

/** The two widths every page is checked at: a school Chromebook and a phone (px). */
export const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;
