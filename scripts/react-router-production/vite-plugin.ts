/**
 * A Vite plugin (build only) that builds with react-router's production files
 * (docs/decisions/011-first-visit-javascript.md, "React Router's production build").
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * react-router's production entry, `dist/production/index.mjs` in its package, by absolute path.
 * react-router 7's package.json sends every import condition to `dist/development`, whose code runs its
 * development warnings (`ENABLE_DEV_WARNINGS = true`) in production too; the production files are the
 * same code with them off.
 */
export function reactRouterProductionEntry(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('react-router/package.json')), 'dist', 'production', 'index.mjs');
}

/**
 * The plugin: resolves `import … from 'react-router'` to {@link reactRouterProductionEntry} in a build.
 * The dev server and Vitest keep the development files and their warnings.
 *
 * @throws Error when the build starts and the installed react-router has no such file (a version that
 *   lays its package out otherwise: check whether its package.json now selects production files itself)
 */
export function reactRouterProductionBuild(): Plugin {
  const entry = reactRouterProductionEntry();
  return {
    name: 'helix-react-router-production',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      if (!existsSync(entry)) this.error(`react-router has no production build at ${entry}; see scripts/react-router-production/vite-plugin.ts.`);
    },
    resolveId(source) {
      return source === 'react-router' ? entry : null;
    },
  };
}
