import { createStore, del, delMany, entries, get, keys, set, type UseStore } from 'idb-keyval';
import type { Answers } from '../schema/types.ts';

/**
 * One page's unconfirmed answers, kept on the device until the server confirms a save that includes
 * them (docs/decisions/005-revisions-and-drafts.md).
 */
export interface Draft {
  /** The page instance that wrote it: each open tab keeps its own draft, so two tabs never overwrite each other's. */
  id: string;
  /** The answers on the page, complete. */
  answers: Answers;
  /** The answers the page started from (its last server-confirmed answers), for the three-way merge. */
  base: Answers;
  /** The server revision `base` came from; null when the page could not load the saved answers. */
  baseRevision: number | null;
  /** When the student last changed something, ms since the epoch. */
  editedAt: number;
}

/** Where one student's drafts for one day live. Every method settles; storage failures are reported, never thrown. */
export interface DraftStore {
  /** This page's draft id. */
  readonly id: string;
  /** Every draft of this scope (all tabs, including closed ones), oldest edit first; empty when storage is unavailable. */
  list(): Promise<Draft[]>;
  /**
   * Writes this page's draft. Writes are queued in order and coalesced: only the latest of several
   * waiting writes is stored. Resolves true once stored, false when the device refused (private mode,
   * storage full, IndexedDB blocked by policy).
   */
  write(draft: Omit<Draft, 'id'>): Promise<boolean>;
  /** Removes drafts by id (this page's, or restored ones now included in a confirmed save), in queue order. */
  remove(ids: readonly string[]): Promise<void>;
  /**
   * The answers last loaded from the server or confirmed by it, kept so that the day opens with them when
   * the server cannot be reached (docs/decisions/010-offline-days.md); null when none is kept or storage
   * is unavailable.
   */
  readSaved(): Promise<SavedCopy | null>;
  /** Replaces the kept copy of the server's answers; queued after earlier writes, failures ignored. */
  writeSaved(copy: SavedCopy): Promise<void>;
}

/** The server's answers as kept on the device: what the last load or confirmed save said. */
export interface SavedCopy {
  answers: Answers;
  /** The server's revision of them. */
  revision: number;
  /** When the server stored them, ms since the epoch; null when it did not say or nothing was saved yet. */
  savedAt: number | null;
}

/** The IndexedDB database and object store that hold drafts. */
export const DRAFTS_DATABASE = 'helix-drafts';
const DRAFTS_OBJECT_STORE = 'drafts';

let sharedStore: UseStore | null = null;
function idbStore(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  sharedStore ??= createStore(DRAFTS_DATABASE, DRAFTS_OBJECT_STORE);
  return sharedStore;
}

function isDraft(value: unknown): value is Draft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Partial<Draft>;
  return typeof draft.id === 'string' && typeof draft.answers === 'object' && typeof draft.base === 'object' && typeof draft.editedAt === 'number';
}

function isSavedCopy(value: unknown): value is SavedCopy {
  if (typeof value !== 'object' || value === null) return false;
  const copy = value as Partial<SavedCopy>;
  return typeof copy.answers === 'object' && copy.answers !== null && typeof copy.revision === 'number' && (copy.savedAt === null || typeof copy.savedAt === 'number');
}

/** The key of a scope's saved copy: outside the scope's draft keys (`${scope}/${id}`), so `list` never sees it. */
function savedCopyKey(scope: string): string {
  return `${scope}#saved`;
}

function newDraftId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Opens the drafts of one scope in the browser's IndexedDB (through `idb-keyval`). Keys are
 * `${scope}/${id}`; the app makes the scope from the student and the day, so a second student on the
 * same Chromebook never sees the first one's drafts.
 *
 * @param scope - for example `student-42/day-3`; must not contain `/` at the end
 * @param id - this page's draft id; a random UUID unless given (tests)
 * @example
 * const drafts = openDraftStore(`student-${user.id}/day-${day}`);
 * const restored = await drafts.list();
 */
export function openDraftStore(scope: string, id: string = newDraftId()): DraftStore {
  const prefix = `${scope}/`;
  // The database starts opening now, so the first read need not wait for it (a day opens its drafts
  // while its schema still downloads: src/days/open-day.ts).
  idbStore();
  let queue: Promise<unknown> = Promise.resolve();
  // The latest write still waiting in the queue with nothing queued after it: a newer write replaces its draft.
  let waitingWrite: { draft: Draft } | null = null;

  function enqueue<T>(task: (store: UseStore) => Promise<T>, fallback: T): Promise<T> {
    const run = queue.then(async () => {
      const store = idbStore();
      if (!store) return fallback;
      try {
        return await task(store);
      } catch {
        return fallback;
      }
    });
    queue = run;
    return run;
  }

  return {
    id,
    list() {
      return enqueue(async (store) => {
        const found = (await entries(store))
          .filter(([key]) => typeof key === 'string' && key.startsWith(prefix))
          .map(([, value]) => value)
          .filter(isDraft);
        return found.sort((a, b) => a.editedAt - b.editedAt);
      }, [] as Draft[]);
    },
    write(draft) {
      if (waitingWrite) {
        waitingWrite.draft = { ...draft, id };
        return queue.then(() => true);
      }
      const slot = { draft: { ...draft, id } };
      waitingWrite = slot;
      return enqueue(async (store) => {
        if (waitingWrite === slot) waitingWrite = null;
        await set(`${prefix}${id}`, slot.draft, store);
        return true;
      }, false);
    },
    remove(ids) {
      if (ids.length === 0) return Promise.resolve();
      // A later write must be queued after this removal, not folded into a write queued before it.
      waitingWrite = null;
      return enqueue(async (store) => {
        await delMany(
          ids.map((each) => `${prefix}${each}`),
          store,
        );
      }, undefined);
    },
    readSaved() {
      return enqueue(async (store) => {
        const value: unknown = await get(savedCopyKey(scope), store);
        return isSavedCopy(value) ? value : null;
      }, null);
    },
    writeSaved(copy) {
      return enqueue((store) => set(savedCopyKey(scope), copy, store), undefined);
    },
  };
}

/**
 * Removes the saved copies of every scope that starts with `owner` (one student's days), leaving their
 * drafts: a draft holds work the server may not have yet, and only its own student ever opens it. Called
 * at logout, so the device keeps no copy of a student's confirmed answers once they have signed out
 * (docs/decisions/010-offline-days.md). Settles whatever storage does.
 *
 * @param owner - the scope prefix of one student, e.g. `student-42/`
 */
export async function forgetSavedCopies(owner: string): Promise<void> {
  const store = idbStore();
  if (!store) return;
  try {
    const found = (await keys(store)).filter((key): key is string => typeof key === 'string' && key.startsWith(owner) && key.endsWith('#saved'));
    await Promise.all(found.map((key) => del(key, store)));
  } catch {
    // Storage refused: nothing was kept there either.
  }
}
