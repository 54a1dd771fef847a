/**
 * The Content-Security-Policy and the framed sites it allows (docs/security.md#headers). Frames and the
 * embed reachability probe are allowed only for the origins the content actually embeds, listed at
 * build time in `STATIC_DIR/embed-origins.json` (scripts/embed-origins/), instead of any https site.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file the build writes into `dist/` (scripts/embed-origins/collect.ts, EMBED_ORIGINS_FILE). */
export const EMBED_ORIGINS_FILE = 'embed-origins.json';

/** An origin accepted from the file: `https://` and a host name, with an optional port; no path. */
const HTTPS_ORIGIN = /^https:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

/** What {@link loadEmbedOrigins} found. */
export interface LoadedEmbedOrigins {
  /** The origins to allow; empty when the file is missing or unusable. */
  origins: string[];
  /** Why the safe fallback (no framed site at all) is in use, for the start-up log; null when the file was read. */
  problem: string | null;
}

/**
 * Reads the framed origins listed by the build. A missing or unusable file is not fatal (the API
 * works without a built front end): the policy then allows no framed site at all, the safe side.
 *
 * @param staticDir - the built front end (STATIC_DIR)
 * @returns the origins, or none and the reason
 */
export function loadEmbedOrigins(staticDir: string): LoadedEmbedOrigins {
  const path = join(staticDir, EMBED_ORIGINS_FILE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'is missing (run `npm run build`)' : `is not valid JSON (${(error as Error).message})`;
    return { origins: [], problem: `${path} ${reason}: no embedded site is allowed to load.` };
  }
  const list = typeof parsed === 'object' && parsed !== null ? (parsed as { frameOrigins?: unknown }).frameOrigins : undefined;
  if (!Array.isArray(list) || !list.every((origin): origin is string => typeof origin === 'string' && HTTPS_ORIGIN.test(origin))) {
    return { origins: [], problem: `${path} has no frameOrigins list of https origins: no embedded site is allowed to load.` };
  }
  return { origins: [...new Set(list)].sort(), problem: null };
}

/**
 * The policy's directives, in @fastify/helmet's form. Inline style attributes are allowed because dnd-kit
 * and React set them. No `upgrade-insecure-requests`: it would make browsers on plain-HTTP test hosts ask
 * for https.
 *
 * @param frameOrigins - the framed sites ({@link loadEmbedOrigins}); none gives `frame-src 'none'`
 * @returns `frame-src` limited to `frameOrigins`, and `connect-src` to the app plus them, for
 *   EmbedPanel's `no-cors` reachability probe (no response body of it is readable)
 */
export function cspDirectives(frameOrigins: readonly string[]) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    frameSrc: frameOrigins.length > 0 ? [...frameOrigins] : ["'none'"],
    connectSrc: ["'self'", ...frameOrigins],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: null,
  };
}

/**
 * The policy of the API reference's pages (`/api/docs`, server/api-docs.ts), in @fastify/helmet's form:
 * narrower than the app's ({@link cspDirectives}), never wider where the app's own pages are concerned,
 * since it is set on the reference's responses only. Swagger UI, served from the installed
 * @fastify/swagger-ui package, needs its own scripts and style sheets (`'self'`), the style attributes
 * its React components set (`style-src-attr 'unsafe-inline'`; no inline `<style>` or `<script>`
 * element), `data:` images (its style sheet's icons) and requests to this origin only (the OpenAPI
 * document, and "Try it out" calls to the API). Everything else, frames and fonts included, is `'none'`.
 *
 * @returns directive name (camelCase, as helmet takes them) → sources; nothing names another origin
 */
export function apiDocsCspDirectives() {
  return {
    defaultSrc: ["'none'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'"],
    styleSrcAttr: ["'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: null,
  };
}
