// Types of scripts/route-assets.js, for e2e/route-assets.spec.ts and bench:web (bench/web/first-visit-js.ts).

/** A chunk of the build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The build's manifest as readManifest answers it: chunks by key, and the routes' modules. */
export type Manifest = Record<string, ManifestChunk> & { readonly routeModules: Record<string, string[]> };
/** The chunks a first visit to `route` loads besides the entry, by manifest key; throws for a route the build's table lacks. */
export function routeChunks(manifest: Manifest, route: string): string[];
/** Where the build lists each route's modules, relative to the build folder. */
export const ROUTE_MODULES_FILE: string;
/** Where the build lists the modules imported with `import()` that a chunk group took in, with their chunk's manifest key. */
export const GROUPED_ENTRIES_FILE: string;
/** Reads `<dist>/.vite/manifest.json`, with a key for each module of GROUPED_ENTRIES_FILE; throws naming `npm run build` when there is none. */
export function readManifest(dist?: string): Manifest;
/** The JS and CSS files (relative to the build folder) a first visit to `route` downloads. */
export function routeAssets(manifest: Manifest, route: string): { js: string[]; css: string[] };
/** The chunks, by manifest key, that pages load on purpose after their first render; the budgets do not count them. */
export const DEFERRED_CHUNKS: string[];
/** The JS files of DEFERRED_CHUNKS with the chunks they import statically, sorted. */
export function deferredAssets(manifest: Manifest): string[];
/** The days the build has a lesson for, in order, e.g. `{ route: '/sections/day-1', file: 'content/days/day-1.mdx' }`. */
export function buildDays(manifest: Manifest): { route: string; file: string }[];
/** Every route of the build's route table without a `:name` segment. */
export function knownRoutes(manifest: Manifest): string[];
/** Per known route, the JS and CSS files (absolute paths) a first visit downloads beyond what index.html links. */
export function routePreloads(manifest: Manifest, indexHtml: string): Record<string, { js: string[]; css: string[] }>;
