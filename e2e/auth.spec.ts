import { expect, test } from '@playwright/test';
import { signUpThroughPage } from './helpers.ts';

test.describe('sign in', () => {
  test('a wrong password shows "Invalid credentials. Please try again."', async ({ page }) => {
    const { username } = await signUpThroughPage(page);
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await expect(page.getByRole('alert')).toHaveText('Invalid credentials. Please try again.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the right password signs in and stores both tokens', async ({ page }) => {
    const { username, password } = await signUpThroughPage(page);
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await expect(page).toHaveURL(/\/$/);
    const tokens = await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]);
    expect(tokens.every((token) => typeof token === 'string' && token.length > 20)).toBe(true);
  });

  test('a day page sends a signed-out visitor to /login', async ({ page }) => {
    await page.goto('/sections/day-1');
    await expect(page).toHaveURL(/\/login$/);
  });
});
