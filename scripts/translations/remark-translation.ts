/**
 * A remark plugin that makes a translated page whole at build time (docs/decisions/022-translations-beside-the-original.md):
 * compiling `day-1.es.mdx`, it reads `day-1.mdx` beside it, pairs their blocks (./align.ts), and shows each
 * block that is missing from the translation, or behind the original, as the original has it, in a
 * `<div lang="en" class="untranslated">` under a line in the translation's language, "Esta parte aún no está
 * traducida." (`lesson.untranslated` in content/locales/<locale>/lesson.json). A block the original no
 * longer has is left out. A tag with Markdown inside whose own props are behind (a card's title) takes the
 * original's props. Any other file is left as it is.
 *
 * Runs right after `remark-frontmatter`, before the plugins that add or regroup blocks (the day's heading,
 * `remark-sectionize`).
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Root, RootContent } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import type { VFile } from 'vfile';
import { parseLesson } from '../content-checker/parse-lesson.ts';
import { translationName } from '../content-checker/translation-bond.ts';
import { alignTranslation } from './align.ts';
import { lessonBlocks, type Block } from './blocks.ts';

/** The plugin's options. */
export interface TranslationOptions {
  /** The originals' language, whose marks translations carry (`content/site/site.json`'s `defaultLocale`). */
  defaultLocale: string;
  /**
   * The line shown above a block not translated yet, by the translation's language. Read from the
   * catalogues with {@link lessonMessages}.
   */
  notices: Readonly<Record<string, string>>;
}

/**
 * One message of each language's `lesson.json` catalogue under `localesDir` (`content/locales`), as the
 * build's remark plugins put it into the lessons: `lesson.untranslated`, the notice over a block a
 * translation lacks, or `lesson.dayHeading`, a day's heading pattern (scripts/published-days/remark-day-heading.ts).
 *
 * @param localesDir - the catalogues' folder
 * @param locales - the languages to read
 * @param id - the message's id
 * @returns the message by language
 * @throws Error naming the file when a catalogue lacks the message
 */
export function lessonMessages(localesDir: string, locales: readonly string[], id: 'lesson.untranslated' | 'lesson.dayHeading'): Record<string, string> {
  return Object.fromEntries(
    locales.map((locale) => {
      const file = join(localesDir, locale, 'lesson.json');
      const message = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)[id];
      if (typeof message !== 'string') throw new Error(`${file} has no "${id}" message.`);
      return [locale, message];
    }),
  );
}

/** An element of the page, as MDX writes lowercase JSX: plain HTML. */
function element(name: string, attributes: Record<string, string>, children: MdxJsxFlowElement['children']): MdxJsxFlowElement {
  return { type: 'mdxJsxFlowElement', name, attributes: Object.entries(attributes).map(([key, value]) => ({ type: 'mdxJsxAttribute', name: key, value })), children };
}

/** The original's block, shown in its own language under the notice. */
function untranslated(original: RootContent, originalLocale: string, locale: string, notice: string): MdxJsxFlowElement {
  const copy = structuredClone(original) as MdxJsxFlowElement['children'][number];
  return element('div', { lang: originalLocale, className: 'untranslated' }, [
    { type: 'paragraph', data: { hProperties: { lang: locale, className: ['untranslated__notice'] } }, children: [{ type: 'text', value: notice }] },
    copy,
  ]);
}

/**
 * The plugin.
 *
 * @throws (fails the build) when the original of a translation cannot be read, or its notice is missing
 */
export function remarkTranslation({ defaultLocale, notices }: TranslationOptions) {
  return (tree: Root, file: VFile) => {
    const name = file.path ? translationName(basename(file.path)) : null;
    if (!name || name.locale === defaultLocale) return;
    const notice = notices[name.locale];
    if (notice === undefined) throw new Error(`${file.path}: no "lesson.untranslated" notice for "${name.locale}".`);
    const originalPath = join(dirname(file.path), name.original);
    const originalText = readFileSync(originalPath, 'utf8');
    const original = lessonBlocks(parseLesson(originalPath, originalText).tree, originalText, defaultLocale);
    const translation = lessonBlocks(tree, String(file.value), defaultLocale);
    const { behind, missing, extra } = alignTranslation(original, translation);

    // Missing blocks first, while every translated block they follow is still in its place; in reverse, so
    // that several after the same block keep their order. A missing tag with Markdown inside comes whole,
    // the blocks inside it with it.
    const containers = missing.filter(({ original: block }) => block.kind.endsWith(' tag')).map(({ original: block }) => block.node.position!);
    const insideMissing = (block: Block) =>
      containers.some((range) => range !== block.node.position && block.node.position!.start.offset! > range.start.offset! && block.node.position!.end.offset! <= range.end.offset!);
    for (const { original: block, after } of [...missing].reverse()) {
      if (insideMissing(block)) continue;
      const shown = untranslated(block.node, defaultLocale, name.locale, notice);
      if (after?.kind.endsWith(' tag') && block.parent.type !== 'root' && after.node.type === 'mdxJsxFlowElement') {
        // The first block inside a tag whose opening tag is translated: first inside it.
        after.node.children.unshift(shown);
      } else if (after) {
        const siblings = after.parent.children as RootContent[];
        siblings.splice(siblings.indexOf(after.node) + 1, 0, shown);
      } else {
        const first = tree.children.findIndex((node) => node.type !== 'yaml');
        tree.children.splice(first === -1 ? tree.children.length : first, 0, shown);
      }
    }

    const replace = (block: Block, by: RootContent[]) => {
      const siblings = block.parent.children as RootContent[];
      siblings.splice(siblings.indexOf(block.node), 1, ...by);
    };
    for (const { original: from, translation: to } of behind) {
      if (from.kind === 'front matter' || to.kind === 'front matter') continue;
      if (to.kind.endsWith(' tag') && from.node.type === 'mdxJsxFlowElement' && to.node.type === 'mdxJsxFlowElement') to.node.attributes = structuredClone(from.node.attributes);
      else replace(to, [untranslated(from.node, defaultLocale, name.locale, notice)]);
    }
    for (const block of extra) replace(block, []);
  };
}
