/**
 * Which files the app's code is split into: a few, each holding what a page needs first, with code
 * loaded on use kept apart (docs/decisions/011-first-visit-javascript.md, "A day in five files").
 */
import { basename, relative } from 'node:path';
import process from 'node:process';
import type { Plugin } from 'vite';
import { GROUPED_ENTRIES_FILE } from '../route-assets.js';

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

/**
 * The signed-in frame: the route guard and the signed-in routes' table (src/SignedInApp.tsx), the bar,
 * the menus' triggers, the inbox's count and the page titles (src/layout/), which every signed-in page
 * and the home page draw.
 */
const FRAME = /\/src\/(?:SignedInApp\.tsx|auth\/RequireAuth\.tsx|layout\/|site\/days\.ts|api\/site-endpoints\.ts|days\/LessonLink\.tsx)|^\0virtual:day-titles$/;

/**
 * The lesson engine and a day's page: the widgets, the answers form, and the libraries only they use
 * (react-hook-form). The answers session, the drafts and normalisation match too, but `open-day`, of
 * higher priority, takes them first with the module that imports them.
 */
const LESSON_ENGINE = /\/engine\/|\/src\/days\/(?:DayPage|Lesson|day-answers|registry)\.|\/node_modules\/(?:react-hook-form|idb-keyval|immer)\/|^\0virtual:lesson-widgets$/;

/**
 * What opening a day takes (src/days/open-day.ts): the answers session, the drafts, normalisation; and
 * MDX's provider (@mdx-js/react, under 1 kB), the one module a day's lesson file imports besides React:
 * in `lesson-engine`, it made reading a day's schema, which shares the lesson's file, wait for the whole
 * engine to run (about 200 ms at 4x CPU on a day's first visit).
 */
const OPEN_DAY = /\/src\/days\/open-day\.ts$|\/node_modules\/@mdx-js\/react\//;

/** A day's lesson and schema, one file per day named `day-{n}`. */
const DAY = /\/(?:content\/days|schemas)\/(day-\d+)\.(?:mdx|schema\.json)$/;

/**
 * Modules imported with `import()` that go into their group all the same: every page that loads the
 * group renders them at once (the signed-in routes' table; a day's page).
 */
const LOADED_WITH_THEIR_GROUP = /\/src\/(?:SignedInApp|days\/DayPage)\.tsx$/;

/**
 * Modules of those folders that only code loaded later imports: the logout dialog, which the account
 * menu (itself loaded on use) opens. In a group they would drag their library (Radix Dialog) into the
 * page's first download.
 */
const ONLY_IMPORTED_LATER = /\/src\/layout\/LogoutDialog\.tsx$/;

/**
 * The groups, for `build.rolldownOptions.output.codeSplitting.groups` in `vite.config.ts`, with the
 * plugin they need. Left to itself, Rolldown gave every set of modules that the same lazy chunks share a
 * file of its own: a day was 23 files, half of them under 1 kB gzipped, each compressed apart. Over a
 * school's Wi-Fi each file costs a round trip, and HTTP/1.1 asks for at most 6 at once. With these groups
 * a day is 5 files: the start-up file (`start`), the signed-in frame (`frame`), what opening a day takes
 * (`open-day`: the answers session, the drafts, normalisation), which a preload imports on its own so
 * that the day opens while the rest downloads, the widgets with the day's page (`lesson-engine`), and the
 * day's lesson with its schema (`day-{n}`).
 *
 * A module that some code imports with `import()` goes into no group, unless it is one of
 * {@link LOADED_WITH_THEIR_GROUP}, a day's lesson or schema, or src/days/open-day.ts (its group's own):
 * what loads on use (a dialog's content, the drag layer, another page, the account menu) stays a file of
 * its own. The plugin notes those modules as the build reads them, before Rolldown forms the groups, and
 * lists the ones in a group's file in {@link GROUPED_ENTRIES_FILE}.
 *
 * A widget whose manifest says `"loading": "lazy"` (scripts/widget-manifest/manifest.ts) stays out of the
 * lesson engine's file with everything in its folder: the component map imports it with `import()`, and
 * its folder's other modules would otherwise join the engine.
 *
 * @param options.lazyWidgetFolders - absolute folders of the lazily loaded widgets
 * @returns `groups` for the config and `plugin` for its plugins; both are needed
 */
export function chunkGroups({ lazyWidgetFolders = [] }: { lazyWidgetFolders?: readonly string[] } = {}): { groups: ChunkGroup[]; plugin: Plugin } {
  const importedLater = new Set<string>();
  let root = process.cwd();
  const inLazyWidget = (id: string) => lazyWidgetFolders.some((folder) => id.startsWith(`${folder}/`));
  const grouped = (pattern: RegExp) => (id: string) =>
    pattern.test(id) && !ONLY_IMPORTED_LATER.test(id) && !inLazyWidget(id) && (!importedLater.has(id) || LOADED_WITH_THEIR_GROUP.test(id));
  return {
    groups: [
      // What every page runs first, in one file: React, react-dom, the router and the app's start-up code.
      { name: 'start', tags: ['$initial'], priority: 4 },
      { name: 'frame', test: grouped(FRAME), priority: 3 },
      { name: 'open-day', test: (id) => OPEN_DAY.test(id), priority: 2 },
      { name: 'lesson-engine', test: grouped(LESSON_ENGINE), priority: 1 },
      { name: (id) => DAY.exec(id)?.[1] ?? null, priority: 0 },
    ],
    plugin: {
      name: 'helix-chunk-groups',
      apply: 'build',
      configResolved(config) {
        root = config.root;
      },
      moduleParsed(info) {
        for (const id of info.dynamicallyImportedIds) importedLater.add(id);
      },
      generateBundle(_options, bundle) {
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const entries = groupedEntries(chunks, importedLater, root);
        this.emitFile({ type: 'asset', fileName: GROUPED_ENTRIES_FILE, source: `${JSON.stringify(entries, null, 2)}\n` });
      },
    },
  };
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
