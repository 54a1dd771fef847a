import { describe, expect, it } from 'vitest';
import { parseLesson } from './parse-lesson.ts';

/** The `options` attribute of a one-tag lesson, as the checker reads it. */
function optionsOf(expression: string) {
  const lesson = parseLesson('test.mdx', `<BlankChoice name="x" options={${expression}} />`);
  return lesson.elements[0]?.attributes.get('options');
}

describe('reading attribute values without running them', () => {
  it('reads lists and objects of strings, numbers, booleans and null', () => {
    expect(optionsOf('["DNA", \'protein\', `RNA`]')).toEqual({ kind: 'literal', value: ['DNA', 'protein', 'RNA'] });
    expect(optionsOf('[{ value: "a", "label": "A", count: -2, on: true, off: null }]')).toEqual({
      kind: 'literal',
      value: [{ value: 'a', label: 'A', count: -2, on: true, off: null }],
    });
  });

  it('reads a bare attribute as true, and a quoted one as its text', () => {
    const lesson = parseLesson('test.mdx', '<EmbedPanel title="A video" open />');
    expect(lesson.elements[0]?.attributes.get('title')).toEqual({ kind: 'literal', value: 'A video' });
    expect(lesson.elements[0]?.attributes.get('open')).toEqual({ kind: 'literal', value: true });
  });

  it('leaves code alone: variables, calls, spreads, computed keys and template strings with ${}', () => {
    for (const expression of ['choices', 'make()', '[...choices]', '[{ [key]: "a" }]', '`a${b}`', '[() => 1]']) {
      expect(optionsOf(expression)).toEqual({ kind: 'expression', source: expression });
    }
  });
});

describe('heading ids', () => {
  it('are made as rehype-slug makes them: github-slugger over the text, a repeat gets -1', () => {
    const lesson = parseLesson('test.mdx', '# Day 3 — Seeing Static\n\n## Background: hypothesis\n\n## Gene *Cards*\n\n## Gene Cards\n');
    expect([...lesson.anchors]).toEqual(['day-3--seeing-static', 'background-hypothesis', 'gene-cards', 'gene-cards-1']);
  });
});
