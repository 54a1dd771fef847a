import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { answerFields, type AnswersSchema } from '../engine/schema/index.ts';
import { createTokenService } from '../server/auth/tokens.ts';
import { expectNoSeriousAxeViolations, signUp } from './helpers.ts';

/** The bundled server's secret in this run (playwright.config.ts, `webServer`), to sign an expired token with. */
const E2E_JWT_SECRET = 'e2e-only-secret-not-for-production-use-0123456789';
const SAVE_PATH = '/api/student/modules/1/response/';
/** What the save pill says of answers the server refused as too large (engine/widgets/save-pill/SavePill.tsx). */
const TOO_LARGE_TEXT = 'This answer is too long to save';

/** What 20 saves sent one after the other by the page's own `fetch` ended with: `{ "413 body_too_large": 20 }`. */
function twentySavesFromThePage(page: Page, accessToken: string, answerBytes: number): Promise<Record<string, number>> {
  return page.evaluate(
    async ({ path, token, bytes }) => {
      const body = JSON.stringify({ answers: { geneQ1: 'x'.repeat(bytes) }, base_revision: 0 });
      const counts: Record<string, number> = {};
      for (let index = 0; index < 20; index += 1) {
        let outcome: string;
        try {
          const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body });
          const answer = (await response.json()) as { detail?: unknown; code?: unknown };
          outcome = typeof answer.detail === 'string' && answer.detail !== '' ? `${response.status} ${String(answer.code)}` : `${response.status} without a detail`;
        } catch (error) {
          outcome = `failed: ${String(error)}`;
        }
        counts[outcome] = (counts[outcome] ?? 0) + 1;
      }
      return counts;
    },
    { path: SAVE_PATH, token: accessToken, bytes: answerBytes },
  );
}

/**
 * docs/security.md#server-limits in Chromium: a save the server refuses is an answer the page can read
 * (never a reset connection), and Helix's own page tells the student their answer is too long.
 */
test.describe('refused saves', () => {
  test('Chromium reads 20 of 20 oversized saves as 413, and 20 of 20 with an expired token as 401, each with {"detail", "code"}', async ({ page }) => {
    await signUp(page);
    const access = await page.evaluate(() => localStorage.getItem('accessToken')!);
    expect(await twentySavesFromThePage(page, access, 3_000_000)).toEqual({ '413 body_too_large': 20 });

    const studentId = Number(JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString()).sub);
    // Signed ten minutes ago, so its five minutes are over.
    const expired = await createTokenService({ secret: E2E_JWT_SECRET, now: () => new Date(Date.now() - 10 * 60_000) }).issueAccess(studentId);
    expect(await twentySavesFromThePage(page, expired, 3_000_000)).toEqual({ '401 invalid_token': 20 });
  });

  test('a student whose save is too large reads "This answer is too long to save" with the answer, keeps the text, and the page sends it again only once edited', async ({ page }) => {
    test.setTimeout(90_000);
    await signUp(page);
    // Every save of the day grows by 300 KB on its way, past the 256 KB limit, while `padding` is on: what
    // a day whose answers outgrew the limit would send.
    let padding = true;
    const saves: string[] = [];
    await page.route(`**${SAVE_PATH}`, async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      const body = JSON.parse(request.postData() ?? '{}') as { answers: Record<string, unknown> };
      saves.push(JSON.stringify(body.answers));
      if (!padding) return route.continue();
      return route.continue({ postData: JSON.stringify({ ...body, answers: { ...body.answers, padding: 'x'.repeat(300 * 1024) } }) });
    });
    await page.goto('/sections/day-1');
    const answer = page.getByRole('textbox').first();
    const field = await answer.getAttribute('name');
    const schema = JSON.parse(readFileSync('schemas/day-1.schema.json', 'utf8')) as AnswersSchema;
    const label = answerFields(schema).find((candidate) => candidate.path === field)!.label;

    const text = 'A long answer. '.repeat(200);
    await answer.fill(text);
    const pill = page.getByRole('status').filter({ hasText: TOO_LARGE_TEXT });
    await expect(pill).toContainText(`${TOO_LARGE_TEXT} — “${label.slice(0, 20)}`, { timeout: 10_000 });
    expect(saves).toHaveLength(1);
    await expectNoSeriousAxeViolations(page);

    // No retry, no interval save (every 15 s while unsaved): the same answers would be refused again.
    await page.waitForTimeout(17_000);
    expect(saves).toHaveLength(1);
    await expect(answer).toHaveValue(text);
    await expect(pill).toBeVisible();

    padding = false;
    await answer.fill(text.slice(0, 100));
    await expect(page.getByRole('status').filter({ hasText: /^Saved • / })).toBeVisible({ timeout: 10_000 });
    expect(saves).toHaveLength(2);
  });
});
