import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockHash, blockMark } from './blocks.ts';
import { glossaryMisses, readGlossary } from './glossary.ts';
import { contentLocales } from './locales.ts';
import { compareFiles, formatReports, pageBlocks, translationReports } from './report.ts';

const ORIGINAL = `---
title: Gene Regulation
---

Cells read their genes.

## The lac operon

<Card title="Remember">

A repressor blocks the operator.

</Card>

<FreeText name="geneQ1" label="What is a gene?" />
`;

/** The Spanish of ORIGINAL, each block marked with the hash of the English it translates. */
function translationOf(original: string): string {
  const [frontMatter, cells, heading, card, repressor, question] = pageBlocks('day-1.mdx', original, 'en').map((block) => block.hash);
  return `---
# en:${frontMatter}
title: Regulación génica
---

${blockMark('en', cells!)}
Las células leen sus genes.

${blockMark('en', heading!)}
## El operón lac

${blockMark('en', card!)}
<Card title="Recuerda">

${blockMark('en', repressor!)}
Un represor bloquea el operador.

</Card>

${blockMark('en', question!)}
<FreeText name="geneQ1" label="¿Qué es un gen?" />
`;
}

const compare = (original: string, translation: string | undefined) =>
  compareFiles({ file: 'content/days/day-1.mdx', text: original }, { file: 'content/days/day-1.es.mdx', text: translation }, { locale: 'es', defaultLocale: 'en' });

describe('a translation against its original', () => {
  it('reads a lesson as blocks: the front matter, paragraphs, headings, a tag with Markdown inside and what it holds, a widget', () => {
    expect(pageBlocks('day-1.mdx', ORIGINAL, 'en').map(({ kind, line }) => `${line} ${kind}`)).toEqual([
      '1 front matter',
      '5 paragraph',
      '7 heading',
      '9 <Card> tag',
      '11 paragraph',
      '15 <FreeText>',
    ]);
  });

  it('names a block by its words, not its line breaks', () => {
    expect(blockHash('A repressor\nblocks the operator.')).toBe(blockHash('A repressor blocks   the operator.'));
    expect(blockHash('A repressor blocks the operator.')).not.toBe(blockHash('An activator blocks the operator.'));
  });

  it('reports nothing when every block is translated from the original as it stands', () => {
    expect(compare(ORIGINAL, translationOf(ORIGINAL)).untranslated).toEqual([]);
    expect(formatReports([compare(ORIGINAL, translationOf(ORIGINAL))], ['es'])).toEqual(['es: 0 missing, 0 behind']);
  });

  it('names a block whose original changed since as behind, with the file and line on both sides and the mark to write', () => {
    const changed = ORIGINAL.replace('A repressor blocks the operator.', 'A repressor protein blocks the operator.');
    const report = compare(changed, translationOf(ORIGINAL));
    const newHash = pageBlocks('day-1.mdx', changed, 'en')[4]!.hash;
    expect(formatReports([report], ['es'])).toEqual([
      `es behind: content/days/day-1.es.mdx:16 (paragraph) translates an earlier content/days/day-1.mdx:11 (paragraph); the original changed since: once translated again, mark it {/* en:${newHash} */}`,
      'es: 0 missing, 1 behind',
    ]);
  });

  it('names an original block added since as missing, with the translated block it would follow', () => {
    const added = ORIGINAL.replace('## The lac operon', 'Some genes are read all the time.\n\n## The lac operon');
    const report = compare(added, translationOf(ORIGINAL));
    expect(report.untranslated).toEqual([
      {
        state: 'missing',
        original: { file: 'content/days/day-1.mdx', line: 7, kind: 'paragraph', hash: blockHash('Some genes are read all the time.') },
        translation: { file: 'content/days/day-1.es.mdx', line: 7, kind: 'paragraph', hash: blockHash('Las células leen sus genes.') },
      },
    ]);
    expect(formatReports([report], ['es']).at(-1)).toBe('es: 1 missing, 0 behind');
  });

  it('counts a translated block whose original was removed as behind, and a missing file as all of its blocks missing', () => {
    const removed = ORIGINAL.replace('Cells read their genes.\n\n', '');
    expect(compare(removed, translationOf(ORIGINAL)).untranslated.map(({ state, translation }) => `${state} ${translation?.line}`)).toEqual(['extra 7']);
    expect(formatReports([compare(ORIGINAL, undefined)], ['es'])).toEqual([
      'es content/days/day-1.es.mdx: missing file, 6 blocks of content/days/day-1.mdx not translated',
      'es: 6 missing, 0 behind',
    ]);
  });

  it('pairs a translated Markdown message by HTML comments', () => {
    const message = '---\nsubject: Welcome\n---\n\nHello, scientist.\n';
    const [frontMatter, hello] = pageBlocks('01-welcome.md', message, 'en').map((block) => block.hash);
    const spanish = `---\n# en:${frontMatter}\nsubject: Bienvenida\n---\n\n${blockMark('en', hello!, { markdown: true })}\nHola, científica o científico.\n`;
    expect(compareFiles({ file: '01-welcome.md', text: message }, { file: '01-welcome.es.md', text: spanish }, { locale: 'es', defaultLocale: 'en' }).untranslated).toEqual([]);
  });
});

describe("the repository's translations", () => {
  const root = join(import.meta.dirname, '..', '..');
  const reports = translationReports(root, contentLocales(root));

  it('has every block of the files translated so far translated from the English as it stands, with the glossary terms', () => {
    const translated = reports.filter((report) => report.exists);
    expect(translated.map((report) => report.translation)).toEqual(expect.arrayContaining(['content/days/day-1.es.mdx', 'content/sections/welcome.es.mdx', 'content/inbox/01-welcome.es.md']));
    expect(translated.flatMap((report) => [...report.untranslated, ...report.glossary])).toEqual([]);
  });

  it("names a Day 1 paragraph changed in the English as behind in the Spanish, with both files' lines", () => {
    const copy = mkdtempSync(join(tmpdir(), 'helix-translations-'));
    try {
      cpSync(join(root, 'content'), join(copy, 'content'), { recursive: true });
      const english = readFileSync(join(root, 'content/days/day-1.mdx'), 'utf8');
      const paragraph = 'Bacteria are single cells, and they need to be thrifty.';
      writeFileSync(join(copy, 'content/days/day-1.mdx'), english.replace(paragraph, 'Bacteria are single cells, and they must be thrifty.'));
      const englishLine = english.split('\n').findIndex((line) => line.startsWith(paragraph)) + 1;
      const spanish = readFileSync(join(root, 'content/days/day-1.es.mdx'), 'utf8').split('\n');
      const spanishLine = spanish.findIndex((line, index) => index > 0 && spanish[index - 1]!.startsWith('{/* en:') && line.startsWith('Las bacterias son células')) + 1;

      const lines = formatReports(translationReports(copy, contentLocales(copy)).filter((report) => report.original === 'content/days/day-1.mdx'), ['es']);
      expect(lines).toEqual([
        expect.stringMatching(new RegExp(`^es behind: content/days/day-1\\.es\\.mdx:${spanishLine} \\(paragraph\\) translates an earlier content/days/day-1\\.mdx:${englishLine} \\(paragraph\\); the original changed since`)),
        'es: 0 missing, 1 behind',
      ]);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('gives every glossary term its Spanish form and the address of the reference that uses it', () => {
    const glossary = readGlossary(root, 'es')!;
    expect(glossary.terms.length).toBeGreaterThan(0);
    for (const term of glossary.terms) {
      expect(term.en.trim(), JSON.stringify(term)).not.toBe('');
      expect(typeof term.es === 'string' && term.es.trim() !== '', JSON.stringify(term)).toBe(true);
      expect(term.source, JSON.stringify(term)).toMatch(/^https:\/\/\S+$/);
    }
    expect(new Set(glossary.terms.map((term) => term.en)).size).toBe(glossary.terms.length);
  });
});

describe('the glossary check', () => {
  const glossary = {
    locale: 'es',
    terms: [
      { en: 'cell', es: 'célula', source: 'https://www.genome.gov/es/genetics-glossary' },
      { en: 'cell cycle', es: 'ciclo celular', source: 'https://www.cancer.gov/espanol/publicaciones/diccionarios/diccionario-cancer' },
      { en: 'transcription factor', es: 'factor de transcripción', forms: ['factores de transcripción'], source: 'https://www.cancer.gov/espanol/publicaciones/diccionarios/diccionario-cancer' },
    ],
  };

  it('names a term the English uses and the Spanish writes another way, plurals and other forms accepted', () => {
    expect(glossaryMisses(glossary, 'Transcription factors help.', 'Los factores transcripcionales ayudan.')).toEqual([{ term: 'transcription factor', expected: 'factor de transcripción' }]);
    expect(glossaryMisses(glossary, 'Transcription factors help.', 'Los factores de transcripción ayudan.')).toEqual([]);
    expect(glossaryMisses(glossary, 'Every cell divides.', 'Todas las células se dividen.')).toEqual([]);
  });

  it('does not ask for a shorter term where the English uses it inside a longer one', () => {
    expect(glossaryMisses(glossary, 'The cell cycle has checkpoints.', 'El ciclo celular tiene puntos de control.')).toEqual([]);
    expect(glossaryMisses(glossary, 'The cell cycle of a cell.', 'El ciclo celular.')).toEqual([{ term: 'cell', expected: 'célula' }]);
  });
});
