import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../scripts/build-server.ts';
import { BODY_LIMIT_BYTES } from './app.ts';
import { createTokenService } from './auth/tokens.ts';
import { REFUSED_BODY_MAX_BYTES } from './config.ts';

const SECRET = 'refused-bodies-test-secret-0123456789abcdef';
const MB = 1024 * 1024;
const SAVE_PATH = '/api/student/modules/1/response/';

/** The server's resident memory, bytes, from `/proc/<pid>/status` (VmRSS), as bench:api reads it. */
function rssOf(pid: number): number {
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kilobytes) * 1024;
}

/** How one request ended: `<status> <code>` for an answer with a `{"detail", "code"}` body, else what failed. */
async function outcome(request: Promise<Response>): Promise<string> {
  try {
    const response = await request;
    const body = (await response.json()) as { detail?: unknown; code?: unknown };
    return typeof body.detail === 'string' && body.detail !== '' ? `${response.status} ${String(body.code)}` : `${response.status} without a detail`;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return `failed: ${cause?.code ?? String(error)}`;
  }
}

/** A body of `bytes` bytes streamed in 64 KB pieces, so fetch sends it chunked (no Content-Length). */
function streamedBody(bytes: number): ReadableStream<Uint8Array> {
  const piece = new Uint8Array(64 * 1024).fill(0x78);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      controller.enqueue(piece);
      sent += piece.length;
    },
  });
}

/** Counts each outcome: `{ "413 body_too_large": 20 }`. */
function tally(outcomes: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of outcomes) counts[entry] = (counts[entry] ?? 0) + 1;
  return counts;
}

/**
 * docs/security.md#server-limits against the bundled server `npm start` runs (scripts/build-server.ts),
 * with Node's own fetch, as a client built from the API contract would send its saves.
 */
describe('refused saves sent by Node’s fetch to the bundled server', () => {
  let outDir: string;
  let dataDir: string;
  let server: ChildProcess;
  let origin: string;
  let access: string;
  let expired: string;

  /** Starts the bundled server on `dataDir` and a free port; resolves its origin once it listens. */
  function start(serverFile: string): Promise<string> {
    server = spawn(process.execPath, [serverFile], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET: SECRET, LOG_LEVEL: 'info', DATABASE_URL: '' },
    });
    const started = server;
    return new Promise<string>((resolveOrigin, reject) => {
      let output = '';
      started.once('exit', (code) => reject(new Error(`the server exited with ${code} before listening:\n${output}`)));
      started.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const listening = /Helix is up at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (listening) resolveOrigin(listening[1]!);
      });
    });
  }

  async function stop(): Promise<void> {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  }

  beforeAll(async () => {
    // Inside the project, as dist-server/ is, so that the bundle's bare imports find node_modules.
    mkdirSync(resolve('.tmp'), { recursive: true });
    outDir = mkdtempSync(join(resolve('.tmp'), 'refused-bodies-'));
    dataDir = mkdtempSync(join(tmpdir(), 'helix-refused-bodies-'));
    const serverFile = await buildServer(outDir);
    // A data folder's first start (PGlite creating its database) leaves the process larger than every
    // later start (docs/security.md, "Server limits"): the server under test is the second, as a school's
    // is every day after the first.
    await start(serverFile);
    await stop();
    origin = await start(serverFile);
    const signup = await fetch(`${origin}/api/student/signup/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'toolong', password: 'correct horse battery staple', first_name: 'Ada', last_name: 'Lovelace' }),
    });
    ({ access } = (await signup.json()) as { access: string });
    // Signed with the server's secret ten minutes ago: its 5 minutes are over.
    expired = await createTokenService({ secret: SECRET, now: () => new Date(Date.now() - 10 * 60_000) }).issueAccess(Number(decodeJwt(access).sub));
  }, 120_000);

  afterAll(async () => {
    await stop();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Sends 20 saves one after the other with `token` and `body` (made afresh for each). */
  async function twentySaves(token: string, body: () => BodyInit, contentType = 'application/json'): Promise<Record<string, number>> {
    const outcomes: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const init: RequestInit & { duplex?: 'half' } = { method: 'POST', headers: { 'content-type': contentType, authorization: `Bearer ${token}` }, body: body(), duplex: 'half' };
      outcomes.push(await outcome(fetch(`${origin}${SAVE_PATH}`, init)));
    }
    return tally(outcomes);
  }

  /** A Day 1 save whose one answer makes it about 3 MB: over the 256 KB body limit. */
  const oversized = JSON.stringify({ answers: { geneQ1: 'x'.repeat(3_000_000) }, base_revision: 0 });

  it('answers 20 saves of 3 MB 413 with {"detail", "code"}, 20 of 20, with a Content-Length or streamed', async () => {
    expect(await twentySaves(access, () => oversized)).toEqual({ '413 body_too_large': 20 });
    expect(await twentySaves(access, () => streamedBody(3 * MB))).toEqual({ '413 body_too_large': 20 });
  });

  it('answers 20 saves of 3 MB with an expired access token 401 with {"detail", "code"}, 20 of 20, with a Content-Length or streamed', async () => {
    expect(await twentySaves(expired, () => oversized)).toEqual({ '401 invalid_token': 20 });
    expect(await twentySaves(expired, () => streamedBody(3 * MB))).toEqual({ '401 invalid_token': 20 });
  });

  it('answers 20 saves of 1 MB sent as text/plain 415 with {"detail", "code"}, 20 of 20', async () => {
    expect(await twentySaves(access, () => 'x'.repeat(MB), 'text/plain')).toEqual({ '415 unsupported_media_type': 20 });
  });

  it(`holds on to none of what 50 clients send at once in ${REFUSED_BODY_MAX_BYTES / MB} MB saves, twice, and answers every one 413`, async () => {
    const body = new Uint8Array(REFUSED_BODY_MAX_BYTES).fill(0x78);
    const pid = server.pid!;
    const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
    const waves: { before: number; peak: number; after: number }[] = [];
    for (let wave = 1; wave <= 2; wave += 1) {
      const before = rssOf(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 25);
      const started = Date.now();
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, () => outcome(fetch(`${origin}${SAVE_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` }, body }))),
      );
      clearInterval(sampler);
      const after = rssOf(pid);
      waves.push({ before, peak, after });
      console.log(
        `refused bodies, wave ${wave}: 50 saves of ${megabytes(body.length)} at once (${megabytes(50 * body.length)} in all, over a ${BODY_LIMIT_BYTES / 1024} KB limit) ` +
          `answered in ${Date.now() - started} ms; server RSS before ${megabytes(before)}, peak ${megabytes(peak)} (+${megabytes(peak - before)}), after ${megabytes(after)} (Node ${process.versions.node})`,
      );
      expect(tally(outcomes)).toEqual({ '413 body_too_large': 50 });
    }
    const [first, second] = waves as [(typeof waves)[0], (typeof waves)[0]];
    const read = 50 * body.length;
    // Nothing read is kept: after a second wave the server is no larger than after the first, within a sixteenth of what a wave reads.
    expect(second.after - first.after).toBeLessThan(read / 16);
    // What a wave adds while it lasts is garbage waiting for a collection, not the bodies: a quarter of what it reads at most.
    for (const wave of waves) expect(wave.peak - wave.before).toBeLessThan(read / 4);
  });
});
