import { mergeAnswers } from '../schema/merge.ts';
import { repairAnswers } from '../schema/repair.ts';
import type { Answers, AnswersSchema } from '../schema/types.ts';
import type { Draft } from './drafts.ts';

/** A day's answers as the server returned them on load. */
export interface ServerAnswers {
  /** The answers as stored, in any older shape: they are repaired here. */
  answers: unknown;
  revision: number;
  savedAt: Date | null;
}

/** What a page starts from: pass each field to `AnswersForm` under the same name. */
export interface RestoredAnswers {
  /** The answers to show: the server's, with every draft on the device merged in. */
  answers: Answers;
  /** What the server last confirmed (the defaults when nothing could be loaded). */
  base: Answers;
  /** The revision of `base`: 0 when nothing was saved yet, null when the load failed. */
  baseRevision: number | null;
  savedAt: Date | null;
  /** True when drafts were restored: the page saves them soon. */
  dirty: boolean;
  /** The drafts merged in, removed from the device once the server confirms a save that includes them. */
  restoredDraftIds: string[];
}

/**
 * Decides what a day page starts from (issue 6, "Local drafts"; docs/decisions/005-revisions-and-drafts.md).
 *
 * - Loaded, no drafts: the saved answers, repaired to today's schema (spec section 4, "Day page").
 * - Loaded, with drafts: each draft (oldest first) is merged over the saved answers with the three-way
 *   merge: fields the draft changed keep the draft's text; where the server's copy also changed a field,
 *   the newer of the two wins (the draft's last edit against the server's save time).
 * - Load failed, with drafts: the newest draft as it was, on its own base and revision, so the page shows
 *   the student's last text even offline; any other drafts are merged into it.
 * - Load failed, no drafts: the defaults, with no base revision, so the first save cannot overwrite
 *   answers the page never saw (the server answers with a conflict and autosave merges).
 *
 * @param schema - the day's answers schema
 * @param server - the loaded answers; null when nothing is saved yet (404); undefined when the load failed
 * @param drafts - every draft of this student and day on the device, oldest first
 */
export function restoreAnswers(schema: AnswersSchema, server: ServerAnswers | null | undefined, drafts: readonly Draft[]): RestoredAnswers {
  const restoredDraftIds = drafts.map((draft) => draft.id);
  if (server === undefined && drafts.length > 0) {
    const newest = drafts[drafts.length - 1]!;
    let answers = repairAnswers(schema, newest.answers);
    for (const draft of drafts.slice(0, -1)) answers = mergeAnswers(schema, repairAnswers(schema, draft.base), repairAnswers(schema, draft.answers), answers, 'server');
    return { answers, base: repairAnswers(schema, newest.base), baseRevision: newest.baseRevision, savedAt: null, dirty: true, restoredDraftIds };
  }

  const base = repairAnswers(schema, server?.answers);
  const baseRevision = server === undefined ? null : (server?.revision ?? 0);
  const savedAt = server?.savedAt ?? null;
  let answers = base;
  for (const draft of drafts) {
    const draftIsNewer = savedAt === null || draft.editedAt > savedAt.getTime();
    answers = mergeAnswers(schema, repairAnswers(schema, draft.base), repairAnswers(schema, draft.answers), answers, draftIsNewer ? 'local' : 'server');
  }
  return { answers, base, baseRevision, savedAt, dirty: drafts.length > 0, restoredDraftIds };
}
