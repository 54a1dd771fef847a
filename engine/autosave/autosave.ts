import type { Answers } from '../schema/types.ts';
import { AUTOSAVE_DEBOUNCE_MS, AUTOSAVE_INTERVAL_MS, MAX_CONFLICT_MERGES, SAVE_RETRY_BASE_MS, SAVE_RETRY_MAX_MS } from './constants.ts';
import type { DraftStore } from './drafts.ts';
import { OfflineError, RevisionConflictError } from './save-errors.ts';

/**
 * What the save pill shows (spec section 4, "Save state"; issue 6):
 * - `dirty`: there are edits the server has not confirmed;
 * - `saving`: a save is on its way;
 * - `savedAt`: when the server last confirmed the answers (or when they were loaded), else null;
 * - `failure`: why the last save failed, until one succeeds: `offline` (the server could not be reached)
 *   or `server` (it answered with an error);
 * - `onDevice`: the latest edit is stored in this device's drafts (false when storage is refused).
 */
export interface SaveState {
  readonly dirty: boolean;
  readonly saving: boolean;
  readonly savedAt: Date | null;
  readonly failure: 'offline' | 'server' | null;
  readonly onDevice: boolean;
}

/** What the server confirmed after a save: the answers it now stores, their revision and time. */
export interface ConfirmedSave {
  answers: Answers;
  revision: number;
  savedAt: Date | null;
}

/** Options of one call to {@link SaveAnswers}. */
export interface SaveCallOptions {
  /** False for an explicit Save button, true for autosave. */
  silent: boolean;
  /** The page is hiding: let the browser finish the request after it closes. */
  keepalive: boolean;
  /**
   * The revision the answers are based on: the server refuses the save with a conflict when it holds a
   * newer one. `null` when the page never loaded the saved answers; `undefined` when revisions are not
   * used (stories).
   */
  baseRevision: number | null | undefined;
}

/**
 * Sends the whole answers object to the server.
 *
 * @returns what the server stored (or nothing, when the caller does not track revisions)
 * @throws {@link RevisionConflictError} when the server holds a newer revision than `baseRevision`
 * @throws {@link OfflineError} when the server could not be reached; anything else is a server failure
 */
export type SaveAnswers = (answers: Answers, options: SaveCallOptions) => Promise<ConfirmedSave | void>;

export interface AutosaveOptions {
  /** Returns a copy of the latest answers at the moment it is called, never a stale or shared object. */
  getAnswers: () => Answers;
  save: SaveAnswers;
  /** When the loaded answers were last saved, shown as "Saved • time" before any new save. */
  savedAt?: Date | null;
  /** The answers this page's edits are based on (last confirmed by the server). Default: `getAnswers()` at creation. */
  base?: Answers;
  /** The revision of `base`; null when the saved answers could not be loaded; undefined when revisions are not used. */
  baseRevision?: number | null;
  /**
   * Three-way merge used after a conflict (`mergeAnswers` with the day's schema). Default: the local
   * answers win whole, which is only right where there is no second writer (stories).
   */
  merge?: (base: Answers, local: Answers, server: Answers) => Answers;
  /** Writes merged answers into the page (only the fields that changed). Called without counting as an edit. */
  applyAnswers?: (answers: Answers) => void;
  /** This page's drafts on the device; null or absent keeps nothing on the device. */
  drafts?: DraftStore | null;
  /** Ids of drafts restored into this page: removed once a save that includes them is confirmed. */
  restoredDraftIds?: readonly string[];
  /** Groups saves for {@link waitForPendingSaves}, e.g. the student and day. */
  scope?: string;
  /** Debounce after an edit, ms. Defaults to {@link AUTOSAVE_DEBOUNCE_MS}. */
  debounceMs?: number;
  /** Repeat while dirty, ms. Defaults to {@link AUTOSAVE_INTERVAL_MS}. */
  intervalMs?: number;
  /** Clock, for tests. */
  now?: () => Date;
  /** Source of retry jitter in [0, 1), for tests. */
  random?: () => number;
}

/** The result of {@link Autosave.save}: `skipped` when a silent save found another one running. */
export type SaveOutcome = 'saved' | 'skipped' | 'failed' | 'clean';

export interface Autosave {
  /** Records an edit: marks dirty, writes the draft, (re)starts the debounce, starts the 15 s repeat if not running. */
  edit(): void;
  /**
   * Saves now. Silent saves are skipped while another save runs (and run again once it ends);
   * an explicit save waits for the running one, then sends the latest answers itself.
   * Never throws: the outcome says what happened.
   */
  save(options?: { silent?: boolean; keepalive?: boolean }): Promise<SaveOutcome>;
  /** Saves silently if dirty, waiting for any running save first. Used before logout, on tab hide and when the page closes. */
  flush(options?: { keepalive?: boolean }): Promise<SaveOutcome>;
  getState(): SaveState;
  subscribe(listener: () => void): () => void;
  /** Stops every timer and starts no new one until {@link Autosave.start}; a save already running (or a flush) still completes. Safe to call twice. */
  dispose(): void;
  /** Lets timers run again after {@link Autosave.dispose} (a component mounted again, as React's StrictMode does). */
  start(): void;
}

const pendingByScope = new Map<string, Set<Promise<unknown>>>();

function track(scope: string | undefined, promise: Promise<unknown>) {
  if (scope === undefined) return;
  let pending = pendingByScope.get(scope);
  if (!pending) pendingByScope.set(scope, (pending = new Set()));
  pending.add(promise);
  void promise.finally(() => {
    pending.delete(promise);
    if (pending.size === 0) pendingByScope.delete(scope);
  });
}

/**
 * Resolves once no save of `scope` is running (a page that was just left may still be flushing), or
 * after `timeoutMs`, whichever comes first. A page loads its saved answers after this, so it never
 * loads answers older than the ones its previous visit is still sending (issue 6, "Flush before leaving").
 *
 * @param scope - the `scope` given to {@link createAutosave}
 * @param timeoutMs - the longest wait, ms
 */
export async function waitForPendingSaves(scope: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let pending = pendingByScope.get(scope); pending && pending.size > 0; pending = pendingByScope.get(scope)) {
    const left = deadline - Date.now();
    if (left <= 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.allSettled([...pending]), new Promise((resolve) => (timer = setTimeout(resolve, left)))]);
    clearTimeout(timer);
  }
}

function isOffline(error: unknown): boolean {
  return error instanceof OfflineError || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

/**
 * The autosave state machine of spec section 4, "Save state", with the no-lost-work rules of issue 6
 * (docs/decisions/003-autosave.md, 005-revisions-and-drafts.md). Free of React and the DOM, so it is
 * tested with fake timers (autosave.test.ts).
 *
 * Triggers: 2 s after the last edit (the first edit too); every 15 s while dirty; {@link Autosave.flush}
 * (tab hidden, logout, page closed); after a failed silent save, a retry with exponential backoff and
 * jitter (1 s doubling up to 30 s). One save runs at a time and always sends the answers as they are
 * when it starts. A save that succeeds clears `dirty` only if no edit arrived while it ran; a failed
 * silent save leaves `dirty` set.
 *
 * Every edit is written at once to the page's draft on the device, which is removed only when the
 * server confirms a save that includes it. Every save carries its base revision; on a conflict the
 * answers are merged field by field with the server's, written into the page, and saved again.
 */
export function createAutosave(options: AutosaveOptions): Autosave {
  const debounceMs = options.debounceMs ?? AUTOSAVE_DEBOUNCE_MS;
  const intervalMs = options.intervalMs ?? AUTOSAVE_INTERVAL_MS;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const merge = options.merge ?? ((_base: Answers, local: Answers) => local);
  const drafts = options.drafts ?? null;

  let base: Answers = options.base ?? options.getAnswers();
  let baseRevision = options.baseRevision;
  let restoredDraftIds = [...(options.restoredDraftIds ?? [])];
  let state: SaveState = { dirty: false, saving: false, savedAt: options.savedAt ?? null, failure: null, onDevice: false };
  let editCount = 0;
  let editedAt = 0;
  let failures = 0;
  let disposed = false;
  let running: Promise<SaveOutcome> | null = null;
  let rerunAfterCurrent = false;
  let debounceTimer: ReturnType<typeof setTimeout> | undefined;
  let intervalTimer: ReturnType<typeof setInterval> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  function setState(patch: Partial<SaveState>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  function stopTimers() {
    clearTimeout(debounceTimer);
    clearInterval(intervalTimer);
    clearTimeout(retryTimer);
    debounceTimer = undefined;
    intervalTimer = undefined;
    retryTimer = undefined;
  }

  function silentSave() {
    void save({ silent: true });
  }

  function writeDraft() {
    if (!drafts) return;
    void drafts.write({ answers: options.getAnswers(), base, baseRevision: baseRevision ?? null, editedAt }).then((stored) => {
      if (stored !== state.onDevice) setState({ onDevice: stored });
    });
  }

  function scheduleRetry() {
    if (disposed) return;
    clearTimeout(retryTimer);
    const backoff = Math.min(SAVE_RETRY_MAX_MS, SAVE_RETRY_BASE_MS * 2 ** (failures - 1));
    // Full backoff on half, jitter on the other half: a class that lost Wi-Fi together does not retry in step.
    retryTimer = setTimeout(silentSave, backoff / 2 + random() * (backoff / 2));
  }

  async function run(keepalive: boolean, silent: boolean): Promise<SaveOutcome> {
    const editsAtStart = editCount;
    setState({ saving: true });
    let answers = options.getAnswers();
    for (let merges = 0; ; merges += 1) {
      try {
        const confirmed = await options.save(answers, { silent, keepalive, baseRevision });
        base = confirmed ? confirmed.answers : answers;
        if (confirmed) baseRevision = confirmed.revision;
        const editedMeanwhile = editCount !== editsAtStart;
        failures = 0;
        clearTimeout(retryTimer);
        if (drafts) {
          // The server now has everything the restored drafts and (unless edited since) this page's draft held.
          void drafts.remove(editedMeanwhile ? restoredDraftIds : [...restoredDraftIds, drafts.id]);
          restoredDraftIds = [];
          if (editedMeanwhile) writeDraft(); // keep the newer edits, now on the new base
        }
        setState({ saving: false, savedAt: confirmed?.savedAt ?? now(), dirty: editedMeanwhile, failure: null, onDevice: editedMeanwhile && state.onDevice });
        if (!editedMeanwhile) stopTimers();
        return 'saved';
      } catch (error) {
        if (error instanceof RevisionConflictError && merges < MAX_CONFLICT_MERGES) {
          // Another tab or device saved first: keep every field changed here, take every other from the server.
          const merged = merge(base, options.getAnswers(), error.answers);
          options.applyAnswers?.(merged);
          base = error.answers;
          baseRevision = error.revision;
          answers = merged;
          writeDraft();
          continue;
        }
        failures += 1;
        setState({ saving: false, failure: isOffline(error) ? 'offline' : 'server' });
        if (silent || state.dirty) scheduleRetry();
        return 'failed';
      }
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
    track(options.scope, current);
    const outcome = await current;
    running = null;
    if (rerunAfterCurrent) {
      rerunAfterCurrent = false;
      if (state.dirty && outcome === 'saved') silentSave();
    }
    return outcome;
  }

  async function flush({ keepalive = false } = {}): Promise<SaveOutcome> {
    // A save that ends may start a re-run at once, so wait until none is running.
    while (running) await running.catch(() => undefined);
    if (!state.dirty) return 'clean';
    return save({ silent: true, keepalive });
  }

  return {
    edit() {
      editCount += 1;
      editedAt = now().getTime();
      if (!state.dirty) setState({ dirty: true });
      writeDraft();
      if (disposed) return;
      clearTimeout(debounceTimer);
      debounceTimer = setTimeout(silentSave, debounceMs);
      intervalTimer ??= setInterval(silentSave, intervalMs);
    },
    save,
    flush(flushOptions) {
      const outcome = flush(flushOptions);
      track(options.scope, outcome);
      return outcome;
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      disposed = true;
      stopTimers();
    },
    start() {
      disposed = false;
    },
  };
}
