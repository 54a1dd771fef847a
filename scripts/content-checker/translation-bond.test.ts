import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkContent } from './check-content.ts';
import { formatProblem } from './problem.ts';

const REPOSITORY = join(import.meta.dirname, '..', '..');
const SPANISH_DAY_1 = readFileSync(join(REPOSITORY, 'content/days/day-1.es.mdx'), 'utf8');

/** A copy of the repository's content and schemas, so a test can break Day 1's Spanish without touching the real one. */
let copy: string;
beforeEach(() => {
  copy = mkdtempSync(join(tmpdir(), 'helix-translation-bond-'));
  for (const folder of ['content', 'schemas']) cpSync(join(REPOSITORY, folder), join(copy, folder), { recursive: true });
});
afterEach(() => rmSync(copy, { recursive: true, force: true }));

/** `npm run check:content` on the copy, with Day 1's Spanish as given. */
function checkWithSpanish(spanish: string, translations: readonly string[] = ['es']): string[] {
  writeFileSync(join(copy, 'content/days/day-1.es.mdx'), spanish);
  return checkContent({
    root: copy,
    days: join(copy, 'content/days'),
    schemas: join(copy, 'schemas'),
    sections: join(copy, 'content/sections'),
    images: join(copy, 'content/images'),
    checks: join(copy, 'content/checks.json'),
    translations,
  }).map(formatProblem);
}

/** The 1-based line of the first line of `text` that holds `needle`. */
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((line) => line.includes(needle)) + 1;

describe("a translation's bond with its original", () => {
  it("holds for Day 1's Spanish as it is", () => {
    expect(checkWithSpanish(SPANISH_DAY_1)).toEqual([]);
  });

  it('refuses a field the English does not bind, at the line of the Spanish', () => {
    const broken = SPANISH_DAY_1.replace('name="geneQ1"', 'name="geneQ99"');
    const line = lineOf(broken, 'name="geneQ99"');
    expect(checkWithSpanish(broken)).toEqual([
      expect.stringMatching(/^content\/days\/day-1\.es\.mdx:\d+ <FreeText name="geneQ1">: expected a widget bound to "geneQ1", as content\/days\/day-1\.mdx:\d+ has after "fillBlanks\.12", found none$/),
      expect.stringMatching(new RegExp(`^content/days/day-1\\.es\\.mdx:${line} <FreeText name="geneQ99">: expected a field of schemas/day-1\\.schema\\.json, found no field "geneQ99"`)),
    ]);
  });

  it('refuses a translation that leaves out a field, naming the line of the English', () => {
    const dropped = SPANISH_DAY_1.split('\n')
      .filter((line) => !line.includes('name="geneQ1"'))
      .join('\n');
    const englishLine = lineOf(readFileSync(join(REPOSITORY, 'content/days/day-1.mdx'), 'utf8'), 'name="geneQ1"');
    expect(checkWithSpanish(dropped)).toEqual([expect.stringMatching(new RegExp(`^content/days/day-1\\.es\\.mdx:\\d+ <FreeText name="geneQ1">: expected a widget bound to "geneQ1", as content/days/day-1\\.mdx:${englishLine} has`))]);
  });

  it('refuses another widget for a field, and a blank whose choices store other words', () => {
    const otherWidget = SPANISH_DAY_1.replace(/<FreeText name="geneQ1"/, '<ThinkRespond name="geneQ1"');
    expect(checkWithSpanish(otherWidget).join('\n')).toContain('<ThinkRespond name="geneQ1">: expected <FreeText> for "geneQ1", as content/days/day-1.mdx:');

    const line = lineOf(SPANISH_DAY_1, 'name="fillBlanks.0"');
    const storedInSpanish = SPANISH_DAY_1.split('\n')
      .map((text, index) => (index === line - 1 ? text.replace(/value: "DNA"/, 'value: "ADN"') : text))
      .join('\n');
    expect(checkWithSpanish(storedInSpanish)).toEqual([expect.stringContaining(`content/days/day-1.es.mdx:${line} <BlankChoice name="fillBlanks.0">: expected options storing ["DNA","protein"]`)]);
  });

  it("refuses fields bound in another order than the English's", () => {
    const lines = SPANISH_DAY_1.split('\n');
    const first = lines.findIndex((line) => line.includes('name="worksheet.0"'));
    const second = lines.findIndex((line) => line.includes('name="worksheet.1"'));
    [lines[first], lines[second]] = [lines[second]!, lines[first]!];
    expect(checkWithSpanish(lines.join('\n'))).toEqual([
      expect.stringMatching(new RegExp(`^content/days/day-1\\.es\\.mdx:${first + 1} <FreeText name="worksheet\\.1">: expected the fields in the original's order: "worksheet\\.0" here, as content/days/day-1\\.mdx:\\d+ has, found "worksheet\\.1"$`)),
    ]);
  });

  it('refuses a translation into a language site.json does not list', () => {
    const translations = ['content/days', 'content/sections'].flatMap((folder) => readdirSync(join(REPOSITORY, folder)).filter((name) => name.endsWith('.es.mdx')).map((name) => `${folder}/${name}`));
    expect(translations).toContain('content/days/day-1.es.mdx');
    expect(checkWithSpanish(SPANISH_DAY_1, [])).toEqual(translations.sort().map((file) => `${file}:1 translation: expected a language content/site/site.json lists in "locales" (none but the default), found "es"`));
  });
});
