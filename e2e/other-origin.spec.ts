import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { uniqueUsername } from './helpers.ts';

// A front end served from another origin (listed in CORS_ORIGINS by playwright.config.ts) signs in,
// saves, loads and shows a workbook image, with the browser enforcing CORS for real
// (docs/decisions/006-clients-built-from-the-api-contract.md, "Portable responses").

const FRONT_END_PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Another front end</title></head><body><main><h1>Another front end</h1></main></body></html>';

let frontEnd: Server;
let frontEndOrigin: string;

test.beforeAll(async ({ baseURL }) => {
  const apiPort = Number(new URL(baseURL!).port);
  frontEnd = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(FRONT_END_PAGE);
  });
  await new Promise<void>((resolve) => frontEnd.listen(apiPort + 1, '127.0.0.1', resolve));
  frontEndOrigin = `http://127.0.0.1:${(frontEnd.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => frontEnd?.close(resolve));
});

test('a front end on another origin signs in, saves, loads, and shows a workbook image', async ({ page, baseURL, request }) => {
  const username = uniqueUsername('elsewhere');
  const password = 'correct horse battery staple';
  expect((await request.post('/api/student/signup/', { data: { username, password, first_name: 'Grace', last_name: 'Hopper', classroom_name: '' } })).status()).toBe(201);

  await page.goto(frontEndOrigin);
  const result = await page.evaluate(
    async ({ api, username, password }) => {
      const json = async (path: string, init: RequestInit = {}, access?: string) => {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (access) headers.authorization = `Bearer ${access}`;
        const response = await fetch(`${api}${path}`, { ...init, headers });
        return { status: response.status, body: await response.json() };
      };
      const signIn = await json('/api/token/', { method: 'POST', body: JSON.stringify({ username, password }) });
      const access = signIn.body.access as string;
      const save = await json('/api/student/modules/4/response/', { method: 'POST', body: JSON.stringify({ answers: { recap: { regWrong: 'Saved from elsewhere' }, participation: { trackerNotes: '', points: '' } } }) }, access);
      const load = await json('/api/student/modules/4/response/detail/', {}, access);
      const list = await json('/api/workbooks/workbooks/', {}, access);
      const workbook = await json(`/api/workbooks/workbooks/${list.body.results[0].id}/?include_toc=true`, {}, access);
      const image = workbook.body.sections.flatMap((section: { images: { image: string; caption: string }[] }) => section.images)[0];
      const img = document.createElement('img');
      img.alt = image.caption;
      document.querySelector('main')!.append(img);
      const loaded = await new Promise<boolean>((resolve) => {
        img.onload = () => resolve(img.naturalWidth > 0);
        img.onerror = () => resolve(false);
        img.src = image.image;
      });
      return { signIn: signIn.status, save: save.status, regWrong: load.body.answers.recap.regWrong, points: load.body.answers.participation.points, imageUrl: image.image, loaded };
    },
    { api: baseURL!, username, password },
  );

  expect(result).toMatchObject({ signIn: 200, save: 200, regWrong: 'Saved from elsewhere', points: 0, loaded: true });
  expect(result.imageUrl.startsWith(`${baseURL}/images/`)).toBe(true);
  await expect(page.getByRole('img')).toBeVisible();
});

test('an origin not in CORS_ORIGINS cannot read the API from a browser', async ({ page, baseURL }) => {
  const stranger = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(FRONT_END_PAGE));
  await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${(stranger.address() as AddressInfo).port}`);
    const outcome = await page.evaluate(async (api) => {
      try {
        await fetch(`${api}/api/token/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":"x","password":"y"}' });
        return 'read';
      } catch {
        return 'blocked';
      }
    }, baseURL!);
    expect(outcome).toBe('blocked');
  } finally {
    await new Promise((resolve) => stranger.close(resolve));
  }
});
