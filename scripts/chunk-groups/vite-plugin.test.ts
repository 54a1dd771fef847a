import { describe, expect, it } from 'vitest';
import { chunkGroups, groupedEntries, staticallyReached } from './vite-plugin.ts';

const ROOT = '/repo';

/** The file a module goes into, by group name; `undefined` when no group takes it (Rolldown then places it). */
function groupOf(groups: ReturnType<typeof chunkGroups>['groups'], id: string): string | undefined {
  for (const group of [...groups].sort((a, b) => b.priority - a.priority)) {
    if (group.tags) continue; // `$initial` depends on the entry's imports, not on the path.
    if (typeof group.name === 'function') {
      const name = group.name(id);
      if (name) return name;
    } else if (group.test?.(id)) return group.name;
  }
  return undefined;
}

/** A module as the build reads it: its static imports and those it makes with `import()`, by absolute path. */
interface ReadModule {
  id: string;
  importedIds?: string[];
  dynamicallyImportedIds?: string[];
}

const at = (path: string) => `${ROOT}/${path}`;

/** The lazy imports of a small app: the signed-in routes, a day's page, a student page and its frame, the home page. */
const LAZY_IMPORTS = {
  SIGNED_IN_APP: 'src/SignedInApp.tsx',
  SIGNED_IN_LAYOUT: 'src/layout/SignedInLayout.tsx',
  'SIGNED_IN_PAGE_MODULES.day': 'src/days/DayPage.tsx',
  'SIGNED_IN_PAGE_MODULES.inbox': 'src/pages/InboxPage.tsx',
  'PUBLIC_PAGE_MODULES.home': 'src/pages/HomePage.tsx',
};

/** Its routes' modules, as scripts/route-preloads/route-modules.ts derives them. */
const ROUTE_MODULES = {
  '/': ['src/pages/HomePage.tsx'],
  '/inbox': ['src/SignedInApp.tsx', 'src/pages/InboxPage.tsx', 'src/layout/SignedInLayout.tsx'],
  '/sections/day-1': ['src/SignedInApp.tsx', 'src/days/DayPage.tsx', 'content/days/day-1.mdx', 'schemas/day-1.schema.json'],
};

/** Runs the plugin's hooks over `modules` as a build would, and answers the groups, ready for Rolldown. */
async function groupsAfterReading(modules: ReadModule[]): Promise<ReturnType<typeof chunkGroups>['groups']> {
  const { groups, plugin } = chunkGroups({ lazyImports: () => LAZY_IMPORTS, routeModulesOf: () => Promise.resolve(ROUTE_MODULES) });
  (plugin.configResolved as (config: { root: string }) => void)({ root: ROOT });
  const read = new Map(modules.map((module) => [module.id, module]));
  for (const { id, importedIds = [], dynamicallyImportedIds = [] } of modules)
    (plugin.moduleParsed as (info: Required<ReadModule>) => void)({ id, importedIds, dynamicallyImportedIds });
  await (plugin.buildEnd as (this: { getModuleInfo: (id: string) => unknown }, error?: Error) => Promise<void>).call({ getModuleInfo: (id) => read.get(id) ?? null }, undefined);
  return groups;
}

/** A small app's import graph: index.html's entry imports the route table, which imports the pages with import(). */
const APP: ReadModule[] = [
  { id: at('index.html'), importedIds: [at('src/main.tsx')] },
  { id: at('src/main.tsx'), dynamicallyImportedIds: [at('src/SignedInApp.tsx'), at('src/pages/HomePage.tsx'), at('src/days/open-day.ts')] },
  { id: at('src/SignedInApp.tsx'), importedIds: [at('src/auth/RequireAuth.tsx')], dynamicallyImportedIds: [at('src/days/DayPage.tsx'), at('src/pages/InboxPage.tsx'), at('src/layout/SignedInLayout.tsx')] },
  { id: at('src/pages/HomePage.tsx'), importedIds: [at('src/layout/SiteHeader.tsx'), at('src/layout/LessonLink.tsx')] },
  { id: at('src/layout/SiteHeader.tsx'), importedIds: [at('src/layout/NavMenu.tsx')] },
  { id: at('src/layout/NavMenu.tsx'), dynamicallyImportedIds: [at('src/layout/menus.tsx')] },
  { id: at('src/layout/menus.tsx'), importedIds: [at('src/layout/LogoutDialog.tsx')] },
  { id: at('src/layout/SignedInLayout.tsx'), importedIds: [at('src/layout/SiteHeader.tsx')] },
  { id: at('src/days/DayPage.tsx'), importedIds: [at('src/layout/SiteHeader.tsx'), at('engine/mdx-components.ts')] },
  { id: at('engine/mdx-components.ts'), importedIds: [at('engine/widgets/free-text/FreeText.tsx')], dynamicallyImportedIds: [at('engine/widgets/atlas-viewer/index.ts')] },
  { id: at('src/days/open-day.ts'), importedIds: [at('engine/answers/session.ts')] },
  { id: at('content/days/day-1.mdx'), importedIds: [at('node_modules/@mdx-js/react/index.js')] },
  { id: at('node_modules/@mdx-js/react/index.js'), importedIds: [at('node_modules/@mdx-js/react/lib/index.js')] },
];

describe('chunkGroups', () => {
  it("puts the signed-in routes, and the frame's modules a route's page imports, in the frame", async () => {
    const groups = await groupsAfterReading(APP);
    expect(groupOf(groups, at('src/SignedInApp.tsx'))).toBe('frame');
    expect(groupOf(groups, at('src/layout/SiteHeader.tsx'))).toBe('frame');
    expect(groupOf(groups, at('src/layout/NavMenu.tsx'))).toBe('frame');
    expect(groupOf(groups, at('src/layout/LessonLink.tsx'))).toBe('frame');
  });

  it('leaves out of the frame what only code loaded on use imports: the account menu and its logout dialog, a student page\'s own frame', async () => {
    const groups = await groupsAfterReading(APP);
    expect(groupOf(groups, at('src/layout/menus.tsx'))).toBeUndefined();
    expect(groupOf(groups, at('src/layout/LogoutDialog.tsx'))).toBeUndefined();
    expect(groupOf(groups, at('src/layout/SignedInLayout.tsx'))).toBeUndefined();
  });

  it("starts the engine's file at the day's page, whose widgets join it by import, and keeps a page of its own apart", async () => {
    const groups = await groupsAfterReading(APP);
    expect(groupOf(groups, at('src/days/DayPage.tsx'))).toBe('lesson-engine');
    // Rolldown adds what the day's page imports statically: the widgets, whatever their files are named.
    expect(groupOf(groups, at('engine/widgets/free-text/FreeText.tsx'))).toBeUndefined();
    expect(groupOf(groups, at('src/pages/InboxPage.tsx'))).toBeUndefined();
  });

  it('puts what opening a day takes, and what the lessons import themselves, in open-day', async () => {
    const groups = await groupsAfterReading(APP);
    expect(groupOf(groups, at('src/days/open-day.ts'))).toBe('open-day');
    expect(groupOf(groups, at('node_modules/@mdx-js/react/lib/index.js'))).toBe('open-day');
  });

  it("puts each day's lesson and schema in a file named after the day", async () => {
    const groups = await groupsAfterReading(APP);
    expect(groupOf(groups, at('content/days/day-3.mdx'))).toBe('day-3');
    expect(groupOf(groups, at('schemas/day-3.schema.json'))).toBe('day-3');
    expect(groupOf(groups, at('content/sections/vocabulary.mdx'))).toBeUndefined();
  });

  it("forms no groups but the entry's in a build that reads no index.html (the service worker's, Storybook's)", async () => {
    const groups = await groupsAfterReading(APP.filter(({ id }) => id !== at('index.html')));
    expect(groupOf(groups, at('src/SignedInApp.tsx'))).toBeUndefined();
    expect(groupOf(groups, at('src/layout/SiteHeader.tsx'))).toBeUndefined();
  });
});

describe('staticallyReached', () => {
  it('follows static imports only, through cycles', () => {
    const imports = new Map([
      ['a', ['b']],
      ['b', ['c', 'a']],
      ['d', ['a']],
    ]);
    expect([...staticallyReached(['a'], imports)].sort()).toEqual(['a', 'b', 'c']);
  });
});

describe('groupedEntries', () => {
  it("gives each module imported with import() inside a group's file the manifest key of that file", () => {
    const chunks = [
      { fileName: 'assets/lesson-engine-Ab12.js', facadeModuleId: null, moduleIds: [`${ROOT}/engine/a.ts`, `${ROOT}/src/days/DayPage.tsx`] },
      { fileName: 'assets/open-day-Cd34.js', facadeModuleId: `${ROOT}/src/days/open-day.ts`, moduleIds: [`${ROOT}/src/days/open-day.ts`, `${ROOT}/src/days/registry.ts`] },
      { fileName: 'assets/menus-Ef56.js', facadeModuleId: `${ROOT}/src/layout/menus.tsx`, moduleIds: [`${ROOT}/src/layout/menus.tsx`] },
    ];
    const importedLater = new Set([`${ROOT}/src/days/DayPage.tsx`, `${ROOT}/src/days/open-day.ts`, `${ROOT}/src/days/registry.ts`, `${ROOT}/src/layout/menus.tsx`]);
    expect(groupedEntries(chunks, importedLater, ROOT)).toEqual({
      'src/days/DayPage.tsx': '_lesson-engine-Ab12.js',
      'src/days/registry.ts': 'src/days/open-day.ts',
    });
  });
});
