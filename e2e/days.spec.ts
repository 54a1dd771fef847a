import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations, signUp, VIEWPORTS } from './helpers.ts';

// The whole week on the lesson engine (docs/requirements.md#day-pages). Each day: edit one field of every kind of widget, see
// the autosave confirm it, reload, and find every edit again.

const pill = (page: Page) => page.getByRole('status').filter({ hasText: /Ready|Saved|unsaved|Autosaving|device/ });

async function openDay(page: Page, day: number) {
  await page.goto(`/sections/day-${day}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Day ${day}`);
  await expect(pill(page)).toHaveText(/^(Ready|Saved • )/);
}

async function expectSavedThenReload(page: Page) {
  await expect(pill(page)).toHaveText(/^Saved • /, { timeout: 10_000 });
  await page.reload();
  await expect(pill(page)).toHaveText(/^Saved • /);
}

/** Serves a day's saved answers exactly as given, as an older version of the lesson stored them. */
async function serveSavedAnswers(page: Page, day: number, answers: unknown) {
  await page.route(`**/api/student/modules/${day}/response/detail/`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ answers, revision: 1, updated_at: '2026-11-20T10:00:00.000Z' }) }),
  );
}

test.describe('Day 2', () => {
  test('saves a free-text answer by autosave and by its explicit Save button, and finds it after a reload', async ({ page }) => {
    await signUp(page);
    await openDay(page, 2);
    const firstPhase = page.getByRole('textbox', { name: 'The cell cycle has two main phases. Name the first one.' });
    await firstPhase.fill('Interphase');
    await page.getByRole('button', { name: 'Save my work' }).first().click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your work has been saved!' })).toBeVisible();
    await expectSavedThenReload(page);
    await expect(firstPhase).toHaveValue('Interphase');
  });

  test('links back to Day 1 and on to Day 3, with 3 inquiry items and 8 wrap-up boxes', async ({ page }) => {
    await signUp(page);
    await openDay(page, 2);
    await expect(page.getByRole('link', { name: /Day 1/ }).last()).toHaveAttribute('href', '/sections/day-1');
    await expect(page.getByRole('link', { name: /Day 3/ }).last()).toHaveAttribute('href', '/sections/day-3');
    await expect(page.locator('textarea[name^="wrap."]')).toHaveCount(8);
  });
});

test.describe('Day 3', () => {
  for (const viewport of VIEWPORTS) {
    test(`a link to a heading of the lesson scrolls to it, below the header, keeping what was typed, at ${viewport.width}x${viewport.height}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signUp(page);
      await openDay(page, 3);
      const hypothesis = page.locator('textarea[name="detective.hypothesis"]');
      await hypothesis.fill('MYC looks louder in the tumour.');
      const link = page.getByRole('link', { name: 'Detection and Diagnosis' }).first();
      await link.click();
      await expect(page).toHaveURL(/#detection-and-diagnosis$/);
      const heading = page.getByRole('heading', { name: 'Detection and Diagnosis' });
      // The lesson stays as it was (not loaded again, which would start it from the top), the heading on screen below the header.
      await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(64);
      const { y } = (await heading.boundingBox())!;
      expect(y).toBeLessThan(viewport.height / 2);
      await expect(hypothesis).toHaveValue('MYC looks louder in the tumour.');
    });
  }

  test('saves a free text, a table category and a table note, and finds them after a reload', async ({ page }) => {
    await signUp(page);
    await openDay(page, 3);
    await page.getByRole('combobox', { name: 'Category for BRCA1' }).selectOption({ label: 'Suspicious' });
    await page.getByRole('textbox', { name: 'Notes for MYC' }).fill('Much louder in the tumour.');
    const hypothesis = page.locator('textarea[name="detective.hypothesis"]');
    await hypothesis.fill('If MYC is high and TP53 is low, the sample may be cancerous.');
    await expectSavedThenReload(page);
    await expect(page.getByRole('combobox', { name: 'Category for BRCA1' })).toHaveValue('suspicious');
    await expect(page.getByRole('combobox', { name: 'Category for HK1' })).toHaveValue('typical');
    await expect(page.getByRole('textbox', { name: 'Notes for MYC' })).toHaveValue('Much louder in the tumour.');
    await expect(hypothesis).toHaveValue('If MYC is high and TP53 is low, the sample may be cancerous.');
  });

  test('the Heads up banner stays dismissed on reload and is back in a new browser session', async ({ page, browser }) => {
    const { username, password } = await signUp(page);
    await openDay(page, 3);
    const banner = page.getByRole('region', { name: 'Heads up' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'I understand' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(pill(page)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Heads up' })).toHaveCount(0);

    const fresh = await browser.newContext();
    const freshPage = await fresh.newPage();
    await freshPage.goto(new URL('/login', page.url()).toString());
    await freshPage.getByLabel('Username').fill(username);
    await freshPage.getByLabel('Password', { exact: true }).fill(password);
    await freshPage.getByRole('button', { name: 'Sign In' }).last().click();
    await expect(freshPage).toHaveURL(/\/$/);
    await openDay(freshPage, 3);
    await expect(freshPage.getByRole('region', { name: 'Heads up' })).toBeVisible();
    await fresh.close();
  });

  test('the 6 gene cards and 3 patient cards open full size and close with Escape; pastes are marked, not blocked', async ({ page }) => {
    await signUp(page);
    await openDay(page, 3);
    const geneCards = page.getByRole('region', { name: 'Gene cards' }).getByRole('button');
    await expect(geneCards).toHaveCount(6);
    await expect(page.getByRole('region', { name: 'Patient cards' }).getByRole('button')).toHaveCount(3);
    await geneCards.filter({ hasText: 'MYC' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const image = dialog.getByRole('img');
    await expect(image).toBeVisible();
    expect((await image.boundingBox())!.width).toBeGreaterThan(200);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(geneCards.filter({ hasText: 'MYC' })).toBeFocused();

    const notes = page.locator('textarea[name="detective.suspiciousNotes"]');
    await notes.focus();
    await page.evaluate(() => {
      const field = document.querySelector<HTMLTextAreaElement>('textarea[name="detective.suspiciousNotes"]')!;
      const data = new DataTransfer();
      data.setData('text/plain', 'pasted words');
      field.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(notes).toHaveAttribute('data-paste-warned', 'true');
  });

  test('the Gene Detective jump links land on their sections', async ({ page }) => {
    await signUp(page);
    await openDay(page, 3);
    for (const target of ['gene-cards', 'background-hypothesis']) {
      await expect(page.locator(`a[href="#${target}"]`).first()).toBeVisible();
      await expect(page.locator(`#${target}`)).toHaveCount(1);
    }
  });

  test('saved answers of an older shape load: a missing table and inquiry come back as the spec names them', async ({ page }) => {
    await signUp(page);
    await serveSavedAnswers(page, 3, { compare: { table: 'not a list', patterns: 'kept' } });
    await openDay(page, 3);
    await expect(page.getByRole('combobox', { name: 'Category for HK1' })).toHaveValue('typical');
    await expect(page.getByRole('combobox', { name: 'Category for GAPDH' })).toHaveValue('typical');
    for (const gene of ['BRCA1', 'BRCA2', 'TP53', 'MYC']) await expect(page.getByRole('combobox', { name: `Category for ${gene}` })).toHaveValue('');
    await expect(page.locator('textarea[name="compare.patterns"]')).toHaveValue('kept');
    await expect(page.locator('textarea[name="inquiry.think"]')).toHaveValue('');
  });
});

test.describe('Day 4', () => {
  test('the gene selector points the atlas frame and link at the chosen gene', async ({ page }) => {
    await signUp(page);
    await openDay(page, 4);
    const gene = page.getByRole('combobox', { name: 'Gene' });
    await expect(gene.locator('option')).toHaveText(['EGFR', 'RAS (KRAS)', 'TDG']);
    const link = page.getByRole('link', { name: 'Open on Protein Atlas' });
    await expect(link).toHaveAttribute('href', 'https://www.proteinatlas.org/ENSG00000146648-EGFR');
    await gene.selectOption({ label: 'RAS (KRAS)' });
    await expect(link).toHaveAttribute('href', 'https://www.proteinatlas.org/ENSG00000133703-KRAS');
    await expect(page.locator('iframe[src*="proteinatlas"]')).toHaveAttribute('src', 'https://www.proteinatlas.org/ENSG00000133703-KRAS');
    const frameBox = await page.locator('iframe[src*="proteinatlas"]').boundingBox();
    expect(Math.round(frameBox!.height)).toBe(900);
  });

  test('saves a table cell and a free text, and finds them after a reload', async ({ page }) => {
    await signUp(page);
    await openDay(page, 4);
    const cell = page.locator('textarea[name="viz.geneTable.0.normalFunction"]');
    await cell.fill('A receptor that tells the cell to grow.');
    const method = page.locator('textarea[name="methods.qPCRuse"]');
    await method.fill('Checking a few known genes quickly.');
    await expectSavedThenReload(page);
    await expect(cell).toHaveValue('A receptor that tells the cell to grow.');
    await expect(method).toHaveValue('Checking a few known genes quickly.');
  });

  test('saved rows with gene TP53 and MYC are shown as EGFR and RAS', async ({ page }) => {
    await signUp(page);
    await serveSavedAnswers(page, 4, { viz: { geneTable: [{ gene: 'TP53', normalFunction: 'kept 1', whyMatters: '' }, { gene: 'MYC', normalFunction: 'kept 2', whyMatters: '' }] } });
    await openDay(page, 4);
    const rows = page.locator('textarea[name^="viz.geneTable."][name$=".normalFunction"]');
    await expect(rows).toHaveCount(3);
    await expect(page.locator('textarea[name="viz.geneTable.0.normalFunction"]')).toHaveValue('kept 1');
    await expect(page.getByRole('rowheader', { name: 'EGFR' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'RAS' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'TDG' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'TP53' })).toHaveCount(0);
  });
});

test.describe('Day 5', () => {
  test('a step\'s Save button and Save All say "Your work has been saved!", and the sources come back after a reload', async ({ page }) => {
    await signUp(page);
    await openDay(page, 5);
    await page.locator('textarea[name="step1.title"]').fill('BRCA1: the gene that guards our DNA');
    await page.locator('textarea[name="step3.topSources.0"]').fill('National Cancer Institute, BRCA gene changes');
    await page.getByRole('button', { name: 'Save step 1' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your work has been saved!' })).toBeVisible();
    await page.getByRole('button', { name: 'Save All' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your work has been saved!' })).toHaveCount(2);
    await expectSavedThenReload(page);
    await expect(page.locator('textarea[name="step1.title"]')).toHaveValue('BRCA1: the gene that guards our DNA');
    await expect(page.locator('textarea[name="step3.topSources.0"]')).toHaveValue('National Cancer Institute, BRCA gene changes');
    await expect(page.locator('textarea[name^="step3.topSources."]')).toHaveCount(5);
  });

  test('links back to Day 4 and has no next link', async ({ page }) => {
    await signUp(page);
    await openDay(page, 5);
    await expect(page.getByRole('link', { name: /Day 4/ }).last()).toHaveAttribute('href', '/sections/day-4');
    await expect(page.locator('main a[href^="/sections/day-6"]')).toHaveCount(0);
  });

  test('saved answers with a short source list load with five source boxes', async ({ page }) => {
    await signUp(page);
    await serveSavedAnswers(page, 5, { step3: { procedureSummary: 'kept', topSources: ['only one'] } });
    await openDay(page, 5);
    await expect(page.locator('textarea[name^="step3.topSources."]')).toHaveCount(5);
    await expect(page.locator('textarea[name="step3.topSources.0"]')).toHaveValue('only one');
  });
});

test('every day has no serious or critical accessibility violation at Chromebook and phone widths', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const day of [2, 3, 4, 5]) {
      await openDay(page, day);
      await expectNoSeriousAxeViolations(page);
    }
  }
});
