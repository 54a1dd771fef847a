/**
 * The floor of `npm run bench:web` (bench/README.md#the-floor): bench/web/floor/ built with the app's Vite
 * and React plugin in production mode, served from a port of its own beside the Helix server under test,
 * with `/api/` passed through to that server, so the floor's one request for Day 1's answers is answered
 * by the same server, database and student as the routes it is measured against.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { freePort } from '../../scripts/server-under-test/server.ts';

/** The floor's page, as bench:web opens it: the floor's own Day 1. */
export const FLOOR_PATH = '/floor/day-1';

const SOURCE = join(dirname(fileURLToPath(import.meta.url)), 'floor');

const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/** A running floor: its origin (`http://127.0.0.1:<port>`) and how to stop it. */
export interface Floor {
  origin: string;
  close(): Promise<void>;
}

/**
 * Builds the floor into a temporary folder and serves it: its files as built (every other path answers
 * its `index.html`, as a single-page app's server does), and `/api/...` passed to `apiOrigin` unchanged.
 *
 * @param apiOrigin - the Helix server under test, e.g. `http://127.0.0.1:41234`
 * @throws when the build fails or no port is free
 */
export async function startFloor(apiOrigin: string): Promise<Floor> {
  const outDir = mkdtempSync(join(tmpdir(), 'helix-bench-floor-'));
  await build({ configFile: false, root: SOURCE, logLevel: 'silent', plugins: [react()], build: { outDir, emptyOutDir: true, sourcemap: false } });
  const api = new URL(apiOrigin);
  const server: Server = createServer((incoming, outgoing) => {
    const path = new URL(incoming.url ?? '/', 'http://floor').pathname;
    if (path.startsWith('/api/')) {
      const forwarded = httpRequest(
        { hostname: api.hostname, port: api.port, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, host: api.host } },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', () => outgoing.writeHead(502).end());
      incoming.pipe(forwarded);
      return;
    }
    const file = join(outDir, normalize(path).replace(/^(\.\.[/\\])+/, ''));
    const served = existsSync(file) && statSync(file).isFile() ? file : join(outDir, 'index.html');
    // Gzipped as Helix's server sends its files (@fastify/compress), so the simulated network treats both alike.
    const gzip = /\bgzip\b/.test(String(incoming.headers['accept-encoding'] ?? ''));
    const body = gzip ? gzipSync(readFileSync(served)) : readFileSync(served);
    outgoing.writeHead(200, { 'content-type': CONTENT_TYPES[extname(served)] ?? 'application/octet-stream', ...(gzip ? { 'content-encoding': 'gzip' } : {}), 'content-length': body.length });
    outgoing.end(body);
  });
  const port = await freePort();
  await new Promise<void>((listening) => server.listen(port, '127.0.0.1', listening));
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise((closed) => server.close(closed));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
