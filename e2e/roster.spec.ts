import { expect, test } from '@playwright/test';
import { addFacilitatorWithCli, PASSWORD, signIn, studentPage } from './console-helpers.ts';
import { expectNoSeriousAxeViolations, uniqueUsername } from './helpers.ts';

// A roster in one paste (docs/decisions/024-class-join-links.md): a wrong line makes nothing and is
// named; the corrected roster makes every account and its sign-in card; a student signs in with a card
// and chooses their own password first.

test('a teacher pastes a class of 30, fixes the one wrong line, prints the cards, and a student signs in with one', async ({ browser }) => {
  test.setTimeout(120_000);
  const className = `Bio ${uniqueUsername('roster-')}`;
  const teacher = uniqueUsername('rivera');
  addFacilitatorWithCli(teacher);
  const page = await studentPage(browser, { width: 1366, height: 768 });
  await signIn(page, teacher, PASSWORD);
  await page.getByLabel('Class name').fill(className);
  await page.getByRole('button', { name: /create/i }).click();
  await page.getByRole('link', { name: className }).click();

  const prefix = uniqueUsername('r');
  const rows = Array.from({ length: 30 }, (_, index) => `Student${index + 1},Lovelace,${prefix}-${index + 1}`);
  const section = page.getByRole('region', { name: 'Add students from a list' });
  await section.getByLabel('Students').fill(['First name,Last name,Username', ...rows.slice(0, 16), 'Student17,,bad-row', ...rows.slice(17)].join('\n'));
  await section.getByRole('button', { name: 'Make the accounts' }).click();
  const alert = section.getByRole('alert');
  await expect(alert).toContainText('No account was made.');
  await expect(alert.getByRole('listitem')).toHaveText(['Line 18: the last name is empty.']);
  await expect(page.getByRole('region', { name: 'Roster' }).getByText('Student1 Lovelace', { exact: true })).toHaveCount(0);

  // The text stays for the fix.
  const pasted = await section.getByLabel('Students').inputValue();
  await section.getByLabel('Students').fill(pasted.replace('Student17,,bad-row', `Student17,Lovelace,${prefix}-17`));
  await section.getByRole('button', { name: 'Make the accounts' }).click();
  await expect(section.getByRole('status')).toContainText(`30 accounts made in ${className}.`);
  const cards = section.getByRole('list', { name: 'Sign-in cards' }).getByRole('listitem');
  await expect(cards).toHaveCount(30);
  await expect(page.getByRole('region', { name: 'Roster' }).getByText('Student30 Lovelace', { exact: true }).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Printed: the cards alone.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { name: className, level: 1 })).toBeHidden();
  await expect(cards.first()).toBeVisible();
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.screenshot({ path: test.info().outputPath('cards-print.png') });
  await page.emulateMedia({ media: 'screen' });

  // A student signs in with the first card and must choose a password before anything else.
  const first = cards.first();
  const username = (await first.locator('dd').first().textContent())!.trim();
  const oneTime = (await first.locator('.roster-card__password').textContent())!.trim();
  const student = await studentPage(browser, { width: 390, height: 844 });
  await signIn(student, username, oneTime);
  await expect(student).toHaveURL(/\/student_profile$/);
  await expect(student.getByRole('heading', { name: 'Choose your own password', level: 1 })).toBeVisible();
  await expect(student.getByLabel('Current password')).toBeFocused();
  await student.getByLabel('Current password').fill(oneTime);
  await student.getByLabel('New password', { exact: true }).fill('my own long password');
  await student.getByLabel('Confirm new password').fill('my own long password');
  await student.getByRole('button', { name: 'Change password' }).click();
  await expect(student.getByRole('heading', { name: 'Choose your own password' })).toBeHidden();
  await expectNoSeriousAxeViolations(student);
});
