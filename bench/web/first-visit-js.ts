import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { measureReactFloor, type ReactFloor } from '../../scripts/react-floor.ts';
import { readManifest, routeAssets } from '../../scripts/route-assets.js';

/** The JavaScript a first visit to each route downloads, against the React floor, in bytes gzipped. */
export interface FirstVisitJs {
  floor: ReactFloor;
  routes: { route: string; gzipBytes: number; files: number }[];
  /** `/login`'s bytes over the floor's, e.g. 1.08. */
  loginOverFloor: number;
}

/**
 * Measures what a first visit to each route downloads in the build in `dist` (the files
 * scripts/route-assets.js derives from the manifest, each gzipped at level 9 as size-limit does), and the
 * React floor built with the same Vite (scripts/react-floor.ts), so both come from one run.
 *
 * @param routes - e.g. `['/login', '/sections/day-1']`; must include `/login`
 * @param dist - the build folder
 * @throws when there is no build, or a route's chunks are unknown
 */
export async function measureFirstVisitJs(routes: readonly string[], dist = 'dist'): Promise<FirstVisitJs> {
  const manifest = readManifest(dist);
  const measured = routes.map((route) => {
    const { js } = routeAssets(manifest, route);
    const gzipBytes = js.reduce((sum: number, file: string) => sum + gzipSync(readFileSync(`${dist}/${file}`), { level: 9 }).length, 0);
    return { route, gzipBytes, files: js.length };
  });
  const floor = await measureReactFloor();
  const login = measured.find((each) => each.route === '/login');
  if (!login) throw new Error('measureFirstVisitJs: /login must be among the routes; it is measured against the floor.');
  return { floor, routes: measured, loginOverFloor: Math.round((login.gzipBytes / floor.gzipBytes) * 1000) / 1000 };
}
