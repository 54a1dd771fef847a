import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolveExports } from 'resolve-pkg-maps';
import { defaultClientConditions } from 'vite';
import { describe, expect, it } from 'vitest';

/** react-router's package.json `exports`, as installed. */
const { exports } = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('react-router/package.json'), 'utf8')) as { exports: Parameters<typeof resolveExports>[0] };

/** The import conditions of a Vite client build in `mode` (Vite's defaults, with its mode placeholder filled in). */
const conditions = (mode: 'production' | 'development') => [...defaultClientConditions.map((condition) => (condition === 'development|production' ? mode : condition)), 'import', 'default'];

describe('react-router in the build (docs/decisions/011-first-visit-javascript.md)', () => {
  it('is its production files in a production build, so its development warnings never ship', () => {
    expect(resolveExports(exports, '', conditions('production'))[0]).toMatch(/^\.\/dist\/production\//);
    expect(resolveExports(exports, 'dom', conditions('production'))[0]).toMatch(/^\.\/dist\/production\//);
  });

  it('is its development files, warnings and all, for the dev server and the tests', () => {
    expect(resolveExports(exports, '', conditions('development'))[0]).toMatch(/^\.\/dist\/development\//);
  });
});
