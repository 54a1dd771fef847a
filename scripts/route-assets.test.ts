import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GROUPED_ENTRIES_FILE, knownRoutes, readManifest, ROUTE_MODULES_FILE, routeAssets } from './route-assets.js';

const builds: string[] = [];

/** The routes' modules as the build lists them (scripts/route-preloads/route-modules.ts). */
const ROUTES = { '/sections/day-1': ['src/SignedInApp.tsx', 'src/days/DayPage.tsx', 'content/days/day-1.mdx', 'schemas/day-1.schema.json'] };

/** A build folder holding `manifest`, the routes' modules and, when given, the list of grouped entries. */
function build(manifest: object, grouped?: object, routes: object = ROUTES): string {
  const dist = mkdtempSync(join(tmpdir(), 'helix-route-assets-'));
  builds.push(dist);
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dist, ROUTE_MODULES_FILE), JSON.stringify(routes));
  if (grouped) writeFileSync(join(dist, GROUPED_ENTRIES_FILE), JSON.stringify(grouped));
  return dist;
}

afterEach(() => {
  for (const dist of builds.splice(0)) rmSync(dist, { recursive: true, force: true });
});

const MANIFEST = {
  'index.html': { file: 'assets/index-A.js', isEntry: true },
  '_frame-B.js': { file: 'assets/frame-B.js', imports: ['index.html'] },
  '_lesson-engine-C.js': { file: 'assets/lesson-engine-C.js', imports: ['index.html', '_frame-B.js', 'src/days/open-day.ts'], css: ['assets/lesson-engine-C.css'] },
  'src/days/open-day.ts': { file: 'assets/open-day-D.js', isDynamicEntry: true, imports: ['index.html'] },
  '_day-1-E.js': { file: 'assets/day-1-E.js', imports: ['_lesson-engine-C.js'] },
};

describe('readManifest', () => {
  it("finds a day's files where the build grouped its page, lesson and schema", () => {
    const dist = build(MANIFEST, {
      'src/SignedInApp.tsx': '_frame-B.js',
      'src/days/DayPage.tsx': '_lesson-engine-C.js',
      'content/days/day-1.mdx': '_day-1-E.js',
      'schemas/day-1.schema.json': '_day-1-E.js',
    });
    expect(routeAssets(readManifest(dist), '/sections/day-1')).toEqual({
      js: ['assets/day-1-E.js', 'assets/frame-B.js', 'assets/index-A.js', 'assets/lesson-engine-C.js', 'assets/open-day-D.js'],
      css: ['assets/lesson-engine-C.css'],
    });
  });

  it('says so when the list of grouped entries is not JSON, instead of reading the build without it', () => {
    const dist = build(MANIFEST);
    writeFileSync(join(dist, GROUPED_ENTRIES_FILE), '{"src/days/DayPage.tsx": ');
    expect(() => readManifest(dist)).toThrow(SyntaxError);
  });

  it('reads a build that lists no grouped entries as its manifest alone', () => {
    const dist = build(MANIFEST);
    expect(readManifest(dist)).toEqual(MANIFEST);
    expect(() => routeAssets(readManifest(dist), '/sections/day-1')).toThrow(/no chunk/);
  });

  it("knows the routes the build's route table lists, and names a route it does not", () => {
    const dist = build(MANIFEST, undefined, { '/login': ['src/pages/LoginPage.tsx'], ...ROUTES });
    expect(knownRoutes(readManifest(dist))).toEqual(['/login', '/sections/day-1']);
    expect(() => routeAssets(readManifest(dist), '/sections/day-9')).toThrow(/route table \(src\/routes\.ts\) has no route \/sections\/day-9/);
  });
});
