/**
 * Serves a built folder (the Storybook build) over HTTP on 127.0.0.1, for the browser tests' visual
 * checks of every widget state: `node --import tsx scripts/serve-static.ts <folder> <port>`.
 * Files only; `/` is `index.html`; anything outside the folder is 404; `/__health` is always 200. Stops on SIGTERM.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

const [folderArgument = 'storybook-static', portArgument = '6106'] = process.argv.slice(2);
const root = resolve(folderArgument);
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webm': 'video/webm',
  '.woff2': 'font/woff2',
};

const server = createServer((request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname));
  // Answers even before the folder exists, so Playwright's start-up check does not depend on it.
  if (path === '/__health') {
    response.writeHead(200).end('ok');
    return;
  }
  const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
  if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404).end('Not found');
    return;
  }
  response.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
});
server.listen(Number(portArgument), '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
