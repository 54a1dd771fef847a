import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnswersSchema } from '../../engine/schema/index.ts';
import { readWidgetManifest } from '../widget-manifest/manifest.ts';
import { parseLesson } from './parse-lesson.ts';
import { formatProblem } from './problem.ts';
import { checkWidgets } from './widget-checks.ts';

const widgets = new Map(readWidgetManifest(join(import.meta.dirname, '..', '..')).map((entry) => [entry.tag, entry]));

const step: AnswersSchema = { type: 'string', default: '', description: 'A step.' };
/** A day with one ordering exercise `dnd` of three steps, as a translated day binds it. */
const schema: AnswersSchema = {
  type: 'object',
  default: {},
  description: 'Answers.',
  properties: {
    dnd: {
      type: 'object',
      default: {},
      description: 'An ordering exercise.',
      properties: {
        available: { type: 'array', minItems: 0, maxItems: 3, default: ['Transcription', 'mRNA is created', 'Translation'], description: 'Steps not yet placed.', items: step },
        ordered: { type: 'array', minItems: 3, maxItems: 3, default: ['', '', ''], description: 'The slots.', items: step },
        orderSize: { type: 'integer', const: 3, default: 3, description: 'How many slots.' },
      },
    },
  },
};

/** What the checker reports on a one-line lesson holding `tag`. */
function reportOn(tag: string): string[] {
  const lesson = parseLesson('day-1.es.mdx', `## Ordena los pasos\n\n${tag}\n`);
  return checkWidgets(lesson, { schema, file: 'schemas/day-1.schema.json' }, widgets).problems.map(formatProblem);
}

describe("an ordering exercise's step labels", () => {
  it('may be left out: the steps show as stored', () => {
    expect(reportOn('<OrderSteps name="dnd" label="Put the steps in order" />')).toEqual([]);
  });

  it('are accepted with one non-empty label for each step', () => {
    expect(reportOn('<OrderSteps name="dnd" label="Ordena los pasos" stepLabels={{ "Transcription": "Transcripción", "mRNA is created": "Se fabrica el ARNm", "Translation": "Traducción" }} />')).toEqual([]);
  });

  it('refuses a key that is not a step of the field, naming the steps it has', () => {
    expect(reportOn('<OrderSteps name="dnd" label="Ordena los pasos" stepLabels={{ "Transcription": "Transcripción", "mRNA is created": "Se fabrica el ARNm", "Traslation": "Traducción", "Translation": "Traducción" }} />')).toEqual([
      'day-1.es.mdx:3 <OrderSteps name="dnd">: expected stepLabels keyed by the steps of "dnd" in schemas/day-1.schema.json ("Transcription", "mRNA is created", "Translation"), found "Traslation", which is not one of them',
    ]);
  });

  it('refuses a step without a label, naming it', () => {
    expect(reportOn('<OrderSteps name="dnd" label="Ordena los pasos" stepLabels={{ "Transcription": "Transcripción", "Translation": "Traducción" }} />')).toEqual([
      'day-1.es.mdx:3 <OrderSteps name="dnd">: expected stepLabels to give every step of "dnd" in schemas/day-1.schema.json a label, found none for "mRNA is created"',
    ]);
  });

  it('refuses an empty label, and labels that are not written out as an object', () => {
    expect(reportOn('<OrderSteps name="dnd" label="Ordena los pasos" stepLabels={{ "Transcription": "Transcripción", "mRNA is created": " ", "Translation": "Traducción" }} />')).toEqual([
      'day-1.es.mdx:3 <OrderSteps name="dnd">: expected a non-empty label for "mRNA is created" in stepLabels, found " "',
    ]);
    expect(reportOn('<OrderSteps name="dnd" label="Ordena los pasos" stepLabels={labels} />')).toEqual([
      'day-1.es.mdx:3 <OrderSteps name="dnd">: expected stepLabels as an object giving each step of "dnd" its label, e.g. stepLabels={{ "Transcription": "…" }}, found code the checker cannot read (write the value out: a string, a number, or a list/object of them)',
    ]);
  });
});

describe("an embed's language", () => {
  it('may be a language tag, with or without its region', () => {
    expect(reportOn('<EmbedPanel title="Video" src="https://www.youtube-nocookie.com/embed/abc" lang="en" />')).toEqual([]);
    expect(reportOn('<EmbedPanel title="Video" src="https://www.youtube-nocookie.com/embed/abc" lang="es-MX" />')).toEqual([]);
  });

  it('is refused when it is not one, with what was written', () => {
    expect(reportOn('<EmbedPanel title="Video" src="https://www.youtube-nocookie.com/embed/abc" lang="English" />')).toEqual([
      'day-1.es.mdx:3 <EmbedPanel title="Video">: expected lang as a language tag such as "en" or "es-MX", found "English"',
    ]);
  });
});
