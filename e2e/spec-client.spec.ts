import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { AnswersSchema } from '../engine/schema/types.ts';
import { daysOf } from '../scripts/published-days/days.ts';
import { specDefault, specFilled } from '../server/test/spec-answers.ts';
import { signUpThroughPage, uniqueUsername } from './helpers.ts';

// A front end built by others from the API contract, over real HTTP against the running server
// (docs/decisions/006-clients-built-from-the-api-contract.md): it keeps only the two tokens, refreshes
// without rotating, and must get back every answer it saved on every day.

const schemaOf = (day: number) => JSON.parse(readFileSync(`schemas/day-${day}.schema.json`, 'utf8')) as AnswersSchema;

/** The contract's client: tokens in "local storage", bearer calls, one refresh and one retry on a 401. */
function contractClient(request: APIRequestContext, tokens: { access: string; refresh: string }) {
  const storage = { accessToken: tokens.access, refreshToken: tokens.refresh };
  return {
    storage,
    async refresh() {
      const response = await request.post('/api/token/refresh/', { data: { refresh: storage.refreshToken } });
      expect(response.status(), await response.text()).toBe(200);
      storage.accessToken = (await response.json()).access;
    },
    async call(method: 'GET' | 'POST', url: string, data?: object) {
      const send = () => request.fetch(url, { method, data, headers: { authorization: `Bearer ${storage.accessToken}` } });
      const first = await send();
      if (first.status() !== 401) return first;
      await this.refresh();
      return send();
    },
  };
}

test('a client built from the API contract keeps every answer of every day, and its refresh token', async ({ request }) => {
  const signup = await request.post('/api/student/signup/', {
    data: { username: uniqueUsername('contract'), password: 'correct horse battery staple', first_name: 'Rosalind', last_name: 'Franklin', classroom_name: '' },
  });
  expect(signup.status()).toBe(201);
  const client = contractClient(request, await signup.json());
  const firstRefreshToken = client.storage.refreshToken;

  for (const { day } of daysOf(process.cwd())) {
    const schema = schemaOf(day);
    for (const { sent, expected } of [specDefault(schema), specFilled(schema)]) {
      const saved = await client.call('POST', `/api/student/modules/${day}/response/`, { answers: sent });
      expect(saved.status(), `Day ${day}: ${await saved.text()}`).toBe(200);
      const loaded = await client.call('GET', `/api/student/modules/${day}/response/detail/`);
      expect((await loaded.json()).answers, `Day ${day}`).toEqual(expected);
    }
  }

  // Twenty refreshes with the first refresh token, as a lesson of two hours needs; still signed in.
  for (let time = 0; time < 20; time += 1) await client.refresh();
  expect(client.storage.refreshToken).toBe(firstRefreshToken);
  expect((await client.call('GET', '/api/student/profile/')).status()).toBe(200);
});

test("Helix's own client rotates: after a 401 it stores the next refresh token and stays signed in", async ({ page }) => {
  await signUpThroughPage(page);
  const before = await page.evaluate(() => localStorage.getItem('refreshToken'));
  // An access token the server refuses, as after five minutes: the next call gets a 401 and refreshes.
  await page.evaluate(() => localStorage.setItem('accessToken', 'expired.access.token'));
  await page.goto('/inbox');
  await expect(page.getByRole('heading', { name: /^Inbox \(\d+ Unread\)$/ })).toBeVisible();
  const after = await page.evaluate(() => ({ refresh: localStorage.getItem('refreshToken'), access: localStorage.getItem('accessToken') }));
  expect(after.access).not.toBe('expired.access.token');
  expect(after.refresh).not.toBe(before);
  // The spent token is reuse after the 60 s grace (server/routes/sessions.test.ts moves the clock for that);
  // within it, a second tab gets the same next token.
  const retried = await page.request.post('/api/token/refresh/', { data: { refresh: before, rotate: true } });
  expect((await retried.json()).refresh).toBe(after.refresh);
});
