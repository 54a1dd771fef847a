import { expect, test, type Page } from '@playwright/test';
import { openClassJoinLink, studentPage } from './console-helpers.ts';
import { expectNoSeriousAxeViolations, uniqueUsername, VIEWPORTS } from './helpers.ts';

// Signing in with the school's account (docs/decisions/025-school-sign-in.md), against the test identity
// provider the suite starts (server/dev/identity-provider.ts, "Lincoln" on the button): its sign-in page
// takes any login and any password; a login becomes a verified account of the school's domain.

/** On the provider's own sign-in page: types the login and a password, as a student would. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//);
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('the school password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

/** Signs out through the bar's menu (behind "Menu" on a phone), confirming, and waits for /login. */
async function signOut(page: Page, firstName: string) {
  const bar = page.getByRole('navigation', { name: 'Main' });
  const drawer = bar.getByRole('button', { name: 'Menu' });
  const user = bar.getByRole('button', { name: firstName });
  // The bar drawn: its user button shown (a wide screen), or the drawer's button (a phone).
  await expect(user.or(drawer).first()).toBeVisible();
  if (await drawer.isVisible()) await drawer.click();
  await user.click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

const geneQ1 = (page: Page) => page.getByRole('textbox', { name: /expression.*regulation/i }).first();

for (const viewport of VIEWPORTS) {
  test(`a class signs in with the school's accounts through its join link at ${viewport.width}x${viewport.height}`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { console, code } = await openClassJoinLink(browser, viewport);

    // The first student opens the link, chooses the school's button and signs in on the provider's page.
    const first = uniqueUsername('amara');
    const page = await studentPage(browser, viewport);
    await page.goto(`/join/${code}`);
    const button = page.getByRole('link', { name: 'Sign in with Lincoln' });
    await expect(button).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await button.click();
    await signInAtProvider(page, first);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole('button', { name: `Hello, ${first}` })).toBeVisible();

    // The teacher sees them in the class's progress table.
    await console.reload();
    await expect(console.getByRole('region', { name: 'Roster' }).getByText(`${first} Test`)).toBeVisible();

    // They save Day 1, then sign out: the page says the school account is still signed in here.
    await page.goto('/sections/day-1');
    await geneQ1(page).fill("Amara's answer about regulation.");
    await expect(page.getByText(/^Saved • \d{1,2}:\d{2}/)).toBeVisible({ timeout: 10_000 });
    await page.goto('/student_profile');
    await signOut(page, first);
    const notice = page.getByRole('status').filter({ hasText: 'You have signed out of SciTrek. Your Lincoln account is still signed in on this device.' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: 'Sign out of Lincoln too' })).toHaveAttribute('href', /\/session\/end/);
    await page.screenshot({ path: `test-results/school-sign-in-signed-out-${viewport.width}.png`, fullPage: true });

    // A second student on the same browser is asked to sign in again, and sees none of the first one's work.
    const second = uniqueUsername('bruno');
    await page.getByRole('link', { name: 'Sign in with Lincoln' }).click();
    await signInAtProvider(page, second);
    await expect(page.getByRole('button', { name: `Hello, ${second}` })).toBeVisible();
    await page.goto('/sections/day-1');
    await expect(page.getByRole('status').filter({ hasText: 'Ready' })).toBeVisible();
    await expect(geneQ1(page)).toHaveValue('');
  });
}

test('a refused sign-in says why in the reader’s language, with the way back, and signs no one in', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Lincoln' }).click();
  // dana@mail.example: a personal account, not of the school's domain.
  await signInAtProvider(page, 'dana');
  await expect(page).toHaveURL(/\/login\/return\?problem=domain_not_allowed$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are not signed in');
  await expect(page.getByRole('alert')).toHaveText('This is not a school account accepted here. Choose your school account, or sign in with your username and password.');
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('link', { name: 'Back to the sign-in page' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  // A reader of Spanish, whose language this device remembers (src/i18n/language.ts).
  await page.evaluate(() => localStorage.setItem('helix.language', 'es'));
  await page.goto('/login/return?problem=state_invalid');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No has iniciado sesión');
  await expect(page.getByRole('alert')).toHaveText(/^Este inicio de sesión se empezó en otro navegador/);
  await expect(page.getByRole('link', { name: 'Volver a la página para iniciar sesión' })).toBeVisible();
});
