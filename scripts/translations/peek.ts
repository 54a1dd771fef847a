/**
 * Peek: a reader of one language shows a block of the lesson in the other, in place
 * (docs/decisions/023-the-reader-s-language.md, "Peek"). Two things are made at build time, both from the
 * pairs of blocks a translation keeps current with its original (./align.ts):
 *
 * - in each lesson, every block that has a current counterpart in the other language, and shows words
 *   that differ from it, is wrapped in `<Peek block="12">` (engine/lesson/Peek.tsx), `block` naming the
 *   original block by its number in the original's blocks (./blocks.ts), the same in every language of
 *   one build; a number, not the block's hash, since a lesson holds about a hundred (the saving is in
 *   docs/decisions/023-the-reader-s-language.md, "Cost", with the date it was measured);
 * - each lesson imported with {@link PEEK_QUERY} (`day-1.es.mdx?peek`) is a module of its own blocks as
 *   HTML, by the original block's number: `export default { "12": "<p>…</p>" }`, downloaded the first
 *   time a reader peeks, so no lesson's file grows by the other language's words.
 *
 * The other language of an original is its first translation (`content/site/site.json`'s `locales`);
 * of a translation, the original's. A tag with Markdown inside (`<Card>`) is not wrapped: the blocks
 * inside it are. Headings, code and the front matter are not peeked.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Element, ElementContent, Root as HastRoot } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { Root, RootContent } from 'mdast';
import type { MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { toHast, type Handler } from 'mdast-util-to-hast';
import type { Plugin } from 'vite';
import type { VFile } from 'vfile';
import { literalValue } from '../content-checker/literal.ts';
import { parseLesson } from '../content-checker/parse-lesson.ts';
import { translationName } from '../content-checker/translation-bond.ts';
import type { PropKind, WidgetManifestEntry } from '../widget-manifest/manifest.ts';
import { alignTranslation } from './align.ts';
import { blockText, lessonBlocks, type Block } from './blocks.ts';

/** The query that makes a lesson's import its blocks as HTML, for peeking: `import('./day-1.mdx?peek')`. */
export const PEEK_QUERY = '?peek';

/** What a build knows to peek: the languages, and which props of each widget hold words a reader sees. */
export interface PeekOptions {
  /** The originals' language (`defaultLocale`). */
  defaultLocale: string;
  /** The translations' languages, in `content/site/site.json`'s order. */
  translationLocales: readonly string[];
  /** The widget manifest (scripts/widget-manifest/manifest.ts): a widget's `text`, `list`, `options`, `images` and `step-labels` props are shown. */
  widgets: readonly WidgetManifestEntry[];
}

/** The kinds of block a reader can peek: prose, and a widget with its words. */
const PEEKED_KINDS = new Set(['paragraph', 'list', 'table', 'blockquote']);
/** The prop kinds whose strings a reader sees (a question's prompt, its choices, a picture's caption, the steps to order). */
const SHOWN_PROPS = new Set<PropKind>(['text', 'list', 'options', 'two-options', 'images', 'step-labels']);
/** Props, and keys of a prop's objects, that hold no words a reader sees: a stored value, an address. */
const UNSHOWN_KEYS = new Set(['value', 'src', 'href', 'fallbackHref', 'url', 'id', 'name']);
/** Props, beyond a widget's manifest, whose words a reader sees: a question asked, its hint, a picture's words. */
const QUESTION_OR_CAPTION = new Set(['question', 'hint', 'caption', 'alt']);

/** A lesson and its counterpart in the other language, paired block by block. */
interface Counterpart {
  /** The other language. */
  locale: string;
  /** For each of this lesson's peekable blocks, by its own start offset: the original block's number. */
  blocks: Map<number, number>;
  /** The other file's blocks as HTML, by the original block's number. */
  other: () => Record<string, string>;
}

/**
 * How a lesson file pairs with its counterpart in the other language, or null when it has none (an
 * original without translation, a page that is not a lesson).
 *
 * @param path - the lesson's absolute path, e.g. `/repo/content/days/day-1.es.mdx`
 * @param text - its source, as the build reads it
 */
function counterpartOf(path: string, text: string, options: PeekOptions): Counterpart | null {
  const name = translationName(basename(path));
  const isTranslation = name !== null && name.locale !== options.defaultLocale;
  const locale = isTranslation ? options.defaultLocale : options.translationLocales.find((each) => existsSync(translationPath(path, each)));
  if (!locale) return null;
  const otherPath = isTranslation ? join(dirname(path), name.original) : translationPath(path, locale);
  const otherText = readFileSync(otherPath, 'utf8');
  const other = lessonBlocks(parseLesson(otherPath, otherText).tree, otherText, options.defaultLocale);
  // Both files read alike, as the checker parses them: the compiler has already turned a paragraph that is
  // only a tag into the tag, in this file alone. Its blocks are found again by where they start.
  const own = lessonBlocks(parseLesson(path, text).tree, text, options.defaultLocale);
  const [original, translation] = isTranslation ? [other, own] : [own, other];
  const pairs = alignTranslation(original, translation).current.filter(({ original: from, translation: to }) => peekable(from, options) && blockText(from) !== blockText(to));
  const blocks = new Map(pairs.map((pair) => [(isTranslation ? pair.translation : pair.original).node.position!.start.offset!, original.indexOf(pair.original)]));
  return {
    locale,
    blocks,
    other: () => Object.fromEntries(pairs.map((pair) => [original.indexOf(pair.original), blockHtml(isTranslation ? pair.original : pair.translation, options)])),
  };
}

/** `day-1.es.mdx` beside `day-1.mdx`. */
function translationPath(originalPath: string, locale: string): string {
  return originalPath.replace(/\.(mdx?)$/, `.${locale}.$1`);
}

/** Whether a reader may peek a block: prose, a question (a widget that binds a field, or asks one) or a picture's words. */
function peekable(block: Block, { widgets }: PeekOptions): boolean {
  const node = tagsOnly(block.node);
  if (node === null) return false;
  if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return PEEKED_KINDS.has(block.kind);
  if (block.kind.endsWith(' tag')) return false;
  const widget = widgets.find(({ tag }) => tag === node.name);
  if (!widget) return false;
  const has = (name: string) => node.attributes.some((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === name);
  return widget.question !== undefined || Object.values(widget.props).includes('images') || [...QUESTION_OR_CAPTION].some(has);
}

/**
 * What a paragraph made only of tags stands for: the tag, when it is one (`<InteractiveOverlay …>Open</InteractiveOverlay>`
 * on a line of its own), null when it is several (`<dt>…</dt>` and `<dd>…</dd>` inside a `<dl>`): the
 * compiler makes them blocks of their own, which no wrapper may come between. Any other node is itself.
 */
function tagsOnly(node: RootContent): RootContent | null {
  if (node.type !== 'paragraph') return node;
  const children = node.children.filter((child) => !(child.type === 'text' && !child.value.trim()));
  if (children.length === 0 || children.some((child) => child.type !== 'mdxJsxTextElement')) return node;
  return children.length === 1 ? children[0]! : null;
}

/** Every string a prop's literal holds that a reader sees, in order. */
function shownStrings(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(shownStrings);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, each]) => (UNSHOWN_KEYS.has(key) ? [] : shownStrings(each)));
  return [];
}

/** A hast element. */
function h(tagName: string, children: ElementContent[]): Element {
  return { type: 'element', tagName, properties: {}, children };
}

/** What MDX adds to Markdown, as a peek shows it: a blank for an inline widget, nothing for code. */
const MDX_HANDLERS: Record<string, Handler> = {
  mdxJsxTextElement: (state, node: { children: RootContent[] }) => (node.children.length > 0 ? state.all(node as never) : { type: 'text', value: '_____' }),
  mdxJsxFlowElement: (state, node: { children: RootContent[] }) => state.all(node as never),
  mdxTextExpression: () => undefined,
  mdxFlowExpression: () => undefined,
  mdxjsEsm: () => undefined,
  // A picture is peeked as its words: the same picture twice says nothing more.
  image: (_state, node: { alt?: string | null }) => (node.alt ? h('em', [{ type: 'text', value: node.alt }]) : undefined),
};

/**
 * A block as the HTML a peek shows: Markdown as HTML (a picture as its alt text, an inline widget as a
 * blank); a widget as the strings of its shown props, a paragraph each and a list's items as a list, and
 * the Markdown inside it.
 */
function blockHtml(block: Block, { widgets }: PeekOptions): string {
  const node = block.node;
  if (node.type !== 'mdxJsxFlowElement') return toHtml(toHast(node, { handlers: MDX_HANDLERS }) as HastRoot);
  const widget = widgets.find(({ tag }) => tag === node.name);
  const parts: ElementContent[] = [];
  for (const attribute of node.attributes) {
    if (attribute.type !== 'mdxJsxAttribute' || UNSHOWN_KEYS.has(attribute.name)) continue;
    const kind = widget?.props[attribute.name] ?? widget?.optionalProps[attribute.name] ?? (QUESTION_OR_CAPTION.has(attribute.name) ? 'text' : undefined);
    if (!kind || !SHOWN_PROPS.has(kind)) continue;
    const value = typeof attribute.value === 'object' && attribute.value !== null ? literalValue(attribute.value.data?.estree) : { ok: true as const, value: attribute.value };
    const strings = value.ok ? shownStrings(value.value) : [];
    if (kind === 'text') parts.push(...strings.map((each) => h('p', [{ type: 'text', value: each }])));
    else if (strings.length > 0) parts.push(h('ul', strings.map((each) => h('li', [{ type: 'text', value: each }]))));
  }
  const inside = toHast({ type: 'root', children: node.children as RootContent[] }, { handlers: MDX_HANDLERS }) as HastRoot;
  return toHtml({ type: 'root', children: [...parts, ...(inside.children as ElementContent[])] });
}

/** `<Peek block="12">` around a block. */
function peekElement(number: number, node: RootContent): MdxJsxFlowElement {
  return {
    type: 'mdxJsxFlowElement',
    name: 'Peek',
    attributes: [{ type: 'mdxJsxAttribute', name: 'block', value: String(number) }],
    children: [node as MdxJsxFlowElement['children'][number]],
  };
}

/**
 * The remark plugin that wraps each block a reader may peek in `<Peek>`. Runs after the translation's
 * own plugin (./remark-translation.ts), whose untranslated blocks it leaves alone, and before the plugins
 * that add or regroup blocks.
 */
export function remarkPeek(options: PeekOptions) {
  return (tree: Root, file: VFile) => {
    if (!file.path || !/\.mdx$/.test(file.path)) return;
    const counterpart = counterpartOf(file.path, String(file.value), options);
    if (!counterpart) return;
    for (const block of lessonBlocks(tree, String(file.value), options.defaultLocale)) {
      const number = counterpart.blocks.get(block.node.position!.start.offset!);
      if (number === undefined) continue;
      const siblings = block.parent.children as RootContent[];
      siblings.splice(siblings.indexOf(block.node), 1, peekElement(number, block.node));
    }
  };
}

/**
 * The Vite plugin that serves `<lesson>.mdx?peek`: the blocks of that lesson a reader of the other
 * language may peek, as HTML by the original block's number (an empty object when it has no counterpart).
 * Put it before the MDX plugin, which must leave these imports alone (vite.config.ts).
 */
export function lessonPeeks(options: PeekOptions): Plugin {
  return {
    name: 'helix-lesson-peeks',
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith(`.mdx${PEEK_QUERY}`)) return null;
      const path = id.slice(0, -PEEK_QUERY.length);
      // Who peeks at this file: the original's reader peeks at a translation, a translation's at the original.
      const name = translationName(basename(path));
      const readerPath =
        name && name.locale !== options.defaultLocale ? join(dirname(path), name.original) : options.translationLocales.map((each) => translationPath(path, each)).find((each) => existsSync(each));
      if (!readerPath) return { code: 'export default {};\n', map: null };
      const readerText = readFileSync(readerPath, 'utf8');
      const counterpart = counterpartOf(readerPath, readerText, options);
      this.addWatchFile(readerPath);
      return { code: `export default ${JSON.stringify(counterpart ? counterpart.other() : {})};\n`, map: null };
    },
  };
}
