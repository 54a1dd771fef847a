import { expect, test } from '@playwright/test';
import { openClassJoinLink, PASSWORD, signUpWithApi, studentPage } from './console-helpers.ts';
import { expectNoSeriousAxeViolations, signUp, uniqueUsername, VIEWPORTS } from './helpers.ts';

// A class's join link (docs/decisions/024-class-join-links.md), as a teacher shows it and students use it.

for (const viewport of VIEWPORTS) {
  test(`a teacher shows the class's join link and students join through it at ${viewport.width}x${viewport.height}`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    // Closed until opened; then the code, the link and its QR code.
    const { console, className, section, code } = await openClassJoinLink(browser, viewport);
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    await expect(section.getByRole('img', { name: /QR code of the join link .*\/join\// })).toBeVisible();
    await expect(section.getByRole('img', { name: /QR code/ }).locator('svg')).toBeVisible();
    await expectNoSeriousAxeViolations(console);

    // Shown to the class: a modal with the code, closed by Escape.
    await section.getByRole('button', { name: 'Show to the class' }).click();
    const screen = console.getByRole('dialog', { name: `Join ${className}` });
    await expect(screen.getByText(code, { exact: true })).toBeVisible();
    await console.keyboard.press('Escape');
    await expect(screen).toBeHidden();

    // A new student opens the link, signs up with no Classroom Name, and lands home in the class.
    const student = await studentPage(browser, viewport);
    await student.goto(`/join/${code.toLowerCase()}`);
    await expect(student.getByRole('heading', { level: 1 })).toHaveText(`Join ${className}`);
    await expect(student.getByLabel('Classroom Name')).toHaveCount(0);
    const username = uniqueUsername('joiner');
    await student.getByLabel('Username').fill(username);
    await student.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await student.getByLabel('Confirm Password').fill(PASSWORD);
    await student.getByLabel('First Name').fill('Jo');
    await student.getByLabel('Last Name').fill('Inner');
    await student.getByRole('button', { name: 'Sign Up' }).last().click();
    await expect(student).toHaveURL(/\/$/);

    // A student with an account from elsewhere signs in through the link and moves into the class.
    const other = await signUpWithApi(request, 'Ola', 'Some other class');
    const second = await studentPage(browser, viewport);
    await second.goto(`/join/${code}`);
    await second.getByRole('tab', { name: 'Sign In' }).click();
    await second.getByLabel('Username').fill(other.username);
    await second.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await second.getByRole('button', { name: 'Sign In' }).last().click();
    await expect(second).toHaveURL(/\/$/);

    // A student already signed in on this browser joins with one button.
    const third = await studentPage(browser, viewport);
    await signUp(third, 'Tia');
    await third.goto(`/join/${code}`);
    await expect(third.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await third.getByRole('button', { name: `Join ${className}` }).click();
    await expect(third).toHaveURL(/\/$/);

    // The teacher sees all three on the roster.
    await console.reload();
    const roster = console.getByRole('region', { name: 'Roster' });
    await expect(roster.getByText('Jo Inner')).toBeVisible();
    await expect(roster.getByText('Ola Okafor')).toBeVisible();
    await expect(roster.getByText('Tia Lovelace')).toBeVisible();

    // Closed: the link says so, and makes nothing.
    await section.getByRole('button', { name: 'Close the link' }).click();
    await console.getByRole('alertdialog').getByRole('button', { name: 'Close the link' }).click();
    await expect(section.getByRole('button', { name: 'Open a join link' })).toBeVisible();
    const late = await studentPage(browser, viewport);
    await late.goto(`/join/${code}`);
    await expect(late.getByRole('alert')).toHaveText("This class link is closed or does not exist. Ask your teacher for the class's link or code.");
    await expectNoSeriousAxeViolations(late);
  });
}
