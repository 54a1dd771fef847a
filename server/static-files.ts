/**
 * Serving the built front end (STATIC_DIR at /) and lesson images (IMAGES_DIR at /images/), with the
 * history fallback the React router needs. A built file with a `.br` or `.gz` copy beside it (the build
 * writes them for its hashed files under `assets/`: scripts/precompress/vite-plugin.ts) is sent as that
 * copy to a browser that accepts it; anything else is compressed as it is sent (server/app.ts).
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';
import { METRICS_PATH } from './metrics.ts';

/** Hashed bundle files never change under the same name. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Everything else in STATIC_DIR (index.html above all) is revalidated on every load, so a deploy shows at once. */
export const PAGE_CACHE_CONTROL = 'no-cache';
/** Lesson images are not hashed: cache an hour. */
export const IMAGE_MAX_AGE = '1h';

/** The service worker the build writes (src/service-worker/sw.ts), served from STATIC_DIR at the root so its scope is the whole app. */
export const SERVICE_WORKER_PATH = '/sw.js';

/**
 * Where the build lists, per route, the files a first visit downloads beyond those index.html links
 * (scripts/route-preloads/vite-plugin.ts writes it), relative to STATIC_DIR.
 */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * Where the build keeps, per day route, the preview of the day's page: its bar, title and opening as
 * static HTML (scripts/day-previews/vite-plugin.ts writes it), relative to STATIC_DIR.
 */
export const DAY_PREVIEWS_FILE = '.vite/day-previews.json';

/** The plain-text page answered in place of index.html when the front end was not built. */
export const NOT_BUILT_MESSAGE = 'Helix: the web app is not built yet. Run `npm run build`, then start the server again.\n';

export interface StaticFilesOptions {
  staticDir: string;
  imagesDir: string;
  /**
   * Let pages on other origins show the lesson images (`Cross-Origin-Resource-Policy: cross-origin`
   * on `/images/`, instead of helmet's `same-origin`): set when CORS_ORIGINS lists front ends.
   */
  crossOriginImages?: boolean;
}

/**
 * Whether a GET of `path` that matched no route and no file is a page of the app, to be answered with
 * index.html (the history fallback of a single-page app): any path but the API's (`/api`, `/api/…`),
 * `/metrics` (server/metrics.ts: a scraper must get a 404, never a page), the folders of files
 * (`/assets/…`, `/images/…`) and a name with an extension (`/favicon.ico`, `/missing.js`): a missing
 * file must never be answered with HTML, which a browser would run or draw as the file. The app's own
 * routes (src/routes.ts; docs/requirements.md#routes), parametrised ones such as
 * `/facilitator/classes/:classId` included, have no extension.
 *
 * @param path - the request's path, without its query
 */
function isAppPage(path: string): boolean {
  if (path === '/api' || path.startsWith('/api/') || path === METRICS_PATH) return false;
  if (path.startsWith('/assets/') || path.startsWith('/images/')) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

/**
 * Registers static serving and the not-found handler: `/api/*` → 404 `not_found` JSON; a GET or HEAD
 * of a page of the app ({@link isAppPage}), whatever its Accept header (curl, link checkers and load
 * balancers accept any type or send no Accept at all) → index.html, or a 503 plain-text page when
 * STATIC_DIR has no index.html; anything else (a missing file, another method) → 404 `not_found`
 * JSON. Register it last.
 */
export async function staticFiles(app: FastifyInstance, options: StaticFilesOptions): Promise<void> {
  const assetsDir = join(options.staticDir, 'assets') + sep;
  // Keep the default wildcard route: with wildcard false, files built after start-up would 404.
  await app.register(fastifyStatic, {
    root: options.staticDir,
    prefix: '/',
    // The build's Brotli and gzip copies, compressed once at the highest levels instead of per request.
    preCompressed: true,
    cacheControl: false, // set below, per file
    setHeaders(reply, path) {
      reply.header('cache-control', path.startsWith(assetsDir) ? ASSET_CACHE_CONTROL : PAGE_CACHE_CONTROL);
    },
  });
  await app.register(fastifyStatic, { root: options.imagesDir, prefix: '/images/', decorateReply: false, maxAge: IMAGE_MAX_AGE });
  if (options.crossOriginImages === true) {
    app.addHook('onRequest', (request, reply, done) => {
      if (request.url.startsWith('/images/')) void reply.header('cross-origin-resource-policy', 'cross-origin');
      done();
    });
  }

  const indexPath = join(options.staticDir, 'index.html');
  const pageFor = routePages(indexPath, join(options.staticDir, ROUTE_PRELOADS_FILE), join(options.staticDir, DAY_PREVIEWS_FILE));
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) {
      throw new HttpError('not_found', `There is no API route ${request.method} ${path}.`);
    }
    if (!((request.method === 'GET' || request.method === 'HEAD') && isAppPage(path))) throw new HttpError('not_found');
    if (!existsSync(indexPath)) {
      return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
    }
    const page = await pageFor(path);
    if (page === null) return reply.sendFile('index.html');
    return reply.header('cache-control', PAGE_CACHE_CONTROL).type('text/html; charset=utf-8').send(page);
  });
}

/** Escapes text for a double-quoted HTML attribute. */
function attribute(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/** A JSON file of the build, or null when it is missing or unreadable (an older build wrote none). */
async function buildList<T>(path: string): Promise<Record<string, T> | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Record<string, T>;
  } catch {
    return null;
  }
}

/**
 * The page to answer for a route: index.html with
 * - a `<link rel="modulepreload">` for each script and a `<link rel="preload" as="style">` for each
 *   stylesheet its first visit downloads beyond index.html's own (the build's {@link ROUTE_PRELOADS_FILE}),
 *   so the browser fetches the page's code while the entry is still downloading;
 * - for a day, the day's preview (the build's {@link DAY_PREVIEWS_FILE}) at the end of `<body>`, after
 *   the stylesheet (which the build moves there), so it is drawn styled as soon as the stylesheet is in,
 *   in place of the start-up Loading view, until the app draws the day (src/styles.css, src/main.tsx).
 * (docs/decisions/011-first-visit-javascript.md.) Read again whenever index.html changes (a new build
 * under a running server).
 *
 * @returns a function giving the page for a path (trailing slash ignored), or null when the build lists
 *   nothing for it or wrote no list: then index.html is answered as it is
 */
function routePages(indexPath: string, preloadsPath: string, previewsPath: string): (path: string) => Promise<string | null> {
  let cached: { builtAt: number; pages: Map<string, string> } | null = null;
  async function load(builtAt: number): Promise<Map<string, string>> {
    const pages = new Map<string, string>();
    const [preloads, previews] = await Promise.all([buildList<{ js?: string[]; css?: string[] }>(preloadsPath), buildList<string>(previewsPath)]);
    const html = await readFile(indexPath, 'utf8');
    if (!html.includes('</head>') || !html.includes('</body>')) return pages;
    for (const route of new Set([...Object.keys(preloads ?? {}), ...Object.keys(previews ?? {})])) {
      const { js = [], css = [] } = preloads?.[route] ?? {};
      const links = [
        ...css.map((href) => `<link rel="preload" as="style" crossorigin href="${attribute(href)}">`),
        ...js.map((href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`),
      ];
      const preview = previews?.[route];
      if (links.length === 0 && !preview) continue;
      let page = links.length > 0 ? html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`) : html;
      if (preview) page = page.replace('</body>', `  ${preview}\n  </body>`);
      pages.set(route, page);
    }
    cached = { builtAt, pages };
    return pages;
  }
  return async (path) => {
    const builtAt = (await stat(indexPath)).mtimeMs;
    const pages = cached?.builtAt === builtAt ? cached.pages : await load(builtAt);
    return pages.get(path.length > 1 ? path.replace(/\/+$/, '') : path) ?? null;
  };
}
