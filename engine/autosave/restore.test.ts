import { describe, expect, it } from 'vitest';
import type { AnswersSchema } from '../schema/types.ts';
import type { Draft } from './drafts.ts';
import { restoreAnswers } from './restore.ts';

const text = { type: 'string', description: 'a text', default: '' } as const;
const schema: AnswersSchema = {
  type: 'object',
  default: {},
  properties: { first: text, second: text, blanks: { type: 'array', minItems: 2, maxItems: 2, default: ['', ''], items: text } },
};
const empty = { first: '', second: '', blanks: ['', ''] };
const savedAt = new Date('2026-11-23T10:00:00Z');

function draft(id: string, answers: object, base: object, editedAt: Date, baseRevision: number | null = 1): Draft {
  return { id, answers: { ...empty, ...answers }, base: { ...empty, ...base }, baseRevision, editedAt: editedAt.getTime() };
}

describe('restoreAnswers (issue 6)', () => {
  describe('with no draft on the device', () => {
    it('starts from the saved answers repaired to today\'s schema, clean', () => {
      const restored = restoreAnswers(schema, { answers: { first: 'saved', blanks: ['x'] }, revision: 3, savedAt }, []);
      expect(restored).toEqual({
        answers: { ...empty, first: 'saved', blanks: ['x', ''] },
        base: { ...empty, first: 'saved', blanks: ['x', ''] },
        baseRevision: 3,
        savedAt,
        dirty: false,
        restoredDraftIds: [],
      });
    });

    it('starts from the defaults at revision 0 when nothing is saved yet', () => {
      expect(restoreAnswers(schema, null, [])).toMatchObject({ answers: empty, baseRevision: 0, dirty: false });
    });

    it('starts from the defaults with no base revision when the load failed, so its first save cannot overwrite', () => {
      expect(restoreAnswers(schema, undefined, [])).toMatchObject({ answers: empty, baseRevision: null, dirty: false });
    });
  });

  describe('with drafts on the device', () => {
    it('merges a draft newer than the server copy over it and saves soon', () => {
      const typedOffline = draft('closed-tab', { first: 'typed offline' }, {}, new Date('2026-11-23T10:05:00Z'));
      const restored = restoreAnswers(schema, { answers: { ...empty, second: 'saved from the phone' }, revision: 2, savedAt }, [typedOffline]);
      expect(restored.answers).toEqual({ ...empty, first: 'typed offline', second: 'saved from the phone' });
      expect(restored).toMatchObject({ base: { ...empty, second: 'saved from the phone' }, baseRevision: 2, dirty: true, restoredDraftIds: ['closed-tab'] });
    });

    it('lets the server copy win a field both changed when the server copy is newer, keeping the draft\'s other fields', () => {
      const old = draft('old-tab', { first: 'old draft', second: 'only in the draft' }, {}, new Date('2026-11-23T09:00:00Z'));
      const restored = restoreAnswers(schema, { answers: { ...empty, first: 'saved later' }, revision: 2, savedAt }, [old]);
      expect(restored.answers).toEqual({ ...empty, first: 'saved later', second: 'only in the draft' });
    });

    it('shows the newest draft as it was when the load failed, on its own base revision', () => {
      const older = draft('tab-a', { blanks: ['from tab a', ''] }, {}, new Date('2026-11-23T10:01:00Z'), 4);
      const newest = draft('tab-b', { first: 'from tab b', second: 'saved' }, { second: 'saved' }, new Date('2026-11-23T10:02:00Z'), 5);
      const restored = restoreAnswers(schema, undefined, [older, newest]);
      expect(restored.answers).toEqual({ first: 'from tab b', second: 'saved', blanks: ['from tab a', ''] });
      expect(restored).toMatchObject({ base: { ...empty, second: 'saved' }, baseRevision: 5, dirty: true, restoredDraftIds: ['tab-a', 'tab-b'] });
    });

    it('repairs a draft written by an older version of the lesson', () => {
      const oldShape: Draft = { id: 'old', answers: { first: 'kept', blanks: ['only one'] }, base: {}, baseRevision: 1, editedAt: Date.now() };
      expect(restoreAnswers(schema, null, [oldShape]).answers).toEqual({ ...empty, first: 'kept', blanks: ['only one', ''] });
    });
  });
});
