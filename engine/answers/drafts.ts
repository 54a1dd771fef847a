import { createStore, delMany, entries, set, type UseStore } from 'idb-keyval';
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
  };
}
