/**
 * Which files the app's code is split into: a few, each holding what a page needs first, with code
 * loaded on use kept apart (docs/decisions/011-first-visit-javascript.md, "A day in five files").
 */
import { basename, relative } from 'node:path';
import process from 'node:process';
import type { Plugin } from 'vite';
import { LESSON_FILE, SCHEMA_FILE } from '../published-days/days.ts';
import { publishedDays } from '../published-days/vite-plugin.ts';
import { GROUPED_ENTRIES_FILE } from '../route-assets.js';
import { loadRoutes, routeModules, type LazyImports } from '../route-preloads/route-modules.ts';

/** A group of modules that Rolldown puts into one file (`build.rolldownOptions.output.codeSplitting.groups`). */
export interface ChunkGroup {
  /** The file's name, or a function naming it from a module's absolute path (null: not this group). */
  name: string | ((id: string) => string | null);
  /** Modules in `$initial` (what the entry imports statically) go in whatever their path. */
  tags?: ['$initial'];
  /** Whether a module, by absolute path, goes in. */
  test?: (id: string) => boolean;
  /** The highest priority takes a module that two groups would both take. */
  priority: number;
}

/** Where the frame's own modules live: the bar, the menus' triggers, the inbox's count, the page titles. */
const FRAME_FOLDER = 'src/layout';

/**
 * What opening a day takes, imported with `import()` by src/preload-route.ts as a page starts: the
 * answers session, the drafts, normalisation.
 */
const OPEN_DAY = 'src/days/open-day.ts';

/** The lessons' and schemas' folders: a day's two files go into a file named after the day. */
const DAY_FOLDERS = ['content/days', 'schemas'];

/**
 * The groups, for `build.rolldownOptions.output.codeSplitting.groups` in `vite.config.ts`, with the
 * plugin they need. Left to itself, Rolldown gave every set of modules that the same lazy chunks share a
 * file of its own: a day was 23 files, half of them under 1 kB gzipped, each compressed apart. Over a
 * school's Wi-Fi each file costs a round trip, and HTTP/1.1 asks for at most 6 at once. With these groups
 * a day is 5 files (docs/decisions/011-first-visit-javascript.md, "A day in five files"):
 * - `start`: what the entry imports, React, react-dom and the router among it;
 * - `frame`: the signed-in routes (the module the route table's `SIGNED_IN_APP` loads) and the modules of
 *   `src/layout/` that a route's page or frame imports without `import()` (the bar, the menus' triggers,
 *   the inbox's count), which every signed-in page and the home page draw;
 * - `open-day`: src/days/open-day.ts, and what the lessons import themselves (MDX's provider, under
 *   1 kB): in the engine's file it made reading a day's schema, which shares the lesson's file, wait for
 *   the whole engine to run (measured in docs/decisions/011-first-visit-javascript.md);
 * - `lesson-engine`: the day's page (the module of the route table's `SIGNED_IN_PAGE_MODULES.day`);
 * - `day-{n}`: a day's lesson with its schema.
 *
 * A group takes its modules and, as Rolldown does by default, every module they import without
 * `import()` that a group of higher priority has not taken: the engine's widgets join the day's page
 * through the component map, whatever their files are called, while a widget the component map imports
 * with `import()` (its manifest says `"loading": "lazy"`) stays a file of its own. Which modules a route
 * loads comes from the route table, run in Node (scripts/route-preloads/route-modules.ts); the lazy
 * imports from the collector that reads them (the same file). The plugin notes the import graph as the
 * build reads it, and lists the modules imported with `import()` that share a group's file in
 * {@link GROUPED_ENTRIES_FILE}, and each group's modules in {@link CHUNK_GROUPS_FILE}.
 *
 * @param options.lazyImports - the app's lazy imports by binding, complete once the build has read its modules
 * @param options.routeModulesOf - the modules each route loads at once, relative to `root`; by default
 *   from the route table run in Node (tests give their own)
 * @returns `groups` for the config and `plugin` for its plugins; both are needed
 * @throws (fails the build) when the route table needs a lazy import the app does not declare
 */
export function chunkGroups({
  lazyImports,
  routeModulesOf = async (root, imports) => routeModules(await loadRoutes(root, [publishedDays(root, { drafts: false })]), imports),
}: {
  lazyImports: () => LazyImports;
  routeModulesOf?: (root: string, lazyImports: LazyImports) => Promise<Record<string, string[]>>;
}): { groups: ChunkGroup[]; plugin: Plugin } {
  const importedLater = new Set<string>();
  const staticImports = new Map<string, readonly string[]>();
  let root = process.cwd();
  /** Filled at the end of the build's reading, before Rolldown forms the groups. */
  const graph = { signedInRoutes: '', dayPage: '', openDay: '', frame: new Set<string>(), lessonImports: new Set<string>() };
  const inFolder = (id: string, folder: string) => id.startsWith(`${root}/${folder}/`);
  return {
    groups: [
      { name: 'start', tags: ['$initial'], priority: 4 },
      { name: 'frame', test: (id) => id === graph.signedInRoutes || graph.frame.has(id), priority: 3 },
      { name: 'open-day', test: (id) => id === graph.openDay || graph.lessonImports.has(id), priority: 2 },
      { name: 'lesson-engine', test: (id) => id === graph.dayPage, priority: 1 },
      { name: (id) => (DAY_FOLDERS.some((folder) => inFolder(id, folder)) ? dayOfFile(basename(id)) : null), priority: 0 },
    ],
    plugin: {
      name: 'helix-chunk-groups',
      apply: 'build',
      configResolved(config) {
        root = config.root;
      },
      moduleParsed(info) {
        for (const id of info.dynamicallyImportedIds) importedLater.add(id);
        staticImports.set(info.id, info.importedIds);
      },
      async buildEnd(error) {
        // Only the app's own build: the service worker's and Storybook's read no index.html and load no route.
        if (error || !this.getModuleInfo(`${root}/index.html`)) return;
        const imports = lazyImports();
        const absolute = (binding: string) => `${root}/${imports[binding]}`;
        graph.signedInRoutes = absolute('SIGNED_IN_APP');
        graph.dayPage = absolute('SIGNED_IN_PAGE_MODULES.day');
        graph.openDay = `${root}/${OPEN_DAY}`;
        const routes = await routeModulesOf(root, imports);
        const loadedByRoutes = new Set(Object.values(routes).flatMap((modules) => modules.map((module) => `${root}/${module}`)));
        for (const id of staticallyReached(loadedByRoutes, staticImports))
          if (inFolder(id, FRAME_FOLDER) && !importedLater.has(id)) graph.frame.add(id);
        const lessons = [...staticImports.keys()].filter((id) => inFolder(id, 'content/days'));
        for (const id of staticallyReached(lessons.flatMap((lesson) => staticImports.get(lesson) ?? []), staticImports)) graph.lessonImports.add(id);
      },
      generateBundle(_options, bundle) {
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const entries = groupedEntries(chunks, importedLater, root);
        this.emitFile({ type: 'asset', fileName: GROUPED_ENTRIES_FILE, source: `${JSON.stringify(entries, null, 2)}\n` });
        const groupNames = new Set(['frame', 'open-day', 'lesson-engine']);
        const groupModules = Object.fromEntries(
          chunks
            // A file named after a group but made of a module imported with a query (a lesson's peeks,
            // `day-1.mdx?peek`, named `day-1` by Rolldown) is not that group.
            .filter(({ facadeModuleId }) => !facadeModuleId?.includes('?'))
            .filter(({ name, isEntry }) => isEntry || groupNames.has(name) || dayOfFile(`${name}.mdx`) !== null)
            .map(({ name, isEntry, moduleIds }) => [isEntry ? 'start' : name, moduleIds.map((id) => listedName(id, root)).sort()]),
        );
        this.emitFile({ type: 'asset', fileName: CHUNK_GROUPS_FILE, source: `${JSON.stringify(groupModules, null, 2)}\n` });
      },
    },
  };
}

/**
 * Where the build lists each group's modules, relative to the build folder; shape `{ [group]: module[] }`,
 * modules relative to the project's folder (a virtual module by its name), sorted, e.g.
 * `{ "day-1": ["content/days/day-1.mdx", "schemas/day-1.schema.json"] }`. Reviewers read it; the added-day
 * check (scripts/added-day-check.ts) compares it across a rename.
 */
export const CHUNK_GROUPS_FILE = '.vite/chunk-groups.json';

/**
 * A module as {@link CHUNK_GROUPS_FILE} lists it: a virtual module by its name, a package's file from its
 * last `node_modules/` (wherever the packages are installed), any other relative to `root`.
 */
function listedName(id: string, root: string): string {
  if (id.startsWith('\0')) return id.slice(1);
  const packageAt = id.lastIndexOf('/node_modules/');
  return packageAt === -1 ? relative(root, id) : id.slice(packageAt + 1);
}

/** `day-{n}` for a day's lesson or schema file name (`day-3.mdx`, `day-3.schema.json`), else null. */
function dayOfFile(name: string): string | null {
  const day = LESSON_FILE.exec(name)?.[1] ?? SCHEMA_FILE.exec(name)?.[1];
  return day === undefined ? null : `day-${Number(day)}`;
}

/**
 * Every module that `from` reaches through static imports alone, `from` included.
 *
 * @param from - absolute module ids
 * @param staticImports - each module's static imports, as the build read them
 */
export function staticallyReached(from: Iterable<string>, staticImports: ReadonlyMap<string, readonly string[]>): Set<string> {
  const reached = new Set<string>();
  const pending = [...from];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...(staticImports.get(id) ?? []));
  }
  return reached;
}

/** A chunk of the build's output, as much of it as {@link groupedEntries} reads. */
interface BuiltChunk {
  fileName: string;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
}

/**
 * The modules imported with `import()` that share a file with other code, each with the manifest key of
 * that file: the path of the module the file stands for, or for a group's file, which stands for none,
 * `_{file name}` (as Vite's manifest keys it).
 *
 * @param chunks - the build's chunks
 * @param importedLater - every module imported with `import()`, by absolute path
 * @param root - the project's folder, which manifest keys are relative to
 * @returns `{ [module]: manifestKey }`, modules relative to `root`, e.g. `{ "src/days/DayPage.tsx": "_lesson-engine-Ab12.js" }`
 */
export function groupedEntries(chunks: readonly BuiltChunk[], importedLater: ReadonlySet<string>, root: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const chunk of chunks) {
    const key = chunk.facadeModuleId === null ? `_${basename(chunk.fileName)}` : relative(root, chunk.facadeModuleId);
    for (const id of chunk.moduleIds) if (importedLater.has(id) && id !== chunk.facadeModuleId) entries[relative(root, id)] = key;
  }
  return entries;
}
