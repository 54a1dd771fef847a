import { connect, type AddressInfo, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, CONNECTIONS_CHECK_INTERVAL_MS } from './app.ts';
import { createTokenService } from './auth/tokens.ts';
import { LINGER_MS } from './refused-bodies.ts';
import type { ServerTimeouts } from './config.ts';
import { createTestApp, createTestDatabase, signUp, TEST_JWT_SECRET, testConfig, type TestDatabase } from './test/harness.ts';

/** A cap of 1 MB instead of the default 16 MB, so the tests send little. */
const MAX_BYTES = 1024 * 1024;
/** Timeouts short enough to wait out, long enough for the pauses below. */
const TIMEOUTS: ServerTimeouts = { requestMs: 2_000, headersMs: 1_000, connectionMs: 10_000, keepAliveMs: 5_000 };
/** A pause in the middle of a body, ms: an answer before the rest of the body would show within it. */
const PAUSE_MS = 300;
const SAVE_PATH = '/api/student/modules/1/response/';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One raw TCP connection to the server, written to step by step. */
interface RawConnection {
  /** Writes, resolving once the bytes are handed to the kernel. */
  write(data: string): Promise<void>;
  /** Everything the server has written so far. */
  received(): string;
  /** Resolves once the server has written a whole response (headers and `Content-Length` body) after `skip` bytes. */
  response(skip?: number): Promise<{ status: number; headers: string; body: unknown; length: number }>;
  /** Settles once the connection is closed: the error that ended it (`ECONNRESET`, `EPIPE`), or null for a clean close. */
  closed: Promise<string | null>;
  socket: Socket;
}

/** @param allowHalfOpen - keep sending after the server's FIN (a client that ignores it), instead of closing too */
function openConnection(port: number, { allowHalfOpen = false } = {}): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen });
    let text = '';
    let error: string | null = null;
    const waiting = new Set<() => void>();
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      for (const check of waiting) check();
    });
    socket.on('error', (cause: NodeJS.ErrnoException) => (error ??= cause.code ?? cause.message));
    const closed = new Promise<string | null>((settle) => socket.on('close', () => settle(error)));
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve({
        socket,
        closed,
        received: () => text,
        write: (data) => new Promise<void>((done, fail) => socket.write(data, (cause) => (cause ? fail(cause) : done()))),
        response: (skip = 0) =>
          new Promise((done, fail) => {
            const check = () => {
              const rest = text.slice(skip);
              const headEnd = rest.indexOf('\r\n\r\n');
              if (headEnd < 0) return;
              const head = rest.slice(0, headEnd).toLowerCase();
              const length = Number(/content-length: (\d+)/.exec(head)?.[1] ?? 0);
              if (rest.length < headEnd + 4 + length) return;
              waiting.delete(check);
              const body = rest.slice(headEnd + 4, headEnd + 4 + length);
              done({ status: Number(/^http\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head, body: body === '' ? undefined : JSON.parse(body), length: headEnd + 4 + length });
            };
            waiting.add(check);
            socket.once('close', () => (waiting.has(check) ? fail(new Error(`closed before a whole response; received ${JSON.stringify(text.slice(0, 300))}`)) : undefined));
            check();
          }),
      });
    });
  });
}

/** The head of a save with a `Content-Length` (or chunked when `length` is null). */
function saveHead(token: string, length: number | null, extra = ''): string {
  const framing = length === null ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`;
  return `POST ${SAVE_PATH} HTTP/1.1\r\nHost: helix\r\nContent-Type: application/json\r\nAuthorization: Bearer ${token}\r\n${framing}\r\n${extra}\r\n`;
}

/** One chunk of a chunked body. */
const chunk = (text: string) => `${text.length.toString(16)}\r\n${text}\r\n`;

describe('refused request bodies on a real socket (pglite)', () => {
  let testDatabase: TestDatabase;
  let app: FastifyInstance;
  let serverErrors: string[];
  let port: number;
  let access: string;
  let expired: string;

  beforeAll(async () => {
    testDatabase = await createTestDatabase('pglite');
    ({ app, serverErrors } = await createTestApp(testDatabase, { config: testConfig({ dataDir: testDatabase.dataDir, timeouts: TIMEOUTS, refusedBodyMaxBytes: MAX_BYTES }) }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    ({ access } = await signUp(app, 'oversized'));
    // Signed with the app's secret ten minutes ago: expired 5 minutes later.
    expired = await createTokenService({ secret: TEST_JWT_SECRET, now: () => new Date(Date.now() - 10 * 60_000) }).issueAccess(1);
  });

  afterAll(async () => {
    await app?.close();
    await testDatabase?.destroy();
  });

  describe('a save over the 256 KB body limit', () => {
    const size = BODY_LIMIT_BYTES + 64 * 1024;

    it('is answered 413 {"detail", "code"} once its whole body has arrived, then closed cleanly, never reset', async () => {
      const connection = await openConnection(port);
      await connection.write(saveHead(access, size) + 'x'.repeat(size / 2));
      await sleep(PAUSE_MS);
      expect(connection.received()).toBe('');
      await connection.write('x'.repeat(size / 2));
      const response = await connection.response();
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ detail: 'The request body is larger than 256 KB.', code: 'body_too_large' });
      expect(response.headers).toContain('connection: close');
      expect(await connection.closed).toBeNull();
    });

    it('is answered the same when its body comes in chunks (no Content-Length)', async () => {
      const connection = await openConnection(port);
      await connection.write(saveHead(access, null) + chunk('x'.repeat(size / 2)) + chunk('x'.repeat(size / 2)));
      await sleep(PAUSE_MS);
      expect(connection.received()).toBe('');
      await connection.write(chunk('x'.repeat(64 * 1024)) + '0\r\n\r\n');
      const response = await connection.response();
      expect(response).toMatchObject({ status: 413, body: { code: 'body_too_large' } });
      expect(await connection.closed).toBeNull();
    });

    it(`is answered at once, and the connection closed, when it announces more than REFUSED_BODY_MAX_BYTES (${MAX_BYTES} bytes here)`, async () => {
      const connection = await openConnection(port);
      await connection.write(saveHead(access, MAX_BYTES + 1));
      const response = await connection.response();
      expect(response).toMatchObject({ status: 413, body: { code: 'body_too_large' } });
      expect(response.headers).toContain('connection: close');
      await connection.closed;
    });

    it('is answered, and the connection closed, once a chunked body that never ends goes past REFUSED_BODY_MAX_BYTES', async () => {
      const connection = await openConnection(port);
      await connection.write(saveHead(access, null));
      const answered = connection.response();
      // Sent until the answer comes (the kernel's buffers take a few MB first); the body's last chunk never is.
      for (let sent = 0; !connection.socket.destroyed && connection.received() === '' && sent < 64 * MAX_BYTES; sent += 64 * 1024) {
        await connection.write(chunk('x'.repeat(64 * 1024))).catch(() => undefined);
      }
      expect(await answered).toMatchObject({ status: 413, body: { code: 'body_too_large' } });
      await connection.closed;
    });

    it(`reads a client that goes on sending after its 413 for at most LINGER_MS (${LINGER_MS} ms), then closes the connection`, async () => {
      const connection = await openConnection(port, { allowHalfOpen: true });
      await connection.write(saveHead(access, null));
      const answered = connection.response();
      let answeredAt: number | null = null;
      void answered.then(() => (answeredAt = Date.now()));
      // A client that ignores the answer and the server's FIN: its chunks are read and thrown away, until the server gives up.
      for (const started = Date.now(); !connection.socket.destroyed && Date.now() - started < LINGER_MS + 10_000; ) {
        await Promise.race([connection.write(chunk('x'.repeat(64 * 1024))).catch(() => undefined), sleep(50)]);
      }
      expect(await answered).toMatchObject({ status: 413, body: { code: 'body_too_large' } });
      await connection.closed;
      const lingered = Date.now() - (answeredAt ?? Date.now());
      expect(lingered).toBeGreaterThanOrEqual(LINGER_MS - 100);
      expect(lingered).toBeLessThan(LINGER_MS + 2_000);
    });

    it(`is cut off with 408 request_timeout when the rest of its body does not come within REQUEST_TIMEOUT_MS (${TIMEOUTS.requestMs} ms here)`, async () => {
      const connection = await openConnection(port);
      const started = Date.now();
      await connection.write(saveHead(access, size) + 'x'.repeat(size / 2));
      const response = await connection.response();
      expect(response).toMatchObject({ status: 408, body: { code: 'request_timeout' } });
      await connection.closed;
      expect(Date.now() - started).toBeLessThanOrEqual(TIMEOUTS.requestMs + CONNECTIONS_CHECK_INTERVAL_MS + 1_000);
      // The reply the refusal held back meets a closed socket: no error, no second answer.
      await sleep(100);
      expect(connection.received().match(/HTTP\/1\.1/g)).toHaveLength(1);
      expect(serverErrors).toEqual([]);
    });
  });

  describe('a save refused before its body is read', () => {
    it('with an expired token: 401 once the body has arrived, and the connection serves the next request', async () => {
      const body = JSON.stringify({ answers: { geneQ1: 'x'.repeat(100_000) }, base_revision: 0 });
      const connection = await openConnection(port);
      await connection.write(saveHead(expired, Buffer.byteLength(body)) + body.slice(0, 50_000));
      await sleep(PAUSE_MS);
      expect(connection.received()).toBe('');
      await connection.write(body.slice(50_000));
      const refused = await connection.response();
      expect(refused).toMatchObject({ status: 401, body: { detail: expect.any(String), code: 'invalid_token' } });
      await connection.write('GET /api/health HTTP/1.1\r\nHost: helix\r\nConnection: close\r\n\r\n');
      expect(await connection.response(refused.length)).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(await connection.closed).toBeNull();
    });

    it('sent as text/plain: 415 {"detail", "code"} once the body has arrived', async () => {
      const connection = await openConnection(port);
      const head = `POST ${SAVE_PATH} HTTP/1.1\r\nHost: helix\r\nContent-Type: text/plain\r\nAuthorization: Bearer ${access}\r\nContent-Length: 200000\r\n\r\n`;
      await connection.write(head + 'x'.repeat(100_000));
      await sleep(PAUSE_MS);
      expect(connection.received()).toBe('');
      await connection.write('x'.repeat(100_000));
      expect(await connection.response()).toMatchObject({ status: 415, body: { code: 'unsupported_media_type' } });
    });
  });

  describe('Expect: 100-continue', () => {
    const expect100 = 'Expect: 100-continue\r\n';

    it('answers a save announcing more than 256 KB 413 before the body is sent, with no 100 Continue', async () => {
      const connection = await openConnection(port);
      await connection.write(saveHead(access, 3_000_000, expect100));
      const response = await connection.response();
      expect(response).toMatchObject({ status: 413, body: { detail: 'The request body is larger than 256 KB.', code: 'body_too_large' } });
      expect(connection.received()).not.toContain('100 Continue');
      expect(await connection.closed).toBeNull();
    });

    it('answers a save with an expired token 401 before the body is sent', async () => {
      const connection = await openConnection(port);
      await connection.write(saveHead(expired, 200_000, expect100));
      expect(await connection.response()).toMatchObject({ status: 401, body: { code: 'invalid_token' } });
      expect(connection.received()).not.toContain('100 Continue');
      expect(await connection.closed).toBeNull();
    });

    it('tells a save within the limits to go on (100 Continue), then stores it', async () => {
      const body = JSON.stringify({ answers: { geneQ1: 'Sent after 100 Continue.' }, base_revision: 0 });
      const connection = await openConnection(port);
      await connection.write(saveHead(access, Buffer.byteLength(body), expect100));
      const go = await connection.response();
      expect(go.status).toBe(100);
      await connection.write(body);
      const saved = await connection.response(go.length);
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ answers: { geneQ1: 'Sent after 100 Continue.' }, revision: 1 });
      connection.socket.end();
    });
  });
});
