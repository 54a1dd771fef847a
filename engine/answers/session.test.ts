import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswersSchema } from '../schema/index.ts';
import type { Draft, DraftStore, SavedCopy } from './drafts.ts';
import { createAnswersSession, OfflineError, RevisionConflictError, type AnswersSessionOptions, type AnswersSnapshot, type AnswersTransport } from './session.ts';

const text = { type: 'string', description: 'a text', default: '' } as const;
/** One text field: enough for the timing rules. */
const textSchema: AnswersSchema = { type: 'object', default: {}, properties: { text } };
/** Three fields, for restore and merge. */
const schema: AnswersSchema = {
  type: 'object',
  default: {},
  properties: { first: text, second: text, blanks: { type: 'array', minItems: 2, maxItems: 2, default: ['', ''], items: text } },
};
const empty = { first: '', second: '', blanks: ['', ''] };
const savedAt = new Date('2026-11-23T10:00:00Z');

/** A transport whose saves the test settles by hand; loads resolve `loaded`. */
function controlledTransport(loaded: AnswersSnapshot | null = null) {
  const calls: { answers: unknown; baseRevision: number | null; keepalive: boolean; resolve: (revision?: number) => void; reject: (error: Error) => void }[] = [];
  let revision = loaded?.revision ?? 0;
  const transport: AnswersTransport = {
    load: vi.fn(() => Promise.resolve(loaded)),
    save: vi.fn(
      (answers, { baseRevision, keepalive }) =>
        new Promise<AnswersSnapshot>((resolve, reject) => {
          calls.push({
            answers: structuredClone(answers),
            baseRevision,
            keepalive,
            resolve: (next = revision + 1) => resolve({ answers, revision: (revision = next), savedAt: null }),
            reject,
          });
        }),
    ),
  };
  return { transport, calls };
}

function fakeDrafts(found: Draft[] = [], kept: SavedCopy | null = null) {
  const writes: unknown[] = [];
  const removed: string[][] = [];
  const saved = { copy: kept };
  const drafts: DraftStore = {
    id: 'this-tab',
    list: async () => found,
    write: async (draft) => {
      writes.push(structuredClone(draft.answers));
      return true;
    },
    remove: async (ids) => {
      removed.push([...ids]);
    },
    readSaved: async () => saved.copy,
    writeSaved: async (copy) => {
      saved.copy = structuredClone(copy);
    },
  };
  return { drafts, writes, removed, saved };
}

function draft(id: string, answers: object, base: object, editedAt: Date, baseRevision: number | null = 1): Draft {
  return { id, answers: { ...empty, ...answers }, base: { ...empty, ...base }, baseRevision, editedAt: editedAt.getTime() };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A session on one text field, opened with nothing saved. */
function setup(options: Partial<AnswersSessionOptions> = {}) {
  const { transport, calls } = controlledTransport();
  const session = createAnswersSession({ schema: textSchema, transport, ...options });
  session.restore(null);
  const edit = (value: string) => session.edit({ text: value });
  return { session, calls, edit, save: transport.save as ReturnType<typeof vi.fn> };
}

describe('answers session', () => {
  describe('opening', () => {
    it('starts from the saved answers repaired to today\'s schema, clean, with their save time', async () => {
      const { transport } = controlledTransport({ answers: { first: 'saved', blanks: ['x'] }, revision: 3, savedAt });
      const session = createAnswersSession({ schema, transport });
      await expect(session.open()).resolves.toEqual({ ...empty, first: 'saved', blanks: ['x', ''] });
      expect(session.getState()).toMatchObject({ dirty: false, savedAt });
    });

    it('starts from the defaults when nothing is saved yet, and its first save is based on revision 0', async () => {
      const { transport, calls } = controlledTransport(null);
      const session = createAnswersSession({ schema, transport });
      await expect(session.open()).resolves.toEqual(empty);
      void session.save();
      expect(calls[0]!.baseRevision).toBe(0);
    });

    it('starts from the defaults with no base revision when the load failed, so its first save cannot overwrite', async () => {
      const { transport, calls } = controlledTransport();
      transport.load = () => Promise.reject(new OfflineError());
      const session = createAnswersSession({ schema, transport });
      await expect(session.open()).resolves.toEqual(empty);
      void session.save();
      expect(calls[0]!.baseRevision).toBeNull();
    });

    it('waits for the save its previous visit started on the way out before loading', async () => {
      const { transport, calls } = controlledTransport();
      const session = createAnswersSession({ schema, transport });
      session.restore(null);
      session.edit({ ...empty, first: 'typed just before leaving' });
      void session.flush();
      session.pause();
      let opened = false;
      void session.open().then(() => (opened = true));
      await vi.advanceTimersByTimeAsync(100);
      expect(opened).toBe(false);
      expect(transport.load).not.toHaveBeenCalled();
      calls[0]!.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(opened).toBe(true);
    });

    it('merges a draft newer than the server copy over it and saves soon', async () => {
      const typedOffline = draft('closed-tab', { first: 'typed offline' }, {}, new Date('2026-11-23T10:05:00Z'));
      const { transport, calls } = controlledTransport({ answers: { ...empty, second: 'saved from the phone' }, revision: 2, savedAt });
      const { drafts, removed } = fakeDrafts([typedOffline]);
      const session = createAnswersSession({ schema, transport, drafts });
      await expect(session.open()).resolves.toEqual({ ...empty, first: 'typed offline', second: 'saved from the phone' });
      expect(session.getState().dirty).toBe(true);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(calls[0]).toMatchObject({ baseRevision: 2, answers: { ...empty, first: 'typed offline', second: 'saved from the phone' } });
      calls[0]!.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(removed).toEqual([['closed-tab', 'this-tab']]);
    });

    it('lets the server copy win a field both changed when the server copy is newer, keeping the draft\'s other fields', () => {
      const old = draft('old-tab', { first: 'old draft', second: 'only in the draft' }, {}, new Date('2026-11-23T09:00:00Z'));
      const session = createAnswersSession({ schema, transport: controlledTransport().transport });
      expect(session.restore({ answers: { ...empty, first: 'saved later' }, revision: 2, savedAt }, [old])).toEqual({
        ...empty,
        first: 'saved later',
        second: 'only in the draft',
      });
    });

    it('shows the newest draft as it was when the load failed, on its own base revision', async () => {
      const older = draft('tab-a', { blanks: ['from tab a', ''] }, {}, new Date('2026-11-23T10:01:00Z'), 4);
      const newest = draft('tab-b', { first: 'from tab b', second: 'saved' }, { second: 'saved' }, new Date('2026-11-23T10:02:00Z'), 5);
      const { transport, calls } = controlledTransport();
      const session = createAnswersSession({ schema, transport });
      expect(session.restore(undefined, [older, newest])).toEqual({ first: 'from tab b', second: 'saved', blanks: ['from tab a', ''] });
      await vi.advanceTimersByTimeAsync(2_000);
      expect(calls[0]!.baseRevision).toBe(5);
    });

    it('repairs a draft written by an older version of the lesson', () => {
      const oldShape: Draft = { id: 'old', answers: { first: 'kept', blanks: ['only one'] }, base: {}, baseRevision: 1, editedAt: Date.now() };
      const session = createAnswersSession({ schema, transport: controlledTransport().transport });
      expect(session.restore(null, [oldShape])).toEqual({ ...empty, first: 'kept', blanks: ['only one', ''] });
    });

    it('keeps this tab\'s unsaved edits when opened again, even where the device refused the draft', async () => {
      const { transport } = controlledTransport({ answers: { ...empty, second: 'from the server' }, revision: 2, savedAt });
      const session = createAnswersSession({ schema, transport });
      session.restore(null);
      session.edit({ ...empty, first: 'not saved anywhere yet' });
      session.pause();
      await expect(session.open()).resolves.toEqual({ ...empty, first: 'not saved anywhere yet', second: 'from the server' });
    });
  });

  describe('the copy of the server\'s answers kept on the device', () => {
    it('is the loaded snapshot, and then each confirmed save', async () => {
      const { transport, calls } = controlledTransport({ answers: { ...empty, first: 'loaded' }, revision: 4, savedAt });
      const { drafts, saved } = fakeDrafts();
      const session = createAnswersSession({ schema, transport, drafts });
      await session.open();
      await vi.advanceTimersByTimeAsync(0);
      expect(saved.copy).toEqual({ answers: { ...empty, first: 'loaded' }, revision: 4, savedAt: savedAt.getTime() });
      session.edit({ ...empty, first: 'loaded', second: 'typed' });
      void session.save();
      calls[0]!.resolve(5);
      await vi.advanceTimersByTimeAsync(0);
      expect(saved.copy).toMatchObject({ answers: { ...empty, first: 'loaded', second: 'typed' }, revision: 5 });
    });

    it('opens the day when the load fails, on its revision, saying the answers came from the device', async () => {
      const { transport, calls } = controlledTransport();
      transport.load = () => Promise.reject(new OfflineError());
      const { drafts } = fakeDrafts([], { answers: { first: 'saved yesterday' }, revision: 7, savedAt: savedAt.getTime() });
      const session = createAnswersSession({ schema, transport, drafts });
      await expect(session.open()).resolves.toEqual({ ...empty, first: 'saved yesterday' });
      expect(session.getState()).toMatchObject({ dirty: false, fromDevice: true, savedAt });
      session.edit({ ...empty, first: 'saved yesterday', second: 'typed offline' });
      void session.save();
      expect(calls[0]!.baseRevision).toBe(7);
      calls[0]!.resolve(8);
      await vi.advanceTimersByTimeAsync(0);
      expect(session.getState()).toMatchObject({ dirty: false, fromDevice: false });
    });

    it('is not used when the server answered with an error: the defaults, with no base revision, as any failed load', async () => {
      const { transport, calls } = controlledTransport();
      transport.load = () => Promise.reject(new Error('500 internal'));
      const { drafts } = fakeDrafts([], { answers: { first: 'saved yesterday' }, revision: 7, savedAt: savedAt.getTime() });
      const session = createAnswersSession({ schema, transport, drafts });
      await expect(session.open()).resolves.toEqual(empty);
      expect(session.getState()).toMatchObject({ dirty: false, fromDevice: false });
      void session.save();
      expect(calls[0]!.baseRevision).toBeNull();
    });

    it('says the day came from the device when the server is out of reach and no copy was kept', async () => {
      const { transport } = controlledTransport();
      transport.load = () => Promise.reject(new OfflineError());
      const session = createAnswersSession({ schema, transport, drafts: fakeDrafts().drafts });
      await expect(session.open()).resolves.toEqual(empty);
      expect(session.getState()).toMatchObject({ dirty: false, fromDevice: true });
    });

    it('takes the drafts typed offline over it', async () => {
      const { transport } = controlledTransport();
      transport.load = () => Promise.reject(new OfflineError());
      const typedOffline = draft('closed-tab', { first: 'saved yesterday', second: 'typed offline' }, { first: 'saved yesterday' }, new Date('2026-11-23T10:05:00Z'), 7);
      const { drafts } = fakeDrafts([typedOffline], { answers: { first: 'saved yesterday' }, revision: 7, savedAt: savedAt.getTime() });
      const session = createAnswersSession({ schema, transport, drafts });
      await expect(session.open()).resolves.toEqual({ ...empty, first: 'saved yesterday', second: 'typed offline' });
      expect(session.getState()).toMatchObject({ dirty: true, fromDevice: true });
    });
  });

  describe('before any edit', () => {
    it('is clean, not saving, and never saves on its own', async () => {
      const { session, save } = setup();
      expect(session.getState()).toEqual({ dirty: false, saving: false, savedAt: null, failure: null, tooLarge: null, onDevice: false, fromDevice: false });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(save).not.toHaveBeenCalled();
    });
  });

  describe('after an edit', () => {
    it('is dirty at once and saves silently 2 s after the first edit', async () => {
      const { session, save, edit } = setup();
      edit('a');
      expect(session.getState().dirty).toBe(true);
      await vi.advanceTimersByTimeAsync(1_999);
      expect(save).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(save).toHaveBeenCalledTimes(1);
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
      const { session, calls, edit } = setup();
      edit('a');
      await vi.advanceTimersByTimeAsync(2_000);
      expect(session.getState()).toMatchObject({ saving: true, dirty: true });
      calls[0]!.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(session.getState()).toMatchObject({ saving: false, dirty: false });
      expect(session.getState().savedAt).toBeInstanceOf(Date);
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
      const { session, calls, edit } = setup();
      edit('first');
      await vi.advanceTimersByTimeAsync(2_000);
      edit('second');
      calls[0]!.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(session.getState().dirty).toBe(true);
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
      let attempt = 0;
      const transport: AnswersTransport = {
        load: async () => null,
        save: async (answers) => {
          attempt += 1;
          if (attempt < 4) throw new Error('500');
          return { answers, revision: 1, savedAt: null };
        },
      };
      const session = createAnswersSession({ schema: textSchema, transport, random: () => 0.999 });
      session.edit({ text: 'a' });
      await vi.advanceTimersByTimeAsync(2_000);
      expect(attempt).toBe(1);
      expect(session.getState()).toMatchObject({ dirty: true, saving: false, savedAt: null, failure: 'server' });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(attempt).toBe(2);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(attempt).toBe(3);
      await vi.advanceTimersByTimeAsync(4_000);
      expect(attempt).toBe(4);
      expect(session.getState()).toMatchObject({ dirty: false, failure: null });
    });

    it('says the server could not be reached when the save never got there', async () => {
      const { session, calls, edit } = setup();
      edit('a');
      await vi.advanceTimersByTimeAsync(2_000);
      calls[0]!.reject(new OfflineError());
      await vi.advanceTimersByTimeAsync(0);
      expect(session.getState().failure).toBe('offline');
    });
  });

  describe('a save the server refuses as too large (413)', () => {
    /** What the app's API client rejects with for a 413 (src/api/client.ts): an error carrying the status. */
    const tooLarge = () => Object.assign(new Error('413 body_too_large: The request body is larger than 256 KB.'), { status: 413, code: 'body_too_large' });
    const twoTexts: AnswersSchema = {
      type: 'object',
      default: {},
      properties: { title: { ...text, description: 'A title.' }, story: { ...text, description: 'The story, in your own words.' } },
    };

    function setupTwoTexts() {
      const { transport, calls } = controlledTransport();
      const { drafts, writes, removed } = fakeDrafts();
      const session = createAnswersSession({ schema: twoTexts, transport, drafts });
      session.restore(null);
      return { session, calls, writes, removed, save: transport.save as ReturnType<typeof vi.fn> };
    }

    it('names the answer holding the most text, keeps every word on the page and the device, and is not "kept on this device"', async () => {
      const { session, calls, writes, removed } = setupTwoTexts();
      const long = 'Once upon a time '.repeat(20_000);
      session.edit({ title: 'Mine', story: long });
      await vi.advanceTimersByTimeAsync(2_000);
      calls[0]!.reject(tooLarge());
      await vi.advanceTimersByTimeAsync(0);
      expect(session.getState()).toMatchObject({
        dirty: true,
        saving: false,
        failure: 'too-large',
        tooLarge: { path: 'story', label: 'The story, in your own words.' },
        onDevice: true,
      });
      expect(session.current()).toEqual({ title: 'Mine', story: long });
      expect(writes.at(-1)).toEqual({ title: 'Mine', story: long });
      expect(removed).toEqual([]);
    });

    it('numbers a list item in the label as the page asks, for a reader of another language', async () => {
      const { transport, calls } = controlledTransport();
      const lines: AnswersSchema = {
        type: 'object',
        default: {},
        properties: { lines: { type: 'array', description: 'Two lines', minItems: 2, maxItems: 2, default: ['', ''], items: { ...text, description: 'A line.' } } },
      };
      const numberedLabel = (label: string, { number, row }: { number: number; row: boolean }) => `${label} (${row ? 'fila ' : 'n.º '}${number})`;
      const session = createAnswersSession({ schema: lines, transport, numberedLabel });
      session.restore(null);
      session.edit({ lines: ['short', 'far too long'] });
      await vi.advanceTimersByTimeAsync(2_000);
      calls[0]!.reject(tooLarge());
      await vi.advanceTimersByTimeAsync(0);
      expect(session.getState().tooLarge).toEqual({ path: 'lines.1', label: 'Two lines (n.º 2)' });
    });

    it('never sends the same answers again: no retry, no interval save, no flush, no explicit save', async () => {
      const { session, calls, save } = setupTwoTexts();
      session.edit({ title: 'Mine', story: 'far too long' });
      await vi.advanceTimersByTimeAsync(2_000);
      calls[0]!.reject(tooLarge());
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      await expect(session.flush()).resolves.toBe('failed');
      await expect(session.save()).resolves.toBe('failed');
      expect(save).toHaveBeenCalledTimes(1);
      expect(session.getState()).toMatchObject({ dirty: true, failure: 'too-large' });
    });

    it('saves again after the next edit, and forgets the refusal once the server confirms', async () => {
      const { session, calls } = setupTwoTexts();
      session.edit({ title: 'Mine', story: 'far too long' });
      await vi.advanceTimersByTimeAsync(2_000);
      calls[0]!.reject(tooLarge());
      await vi.advanceTimersByTimeAsync(0);
      session.edit({ title: 'Mine', story: 'shorter' });
      await vi.advanceTimersByTimeAsync(2_000);
      expect(calls).toHaveLength(2);
      expect(calls[1]!.answers).toEqual({ title: 'Mine', story: 'shorter' });
      calls[1]!.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(session.getState()).toMatchObject({ dirty: false, failure: null, tooLarge: null });
    });

    it('saves an edit made while the refused save was on its way, as usual', async () => {
      const { session, calls } = setupTwoTexts();
      session.edit({ title: 'Mine', story: 'far too long' });
      await vi.advanceTimersByTimeAsync(2_000);
      session.edit({ title: 'Mine', story: 'cut down' });
      calls[0]!.reject(tooLarge());
      await vi.advanceTimersByTimeAsync(2_000);
      expect(calls.map((call) => call.answers)).toEqual([
        { title: 'Mine', story: 'far too long' },
        { title: 'Mine', story: 'cut down' },
      ]);
    });
  });

  describe('revisions', () => {
    it('sends the base revision and moves it to the revision the server confirms', async () => {
      const { transport, calls } = controlledTransport({ answers: {}, revision: 4, savedAt: null });
      const session = createAnswersSession({ schema: textSchema, transport });
      await session.open();
      session.edit({ text: 'a' });
      await vi.advanceTimersByTimeAsync(2_000);
      expect(calls[0]!.baseRevision).toBe(4);
      calls[0]!.resolve(5);
      await vi.advanceTimersByTimeAsync(0);
      session.edit({ text: 'ab' });
      await vi.advanceTimersByTimeAsync(2_000);
      expect(calls[1]!.baseRevision).toBe(5);
    });

    it('after a conflict, merges with the server answers, hands them to the page and saves again on the new revision', async () => {
      const twoFields: AnswersSchema = { type: 'object', default: {}, properties: { mine: text, theirs: text } };
      const sent: { answers: unknown; baseRevision: unknown }[] = [];
      const transport: AnswersTransport = {
        load: async () => ({ answers: {}, revision: 1, savedAt: null }),
        save: async (answers, { baseRevision }) => {
          sent.push({ answers: structuredClone(answers), baseRevision });
          if (baseRevision === 1) throw new RevisionConflictError({ answers: { theirs: 'from the other tab' }, revision: 2, savedAt: null });
          return { answers, revision: 3, savedAt: null };
        },
      };
      const session = createAnswersSession({ schema: twoFields, transport });
      await session.open();
      const shown: unknown[] = [];
      session.onMerged((merged) => shown.push(merged));
      session.edit({ mine: 'typed here', theirs: '' });
      await vi.advanceTimersByTimeAsync(2_000);
      expect(sent).toEqual([
        { answers: { mine: 'typed here', theirs: '' }, baseRevision: 1 },
        { answers: { mine: 'typed here', theirs: 'from the other tab' }, baseRevision: 2 },
      ]);
      expect(shown).toEqual([{ mine: 'typed here', theirs: 'from the other tab' }]);
      expect(session.current()).toEqual({ mine: 'typed here', theirs: 'from the other tab' });
      expect(session.getState()).toMatchObject({ dirty: false, failure: null });
    });

    it('gives up after a few conflicts in a row and keeps the page dirty for the next trigger', async () => {
      const save = vi.fn(async () => {
        throw new RevisionConflictError({ answers: { text: 'moving target' }, revision: 9, savedAt: null });
      });
      const session = createAnswersSession({ schema: textSchema, transport: { load: async () => null, save } });
      session.edit({ text: 'a' });
      await vi.advanceTimersByTimeAsync(2_000);
      expect(save).toHaveBeenCalledTimes(4);
      expect(session.getState().dirty).toBe(true);
    });
  });

  describe('drafts on the device', () => {
    it('writes every edit at once, before any save', async () => {
      const { drafts, writes } = fakeDrafts();
      const { session, save, edit } = setup({ drafts });
      edit('a');
      edit('ab');
      expect(writes).toEqual([{ text: 'a' }, { text: 'ab' }]);
      expect(save).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(0);
      expect(session.getState().onDevice).toBe(true);
    });

    it('keeps this page\'s draft when the student typed while the save ran', async () => {
      const { drafts, removed, writes } = fakeDrafts();
      const { calls, edit } = setup({ drafts });
      edit('a');
      await vi.advanceTimersByTimeAsync(2_000);
      edit('ab');
      calls[0]!.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(removed).toEqual([[]]);
      expect(writes.at(-1)).toEqual({ text: 'ab' });
    });

    it('keeps the draft when every save fails', async () => {
      const { drafts, removed } = fakeDrafts();
      const save = vi.fn(() => Promise.reject(new OfflineError()));
      const session = createAnswersSession({ schema: textSchema, transport: { load: async () => null, save }, drafts });
      session.edit({ text: 'a' });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(save.mock.calls.length).toBeGreaterThan(3);
      expect(removed).toEqual([]);
      expect(session.getState()).toMatchObject({ dirty: true, failure: 'offline', onDevice: true });
    });
  });

  describe('explicit save', () => {
    it('saves even when clean and reports the outcome', async () => {
      const { session, calls } = setup();
      const outcome = session.save();
      calls[0]!.resolve();
      await expect(outcome).resolves.toBe('saved');
    });

    it('reports a failure so the page can say "Error saving. Please try again."', async () => {
      const { session, calls, edit } = setup();
      edit('a');
      const outcome = session.save();
      calls[0]!.reject(new Error('500'));
      await expect(outcome).resolves.toBe('failed');
      expect(session.getState().dirty).toBe(true);
    });

    it('waits for a running save, then sends the latest answers itself', async () => {
      const { session, calls, edit } = setup();
      edit('first');
      await vi.advanceTimersByTimeAsync(2_000);
      edit('second');
      const outcome = session.save();
      expect(calls).toHaveLength(1);
      calls[0]!.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toHaveLength(2);
      expect(calls[1]!.answers).toEqual({ text: 'second' });
      calls[1]!.resolve();
      await expect(outcome).resolves.toBe('saved');
    });
  });

  describe('flush (tab hidden, before logout)', () => {
    it('does nothing when clean', async () => {
      const { session, save } = setup();
      await expect(session.flush()).resolves.toBe('clean');
      expect(save).not.toHaveBeenCalled();
    });

    it('saves at once when dirty, kept alive when asked, without waiting for the debounce', async () => {
      const { session, calls, edit } = setup();
      edit('unsaved');
      const outcome = session.flush({ keepalive: true });
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toHaveLength(1);
      expect(calls[0]!.keepalive).toBe(true);
      calls[0]!.resolve();
      await expect(outcome).resolves.toBe('saved');
    });

    it('waits for a running save and then saves the edits made during it', async () => {
      const { session, calls, edit } = setup();
      edit('first');
      await vi.advanceTimersByTimeAsync(2_000);
      edit('second');
      const outcome = session.flush();
      calls[0]!.resolve();
      await vi.advanceTimersByTimeAsync(0);
      expect(calls.at(-1)!.answers).toEqual({ text: 'second' });
      calls.at(-1)!.resolve();
      await expect(outcome).resolves.toBe('saved');
      expect(session.getState().dirty).toBe(false);
    });
  });

  it('stops its timers when paused and starts them again when resumed with unsaved edits', async () => {
    const { session, save, edit } = setup();
    edit('a');
    session.pause();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(save).not.toHaveBeenCalled();
    session.resume();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(save).toHaveBeenCalledTimes(1);
  });
});
