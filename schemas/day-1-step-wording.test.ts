import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isNormalized, repairAnswers, type Answers, type AnswersSchema } from '../engine/schema/index.ts';
import { normalizeOrderValue } from '../engine/widgets/order-steps/move-step.ts';
import { loadAnswersValidator } from '../server/answers/validators.ts';
import day1Schema from './day-1.schema.json';

/** How older pages worded the first step of Day 1's ordering exercise, as their saved answers hold it. */
const OLD_WORDING = 'RNA polymerase binds to the positive transcription factor';
/** How the step reads today, as the lesson teaches it: the factor binds the DNA before the polymerase attaches. */
const NEW_WORDING = 'A transcription factor binds the DNA, then RNA polymerase attaches at the promoter';

const schema = day1Schema as AnswersSchema;
type Dnd = { available: string[]; ordered: string[]; orderSize: number };

/** A Day 1 save from before the rewording: the old step placed first, the old step left unplaced in another. */
const oldOrderedSave = (): Answers => ({
  geneQ1: 'Regulation decides when a gene is read.',
  fillBlanks: ['protein', 'transcription'],
  dnd: { available: ['Translation', 'Protein is created'], ordered: [OLD_WORDING, 'Transcription', 'mRNA is created', '', ''], orderSize: 5 },
  oldField: 'kept from an older page',
});
const oldAvailableSave = (): Answers => ({
  geneQ1: 'Still thinking.',
  dnd: { available: ['Translation', 'mRNA is created', OLD_WORDING, 'Protein is created'], ordered: ['Transcription', '', '', '', ''], orderSize: 5 },
});

describe('Day 1 ordering step wording', () => {
  it('offers the step in its new wording, and never in the old, in the default starting order', () => {
    const { dnd } = repairAnswers(schema, undefined) as { dnd: Dnd };
    expect(dnd.available).toContain(NEW_WORDING);
    expect(JSON.stringify(schema.properties?.dnd?.default ?? {})).not.toContain(OLD_WORDING);
    expect(JSON.stringify(dnd)).not.toContain(OLD_WORDING);
  });

  describe('on the client, loading an old answer', () => {
    it('rewords the step placed in the ordered slots, keeping the order and the other fields', () => {
      const repaired = repairAnswers(schema, oldOrderedSave());
      expect(repaired.dnd).toEqual({
        available: ['Translation', 'Protein is created'],
        ordered: [NEW_WORDING, 'Transcription', 'mRNA is created', '', ''],
        orderSize: 5,
      });
      expect(repaired).toMatchObject({ geneQ1: 'Regulation decides when a gene is read.', oldField: 'kept from an older page' });
      expect((repaired.fillBlanks as string[]).slice(0, 3)).toEqual(['protein', 'transcription', '']);
    });

    it('rewords the step left among the unplaced steps, keeping its place in that list', () => {
      const repaired = repairAnswers(schema, oldAvailableSave());
      expect(repaired.dnd).toEqual({
        available: ['Translation', 'mRNA is created', NEW_WORDING, 'Protein is created'],
        ordered: ['Transcription', '', '', '', ''],
        orderSize: 5,
      });
      expect(repaired.geneQ1).toBe('Still thinking.');
    });

    it('shows five steps, not the old step beside the new one', () => {
      const defaultSteps = (repairAnswers(schema, undefined).dnd as Dnd).available;
      for (const saved of [oldOrderedSave(), oldAvailableSave()]) {
        const shown = normalizeOrderValue(repairAnswers(schema, saved).dnd, defaultSteps);
        const steps = [...shown.ordered, ...shown.available].filter((step) => step !== '');
        expect(steps).toHaveLength(5);
        expect(steps).toContain(NEW_WORDING);
        expect(steps).not.toContain(OLD_WORDING);
      }
    });

    it('leaves answers already in the new wording as they are', () => {
      const repaired = repairAnswers(schema, oldOrderedSave());
      expect(isNormalized(schema, repaired)).toBe(true);
      expect(repairAnswers(schema, repaired)).toEqual(repaired);
    });
  });

  describe('on the server', () => {
    const validator = loadAnswersValidator(join(process.cwd(), 'schemas'));

    it('accepts a save in the old wording and stores it in the new, keeping the order and the other fields', () => {
      const prepared = validator.prepare(1, oldOrderedSave());
      expect(prepared.problem).toBeNull();
      expect(prepared.answers?.dnd).toEqual({
        available: ['Translation', 'Protein is created'],
        ordered: [NEW_WORDING, 'Transcription', 'mRNA is created', '', ''],
        orderSize: 5,
      });
      expect(prepared.answers).toMatchObject({ geneQ1: 'Regulation decides when a gene is read.', oldField: 'kept from an older page' });
      expect(JSON.stringify(prepared.answers)).not.toContain(OLD_WORDING);
    });

    it('stores an old save with the step still unplaced in the new wording', () => {
      const prepared = validator.prepare(1, oldAvailableSave());
      expect(prepared.problem).toBeNull();
      expect((prepared.answers?.dnd as Dnd).available).toEqual(['Translation', 'mRNA is created', NEW_WORDING, 'Protein is created']);
    });

    it('answers a row stored in the old wording in the new one', () => {
      const stored = oldOrderedSave();
      const repaired = validator.repair(1, stored);
      expect(repaired.dnd).toEqual({
        available: ['Translation', 'Protein is created'],
        ordered: [NEW_WORDING, 'Transcription', 'mRNA is created', '', ''],
        orderSize: 5,
      });
      expect(repaired).toMatchObject({ geneQ1: 'Regulation decides when a gene is read.', oldField: 'kept from an older page' });
      expect(stored.dnd).toEqual(oldOrderedSave().dnd);
    });

    it('answers the JSON text of a row stored in the old wording in the new one', () => {
      const repaired = JSON.parse(validator.repairJson(1, JSON.stringify(oldAvailableSave()))) as Answers;
      expect((repaired.dnd as Dnd).available).toEqual(['Translation', 'mRNA is created', NEW_WORDING, 'Protein is created']);
    });

    it('stores a save of the repaired answers unchanged', () => {
      const repaired = validator.repair(1, oldOrderedSave());
      expect(validator.prepare(1, repaired).answers).toEqual(repaired);
    });
  });
});
