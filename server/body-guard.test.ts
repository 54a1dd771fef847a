import { describe, expect, it } from 'vitest';
import { findUnstorableValue, MAX_BODY_DEPTH } from './body-guard.ts';

describe('findUnstorableValue', () => {
  it('accepts ordinary text, emoji and every JSON type', () => {
    expect(findUnstorableValue({ answers: { geneQ1: 'Ça va 🧬 “ok”\n\ttabs', n: 1, b: true, z: null, list: ['a', ['b']] } })).toBeNull();
  });

  it('names the path of a string holding U+0000', () => {
    expect(findUnstorableValue({ answers: { fillBlanks: ['', 'a\u0000b'] } })).toBe(
      'body/answers/fillBlanks/1 contains the character U+0000 (NUL), which cannot be stored',
    );
  });

  it('names the object whose property name holds U+0000', () => {
    expect(findUnstorableValue({ answers: { 'bad\u0000key': 'x' } })).toBe(
      'body/answers has a property name that contains the character U+0000 (NUL), which cannot be stored',
    );
  });

  it('finds a lone surrogate but accepts a complete pair', () => {
    expect(findUnstorableValue({ think: 'half an emoji \ud83e' })).toMatch(/^body\/think contains a lone UTF-16 surrogate/);
    expect(findUnstorableValue({ think: 'whole emoji \ud83e\uddec' })).toBeNull();
  });

  it('reports the first problem in document order', () => {
    expect(findUnstorableValue({ a: 'ok', b: '\u0000', c: '\u0000' })).toMatch(/^body\/b /);
  });

  it(`refuses nesting deeper than ${MAX_BODY_DEPTH} levels, at any depth without overflowing the stack`, () => {
    const deep = JSON.parse(`{"answers":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(findUnstorableValue(deep)).toBe(`body/answers${'/0'.repeat(MAX_BODY_DEPTH - 1)} is nested more than ${MAX_BODY_DEPTH} levels deep`);
  });
});
