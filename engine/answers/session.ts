import { answerFields, mergeAnswers, repairAnswers, valueAt, type Answers, type AnswersSchema, type NumberedLabel } from '../schema/index.ts';
import { AUTOSAVE_DEBOUNCE_MS, AUTOSAVE_INTERVAL_MS, MAX_CONFLICT_MERGES, SAVE_RETRY_BASE_MS, SAVE_RETRY_MAX_MS } from './constants.ts';
import type { Draft, DraftStore, SavedCopy } from './drafts.ts';

/**
 * A day's answers as the server holds them: loaded, confirmed by a save, or sent back with a conflict.
 * The one snapshot type of the answers path (docs/decisions/007-one-answers-session.md).
 */
export interface AnswersSnapshot {
  /** The answers object. From a transport: as stored, possibly in an older shape. From a session: repaired. */
  answers: Answers;
  /** The server's revision counter for the day: 0 when nothing was saved yet. */
  revision: number;
  /** When the server stored them, or null when it did not say. */
  savedAt: Date | null;
}

/** Options of one {@link AnswersTransport.save}. */
export interface TransportSaveOptions {
  /** The revision the answers are based on; null when the page never loaded the saved answers. */
  baseRevision: number | null;
  /** The page is hiding: let the browser finish the request after it closes. */
  keepalive: boolean;
}

/**
 * How a session reaches where answers are stored: the app's HTTP API, or memory in stories and tests.
 * `load` resolves null when nothing is saved yet and rejects when the answers could not be loaded.
 * `save` resolves what the server stored, rejects with {@link RevisionConflictError} when the server
 * holds a newer revision than `baseRevision`, with {@link OfflineError} when it could not be reached,
 * with an error whose `status` is 413 (HTTP Content Too Large, as an API client's error carries it)
 * when the answers are larger than the server accepts, and with anything else for a server failure.
 */
export interface AnswersTransport {
  load(): Promise<AnswersSnapshot | null>;
  save(answers: Answers, options: TransportSaveOptions): Promise<AnswersSnapshot>;
}

/**
 * A save refused because the server's answers moved on since the page's base revision (HTTP 409
 * `revision_conflict`): another tab or device saved in between, or the page never loaded them. Carries
 * what the server holds, so the session merges and saves again (docs/decisions/005-revisions-and-drafts.md).
 */
export class RevisionConflictError extends Error {
  /** What the server holds now. */
  readonly snapshot: AnswersSnapshot;

  constructor(snapshot: AnswersSnapshot) {
    super(`The saved answers are at revision ${snapshot.revision}, newer than this page's.`);
    this.name = 'RevisionConflictError';
    this.snapshot = snapshot;
  }
}

/** A save that never reached the server: no network, a dropped connection, a request timeout. */
export class OfflineError extends Error {
  constructor(message = 'The server could not be reached.', options?: ErrorOptions) {
    super(message, options);
    this.name = 'OfflineError';
  }
}

/** The answer a save refused as too large most likely owes it to: the field holding the most text. */
export interface TooLargeAnswer {
  /** Its dotted path in the answers, e.g. `geneQ1` or `compare.table.2.notes`. */
  path: string;
  /** What the field asks: its schema `description` (`answerFields`' label, e.g. `The four worksheet questions (3)`). */
  label: string;
}

/**
 * What the save pill shows (docs/requirements.md#save-state):
 * - `dirty`: there are edits the server has not confirmed;
 * - `saving`: a save is on its way;
 * - `savedAt`: when the server last confirmed the answers (or when they were loaded), else null;
 * - `failure`: why the last save failed, until one succeeds: `offline` (the server could not be reached),
 *   `too-large` (the server refused the answers as larger than it accepts: HTTP 413) or `server` (it
 *   answered with another error);
 * - `tooLarge`: after a `too-large` failure, the answer with the most text, to name to the student;
 *   null otherwise (or when no field of the schema holds text);
 * - `onDevice`: the latest edit is stored in this device's drafts (false when storage is refused);
 * - `fromDevice`: the server could not be reached when the day opened, so what the page shows comes
 *   from this device (the app from the service worker, the answers from the copy and drafts kept here);
 *   false again once a load or save reaches the server (docs/decisions/010-offline-days.md).
 */
export interface SaveState {
  readonly dirty: boolean;
  readonly saving: boolean;
  readonly savedAt: Date | null;
  readonly failure: 'offline' | 'server' | 'too-large' | null;
  readonly tooLarge: TooLargeAnswer | null;
  readonly onDevice: boolean;
  readonly fromDevice: boolean;
}

/** The result of a save: `skipped` when a silent save found another one running, `clean` when there was nothing to send. */
export type SaveOutcome = 'saved' | 'skipped' | 'failed' | 'clean';

export interface AnswersSessionOptions {
  /** The day's answers schema: every answers object that enters the session is repaired against it once. */
  schema: AnswersSchema;
  transport: AnswersTransport;
  /** This page's drafts on the device; null or absent keeps nothing on the device. */
  drafts?: DraftStore | null;
  /** Debounce after an edit, ms. Defaults to {@link AUTOSAVE_DEBOUNCE_MS}. */
  debounceMs?: number;
  /** Repeat while dirty, ms. Defaults to {@link AUTOSAVE_INTERVAL_MS}. */
  intervalMs?: number;
  /** Clock, for tests. */
  now?: () => Date;
  /** Source of retry jitter in [0, 1), for tests. */
  random?: () => number;
  /**
   * How the label of a too-large answer (`SaveState.tooLarge`, shown by the save pill) numbers a list
   * item or a table cell: pass one in the reader's language, e.g. from `answerField.item` and
   * `answerField.row` in content/locales/LOCALE/engine.json. English ("(3)", "(row 2)") unless given.
   */
  numberedLabel?: NumberedLabel;
}

/**
 * One student's answers to one day, from load to the last confirmed save. Free of React and the DOM.
 * See {@link createAnswersSession}.
 */
export interface AnswersSession {
  readonly schema: AnswersSchema;
  /**
   * True for a session made by {@link createReadOnlySession}: it shows answers and never changes,
   * saves or drafts them, and an `AnswersForm` bound to it renders every widget read-only.
   * False for a student's own session ({@link createAnswersSession}).
   */
  readonly readOnly: boolean;
  /**
   * Waits for any save still running (a page left a moment ago), then loads the saved answers and the
   * drafts on the device together and starts from them (see {@link AnswersSession.restore}). A loaded
   * snapshot is kept on the device (`DraftStore.writeSaved`). A failed load is silent. One that never
   * reached the server sets `fromDevice` and starts from the copy kept on the device, with its revision
   * as the base; any other (or one with no copy) starts from the defaults without a base revision.
   *
   * @returns the answers to show
   */
  open(): Promise<Answers>;
  /**
   * Starts from a loaded snapshot and the drafts on the device, synchronously (stories and tests).
   * - With a snapshot: it is repaired to today's schema; each draft, oldest first, is merged over it;
   *   where the server's copy also changed a field, the newer of the two wins.
   * - Load failed (`undefined`), with drafts: the newest draft on its own base and revision, the others merged in.
   * - Load failed, no drafts: the defaults with no base revision, so the first save cannot overwrite
   *   answers the page never saw (the server answers with a conflict and the session merges).
   *
   * @param snapshot - the loaded answers; null when nothing is saved yet; undefined when the load failed
   * @param drafts - drafts of this scope on the device, oldest first
   * @returns the answers to show; the session is dirty when drafts were merged in
   */
  restore(snapshot: AnswersSnapshot | null | undefined, drafts?: readonly Draft[]): Answers;
  /** The answers as last edited (or restored), repaired: the page's values. */
  current(): Answers;
  /** Records an edit with the whole answers object: marks dirty, writes the draft, schedules a silent save. */
  edit(answers: Answers): void;
  /**
   * Saves now. Silent saves are skipped while another save runs (and run again once it ends); an
   * explicit save waits for the running one, then sends the latest answers itself. Never throws.
   */
  save(options?: { silent?: boolean; keepalive?: boolean }): Promise<SaveOutcome>;
  /** Saves silently if dirty, waiting for any running save first: before logout, on tab hide, when the page closes. */
  flush(options?: { keepalive?: boolean }): Promise<SaveOutcome>;
  getState(): SaveState;
  /** Calls `listener` on every change of {@link SaveState}. @returns the unsubscribe function */
  subscribe(listener: () => void): () => void;
  /**
   * Calls `listener` with the merged answers after a revision conflict, for the page to show (only the
   * fields that changed need writing). Not an edit. @returns the unsubscribe function
   */
  onMerged(listener: (answers: Answers) => void): () => void;
  /** Lets timers run (a page showing the answers is mounted). */
  resume(): void;
  /** Stops every timer until {@link AnswersSession.resume}; a save already running still completes. */
  pause(): void;
}

function isOffline(error: unknown): boolean {
  return error instanceof OfflineError || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

/** Whether a save was refused as too large: an error with `status` 413, as {@link AnswersTransport} says. */
function isTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 413;
}

/**
 * The field of `schema` whose value in `answers` is the largest once written as JSON: the one to shorten
 * when a save is refused as too large. A list item's or a table cell's label is numbered by `numbered`.
 *
 * @returns its path and label, or null when the schema has no field
 */
function largestAnswer(schema: AnswersSchema, answers: Answers, numbered?: NumberedLabel): TooLargeAnswer | null {
  let largest: TooLargeAnswer | null = null;
  let largestSize = -1;
  for (const field of answerFields(schema, numbered)) {
    const size = JSON.stringify(valueAt(answers, field.path) ?? null).length;
    if (size > largestSize) {
      largest = { path: field.path, label: field.label };
      largestSize = size;
    }
  }
  return largest;
}

/**
 * The life of one day's answers (docs/decisions/007-one-answers-session.md): restore once, edit, draft,
 * autosave with revisions, merge on conflict. The save rules (docs/requirements.md#save-state,
 * docs/decisions/003-autosave.md and 005-revisions-and-drafts.md):
 *
 * - Triggers: {@link AUTOSAVE_DEBOUNCE_MS} after the last edit (the first edit too); every
 *   {@link AUTOSAVE_INTERVAL_MS} while dirty; `flush` (tab hidden, logout, page closed); after a failed
 *   silent save, a retry with exponential backoff and jitter (1 s doubling up to 30 s).
 * - Answers the server refused as too large (413) are never sent again unchanged, by any trigger (the
 *   answer would be the same): the state names the largest answer (`tooLarge`), the page and the draft
 *   keep every word, and the next edit saves again.
 * - One save runs at a time and sends the answers as they are when it starts. A save that succeeds
 *   clears `dirty` only if no edit arrived while it ran; a failed silent save leaves `dirty` set.
 * - Every edit is written at once to this page's draft on the device, removed only when the server
 *   confirms a save that includes it.
 * - Every save carries its base revision; on a conflict the answers are merged field by field with the
 *   server's (`mergeAnswers`), handed to `onMerged` listeners, and saved again, at most
 *   {@link MAX_CONFLICT_MERGES} times in a row.
 *
 * Answers from the server are repaired (migrated, then normalised) once as they enter: on load and on a
 * conflict. The session outlives the page that shows it, so a page opened again waits for the save its
 * previous visit started on the way out instead of loading older answers.
 */
export function createAnswersSession(options: AnswersSessionOptions): AnswersSession {
  const { schema, transport } = options;
  const debounceMs = options.debounceMs ?? AUTOSAVE_DEBOUNCE_MS;
  const intervalMs = options.intervalMs ?? AUTOSAVE_INTERVAL_MS;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const drafts = options.drafts ?? null;

  let answers: Answers = repairAnswers(schema, undefined);
  let base: Answers = answers;
  let baseRevision: number | null = 0;
  let restoredDraftIds: string[] = [];
  let state: SaveState = { dirty: false, saving: false, savedAt: null, failure: null, tooLarge: null, onDevice: false, fromDevice: false };
  let editCount = 0;
  /** The edit count of answers the server refused as too large; null when none were. */
  let refusedAsTooLarge: number | null = null;
  let editedAt = 0;
  let failures = 0;
  let paused = false;
  let running: Promise<SaveOutcome> | null = null;
  let rerunAfterCurrent = false;
  let debounceTimer: ReturnType<typeof setTimeout> | undefined;
  let intervalTimer: ReturnType<typeof setInterval> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const mergeListeners = new Set<(answers: Answers) => void>();

  function setState(patch: Partial<SaveState>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  function stopTimers() {
    clearTimeout(debounceTimer);
    clearInterval(intervalTimer);
    clearTimeout(retryTimer);
    debounceTimer = intervalTimer = retryTimer = undefined;
  }

  function startTimers() {
    if (paused) return;
    clearTimeout(debounceTimer);
    debounceTimer = setTimeout(silentSave, debounceMs);
    intervalTimer ??= setInterval(silentSave, intervalMs);
  }

  function silentSave() {
    void save({ silent: true });
  }

  function writeDraft() {
    if (!drafts) return;
    void drafts.write({ answers, base, baseRevision, editedAt }).then((stored) => {
      if (stored !== state.onDevice) setState({ onDevice: stored });
    });
  }

  function keepCopy(snapshot: AnswersSnapshot) {
    void drafts?.writeSaved({ answers: snapshot.answers, revision: snapshot.revision, savedAt: snapshot.savedAt?.getTime() ?? null });
  }

  function scheduleRetry() {
    if (paused) return;
    clearTimeout(retryTimer);
    const backoff = Math.min(SAVE_RETRY_MAX_MS, SAVE_RETRY_BASE_MS * 2 ** (failures - 1));
    // Full backoff on half, jitter on the other half: a class that lost Wi-Fi together does not retry in step.
    retryTimer = setTimeout(silentSave, backoff / 2 + random() * (backoff / 2));
  }

  async function run(keepalive: boolean, silent: boolean): Promise<SaveOutcome> {
    const editsAtStart = editCount;
    setState({ saving: true });
    let sent = answers;
    for (let merges = 0; ; merges += 1) {
      try {
        const confirmed = await transport.save(sent, { baseRevision, keepalive });
        // The server stores what was sent, normalised by the same schema: the sent answers are the new base.
        base = sent;
        baseRevision = confirmed.revision;
        const savedAt = confirmed.savedAt ?? now();
        keepCopy({ answers: sent, revision: confirmed.revision, savedAt });
        const editedMeanwhile = editCount !== editsAtStart;
        failures = 0;
        clearTimeout(retryTimer);
        if (drafts) {
          // The server now has everything the restored drafts and (unless edited since) this page's draft held.
          void drafts.remove(editedMeanwhile ? restoredDraftIds : [...restoredDraftIds, drafts.id]);
          restoredDraftIds = [];
          if (editedMeanwhile) writeDraft(); // keep the newer edits, now on the new base
        }
        refusedAsTooLarge = null;
        setState({ saving: false, savedAt, dirty: editedMeanwhile, failure: null, tooLarge: null, onDevice: editedMeanwhile && state.onDevice, fromDevice: false });
        if (!editedMeanwhile) stopTimers();
        return 'saved';
      } catch (error) {
        if (error instanceof RevisionConflictError && merges < MAX_CONFLICT_MERGES) {
          // Another tab or device saved first: keep every field changed here, take every other from the server.
          const server = repairAnswers(schema, error.snapshot.answers);
          answers = mergeAnswers(schema, base, answers, server);
          base = server;
          baseRevision = error.snapshot.revision;
          sent = answers;
          for (const listener of mergeListeners) listener(answers);
          writeDraft();
          continue;
        }
        if (isTooLarge(error)) {
          // Sent again unchanged, they would be refused again: wait for an edit (docs/security.md#server-limits).
          refusedAsTooLarge = editsAtStart;
          setState({ saving: false, failure: 'too-large', tooLarge: largestAnswer(schema, sent, options.numberedLabel) });
          return 'failed';
        }
        failures += 1;
        setState({ saving: false, failure: isOffline(error) ? 'offline' : 'server', tooLarge: null });
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
      await running;
      return save({ silent, keepalive });
    }
    if (silent && !state.dirty) return 'clean';
    if (refusedAsTooLarge === editCount) return 'failed';
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

  async function flush({ keepalive = false } = {}): Promise<SaveOutcome> {
    // A save that ends may start a re-run at once, so wait until none is running.
    while (running) await running;
    if (!state.dirty) return 'clean';
    return save({ silent: true, keepalive });
  }

  function restore(snapshot: AnswersSnapshot | null | undefined, onDevice: readonly Draft[] = []): Answers {
    const found = [...onDevice];
    if (state.dirty) {
      // Edits made in this tab that no save confirmed yet (the device may have refused the draft): newest of all.
      const own = { id: drafts?.id ?? 'this-page', answers, base, baseRevision, editedAt };
      found.splice(0, found.length, ...found.filter((draft) => draft.id !== own.id), own);
    }
    restoredDraftIds = found.map((draft) => draft.id);
    refusedAsTooLarge = null;
    if (snapshot === undefined && found.length > 0) {
      const newest = found[found.length - 1]!;
      answers = repairAnswers(schema, newest.answers);
      for (const draft of found.slice(0, -1)) answers = mergeAnswers(schema, repairAnswers(schema, draft.base), repairAnswers(schema, draft.answers), answers, 'server');
      base = repairAnswers(schema, newest.base);
      baseRevision = newest.baseRevision;
    } else {
      base = repairAnswers(schema, snapshot?.answers);
      baseRevision = snapshot === undefined ? null : (snapshot?.revision ?? 0);
      const savedAt = snapshot?.savedAt ?? null;
      answers = base;
      for (const draft of found) {
        const draftIsNewer = savedAt === null || draft.editedAt > savedAt.getTime();
        answers = mergeAnswers(schema, repairAnswers(schema, draft.base), repairAnswers(schema, draft.answers), answers, draftIsNewer ? 'local' : 'server');
      }
    }
    const dirty = found.length > 0;
    // Drafts read from the device are on it; this tab's own unsaved edits may not be (the device may have refused them).
    setState({ dirty, savedAt: snapshot?.savedAt ?? null, failure: null, tooLarge: null, onDevice: onDevice.length > 0 });
    if (dirty) {
      // Restored drafts: the server does not have them yet.
      editCount += 1;
      startTimers();
    }
    return answers;
  }

  return {
    schema,
    readOnly: false,
    async open() {
      while (running) await running;
      const [loaded, onDevice] = await Promise.all([
        transport.load().then(
          (snapshot) => ({ snapshot, error: null }),
          (error: unknown) => ({ snapshot: undefined, error }),
        ),
        drafts ? drafts.list() : Promise.resolve([]),
      ]);
      if (loaded.snapshot !== undefined) {
        // Nothing saved yet is kept too: offline, the day then opens on revision 0 rather than on no base.
        keepCopy(loaded.snapshot ?? { answers: {}, revision: 0, savedAt: null });
        const shown = restore(loaded.snapshot, onDevice);
        if (state.fromDevice) setState({ fromDevice: false });
        return shown;
      }
      // Out of reach, the day opens from the copy kept on the device; a server that answered with an error
      // gets the defaults with no base revision, as any failed load (docs/requirements.md#loading-a-day).
      const offline = isOffline(loaded.error);
      const copy = offline && drafts ? await drafts.readSaved() : null;
      const shown = restore(copy ? fromCopy(copy) : undefined, onDevice);
      if (offline) setState({ fromDevice: true });
      return shown;
    },
    restore,
    current: () => answers,
    edit(next) {
      answers = next;
      editCount += 1;
      editedAt = now().getTime();
      if (!state.dirty) setState({ dirty: true });
      writeDraft();
      startTimers();
    },
    save,
    flush,
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onMerged(listener) {
      mergeListeners.add(listener);
      return () => mergeListeners.delete(listener);
    },
    resume() {
      paused = false;
      if (state.dirty) startTimers();
    },
    pause() {
      paused = true;
      stopTimers();
    },
  };
}

/** Options of {@link createReadOnlySession}. */
export interface ReadOnlySessionOptions {
  /** The day's answers schema: the given answers are repaired against it, as a load would. */
  schema: AnswersSchema;
  /**
   * The answers to show, as the server holds them (possibly in an older shape, possibly partial);
   * null or absent shows the schema's defaults.
   */
  answers?: Answers | null;
  /** When the answers were last saved, or null when never: reported as the state's `savedAt`. */
  savedAt?: Date | null;
}

const noop = () => undefined;

function fromCopy(copy: SavedCopy): AnswersSnapshot {
  return { answers: copy.answers, revision: copy.revision, savedAt: copy.savedAt === null ? null : new Date(copy.savedAt) };
}

/**
 * A session that only shows answers: someone else's saved work, such as a facilitator reading a
 * student's day. It is already open: `current()` is `answers` repaired
 * (migrated, then normalised) against `schema` exactly as a student's load is, so the page shows the
 * same values the student sees. It has no transport and no drafts: `edit` is ignored, `save` and
 * `flush` resolve `'clean'` without a request, the state is never dirty or saving, and no timer ever
 * runs. `open()` resolves the same answers; `restore(snapshot)` replaces them with the snapshot's,
 * repaired, and ignores drafts. `readOnly` is true, so an `AnswersForm` bound to it renders every
 * widget read-only and hides the save controls.
 *
 * Never throws: answers of any shape are repaired, never rejected.
 *
 * @example
 * const session = createReadOnlySession({ schema, answers: response.answers, savedAt: new Date(response.updated_at) });
 * <AnswersForm session={session}>…</AnswersForm>
 */
export function createReadOnlySession({ schema, answers, savedAt = null }: ReadOnlySessionOptions): AnswersSession {
  let shown = repairAnswers(schema, answers ?? undefined);
  let state: SaveState = { dirty: false, saving: false, savedAt, failure: null, tooLarge: null, onDevice: false, fromDevice: false };
  return {
    schema,
    readOnly: true,
    open: () => Promise.resolve(shown),
    restore(snapshot) {
      if (snapshot) {
        shown = repairAnswers(schema, snapshot.answers);
        state = { ...state, savedAt: snapshot.savedAt };
      }
      return shown;
    },
    current: () => shown,
    edit: noop,
    save: () => Promise.resolve('clean'),
    flush: () => Promise.resolve('clean'),
    getState: () => state,
    subscribe: () => noop,
    onMerged: () => noop,
    resume: noop,
    pause: noop,
  };
}
