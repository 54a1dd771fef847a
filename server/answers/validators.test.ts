import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAnswersValidator } from './validators.ts';

describe('loadAnswersValidator', () => {
  const dirs: string[] = [];
  const tempSchemasDir = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'helix-schemas-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  };

  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  describe('with the repository schemas', () => {
    const validator = loadAnswersValidator(resolve(process.cwd(), 'schemas'));

    it('has a schema for Day 1', () => {
      expect(validator.daysWithSchema).toContain(1);
    });

    it('accepts partial Day 1 answers: no field is required (spec section 5)', () => {
      expect(validator.check(1, {})).toBeNull();
      expect(validator.check(1, { geneQ1: 'only this' })).toBeNull();
    });

    it('names the first bad path', () => {
      expect(validator.check(1, { sim: { gene2: ['', '', 3, ''] } })).toBe('answers/sim/gene2/2 must be string');
    });

    it('does not fill in defaults or strip properties: answers are stored as sent', () => {
      const answers: Record<string, unknown> = { geneQ1: 'x', extra: true };
      validator.check(1, answers);
      expect(answers).toEqual({ geneQ1: 'x', extra: true });
    });
  });

  it('accepts any object for a day without a schema file', () => {
    const validator = loadAnswersValidator(tempSchemasDir({}));
    expect(validator.daysWithSchema).toEqual([]);
    expect(validator.check(3, { anything: [1, { goes: null }] })).toBeNull();
  });

  it('fails at start-up naming a schema file that is not JSON', () => {
    const dir = tempSchemasDir({ 'day-2.schema.json': '{ "type": ' });
    expect(() => loadAnswersValidator(dir)).toThrow(`${join(dir, 'day-2.schema.json')} is not valid JSON`);
  });

  it('fails at start-up naming a schema file that is not a valid schema', () => {
    const dir = tempSchemasDir({ 'day-2.schema.json': '{ "type": "no-such-type" }' });
    expect(() => loadAnswersValidator(dir)).toThrow(`${join(dir, 'day-2.schema.json')} is not a valid JSON Schema`);
  });
});
