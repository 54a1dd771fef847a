import { describe, expect, it } from 'vitest';
import { chunkGroups } from './vite-plugin.ts';

const ROOT = '/repo';

/** The group a module goes into, by name; `undefined` when none takes it (Rolldown then places it). */
function groupOf(groups: ReturnType<typeof chunkGroups>['groups'], id: string): string | undefined {
  return groups
    .filter((group) => group.test?.(id))
    .sort((a, b) => b.priority - a.priority)
    .at(0)?.name;
}

/** What the plugin notes of a module the build has read: the modules it imports with `import()`. */
function parsed(plugin: ReturnType<typeof chunkGroups>['plugin'], dynamicallyImportedIds: string[]): void {
  const hook = plugin.moduleParsed as (info: { dynamicallyImportedIds: string[] }) => void;
  hook({ dynamicallyImportedIds });
}

describe('chunkGroups', () => {
  it('puts the lesson engine and its libraries in one file, and the signed-in frame in another', () => {
    const { groups } = chunkGroups();
    expect(groupOf(groups, `${ROOT}/engine/widgets/free-text/FreeText.tsx`)).toBe('lesson-engine');
    expect(groupOf(groups, `${ROOT}/engine/answers/session.ts`)).toBe('lesson-engine');
    expect(groupOf(groups, `${ROOT}/node_modules/react-hook-form/dist/index.esm.mjs`)).toBe('lesson-engine');
    expect(groupOf(groups, `${ROOT}/src/days/registry.ts`)).toBe('lesson-engine');
    expect(groupOf(groups, `${ROOT}/src/layout/TopNav.tsx`)).toBe('frame');
    expect(groupOf(groups, `${ROOT}/src/days/LessonLink.tsx`)).toBe('frame');
    expect(groupOf(groups, `${ROOT}/node_modules/@dnd-kit/core/dist/core.esm.js`)).toBeUndefined();
    expect(groupOf(groups, `${ROOT}/src/pages/StudentProfilePage.tsx`)).toBeUndefined();
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

  it('leaves out the logout dialog, which only the account menu loaded on use imports', () => {
    const { groups } = chunkGroups();
    expect(groupOf(groups, `${ROOT}/src/layout/LogoutDialog.tsx`)).toBeUndefined();
  });

  it('keeps what one build noted out of another build', () => {
    const first = chunkGroups();
    parsed(first.plugin, [`${ROOT}/engine/widgets/order-steps/sortable.tsx`]);
    expect(groupOf(chunkGroups().groups, `${ROOT}/engine/widgets/order-steps/sortable.tsx`)).toBe('lesson-engine');
  });
});
