/**
 * Where each translation stands against its original, file by file and block by block: what
 * `npm run check:translations` prints (docs/authoring.md, "Translating a day").
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { parseLesson } from '../content-checker/parse-lesson.ts';
import { readGlossary } from './glossary.ts';
import { translationName } from '../content-checker/translation-bond.ts';
import { alignTranslation } from './align.ts';
import { blockMark, blockText, lessonBlocks, type Block } from './blocks.ts';
import { glossaryMisses, type Glossary, type GlossaryMiss } from './glossary.ts';

/** The folders whose pages are translated, relative to the repository: lessons, sections, inbox messages, workbooks. */
export const TRANSLATED_FOLDERS = ['content/days', 'content/sections', 'content/inbox', 'content/workbooks'] as const;

/** One block that is not translated as its original now stands. */
export interface UntranslatedBlock {
  /** `missing`: the original block has no translation; `behind`: its translation is of an older version; `extra`: the translation has a block whose original was removed. */
  state: 'missing' | 'behind' | 'extra';
  /** The original's file and line, and the mark a translation of it carries (none for `extra`). */
  original?: { file: string; line: number; kind: string; hash: string };
  /** The translation's file and line: the block itself, or for `missing` the block it would follow (none at the top). */
  translation?: { file: string; line: number; kind: string; hash: string };
}

/** One original page and its translation into one language. */
export interface FileReport {
  locale: string;
  /** The original's language, whose marks the translation carries, e.g. `en`. */
  originalLocale: string;
  /** The original, relative to the repository, e.g. `content/days/day-1.mdx`. */
  original: string;
  /** The translation's path, whether or not it exists, e.g. `content/days/day-1.es.mdx`. */
  translation: string;
  /** False when the translation's file does not exist: every block of the original is then missing. */
  exists: boolean;
  /** How many blocks the original has. */
  blocks: number;
  untranslated: UntranslatedBlock[];
  /** Translated blocks that render a glossary term another way (./glossary.ts). */
  glossary: GlossaryMiss[];
}

const markdown = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm);

/**
 * A page's blocks, parsed as the build parses it (MDX for `.mdx`, Markdown for `.md`).
 *
 * @param file - the path shown in messages
 * @param text - the file's text
 * @param originalLocale - the language of the marks to read (`en`)
 * @throws LessonSyntaxError when an `.mdx` file is not valid MDX
 */
export function pageBlocks(file: string, text: string, originalLocale: string): Block[] {
  const tree = file.endsWith('.mdx') ? parseLesson(file, text).tree : (markdown.parse(text) as Root);
  return lessonBlocks(tree, text, originalLocale);
}

/**
 * Compares one original with its translation.
 *
 * @param original - the original's path shown and text
 * @param translation - the translation's path shown and text; text undefined when the file does not exist
 * @param locales - the translation's language and the original's
 * @param glossary - the translation language's glossary; its terms are not checked when omitted
 */
export function compareFiles(
  original: { file: string; text: string },
  translation: { file: string; text: string | undefined },
  locales: { locale: string; defaultLocale: string },
  glossary?: Glossary,
): FileReport {
  const originalBlocks = pageBlocks(original.file, original.text, locales.defaultLocale);
  const report: FileReport = { locale: locales.locale, originalLocale: locales.defaultLocale, original: original.file, translation: translation.file, exists: translation.text !== undefined, blocks: originalBlocks.length, untranslated: [], glossary: [] };
  const at = (file: string, block: Block) => ({ file, line: block.line, kind: block.kind, hash: block.hash });
  if (translation.text === undefined) {
    report.untranslated = originalBlocks.map((block) => ({ state: 'missing', original: at(original.file, block) }));
    return report;
  }
  const alignment = alignTranslation(originalBlocks, pageBlocks(translation.file, translation.text, locales.defaultLocale));
  report.untranslated = [
    ...alignment.missing.map(({ original: block, after }): UntranslatedBlock => ({ state: 'missing', original: at(original.file, block), ...(after ? { translation: at(translation.file, after) } : {}) })),
    ...alignment.behind.map(({ original: block, translation: translated }): UntranslatedBlock => ({ state: 'behind', original: at(original.file, block), translation: at(translation.file, translated) })),
    ...alignment.extra.map((block): UntranslatedBlock => ({ state: 'extra', translation: at(translation.file, block) })),
  ].sort((a, b) => (a.original?.line ?? a.translation?.line ?? 0) - (b.original?.line ?? b.translation?.line ?? 0));
  if (glossary) {
    report.glossary = alignment.current.flatMap(({ original: block, translation: translated }) =>
      glossaryMisses(glossary, blockText(block), blockText(translated)).map((miss) => ({ ...miss, file: translation.file, line: translated.line })),
    );
  }
  return report;
}

/**
 * Every translated folder's originals against their translations into each language.
 *
 * @param root - the repository's folder
 * @param locales - the languages (./locales.ts)
 * @returns one report per original and language, by language, then folder and file
 */
export function translationReports(root: string, { defaultLocale, locales }: { defaultLocale: string; locales: readonly string[] }): FileReport[] {
  const reports: FileReport[] = [];
  for (const locale of locales.filter((each) => each !== defaultLocale)) {
    const glossary = readGlossary(root, locale);
    for (const folder of TRANSLATED_FOLDERS) {
      const directory = join(root, folder);
      if (!existsSync(directory)) continue;
      for (const name of readdirSync(directory).sort()) {
        if (!/\.mdx?$/.test(name) || translationName(name)) continue;
        const translated = name.replace(/\.(mdx?)$/, `.${locale}.$1`);
        const path = join(directory, translated);
        reports.push(
          compareFiles(
            { file: relative(root, join(directory, name)), text: readFileSync(join(directory, name), 'utf8') },
            { file: relative(root, path), text: existsSync(path) ? readFileSync(path, 'utf8') : undefined },
            { locale, defaultLocale },
            glossary,
          ),
        );
      }
    }
  }
  return reports;
}

/**
 * The report as `npm run check:translations` prints it: a line per missing file, per block missing and
 * per block behind (both files and lines), per glossary term translated another way, and last one line per
 * language, `es: 3 missing, 1 behind` (blocks; a missing file's blocks count as missing, a block whose
 * original was removed as behind).
 */
export function formatReports(reports: readonly FileReport[], locales: readonly string[]): string[] {
  const lines: string[] = [];
  for (const report of reports) {
    if (!report.exists) {
      lines.push(`${report.locale} ${report.translation}: missing file, ${report.blocks} blocks of ${report.original} not translated`);
      continue;
    }
    for (const block of report.untranslated) {
      const original = block.original ? `${block.original.file}:${block.original.line} (${block.original.kind})` : '';
      const translation = block.translation ? `${block.translation.file}:${block.translation.line} (${block.translation.kind})` : '';
      const mark = `mark it ${markFor(report, block)}`;
      if (block.state === 'missing') lines.push(`${report.locale} missing: ${original} has no translation${translation ? ` (it would follow ${translation})` : ` (at the top of ${report.translation})`}; ${mark}`);
      else if (block.state === 'behind') lines.push(`${report.locale} behind: ${translation} translates an earlier ${original}; the original changed since: once translated again, ${mark}`);
      else lines.push(`${report.locale} behind: ${translation} translates a block ${report.original} no longer has`);
    }
    for (const miss of report.glossary) lines.push(`${report.locale} glossary: ${miss.file}:${miss.line} translates "${miss.term}" without "${miss.expected}" (content/glossary/${report.locale}.json)`);
  }
  for (const locale of locales) {
    const mine = reports.filter((report) => report.locale === locale).flatMap((report) => report.untranslated);
    lines.push(`${locale}: ${mine.filter((block) => block.state === 'missing').length} missing, ${mine.filter((block) => block.state !== 'missing').length} behind`);
  }
  return lines;
}

/** The mark a translator writes once a block is translated: in the front matter as a YAML comment, elsewhere before the block. */
function markFor(report: FileReport, block: UntranslatedBlock): string {
  const hash = block.original?.hash ?? '';
  if (block.original?.kind === 'front matter') return `# ${report.originalLocale}:${hash} (a line in the front matter)`;
  return blockMark(report.originalLocale, hash, { markdown: report.original.endsWith('.md') });
}
