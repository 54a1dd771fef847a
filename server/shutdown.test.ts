import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { Worker } from 'node:worker_threads';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { addGracefulShutdown } from './shutdown.ts';

/** What a client got: the status, headers and body, and whether it went over a connection used before. */
interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  reusedSocket: boolean;
}

/** GET `path` through `agent`; rejects with the socket's error (its `code`: ECONNREFUSED, ECONNRESET…). */
function get(port: number, path: string, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body, reusedSocket: request.reusedSocket }));
    });
    request.on('error', reject);
    request.end();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('shutting down on SIGTERM', () => {
  let app: FastifyInstance;
  let agent: Agent;
  /** What the app did, in order: 'request started', 'database closed', 'exit 0'… */
  let events: string[];
  let release: () => void;
  let exited: Promise<number>;

  /** An app whose GET /slow answers once `release()` is called, and GET /fast at once; listening on a free port. */
  async function start(options: { timeoutMs?: number; idleGraceMs?: number } = {}): Promise<{ port: number; shutdown: (signal: NodeJS.Signals) => Promise<void> }> {
    events = [];
    app = Fastify({ logger: false });
    const released = new Promise<void>((resolve) => (release = resolve));
    app.get('/slow', async () => {
      events.push('request started');
      await released;
      return { saved: true };
    });
    app.get('/fast', async () => ({ ok: true }));
    let onExit: (code: number) => void = () => {};
    exited = new Promise((resolve) => (onExit = resolve));
    const shutdown = addGracefulShutdown(app, {
      timeoutMs: options.timeoutMs ?? 5_000,
      idleGraceMs: options.idleGraceMs ?? 200,
      closeDatabase: async () => void events.push('database closed'),
      exit: (code) => {
        events.push(`exit ${code}`);
        onExit(code);
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const address = app.server.address();
    return { port: typeof address === 'object' && address ? address.port : 0, shutdown };
  }

  afterEach(async () => {
    agent?.destroy();
    app?.server.closeAllConnections();
    await app?.close().catch(() => {});
  });

  it('answers a save in flight with Connection: close, refuses new connections, then closes the database and exits 0', async () => {
    const { port, shutdown } = await start();
    const inFlight = get(port, '/slow', agent);
    await expect.poll(() => events).toContain('request started');

    const shutdownDone = shutdown('SIGTERM');
    await sleep(20);
    await expect(get(port, '/fast', new Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(events).not.toContain('database closed');

    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ saved: true });
    expect(answer.headers.connection).toBe('close');
    expect(await exited).toBe(0);
    await shutdownDone;
    expect(events).toEqual(['request started', 'database closed', 'exit 0']);
  });

  it('answers a request sent on a kept-alive connection that was idle at the signal, instead of resetting it', async () => {
    const { port, shutdown } = await start({ idleGraceMs: 1_000 });
    expect((await get(port, '/fast', agent)).headers.connection).toBe('keep-alive');

    void shutdown('SIGTERM');
    await sleep(50);
    const answer = await get(port, '/fast', agent);
    expect(answer.reusedSocket).toBe(true);
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe('close');
    expect(await exited).toBe(0);
  });

  it('closes a connection left idle once the grace is over, so the shutdown ends well before keep-alive would', async () => {
    const { port, shutdown } = await start({ idleGraceMs: 200 });
    await get(port, '/fast', agent);

    const startedAt = performance.now();
    void shutdown('SIGTERM');
    expect(await exited).toBe(0);
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(190);
    expect(performance.now() - startedAt).toBeLessThan(2_000);
  });

  it('never closes a connection whose request is still arriving, however long the grace has passed', async () => {
    const { port, shutdown } = await start({ idleGraceMs: 100 });
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
    socket.write('GET /fast HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await sleep(50);

    void shutdown('SIGTERM');
    await sleep(400);
    expect(socket.destroyed).toBe(false);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write('\r\n');
    expect(await exited).toBe(0);
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
  });

  it('answers a request whose connection waited unaccepted while the event loop was blocked, instead of resetting it', async () => {
    // A client on its own thread connects and sends while this thread is blocked (as PGlite blocks it),
    // so its connection waits in the kernel's queue when the shutdown begins.
    const { port, shutdown } = await start();
    const sent = new Int32Array(new SharedArrayBuffer(4));
    const client = new Worker(
      `const { connect } = require('node:net');
      const { parentPort, workerData } = require('node:worker_threads');
      const socket = connect(workerData.port, '127.0.0.1', () => {
        socket.write('GET /fast HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\n\\r\\n', () => { Atomics.store(workerData.sent, 0, 1); Atomics.notify(workerData.sent, 0); });
      });
      let received = '';
      socket.setEncoding('utf8').on('data', (chunk) => (received += chunk));
      socket.on('error', (error) => parentPort.postMessage('error ' + error.code));
      socket.on('close', () => parentPort.postMessage(received));`,
      { eval: true, workerData: { port, sent } },
    );
    const answer = new Promise<string>((resolve) => client.once('message', resolve));
    Atomics.wait(sent, 0, 0, 5_000); // blocked until the request is written, unaccepted
    Atomics.wait(sent, 0, 1, 100); // and a little longer
    void shutdown('SIGTERM');

    expect(await exited).toBe(0);
    expect(await answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    await client.terminate();
  });

  it('exits 1 at SHUTDOWN_TIMEOUT_MS when a request is still not answered, without waiting for it', async () => {
    const { port, shutdown } = await start({ timeoutMs: 300 });
    const stuck = get(port, '/slow', agent).catch((error: NodeJS.ErrnoException) => error.code);
    await expect.poll(() => events).toContain('request started');

    const startedAt = performance.now();
    void shutdown('SIGTERM');
    expect(await exited).toBe(1);
    expect(performance.now() - startedAt).toBeLessThan(1_000);
    expect(events).not.toContain('database closed');
    release();
    await stuck;
  });

  it('runs one shutdown when the signal comes twice (npm passes on the Ctrl-C the server got already)', async () => {
    const { shutdown } = await start();
    await Promise.all([shutdown('SIGINT'), shutdown('SIGINT')]);
    expect(events).toEqual(['database closed', 'exit 0']);
  });
});
