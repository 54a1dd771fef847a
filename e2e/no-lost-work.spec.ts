import { expect, test, type Page } from '@playwright/test';
import { signUp } from './helpers.ts';
import { startCuttableNetwork } from './network-cut.ts';

// The everyday situations in which a class loses work (docs/decisions/005-revisions-and-drafts.md). Each test ends by reading the server's
// copy, because only answers the server holds count as saved.

/** The answers the server holds for a day, read with the page's own access token (null before any save). */
async function serverAnswers(page: Page, day = 1): Promise<Record<string, unknown> | null> {
  return page.evaluate(async (dayNumber) => {
    const response = await fetch(`/api/student/modules/${dayNumber}/response/detail/`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` },
    });
    return response.ok ? ((await response.json()) as { answers: Record<string, unknown> }).answers : null;
  }, day);
}

const geneQ1 = (page: Page) => page.getByRole('textbox', { name: /expression.*regulation/i }).first();
const journal = (page: Page) => page.getByRole('textbox', { name: /Reflection journal/ });
const pill = (page: Page) => page.getByRole('status').filter({ hasText: /Ready|Saved|unsaved|Autosaving|device/ });

async function openDayOne(page: Page) {
  await page.goto('/sections/day-1');
  await expect(pill(page)).toHaveText(/^(Ready|Saved • )/);
}

test.describe('no lost work', () => {
  test('an in-app link clicked within 1 s of typing still saves the answer', async ({ page }) => {
    await signUp(page);
    await openDayOne(page);

    await geneQ1(page).fill('Typed a moment before clicking Inbox.');
    await page.waitForTimeout(500); // the student's half-second pause before clicking is the scenario
    await page.getByRole('link', { name: /^Inbox/ }).first().click();
    await expect(page).toHaveURL(/\/inbox$/);

    await expect.poll(async () => (await serverAnswers(page))?.geneQ1, { timeout: 10_000 }).toBe('Typed a moment before clicking Inbox.');
    await page.goBack();
    await expect(geneQ1(page)).toHaveValue('Typed a moment before clicking Inbox.');
  });

  test('typing while the network is cut, closing the tab and reopening online keeps every word', async ({ browser, baseURL }) => {
    const network = await startCuttableNetwork(Number(new URL(baseURL!).port));
    const context = await browser.newContext({ baseURL: network.url });
    try {
      const page = await context.newPage();
      await signUp(page);
      await openDayOne(page);

      network.cut();
      await geneQ1(page).fill('Written on the bus with no Wi-Fi.');
      await expect(pill(page)).toHaveText('Offline — saved on this device', { timeout: 15_000 });
      await page.close();

      network.restore();
      const reopened = await context.newPage();
      await reopened.goto('/sections/day-1');
      await expect(geneQ1(reopened)).toHaveValue('Written on the bus with no Wi-Fi.');
      await expect(pill(reopened)).toHaveText(/^Saved • /, { timeout: 15_000 });
      expect((await serverAnswers(reopened))?.geneQ1).toBe('Written on the bus with no Wi-Fi.');
    } finally {
      await context.close();
      await network.close();
    }
  });

  test('a failed first load followed by an edit never erases the answers saved before', async ({ page }) => {
    await signUp(page);
    await openDayOne(page);
    await geneQ1(page).fill('An answer saved yesterday.');
    await expect(pill(page)).toHaveText(/^Saved • /, { timeout: 10_000 });

    await page.route(
      '**/api/student/modules/1/response/detail/',
      (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Boom","code":"internal"}' }),
      { times: 1 },
    );
    await page.reload();
    await expect(geneQ1(page)).toHaveValue(''); // docs/requirements.md#loading-a-day: a failed load shows the defaults
    await journal(page).fill('A new answer typed after the failed load.');
    await expect(pill(page)).toHaveText(/^Saved • /, { timeout: 10_000 });
    // The merge brings the earlier answer back onto the page as well.
    await expect(geneQ1(page)).toHaveValue('An answer saved yesterday.');

    const saved = await serverAnswers(page);
    expect(saved?.geneQ1).toBe('An answer saved yesterday.');
    expect((saved?.wrap as { reflection: string }).reflection).toBe('A new answer typed after the failed load.');
  });

  test('two tabs editing different fields both keep their edits', async ({ page, context }) => {
    await signUp(page);
    await openDayOne(page);
    const second = await context.newPage();
    await openDayOne(second);

    await geneQ1(page).fill('From the first tab.');
    await expect(pill(page)).toHaveText(/^Saved • /, { timeout: 10_000 });
    await journal(second).fill('From the second tab.');
    await expect(pill(second)).toHaveText(/^Saved • /, { timeout: 10_000 });
    await expect(geneQ1(second)).toHaveValue('From the first tab.');

    const saved = await serverAnswers(page);
    expect(saved?.geneQ1).toBe('From the first tab.');
    expect((saved?.wrap as { reflection: string }).reflection).toBe('From the second tab.');
    await page.reload();
    await expect(journal(page)).toHaveValue('From the second tab.');
  });

  test('a tab still sending the shape of an older lesson is saved, not refused', async ({ page }) => {
    await signUp(page);
    await openDayOne(page);
    // Stand-in for a tab opened before a content change: its saves carry 2 blanks, no ordering exercise
    // and a field that has since been renamed.
    await page.route('**/api/student/modules/1/response/', async (route) => {
      const body = route.request().postDataJSON() as { answers: Record<string, unknown>; base_revision?: number | null };
      const { dnd: _dnd, ...rest } = body.answers;
      const oldShape = { ...rest, fillBlanks: (rest.fillBlanks as string[]).slice(0, 2), oldQuestion: 'text under an old field name' };
      await route.continue({ postData: JSON.stringify({ ...body, answers: oldShape }) });
    });

    await page.getByRole('combobox', { name: 'Blank 2', exact: true }).selectOption('transcription');
    await geneQ1(page).fill('Saved from an old tab.');
    await expect(pill(page)).toHaveText(/^Saved • /, { timeout: 10_000 });

    const saved = await serverAnswers(page);
    expect(saved?.geneQ1).toBe('Saved from an old tab.');
    expect(saved?.fillBlanks).toHaveLength(13);
    expect((saved?.fillBlanks as string[])[1]).toBe('transcription');
    expect(saved?.oldQuestion).toBe('text under an old field name');
    expect(saved?.dnd).toMatchObject({ orderSize: 5 });
  });

  test('while the server answers 500 the pill never says "Saved", and the save lands once it recovers', async ({ page }) => {
    await signUp(page);
    await openDayOne(page);
    let failing = true;
    await page.route('**/api/student/modules/1/response/', (route) =>
      failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Boom","code":"internal"}' }) : route.continue(),
    );

    await geneQ1(page).fill('Typed while the server was down.');
    await expect(pill(page)).toHaveText('Not saved yet — kept on this device', { timeout: 10_000 });
    // Two more retries answered 500: after each, the pill still does not claim the answer is saved.
    for (let retry = 0; retry < 2; retry += 1) {
      await page.waitForResponse((response) => response.url().endsWith('/api/student/modules/1/response/') && response.status() === 500, { timeout: 15_000 });
      await expect(pill(page)).not.toHaveText(/Saved •/);
    }
    expect(await serverAnswers(page)).toBeNull();

    failing = false;
    await expect(pill(page)).toHaveText(/^Saved • /, { timeout: 35_000 });
    expect((await serverAnswers(page))?.geneQ1).toBe('Typed while the server was down.');
  });
});
