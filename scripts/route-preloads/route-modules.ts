/**
 * Which modules a first visit to each route loads at once, derived from the app's own code: the route
 * table (src/routes.ts, `ROUTES`, run in Node by Vite's module runner) and the `lazyImport(() =>
 * import(…))` declarations the build reads (src/lazy-import.ts). The bundle budgets, the server's
 * preload links and bench:web read the result (scripts/route-assets.js;
 * docs/decisions/012-content-declares-the-week.md).
 */
import { dirname, relative, resolve } from 'node:path';
import process from 'node:process';
import { parseAst, runnerImport, type Plugin } from 'vite';
import type { AppRoute } from '../../src/routes.ts';

/** A `lazyImport(() => import('…'))` the app declares: where it is bound, and the module it loads. */
export interface LazyImportSite {
  /** `NAME` for `const NAME = lazyImport(…)`, `NAME.key` for a property of `const NAME = { key: lazyImport(…) }`. */
  binding: string;
  /** The specifier as written, e.g. `./pages/LoginPage.tsx`. */
  specifier: string;
}

/** An ESTree node, as much of it as {@link lazyImportSites} reads. */
interface Node {
  type: string;
  [field: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The specifier of `lazyImport(() => import('…'))`, or null when `node` is anything else. */
function lazyImportSpecifier(node: unknown): string | null {
  if (!isNode(node) || node.type !== 'CallExpression') return null;
  const callee = node.callee as Node;
  const [loader] = node.arguments as Node[];
  if (callee.type !== 'Identifier' || callee.name !== 'lazyImport' || loader?.type !== 'ArrowFunctionExpression') return null;
  const body = loader.body as Node;
  const source = body.type === 'ImportExpression' ? (body.source as Node) : null;
  return source?.type === 'Literal' && typeof source.value === 'string' ? source.value : null;
}

/**
 * The lazy imports a module declares at its top level, as `const NAME = lazyImport(() => import('…'))`
 * or as properties of `const NAME = { key: lazyImport(() => import('…')) }` (an `as const` allowed).
 *
 * @param code - the module's TypeScript or JavaScript source
 * @param file - its path; its extension picks the parser's language (`.tsx`, `.ts`, …)
 * @returns the declarations in source order, e.g. `[{ binding: 'PUBLIC_PAGE_MODULES.login', specifier: './pages/LoginPage.tsx' }]`
 * @throws SyntaxError when the source does not parse
 */
export function lazyImportSites(code: string, file: string): LazyImportSite[] {
  const sites: LazyImportSite[] = [];
  const lang = /\.([jt]sx?)$/.exec(file)?.[1] as 'js' | 'jsx' | 'ts' | 'tsx' | undefined;
  for (const statement of parseAst(code, { sourceType: 'module', lang }, file).body as unknown as Node[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const id = declarator.id as Node;
      if (id.type !== 'Identifier') continue;
      let init = declarator.init as Node | null;
      while (init?.type === 'TSAsExpression' || init?.type === 'TSSatisfiesExpression') init = init.expression as Node;
      const own = lazyImportSpecifier(init);
      if (own !== null) sites.push({ binding: id.name as string, specifier: own });
      if (init?.type !== 'ObjectExpression') continue;
      for (const property of init.properties as Node[]) {
        const key = property.key as Node | undefined;
        const specifier = property.type === 'Property' ? lazyImportSpecifier(property.value) : null;
        if (specifier !== null && key?.type === 'Identifier') sites.push({ binding: `${id.name as string}.${key.name as string}`, specifier });
      }
    }
  }
  return sites;
}

/** The lazy imports of the app, by binding (see {@link LazyImportSite}), each the loaded module's path relative to the project's folder. */
export type LazyImports = Readonly<Record<string, string>>;

/**
 * What src/preload-route.ts starts for a route, in terms of the app's lazy imports: a public page's
 * module (`PUBLIC_PAGE_MODULES.<page>`); for any other page the signed-in routes (`SIGNED_IN_APP`), the
 * page's module (`SIGNED_IN_PAGE_MODULES.<page>`, through `preloadSignedInPage` in src/SignedInApp.tsx)
 * and for a student page its frame (`SIGNED_IN_LAYOUT`); for a day, its lesson and schema too
 * (src/days/open-day.ts). e2e/route-assets.spec.ts checks the outcome against what Chromium downloads.
 *
 * @param route - a route of src/routes.ts's `ROUTES`
 * @param lazyImports - the app's lazy imports, from {@link lazyImportSites} over its modules
 * @returns manifest keys (paths relative to the project's folder), e.g. `['src/SignedInApp.tsx', 'src/days/DayPage.tsx', 'content/days/day-1.mdx', 'schemas/day-1.schema.json']`
 * @throws Error naming the binding when the app declares no lazy import the route needs
 */
export function modulesOfRoute(route: Pick<AppRoute, 'path' | 'page' | 'access' | 'day'>, lazyImports: LazyImports): string[] {
  const need = (binding: string) => {
    const module = lazyImports[binding];
    if (module === undefined) throw new Error(`scripts/route-preloads: ${route.path} needs the lazy import ${binding}, which no module of src/ declares.`);
    return module;
  };
  if (route.access === 'public') return [need(`PUBLIC_PAGE_MODULES.${route.page}`)];
  const modules = [need('SIGNED_IN_APP'), need(`SIGNED_IN_PAGE_MODULES.${route.page}`)];
  if (route.access === 'student') modules.push(need('SIGNED_IN_LAYOUT'));
  if (route.day !== undefined) modules.push(`content/days/day-${route.day}.mdx`, `schemas/day-${route.day}.schema.json`);
  return modules;
}

/**
 * Runs the route table (src/routes.ts) in Node through Vite's module runner, with the plugins its
 * virtual modules need (`virtual:published-days`), and answers its routes.
 *
 * @param root - the project's folder
 * @param plugins - the plugins that serve the route table's virtual modules
 * @returns `ROUTES`, in order
 */
export async function loadRoutes(root: string, plugins: Plugin[]): Promise<readonly AppRoute[]> {
  const { module } = await runnerImport<{ ROUTES: readonly AppRoute[] }>('/src/routes.ts', { configFile: false, root, plugins, logLevel: 'error' });
  return module.ROUTES;
}

/**
 * The modules each route of the table loads at once ({@link modulesOfRoute}); a route with a `:name`
 * segment, which no first visit can be linked for before it is known, is left out.
 *
 * @returns `{ [path]: manifestKey[] }`, in the route table's order
 */
export function routeModules(routes: readonly AppRoute[], lazyImports: LazyImports): Record<string, string[]> {
  return Object.fromEntries(routes.filter(({ path }) => !path.includes('/:')).map((route) => [route.path, modulesOfRoute(route, lazyImports)]));
}

/**
 * A plugin (build only) that notes the lazy imports of the app's own modules (under `<root>/src/`) as
 * the build reads them, each with the module it loads (a relative specifier, resolved against the importer).
 *
 * @returns the plugin, and `lazyImports()`, complete once the build has read its modules
 */
export function lazyImportsCollector(): { plugin: Plugin; lazyImports: () => LazyImports } {
  const found: Record<string, string> = {};
  let root = process.cwd();
  return {
    lazyImports: () => found,
    plugin: {
      name: 'helix-lazy-imports',
      apply: 'build',
      enforce: 'pre',
      configResolved(config) {
        root = config.root;
      },
      transform: {
        // Only the modules that declare one: Rolldown skips the others without calling into JavaScript.
        filter: { code: 'lazyImport(' },
        handler(code, id) {
          if (!id.startsWith(`${root}/src/`)) return;
          // The app imports its own modules by relative path with their extension (src/lazy-import.ts's example).
          for (const { binding, specifier } of lazyImportSites(code, id)) if (specifier.startsWith('.')) found[binding] = relative(root, resolve(dirname(id), specifier));
        },
      },
    },
  };
}
