import { connect, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTIONS_CHECK_INTERVAL_MS } from './app.ts';
import type { ServerTimeouts } from './config.ts';
import { createTestApp, createTestDatabase, testConfig, type TestDatabase } from './test/harness.ts';

/** Short timeouts, so the test waits fractions of a second instead of the production 10 and 30 s. */
const TIMEOUTS: ServerTimeouts = { requestMs: 800, headersMs: 400, connectionMs: 5_000, keepAliveMs: 1_000 };
/** Node looks for expired requests every min(1 s, headersMs / 4): the cut comes at most this late, plus scheduling. */
const CHECK_MS = Math.min(CONNECTIONS_CHECK_INTERVAL_MS, Math.ceil(TIMEOUTS.headersMs / 4));
const SLACK_MS = 400;

interface RawExchange {
  /** Everything the server wrote before closing. */
  response: string;
  /** From the last byte sent to the socket's close, ms. */
  closedAfterMs: number;
}

/** Sends `request` on a raw TCP socket and waits until the server closes it (or `giveUpMs`). */
function exchange(port: number, request: string, giveUpMs = 5_000): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let response = '';
    let sentAt = 0;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the socket open more than ${giveUpMs} ms; it wrote: ${JSON.stringify(response)}`));
    }, giveUpMs);
    socket.on('connect', () => socket.write(request, () => (sentAt = Date.now())));
    socket.on('data', (chunk) => (response += chunk.toString('utf8')));
    socket.on('error', () => undefined); // a reset after the answer is fine; close follows
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ response, closedAfterMs: Date.now() - sentAt });
    });
  });
}

/** The status code and JSON body of a raw HTTP/1.1 response. */
function parse(raw: string): { status: number; headers: string; body: unknown } {
  const [head = '', body = ''] = raw.split('\r\n\r\n', 2);
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head.toLowerCase(), body: body === '' ? undefined : JSON.parse(body) };
}

/** docs/security.md#server-limits over a real socket: what Node does before any route runs. */
describe('server limits on a real socket (pglite)', () => {
  let testDatabase: TestDatabase;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    testDatabase = await createTestDatabase('pglite');
    ({ app } = await createTestApp(testDatabase, { config: testConfig({ dataDir: testDatabase.dataDir, timeouts: TIMEOUTS }) }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await app?.close();
    await testDatabase?.destroy();
  });

  it(`cuts off a stalled request body after REQUEST_TIMEOUT_MS (${TIMEOUTS.requestMs} ms here) with 408 request_timeout`, async () => {
    const head = 'POST /api/token/ HTTP/1.1\r\nHost: helix\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';
    const { response, closedAfterMs } = await exchange(port, `${head}{"username":"stall`);
    const { status, headers, body } = parse(response);
    expect(status).toBe(408);
    expect(body).toEqual({ detail: 'The request took too long to arrive. Check the connection and try again.', code: 'request_timeout' });
    expect(headers).toContain('cache-control: no-store');
    expect(headers).toContain('connection: close');
    expect(closedAfterMs).toBeLessThanOrEqual(TIMEOUTS.requestMs + CHECK_MS + SLACK_MS);
  });

  it(`cuts off headers that never end after HEADERS_TIMEOUT_MS (${TIMEOUTS.headersMs} ms here)`, async () => {
    const { response, closedAfterMs } = await exchange(port, 'GET /api/health HTTP/1.1\r\nHost: helix\r\nX-Slow: yes\r\n');
    expect(parse(response)).toMatchObject({ status: 408, body: { code: 'request_timeout' } });
    expect(closedAfterMs).toBeLessThanOrEqual(TIMEOUTS.headersMs + CHECK_MS + SLACK_MS);
  });

  it('frees every socket of 100 stalled uploads within the timeout', async () => {
    const head = 'POST /api/student/signup/ HTTP/1.1\r\nHost: helix\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{';
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 100 }, () => exchange(port, head)));
    expect(results.map(({ response }) => parse(response).status)).toEqual(Array(100).fill(408));
    expect(Date.now() - started).toBeLessThanOrEqual(TIMEOUTS.requestMs + CHECK_MS + SLACK_MS * 3);
    const open = await new Promise<number>((resolve, reject) => app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
    expect(open).toBe(0);
  });

  it.each([
    ['a request line that is not HTTP', 'HELLO THERE\r\n\r\n', 400, 'invalid_request'],
    ['a header without a colon', 'GET /api/health HTTP/1.1\r\nHost: helix\r\nNo colon here\r\n\r\n', 400, 'invalid_request'],
    ['a broken chunked body', 'POST /api/token/ HTTP/1.1\r\nHost: helix\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n', 400, 'invalid_request'],
    ['headers over 16 KB', `GET /api/health HTTP/1.1\r\nHost: helix\r\nX-Big: ${'a'.repeat(17 * 1024)}\r\n\r\n`, 431, 'headers_too_large'],
    ['an Expect other than 100-continue', 'POST /api/token/ HTTP/1.1\r\nHost: helix\r\nExpect: 200-ok\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}', 417, 'expectation_failed'],
  ])('answers %s with %i {"detail", "code"} and closes the connection', async (_name, request, status, code) => {
    const { response } = await exchange(port, request);
    const parsed = parse(response);
    expect(parsed.status).toBe(status);
    expect(parsed.body).toEqual({ detail: expect.any(String), code });
    expect(parsed.headers).toContain('cache-control: no-store');
  });

  it('still answers a well-formed request on the same server', async () => {
    const { response } = await exchange(port, 'GET /api/health HTTP/1.1\r\nHost: helix\r\nConnection: close\r\n\r\n');
    expect(parse(response)).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(parse(response).headers).toContain('cache-control: no-store');
  });
});
