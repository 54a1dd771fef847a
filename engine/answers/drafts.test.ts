import { clear, createStore } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import { DRAFTS_DATABASE, forgetSavedCopies, openDraftStore } from './drafts.ts';

const draft = (text: string, editedAt: number) => ({ answers: { note: text }, base: { note: '' }, baseRevision: 1, editedAt });

describe('openDraftStore (issue 6, "Local drafts")', () => {
  beforeEach(async () => {
    await clear(createStore(DRAFTS_DATABASE, 'drafts'));
  });

  it('keeps a draft on the device for a later page of the same student and day', async () => {
    await openDraftStore('student-1/day-1', 'tab-a').write(draft('typed offline', 10));
    const later = openDraftStore('student-1/day-1', 'tab-b');
    expect(await later.list()).toEqual([{ id: 'tab-a', ...draft('typed offline', 10) }]);
  });

  it('never shows one student the drafts of another on the same device', async () => {
    await openDraftStore('student-1/day-1', 'tab-a').write(draft('first student', 10));
    expect(await openDraftStore('student-2/day-1').list()).toEqual([]);
    expect(await openDraftStore('student-1/day-2').list()).toEqual([]);
    expect(await openDraftStore('student-11/day-1').list()).toEqual([]);
  });

  it('keeps one draft per tab, so two tabs never overwrite each other, listed oldest edit first', async () => {
    await openDraftStore('student-1/day-1', 'tab-b').write(draft('tab b', 20));
    await openDraftStore('student-1/day-1', 'tab-a').write(draft('tab a', 10));
    expect((await openDraftStore('student-1/day-1').list()).map((each) => each.answers.note)).toEqual(['tab a', 'tab b']);
  });

  it('stores the latest of quick writes', async () => {
    const store = openDraftStore('student-1/day-1', 'tab-a');
    await Promise.all(['a', 'ab', 'abc'].map((text, index) => store.write(draft(text, index))));
    expect((await store.list()).map((each) => each.answers.note)).toEqual(['abc']);
  });

  it('keeps a write made after a removal (the removal does not swallow it)', async () => {
    const store = openDraftStore('student-1/day-1', 'tab-a');
    void store.write(draft('saved', 1));
    void store.remove(['tab-a']);
    await store.write(draft('typed after the save', 2));
    expect((await store.list()).map((each) => each.answers.note)).toEqual(['typed after the save']);
  });

  it('removes only the drafts named', async () => {
    await openDraftStore('student-1/day-1', 'tab-a').write(draft('a', 1));
    await openDraftStore('student-1/day-1', 'tab-b').write(draft('b', 2));
    await openDraftStore('student-1/day-1', 'tab-c').remove(['tab-a']);
    expect((await openDraftStore('student-1/day-1').list()).map((each) => each.id)).toEqual(['tab-b']);
  });

  describe('the copy of the server\'s answers', () => {
    const copy = (text: string, revision: number) => ({ answers: { note: text }, revision, savedAt: 1_000 * revision });

    it('is kept per student and day, apart from the drafts', async () => {
      await openDraftStore('student-1/day-1', 'tab-a').writeSaved(copy('loaded', 3));
      expect(await openDraftStore('student-1/day-1', 'tab-b').readSaved()).toEqual(copy('loaded', 3));
      expect(await openDraftStore('student-1/day-1').list()).toEqual([]);
      expect(await openDraftStore('student-2/day-1').readSaved()).toBeNull();
      expect(await openDraftStore('student-1/day-2').readSaved()).toBeNull();
    });

    it('is forgotten for one student at logout, while their drafts and other students\' copies stay', async () => {
      await openDraftStore('student-1/day-1', 'tab-a').writeSaved(copy('first student', 1));
      await openDraftStore('student-1/day-1', 'tab-a').write(draft('not yet on the server', 5));
      await openDraftStore('student-11/day-1', 'tab-a').writeSaved(copy('another student', 2));
      await forgetSavedCopies('student-1/');
      expect(await openDraftStore('student-1/day-1').readSaved()).toBeNull();
      expect((await openDraftStore('student-1/day-1').list()).map((each) => each.answers.note)).toEqual(['not yet on the server']);
      expect(await openDraftStore('student-11/day-1').readSaved()).toEqual(copy('another student', 2));
    });
  });
});
