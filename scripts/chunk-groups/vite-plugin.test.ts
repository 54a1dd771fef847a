import { describe, expect, it } from 'vitest';
import { chunkGroups, groupedEntries } from './vite-plugin.ts';

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

/** What the plugin notes of a module the build has read: the modules it imports with `import()`. */
function parsed(plugin: ReturnType<typeof chunkGroups>['plugin'], dynamicallyImportedIds: string[]): void {
  const hook = plugin.moduleParsed as (info: { dynamicallyImportedIds: string[] }) => void;
  hook({ dynamicallyImportedIds });
}

describe('chunkGroups', () => {
  it('puts the widgets, the answers session, the frame and each day in a file of their own', () => {
    const { groups } = chunkGroups();
    expect(groupOf(groups, `${ROOT}/engine/widgets/free-text/FreeText.tsx`)).toBe('lesson-engine');
    expect(groupOf(groups, `${ROOT}/node_modules/react-hook-form/dist/index.esm.mjs`)).toBe('lesson-engine');
    expect(groupOf(groups, `${ROOT}/src/days/open-day.ts`)).toBe('open-day');
    // The one module a lesson file imports besides React: with the answers session, so that reading a
    // day's schema (in the lesson's file) never waits for the whole engine to run.
    expect(groupOf(groups, `${ROOT}/node_modules/@mdx-js/react/lib/index.js`)).toBe('open-day');
    expect(groupOf(groups, `${ROOT}/src/layout/TopNav.tsx`)).toBe('frame');
    expect(groupOf(groups, `${ROOT}/src/days/LessonLink.tsx`)).toBe('frame');
    expect(groupOf(groups, `${ROOT}/content/days/day-3.mdx`)).toBe('day-3');
    expect(groupOf(groups, `${ROOT}/schemas/day-3.schema.json`)).toBe('day-3');
    expect(groupOf(groups, `${ROOT}/node_modules/@dnd-kit/core/dist/core.esm.js`)).toBeUndefined();
    expect(groupOf(groups, `${ROOT}/src/pages/StudentProfilePage.tsx`)).toBeUndefined();
    expect(groupOf(groups, `${ROOT}/content/sections/vocabulary.mdx`)).toBeUndefined();
  });

  it("leaves a widget whose manifest says it loads lazily out of the engine's file, with its whole folder", () => {
    const { groups, plugin } = chunkGroups({ lazyWidgetFolders: [`${ROOT}/engine/widgets/atlas-viewer`] });
    parsed(plugin, [`${ROOT}/engine/widgets/atlas-viewer/index.ts`]);
    expect(groupOf(groups, `${ROOT}/engine/widgets/atlas-viewer/index.ts`)).toBeUndefined();
    expect(groupOf(groups, `${ROOT}/engine/widgets/atlas-viewer/AtlasViewer.tsx`)).toBeUndefined();
    expect(groupOf(groups, `${ROOT}/engine/widgets/atlas-viewer-extras/Other.tsx`)).toBe('lesson-engine');
    expect(groupOf(groups, `${ROOT}/engine/widgets/free-text/FreeText.tsx`)).toBe('lesson-engine');
  });

  it('leaves out a module that some code imports with import(), once the build has read that code', () => {
    const { groups, plugin } = chunkGroups();
    const dialogContent = `${ROOT}/engine/widgets/overlay/OverlayDialogContent.tsx`;
    const layout = `${ROOT}/src/layout/SignedInLayout.tsx`;
    parsed(plugin, [dialogContent, layout]);
    expect(groupOf(groups, dialogContent)).toBeUndefined();
    expect(groupOf(groups, layout)).toBeUndefined();
    expect(groupOf(groups, `${ROOT}/engine/widgets/overlay/OverlayDialog.tsx`)).toBe('lesson-engine');
  });

  it("keeps the day's page and the signed-in routes in their group, though the router imports them with import()", () => {
    const { groups, plugin } = chunkGroups();
    parsed(plugin, [`${ROOT}/src/days/DayPage.tsx`, `${ROOT}/src/SignedInApp.tsx`]);
    expect(groupOf(groups, `${ROOT}/src/days/DayPage.tsx`)).toBe('lesson-engine');
    expect(groupOf(groups, `${ROOT}/src/SignedInApp.tsx`)).toBe('frame');
  });

  it('leaves out the logout dialog, which only the account menu loaded on use imports', () => {
    const { groups } = chunkGroups();
    expect(groupOf(groups, `${ROOT}/src/layout/LogoutDialog.tsx`)).toBeUndefined();
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
