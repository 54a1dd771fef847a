import type { Answers } from '../schema/types.ts';
import { AUTOSAVE_DEBOUNCE_MS, AUTOSAVE_INTERVAL_MS } from './constants.ts';

/**
 * What the save pill shows (spec section 4, "Save state"):
 * - `dirty`: there are edits the server has not confirmed;
 * - `saving`: a save is on its way;
 * - `savedAt`: when the server last confirmed the answers (or when they were loaded), else null.
 */
export interface SaveState {
  readonly dirty: boolean;
  readonly saving: boolean;
  readonly savedAt: Date | null;
}

/** Sends the whole answers object to the server; rejects on any failure. */
export type SaveAnswers = (answers: Answers, options: { silent: boolean; keepalive: boolean }) => Promise<void>;

export interface AutosaveOptions {
  /** Returns the latest answers at the moment a save starts, never a stale copy. */
  getAnswers: () => Answers;
  save: SaveAnswers;
  /** When the loaded answers were last saved, shown as "Saved • h:mm" before any new save. */
  savedAt?: Date | null;
  /** Debounce after an edit, ms. Defaults to {@link AUTOSAVE_DEBOUNCE_MS}. */
  debounceMs?: number;
  /** Repeat while dirty, ms. Defaults to {@link AUTOSAVE_INTERVAL_MS}. */
  intervalMs?: number;
  /** Clock, for tests. */
  now?: () => Date;
}

/** The result of {@link Autosave.save}: `skipped` when a silent save found another one running. */
export type SaveOutcome = 'saved' | 'skipped' | 'failed' | 'clean';

export interface Autosave {
  /** Records an edit: marks dirty and (re)starts the debounce; starts the 15 s repeat if not running. */
  edit(): void;
  /**
   * Saves now. Silent saves are skipped while another save runs (and run again once it ends);
   * an explicit save waits for the running one, then sends the latest answers itself.
   * Never throws: the outcome says what happened.
   */
  save(options?: { silent?: boolean; keepalive?: boolean }): Promise<SaveOutcome>;
  /** Saves silently if dirty, waiting for any running save first. Used before logout and on tab hide. */
  flush(options?: { keepalive?: boolean }): Promise<SaveOutcome>;
  getState(): SaveState;
  subscribe(listener: () => void): () => void;
  /** Stops every timer. Safe to call more than once; a later edit starts them again. */
  dispose(): void;
}

/**
 * The autosave state machine of spec section 4, "Save state", free of React and the DOM so that it is
 * tested with fake timers (autosave.test.ts).
 *
 * Triggers: 2 s after the last edit; every 15 s while dirty; {@link Autosave.flush} (tab hidden,
 * logout). One save runs at a time. A save that succeeds clears `dirty` only if no edit arrived while
 * it ran; a failed silent save leaves `dirty` set so that the next trigger tries again.
 */
export function createAutosave(options: AutosaveOptions): Autosave {
  const debounceMs = options.debounceMs ?? AUTOSAVE_DEBOUNCE_MS;
  const intervalMs = options.intervalMs ?? AUTOSAVE_INTERVAL_MS;
  const now = options.now ?? (() => new Date());

  let state: SaveState = { dirty: false, saving: false, savedAt: options.savedAt ?? null };
  let editCount = 0;
  let running: Promise<SaveOutcome> | null = null;
  let rerunAfterCurrent = false;
  let debounceTimer: ReturnType<typeof setTimeout> | undefined;
  let intervalTimer: ReturnType<typeof setInterval> | undefined;
  const listeners = new Set<() => void>();

  function setState(patch: Partial<SaveState>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  function stopTimers() {
    clearTimeout(debounceTimer);
    clearInterval(intervalTimer);
    debounceTimer = undefined;
    intervalTimer = undefined;
  }

  function silentSave() {
    void save({ silent: true });
  }

  async function run(keepalive: boolean, silent: boolean): Promise<SaveOutcome> {
    const editsAtStart = editCount;
    setState({ saving: true });
    try {
      await options.save(options.getAnswers(), { silent, keepalive });
      const editedMeanwhile = editCount !== editsAtStart;
      setState({ saving: false, savedAt: now(), dirty: editedMeanwhile });
      if (!editedMeanwhile) stopTimers();
      return 'saved';
    } catch {
      setState({ saving: false });
      return 'failed';
    }
  }

  async function save({ silent = false, keepalive = false }: { silent?: boolean; keepalive?: boolean } = {}): Promise<SaveOutcome> {
    if (running) {
      if (silent) {
        rerunAfterCurrent = true;
        return 'skipped';
      }
      await running.catch(() => undefined);
      return save({ silent, keepalive });
    }
    if (silent && !state.dirty) return 'clean';
    const current = run(keepalive, silent);
    running = current;
    const outcome = await current;
    running = null;
    if (rerunAfterCurrent) {
      rerunAfterCurrent = false;
      if (state.dirty && outcome === 'saved') silentSave();
    }
    return outcome;
  }

  return {
    edit() {
      editCount += 1;
      if (!state.dirty) setState({ dirty: true });
      clearTimeout(debounceTimer);
      debounceTimer = setTimeout(silentSave, debounceMs);
      intervalTimer ??= setInterval(silentSave, intervalMs);
    },
    save,
    async flush({ keepalive = false } = {}) {
      // A save that ends may start a re-run at once, so wait until none is running.
      while (running) await running.catch(() => undefined);
      if (!state.dirty) return 'clean';
      return save({ silent: true, keepalive });
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: stopTimers,
  };
}
