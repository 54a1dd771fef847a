/**
 * `npm run mark:translation -- content/days/day-2.es.mdx`: writes the marks of a new translation whose
 * blocks follow its original's one for one (docs/authoring.md, "Translating a day"): before each block the
 * mark of the original block in the same place (`{/* en:1a2b3c4d *\/}`, `<!-- en:… -->` in Markdown, a
 * `# en:…` line in the front matter). Blocks that already carry a mark keep it.
 *
 * Exits 1, writing nothing, when the translation has another number of blocks than its original or a block
 * of another kind in some place, naming the first such place on both sides.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { translationName } from './content-checker/translation-bond.ts';
import { blockMark } from './translations/blocks.ts';
import { contentLocales } from './translations/locales.ts';
import { pageBlocks } from './translations/report.ts';

const root = resolve(import.meta.dirname, '..');
const path = resolve(process.argv[2] ?? '');
const name = translationName(basename(path));
if (!name) {
  console.error('Usage: npm run mark:translation -- content/days/day-N.<locale>.mdx (a translation, named as its original with the language before the extension)');
  process.exit(1);
}
const { defaultLocale } = contentLocales(root);
const originalPath = join(dirname(path), name.original);
const shown = (file: string) => relative(root, file);
const original = pageBlocks(shown(originalPath), readFileSync(originalPath, 'utf8'), defaultLocale);
const text = readFileSync(path, 'utf8');
const translation = pageBlocks(shown(path), text, defaultLocale);
const differs = original.findIndex((block, index) => translation[index]?.kind !== block.kind);
if (differs >= 0 || translation.length !== original.length) {
  const at = differs >= 0 ? differs : Math.min(original.length, translation.length);
  const describe = (file: string, block: { line: number; kind: string } | undefined) => (block ? `${file}:${block.line} (${block.kind})` : `the end of ${file}`);
  console.error(`mark:translation: the blocks differ from block ${at + 1}: ${describe(shown(originalPath), original[at])} against ${describe(shown(path), translation[at])}. Give each block of the original one block in the translation, in the same order, then run this again.`);
  process.exit(1);
}

// Insert from the end, so that earlier offsets stay right.
const inserts: { offset: number; text: string }[] = [];
translation.forEach((block, index) => {
  if (block.translates) return;
  const hash = original[index]!.hash;
  const start = block.node.position!.start.offset!;
  if (block.kind === 'front matter') {
    const afterDashes = text.indexOf('\n', start) + 1;
    inserts.push({ offset: afterDashes, text: `# ${defaultLocale}:${hash}\n` });
    return;
  }
  const indent = text.slice(text.lastIndexOf('\n', start - 1) + 1, start);
  inserts.push({ offset: start, text: `${blockMark(defaultLocale, hash, { markdown: path.endsWith('.md') })}\n${indent}` });
});
let marked = text;
for (const insert of inserts.sort((a, b) => b.offset - a.offset)) marked = marked.slice(0, insert.offset) + insert.text + marked.slice(insert.offset);
writeFileSync(path, marked);
console.log(`mark:translation: ${inserts.length} marks written to ${shown(path)} (${translation.length} blocks).`);
