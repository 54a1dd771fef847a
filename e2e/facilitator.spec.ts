import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { addFacilitatorWithCli, PASSWORD, saveWithApi, signIn, signUpWithApi, studentPage } from './console-helpers.ts';
import { expectNoSeriousAxeViolations, signUp, uniqueUsername, VIEWPORTS } from './helpers.ts';

/** The progress cell of a student and a day, by its accessible name ("Ada Lovelace, Day 1: 1/60 In progress"). */
const cell = (page: Page, name: string, day: number) => page.getByRole('link', { name: new RegExp(`^${name}, Day ${day}:`) });


for (const viewport of VIEWPORTS) {
  test(`a facilitator runs a class from the console at ${viewport.width}x${viewport.height}`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const className = `Bio ${uniqueUsername('10A-')}`;
    const teacher = uniqueUsername('rivera');
    addFacilitatorWithCli(teacher);

    // Three students sign up with the class's name: Ada through the pages, two through the API.
    const ada = await studentPage(browser, viewport);
    const adaAccount = await signUp(ada, 'Ada', className.toLowerCase());
    await ada.goto('/sections/day-1');
    await ada.getByRole('textbox', { name: /expression.*regulation/i }).first().fill('Regulation decides when a gene is read.');
    await expect(ada.getByText(/^Saved • \d{1,2}:\d{2}/)).toBeVisible({ timeout: 15_000 });
    const ben = await signUpWithApi(request, 'Ben', className);
    const cai = await signUpWithApi(request, 'Cai', `  ${className.toUpperCase()} `);
    await saveWithApi(request, ben.access, 2, { cellCycle: { interphaseG1: 'The cell grows and copies its organelles.' } });
    await saveWithApi(request, cai.access, 1, { geneQ1: '=1+1 is not an answer', worksheet: ['Operon', 'Repressor', '', ''] });

    // The facilitator signs in on the same page and lands on the console.
    const page = await studentPage(browser, viewport);
    await signIn(page, teacher, PASSWORD);
    await expect(page).toHaveURL(/\/facilitator$/);
    await page.getByLabel('Class name').fill(className);
    await page.getByRole('button', { name: /create/i }).click();
    await page.getByRole('link', { name: className }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(className);
    await expectNoSeriousAxeViolations(page);

    // Three rows with the right counts.
    await expect(cell(page, 'Ada Lovelace', 1)).toContainText(/^.*1\/\d+.*In progress/);
    await expect(cell(page, 'Ben Okafor', 2)).toContainText('In progress');
    await expect(cell(page, 'Ben Okafor', 1)).toContainText('Not started');
    // Every roster action is on screen without scrolling the table sideways, at both widths.
    for (const action of await page.getByRole('region', { name: 'Roster' }).getByRole('button').all()) {
      const box = await action.boundingBox();
      expect(box && box.x + box.width, `${await action.textContent()} on screen`).toBeLessThanOrEqual(viewport.width);
    }
    await expect(cell(page, 'Cai Okafor', 1)).toContainText(/3\/\d+/);

    // A save appears without a reload, within the page's refresh (15 s; 30 s allowed).
    await saveWithApi(request, ben.access, 1, { geneQ1: 'Ben works on Day 1 now.' });
    await expect(cell(page, 'Ben Okafor', 1)).toContainText(/1\/\d+.*In progress/, { timeout: 30_000 });

    // Ada's Day 1, read-only, her answer in place.
    await cell(page, 'Ada Lovelace', 1).click();
    const answer = page.getByRole('textbox', { name: /expression.*regulation/i }).first();
    await expect(answer).toHaveValue('Regulation decides when a gene is read.');
    await expect(answer).not.toBeEditable();
    await expect(page.getByText(/^Saved • /)).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);

    // By question: names hidden until asked for.
    await page.goBack();
    await page.getByRole('link', { name: /^Day 1/ }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Day 1');
    // The worksheet's four questions, each with the prompt the lesson shows, one after the other with Next.
    const question = page.getByRole('heading', { level: 2 }).first();
    await expect(question).toHaveText('Worksheet 1: what is a gene, and what does a cell usually make from it?');
    for (const prompt of [/^Worksheet 2: what happens at a promoter\?$/, /^Worksheet 3: what is an operon/, /^Worksheet 4: which two lac proteins/]) {
      await page.getByRole('button', { name: 'Next →' }).click();
      await expect(question).toHaveText(prompt);
    }
    await page.getByLabel('Question').selectOption({ label: 'In your own words, how is gene expression different from gene regulation?' });
    await expect(page.getByText('Regulation decides when a gene is read.')).toBeVisible();
    await expect(page.getByText('Ada Lovelace')).toHaveCount(0);
    await page.getByLabel('Show names').check();
    await expect(page.getByText('Ada Lovelace')).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // The CSV: each student's answer under its field's header.
    await page.goBack();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV of Day 1' }).click();
    const csv = parse(readFileSync((await (await downloading).path())!), { bom: true }) as string[][];
    const [header, paths] = csv as [string[], string[]];
    // Each column is headed "Day 1 · <part>: <the question as the lesson asks it>", over a row of paths for scripts.
    const geneQ1 = paths.indexOf('day1.geneQ1');
    expect(header[geneQ1]).toBe('Day 1 · Expression or regulation?: In your own words, how is gene expression different from gene regulation?');
    const row = (username: string) => csv.find((each) => each[0] === username)!;
    expect(row(adaAccount.username)[geneQ1]).toBe('Regulation decides when a gene is read.');
    expect(row(ben.username)[geneQ1]).toBe('Ben works on Day 1 now.');
    expect(row(cai.username)[geneQ1]).toBe("'=1+1 is not an answer");

    // A message to the class arrives unread in Ada's inbox.
    await page.getByLabel('Subject').fill('Posters on Friday');
    await page.getByRole('textbox', { name: 'Message' }).fill('Bring **one** printed figure.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Posters on Friday').first()).toBeVisible();
    await ada.goto('/inbox');
    await expect(ada.getByRole('heading', { level: 1 })).toHaveText('Inbox (7 Unread)');
    await ada.getByText('Posters on Friday').first().click();
    await expect(ada.getByText('From Ms Rivera')).toBeVisible();

    // A new password for Ada: she signs in with it, and her old login is refused.
    await page.getByRole('button', { name: 'Reset password for Ada Lovelace' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Reset password' }).click();
    const shown = page.getByRole('alertdialog').locator('output');
    await expect(shown).toHaveText(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
    const temporary = (await shown.textContent())!;
    await page.getByRole('button', { name: 'Done' }).click();
    const oldRefresh = await ada.evaluate(() => localStorage.getItem('refreshToken'));
    const refused = await request.post('/api/token/refresh/', { data: { refresh: oldRefresh } });
    expect(refused.status()).toBe(401);
    const adaAgain = await studentPage(browser, viewport);
    await signIn(adaAgain, adaAccount.username, temporary);
    await expect(adaAgain).toHaveURL(/\/$/);
  });
}

test('an admin adds a facilitator, reads the audit log and deletes a class only after typing its name; every console page is axe clean at both widths', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = uniqueUsername('head');
  addFacilitatorWithCli(admin, 'admin');
  const className = `Summer ${uniqueUsername('camp-')}`;
  const kid = await signUpWithApi(request, 'Kim', className);
  const page = await studentPage(browser, VIEWPORTS[0]);
  await signIn(page, admin, PASSWORD);
  await expect(page).toHaveURL(/\/facilitator$/);
  await page.getByLabel('Class name').fill(className);
  await page.getByRole('button', { name: /create/i }).click();

  // A facilitator made in the console signs in with the password shown once.
  await page.getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin');
  const newcomer = uniqueUsername('visitor');
  await page.getByLabel('Username').fill(newcomer);
  await page.getByLabel('First name').fill('Dr');
  await page.getByLabel('Last name').fill('Visitor');
  await page.getByRole('button', { name: 'Add facilitator' }).click();
  const shown = page.getByRole('alertdialog').locator('output');
  await expect(shown).toHaveText(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
  const temporary = (await shown.textContent())!;
  await page.getByRole('button', { name: 'Done' }).click();
  const login = await request.post('/api/token/', { data: { username: newcomer, password: temporary } });
  expect(login.status()).toBe(200);

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const path of ['/facilitator', '/facilitator/admin']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }
  }

  // Deleting the class takes its students' accounts with it, after the exact name.
  await page.goto('/facilitator');
  await page.getByRole('link', { name: className }).click();
  await page.getByRole('button', { name: 'Delete class' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByLabel(/Type the class name/).fill(className.toLowerCase());
  await expect(dialog.getByRole('button', { name: 'Delete class' })).toBeDisabled();
  await dialog.getByLabel(/Type the class name/).fill(className);
  await dialog.getByRole('button', { name: 'Delete class' }).click();
  await expect(page).toHaveURL(/\/facilitator$/);
  await expect(page.getByRole('link', { name: className })).toHaveCount(0);
  const gone = await request.get('/api/student/profile/', { headers: { authorization: `Bearer ${kid.access}` } });
  expect(gone.status()).toBe(401);
});
