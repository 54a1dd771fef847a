import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAutosave, type SaveAnswers } from './autosave.ts';

/** A save whose promise the test settles by hand. */
function controlledSave() {
  const calls: { answers: unknown; silent: boolean; resolve: () => void; reject: (error: Error) => void }[] = [];
  const save = vi.fn<SaveAnswers>(
    (answers, { silent }) =>
      new Promise<void>((resolve, reject) => {
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
    it('is dirty at once and saves silently 2 s after the first edit', async () => {
      const { autosave, save, edit } = setup();
      edit('a');
      expect(autosave.getState().dirty).toBe(true);
      await vi.advanceTimersByTimeAsync(1_999);
      expect(save).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(save).toHaveBeenCalledTimes(1);
      expect(save.mock.calls[0]![1]).toEqual({ silent: true, keepalive: false });
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
    it('leaves the page dirty and tries again at the next 15 s tick', async () => {
      const { autosave, calls, edit } = setup();
      edit('a');
      await vi.advanceTimersByTimeAsync(2_000);
      calls[0]!.reject(new Error('offline'));
      await vi.advanceTimersByTimeAsync(0);
      expect(autosave.getState()).toMatchObject({ dirty: true, saving: false, savedAt: null });
      await vi.advanceTimersByTimeAsync(13_000);
      expect(calls).toHaveLength(2);
      calls[1]!.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(autosave.getState().dirty).toBe(false);
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
