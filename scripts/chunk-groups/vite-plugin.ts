/**
 * Which files the app's code is split into: a few, each holding what a page needs first, and code loaded
 * on use kept apart (docs/decisions/011-first-visit-javascript.md, "A day in eight files").
 */
import type { Plugin } from 'vite';

/** A group of modules that Rolldown puts into one file (`build.rolldownOptions.output.codeSplitting.groups`). */
export interface ChunkGroup {
  name: string;
  /** Modules in `$initial` (what the entry imports statically) go in whatever the module's path. */
  tags?: ['$initial'];
  /** Whether a module, by absolute path, goes in. */
  test?: (id: string) => boolean;
  /** The highest priority takes a module that two groups would both take. */
  priority: number;
}

/**
 * The signed-in frame: the bar, the menus' triggers, the inbox's count and the page titles, which every
 * signed-in page and the home page draw (src/layout/, src/SignedInApp.tsx's guard).
 */
const FRAME = /\/src\/(?:auth\/RequireAuth\.tsx|layout\/|site\/days\.ts|api\/site-endpoints\.ts|days\/LessonLink\.tsx)/;

/**
 * The lesson engine and what a day's page draws it with: the widgets, the answers form and session, the
 * drafts, normalisation, and the libraries they use (react-hook-form, immer, idb-keyval, MDX's provider).
 */
const LESSON_ENGINE = /\/engine\/|\/src\/days\/(?:Lesson|day-answers|registry)\.|\/node_modules\/(?:react-hook-form|idb-keyval|immer|@mdx-js\/react)\//;

/**
 * Modules of those folders that only code loaded later imports: the logout dialog, which the account
 * menu (itself loaded on use) opens. In a group they would drag their libraries (Radix Dialog) into the
 * page's first download. Modules imported with `import()` are left out without being named here.
 */
const ONLY_IMPORTED_LATER = /\/src\/layout\/LogoutDialog\.tsx$/;

/**
 * The groups, for `build.rolldownOptions.output.codeSplitting.groups` in `vite.config.ts`, with the
 * plugin they need. Left to itself, Rolldown gave every set of modules that the same lazy chunks share a
 * file of its own: a day was 23 files, half of them under 1 kB gzipped, each compressed apart. Over a
 * school's Wi-Fi each file costs a round trip, and HTTP/1.1 asks for at most 6 at once, so a day's code
 * arrived in four rounds. With these groups a day is 8 files: the start-up file, the frame, the lesson
 * engine, the day's lesson and its schema, and the three modules that a route or a preload imports with
 * `import()` (src/SignedInApp.tsx, src/days/DayPage.tsx, src/days/open-day.ts).
 *
 * A module that some code imports with `import()` never goes into a group, so what loads on use (a
 * dialog's content, the drag layer, another page) stays a file of its own: the plugin notes those
 * modules as the build reads them, before Rolldown forms the groups.
 *
 * @returns `groups` for the config and `plugin` for its plugins; both are needed
 */
export function chunkGroups(): { groups: ChunkGroup[]; plugin: Plugin } {
  const importedLater = new Set<string>();
  const grouped = (pattern: RegExp) => (id: string) => pattern.test(id) && !ONLY_IMPORTED_LATER.test(id) && !importedLater.has(id);
  return {
    groups: [
      // What every page runs first, in one file: React, react-dom, the router and the app's start-up code.
      { name: 'start', tags: ['$initial'], priority: 3 },
      { name: 'frame', test: grouped(FRAME), priority: 2 },
      { name: 'lesson-engine', test: grouped(LESSON_ENGINE), priority: 1 },
    ],
    plugin: {
      name: 'helix-chunk-groups',
      apply: 'build',
      moduleParsed(info) {
        for (const id of info.dynamicallyImportedIds) importedLater.add(id);
      },
    },
  };
}
