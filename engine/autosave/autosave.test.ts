import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mergeAnswers } from '../schema/merge.ts';
import { createAutosave, waitForPendingSaves, type ConfirmedSave, type SaveAnswers } from './autosave.ts';
import type { DraftStore } from './drafts.ts';
import { OfflineError, RevisionConflictError } from './save-errors.ts';

/** A save whose promise the test settles by hand. */
function controlledSave() {
  const calls: { answers: unknown; silent: boolean; resolve: (confirmed?: ConfirmedSave) => void; reject: (error: Error) => void }[] = [];
  const save = vi.fn<SaveAnswers>(
    (answers, { silent }) =>
      new Promise<ConfirmedSave | void>((resolve, reject) => {
        calls.push({ answers: structuredClone(answers), silent, resolve, reject });
      }),
  );
  return { save, calls };
}

describe('autosave', () => {
  let answers: { text: string };

  beforeEach(() => {
    vi.useFakeTimers();
    answers = { text: '' };
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(savedAt: Date | null = null) {
    const { save, calls } = controlledSave();
    const autosave = createAutosave({ getAnswers: () => answers, save, savedAt });
    const edit = (text: string) => {
      answers = { text };
      autosave.edit();
    };
    return { autosave, save, calls, edit };
  }

  describe('before any edit', () => {
    it('is clean, not saving, and has no save time unless one was loaded', () => {
      expect(setup().autosave.getState()).toEqual({ dirty: false, saving: false, savedAt: null, failure: null, onDevice: false });
      const loadedAt = new Date('2026-11-22T09:30:00Z');
      expect(setup(loadedAt).autosave.getState().savedAt).toBe(loadedAt);
    });

    it('never saves on its own', async () => {
      const { save } = setup();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(save).not.toHaveBeenCalled();
    });
  });

  describe('after an edit', () => {
    it('is dirty at once and saves silently 2 s after the first edit (regression: the original module skipped the first edit)', async () => {
      const { autosave, save, edit } = setup();
      edit('a');
      expect(autosave.getState().dirty).toBe(true);
      await vi.advanceTimersByTimeAsync(1_999);
      expect(save).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(save).toHaveBeenCalledTimes(1);
      expect(save.mock.calls[0]![1]).toEqual({ silent: true, keepalive: false, baseRevision: undefined });
    });

    it('saves 2 s after the last of several quick edits, with the latest answers', async () => {
      const { calls, edit } = setup();
      edit('a');
      await vi.advanceTimersByTimeAsync(1_500);
      edit('ab');
      await vi.advanceTimersByTimeAsync(1_500);
      expect(calls).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(500);
      expect(calls.map((call) => call.answers)).toEqual([{ text: 'ab' }]);
    });

    it('shows saving while the save runs, then clean with the save time', async () => {
      const { autosave, calls, edit } = setup();
      edit('a');
      await vi.advanceTimersByTimeAsync(2_000);
      expect(autosave.getState()).toMatchObject({ saving: true, dirty: true });
      calls[0]!.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(autosave.getState().saving).toBe(false);
      expect(autosave.getState().dirty).toBe(false);
      expect(autosave.getState().savedAt).toBeInstanceOf(Date);
    });

    it('saves every 15 s while edits keep coming faster than the debounce', async () => {
      const { calls, edit } = setup();
      for (let second = 0; second < 15; second += 1) {
        edit(`edit ${second}`);
        await vi.advanceTimersByTimeAsync(1_000);
      }
      expect(calls).toHaveLength(1);
      expect(calls[0]!.answers).toEqual({ text: 'edit 14' });
    });
  });

  describe('edits made while a save runs', () => {
    it('keep the page dirty after that save succeeds, and are saved next', async () => {
      const { autosave, calls, edit } = setup();
      edit('first');
      await vi.advanceTimersByTimeAsync(2_000);
      edit('second');
      calls[0]!.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(autosave.getState().dirty).toBe(true);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(calls.map((call) => call.answers)).toEqual([{ text: 'first' }, { text: 'second' }]);
    });

    it('never start a second save while one runs; the skipped save runs once the first ends', async () => {
      const { calls, edit } = setup();
      edit('first');
      await vi.advanceTimersByTimeAsync(2_000);
      edit('second');
      await vi.advanceTimersByTimeAsync(2_000);
      expect(calls).toHaveLength(1);
      calls[0]!.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toHaveLength(2);
      expect(calls[1]!.answers).toEqual({ text: 'second' });
    });
  });

  describe('a failed silent save', () => {
    it('leaves the page dirty and retries with backoff (1 s, then 2 s…, half of it jitter) until the server answers', async () => {
      const { save } = controlledSave();
      let attempt = 0;
      save.mockImplementation(async () => {
        attempt += 1;
        if (attempt < 4) throw new Error('500');
      });
      const autosave = createAutosave({ getAnswers: () => answers, save, random: () => 0.999 });
      answers = { text: 'a' };
      autosave.edit();
      await vi.advanceTimersByTimeAsync(2_000);
      expect(attempt).toBe(1);
      expect(autosave.getState()).toMatchObject({ dirty: true, saving: false, savedAt: null, failure: 'server' });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(attempt).toBe(2);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(attempt).toBe(3);
      await vi.advanceTimersByTimeAsync(4_000);
      expect(attempt).toBe(4);
      expect(autosave.getState()).toMatchObject({ dirty: false, failure: null });
      expect(autosave.getState().savedAt).toBeInstanceOf(Date);
    });

    it('says the server could not be reached when the save never got there', async () => {
      const { autosave, calls, edit } = setup();
      edit('a');
      await vi.advanceTimersByTimeAsync(2_000);
      calls[0]!.reject(new OfflineError());
      await vi.advanceTimersByTimeAsync(0);
      expect(autosave.getState().failure).toBe('offline');
    });
  });

  describe('a timed save (regression: the original module could send answers older than the latest edit)', () => {
    it('always sends the answers as they are when it starts, never a copy taken at the edit', async () => {
      const { calls, edit } = setup();
      edit('a');
      await vi.advanceTimersByTimeAsync(1_999);
      answers = { text: 'ab' }; // changed without an edit event yet, as a keystroke in flight
      await vi.advanceTimersByTimeAsync(1);
      expect(calls[0]!.answers).toEqual({ text: 'ab' });
    });

    it('sends the latest edit at the 15 s repeat even while the debounce keeps being pushed back', async () => {
      const { calls, edit } = setup();
      for (let tenth = 0; tenth < 160; tenth += 1) {
        edit(`text ${tenth}`);
        await vi.advanceTimersByTimeAsync(100);
      }
      expect(calls[0]!.answers).toEqual({ text: 'text 149' });
    });
  });

  describe('revisions (issue 6, "Revisions, not last-write-wins")', () => {
    it('sends the base revision and moves it to the revision the server confirms', async () => {
      const { save, calls } = controlledSave();
      const autosave = createAutosave({ getAnswers: () => answers, save, baseRevision: 4 });
      answers = { text: 'a' };
      autosave.edit();
      await vi.advanceTimersByTimeAsync(2_000);
      expect(save.mock.calls[0]![1].baseRevision).toBe(4);
      calls[0]!.resolve({ answers: { text: 'a' }, revision: 5, savedAt: null });
      await vi.advanceTimersByTimeAsync(0);
      answers = { text: 'ab' };
      autosave.edit();
      await vi.advanceTimersByTimeAsync(2_000);
      expect(save.mock.calls[1]![1].baseRevision).toBe(5);
    });

    it('after a conflict, merges with the server answers, shows them on the page and saves again on the new revision', async () => {
      let page: Record<string, string> = { mine: '', theirs: '' };
      const sent: { answers: unknown; baseRevision: unknown }[] = [];
      const save = vi.fn<SaveAnswers>(async (values, { baseRevision }) => {
        sent.push({ answers: structuredClone(values), baseRevision });
        if (baseRevision === 1) throw new RevisionConflictError({ mine: '', theirs: 'from the other tab' }, 2);
        return { answers: values, revision: 3, savedAt: null };
      });
      const autosave = createAutosave({
        getAnswers: () => structuredClone(page),
        save,
        base: { mine: '', theirs: '' },
        baseRevision: 1,
        merge: (base, local, server) => mergeAnswers({ type: 'object' }, base, local, server),
        applyAnswers: (merged) => (page = merged as Record<string, string>),
      });
      page = { ...page, mine: 'typed here' };
      autosave.edit();
      await vi.advanceTimersByTimeAsync(2_000);
      expect(sent).toEqual([
        { answers: { mine: 'typed here', theirs: '' }, baseRevision: 1 },
        { answers: { mine: 'typed here', theirs: 'from the other tab' }, baseRevision: 2 },
      ]);
      expect(page).toEqual({ mine: 'typed here', theirs: 'from the other tab' });
      expect(autosave.getState()).toMatchObject({ dirty: false, failure: null });
    });

    it('gives up after a few conflicts in a row and keeps the page dirty for the next trigger', async () => {
      const save = vi.fn<SaveAnswers>(async () => {
        throw new RevisionConflictError({ text: 'moving target' }, 9);
      });
      const autosave = createAutosave({ getAnswers: () => answers, save, baseRevision: 1 });
      answers = { text: 'a' };
      autosave.edit();
      await vi.advanceTimersByTimeAsync(2_000);
      expect(save).toHaveBeenCalledTimes(4);
      expect(autosave.getState().dirty).toBe(true);
    });
  });

  describe('drafts on the device (issue 6, "Local drafts")', () => {
    function fakeDrafts() {
      const writes: unknown[] = [];
      const removed: string[][] = [];
      const drafts: DraftStore = {
        id: 'this-tab',
        list: async () => [],
        write: async (draft) => {
          writes.push(structuredClone(draft.answers));
          return true;
        },
        remove: async (ids) => {
          removed.push([...ids]);
        },
      };
      return { drafts, writes, removed };
    }

    it('writes every edit at once, before any save', async () => {
      const { drafts, writes } = fakeDrafts();
      const { save } = controlledSave();
      const autosave = createAutosave({ getAnswers: () => answers, save, drafts });
      answers = { text: 'a' };
      autosave.edit();
      answers = { text: 'ab' };
      autosave.edit();
      expect(writes).toEqual([{ text: 'a' }, { text: 'ab' }]);
      expect(save).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(0);
      expect(autosave.getState().onDevice).toBe(true);
    });

    it('removes this page\'s draft and the restored ones once the server confirms a save that includes them', async () => {
      const { drafts, removed } = fakeDrafts();
      const { save, calls } = controlledSave();
      const autosave = createAutosave({ getAnswers: () => answers, save, drafts, restoredDraftIds: ['closed-tab'] });
      answers = { text: 'a' };
      autosave.edit();
      await vi.advanceTimersByTimeAsync(2_000);
      expect(removed).toEqual([]);
      calls[0]!.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(removed).toEqual([['closed-tab', 'this-tab']]);
    });

    it('keeps this page\'s draft when the student typed while the save ran', async () => {
      const { drafts, removed, writes } = fakeDrafts();
      const { save, calls } = controlledSave();
      const autosave = createAutosave({ getAnswers: () => answers, save, drafts });
      answers = { text: 'a' };
      autosave.edit();
      await vi.advanceTimersByTimeAsync(2_000);
      answers = { text: 'ab' };
      autosave.edit();
      calls[0]!.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(removed).toEqual([[]]);
      expect(writes.at(-1)).toEqual({ text: 'ab' });
    });

    it('keeps the draft when every save fails', async () => {
      const { drafts, removed } = fakeDrafts();
      const save = vi.fn<SaveAnswers>().mockRejectedValue(new OfflineError());
      const autosave = createAutosave({ getAnswers: () => answers, save, drafts });
      answers = { text: 'a' };
      autosave.edit();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(save.mock.calls.length).toBeGreaterThan(3);
      expect(removed).toEqual([]);
      expect(autosave.getState()).toMatchObject({ dirty: true, failure: 'offline', onDevice: true });
    });
  });

  describe('waitForPendingSaves', () => {
    it('resolves once the save of a page that was just left has finished', async () => {
      const { save, calls } = controlledSave();
      const autosave = createAutosave({ getAnswers: () => answers, save, scope: 'student-1/day-1' });
      answers = { text: 'typed just before leaving' };
      autosave.edit();
      void autosave.flush();
      autosave.dispose();
      let waited = false;
      void waitForPendingSaves('student-1/day-1', 5_000).then(() => (waited = true));
      await vi.advanceTimersByTimeAsync(100);
      expect(waited).toBe(false);
      calls[0]!.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(waited).toBe(true);
    });

    it('gives up after its timeout', async () => {
      const { save } = controlledSave();
      const autosave = createAutosave({ getAnswers: () => answers, save, scope: 'student-1/day-2' });
      autosave.edit();
      void autosave.flush();
      let waited = false;
      void waitForPendingSaves('student-1/day-2', 1_000).then(() => (waited = true));
      await vi.advanceTimersByTimeAsync(1_000);
      expect(waited).toBe(true);
    });
  });

  describe('explicit save', () => {
    it('saves non-silently even when clean and reports the outcome', async () => {
      const { autosave, calls } = setup();
      const outcome = autosave.save();
      expect(calls[0]!.silent).toBe(false);
      calls[0]!.resolve();
      await expect(outcome).resolves.toBe('saved');
    });

    it('reports a failure so the page can say "Error saving. Please try again."', async () => {
      const { autosave, calls, edit } = setup();
      edit('a');
      const outcome = autosave.save();
      calls[0]!.reject(new Error('500'));
      await expect(outcome).resolves.toBe('failed');
      expect(autosave.getState().dirty).toBe(true);
    });

    it('waits for a running save, then sends the latest answers itself', async () => {
      const { autosave, calls, edit } = setup();
      edit('first');
      await vi.advanceTimersByTimeAsync(2_000);
      edit('second');
      const outcome = autosave.save();
      expect(calls).toHaveLength(1);
      calls[0]!.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toHaveLength(2);
      expect(calls[1]).toMatchObject({ answers: { text: 'second' }, silent: false });
      calls[1]!.resolve();
      await expect(outcome).resolves.toBe('saved');
    });
  });

  describe('flush (tab hidden, before logout)', () => {
    it('does nothing when clean', async () => {
      const { autosave, save } = setup();
      await expect(autosave.flush()).resolves.toBe('clean');
      expect(save).not.toHaveBeenCalled();
    });

    it('saves at once when dirty, without waiting for the debounce', async () => {
      const { autosave, calls, edit } = setup();
      edit('unsaved');
      const outcome = autosave.flush({ keepalive: true });
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toHaveLength(1);
      calls[0]!.resolve();
      await expect(outcome).resolves.toBe('saved');
    });

    it('waits for a running save and then saves the edits made during it', async () => {
      const { autosave, calls, edit } = setup();
      edit('first');
      await vi.advanceTimersByTimeAsync(2_000);
      edit('second');
      const outcome = autosave.flush();
      calls[0]!.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(calls.at(-1)!.answers).toEqual({ text: 'second' });
      calls.at(-1)!.resolve();
      await expect(outcome).resolves.toBe('saved');
      expect(autosave.getState().dirty).toBe(false);
    });
  });

  it('stops its timers on dispose', async () => {
    const { autosave, save, edit } = setup();
    edit('a');
    autosave.dispose();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(save).not.toHaveBeenCalled();
  });
});
