import GithubSlugger from 'github-slugger';
import type { PhrasingContent, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { remarkDayHeading } from '../published-days/remark-day-heading.ts';
import { literalValue } from './literal.ts';

/** An attribute as written on a tag: a literal value (`name="x"`, `rows={4}`, a bare `open`), or code the checker does not run. */
export type AttributeValue = { kind: 'literal'; value: unknown } | { kind: 'expression'; source: string };

/** One JSX element of a lesson (a widget tag such as `<FreeText …/>`, or an HTML tag such as `<dt>`). */
export interface ElementUse {
  /** The tag name as written, e.g. `BlankChoice` or `dt`. */
  tag: string;
  /** 1-based line of the opening tag. */
  line: number;
  /** Its attributes by name; spreads (`{...props}`) are left out. */
  attributes: ReadonlyMap<string, AttributeValue>;
  /** The mdast node, for walking its children. */
  node: MdxJsxFlowElement | MdxJsxTextElement;
}

/** A lesson or section page, parsed once and read by every check. */
export interface Lesson {
  /** The file, relative to the display root, e.g. `content/days/day-1.mdx`. */
  file: string;
  /** The Markdown tree (mdast with MDX JSX nodes and GFM tables). */
  tree: Root;
  /** Every JSX element, in document order. */
  elements: readonly ElementUse[];
  /**
   * The `#ids` a link can jump to: one per Markdown heading, made as `rehype-slug` makes them at build
   * time (`github-slugger` over the heading's text, counted per file, so a repeated heading gets `-1`),
   * plus the `id` of any lowercase HTML tag written in the file.
   */
  anchors: ReadonlySet<string>;
}

/** Thrown when a file is not valid MDX; `line` says where the parser stopped. */
export class LessonSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'LessonSyntaxError';
  }
}

const processor = unified().use(remarkParse).use(remarkMdx).use(remarkFrontmatter).use(remarkGfm);
const withDayHeading = unified().use(unravelTags).use(remarkDayHeading);

/**
 * Reads a paragraph made only of tags (and expressions) as the MDX compiler does before any plugin of
 * ours runs (@mdx-js/mdx's `remark-mark-and-unravel`, which the package does not export): each tag a block
 * of its own. `<InteractiveOverlay …>Open</InteractiveOverlay>` alone on its line, or the `<dt>` and
 * `<dd>` lines inside a `<dl>`, are then the same blocks for the checker, the translations' report and
 * the build's plugins (scripts/translations/), which compile what is read here.
 */
function unravelTags() {
  return (tree: Root) => {
    visit(tree, 'paragraph', (node, index, parent) => {
      if (!parent || index === undefined) return;
      const blank = (child: PhrasingContent) => child.type === 'text' && child.value.trim() === '';
      const kept = node.children.filter((child) => !blank(child));
      if (kept.length === 0 || !kept.every((child) => child.type === 'mdxJsxTextElement' || child.type === 'mdxTextExpression')) return;
      const flow = kept.map((child) => ({ ...child, type: child.type === 'mdxJsxTextElement' ? 'mdxJsxFlowElement' : 'mdxFlowExpression' })) as RootContent[];
      (parent.children as RootContent[]).splice(index, 1, ...flow);
      return index;
    });
  };
}

/**
 * Parses an MDX lesson as the build does (`remark-mdx`, `remark-frontmatter`, the day's heading from its
 * front matter and `remark-gfm`, see vite.config.ts), without compiling or running it.
 *
 * @param file - the path shown in messages
 * @param text - the file's contents
 * @throws LessonSyntaxError when the text is not valid MDX
 */
export function parseLesson(file: string, text: string): Lesson {
  let tree: Root;
  try {
    tree = withDayHeading.runSync(processor.parse(text), { path: file }) as Root;
  } catch (error) {
    // remark-mdx's messages carry the place in their text, e.g. "Expected a closing tag for `<A>` (3:1-3:13)".
    const reason = typeof error === 'object' && error !== null && 'reason' in error && typeof error.reason === 'string' ? error.reason : String(error);
    const place = /\s*\((\d+):\d+(?:-\d+:\d+)?\)$/.exec(reason);
    const line = typeof error === 'object' && error !== null && 'line' in error && typeof error.line === 'number' ? error.line : Number(place?.[1] ?? 1);
    throw new LessonSyntaxError(place ? reason.slice(0, place.index) : reason, line);
  }

  const elements: ElementUse[] = [];
  const anchors = new Set<string>();
  const slugger = new GithubSlugger();
  visit(tree, (node) => {
    if (node.type === 'heading') anchors.add(slugger.slug(toString(node)));
    if ((node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') || !node.name) return;
    const attributes = new Map<string, AttributeValue>();
    for (const attribute of node.attributes) {
      if (attribute.type !== 'mdxJsxAttribute') continue;
      const { value } = attribute;
      if (value === null || value === undefined) attributes.set(attribute.name, { kind: 'literal', value: true });
      else if (typeof value === 'string') attributes.set(attribute.name, { kind: 'literal', value });
      else {
        const literal = literalValue(value.data?.estree);
        attributes.set(attribute.name, literal.ok ? { kind: 'literal', value: literal.value } : { kind: 'expression', source: value.value });
      }
    }
    const use: ElementUse = { tag: node.name, line: node.position?.start.line ?? 1, attributes, node };
    elements.push(use);
    const id = attributes.get('id');
    if (/^[a-z]/.test(use.tag) && id?.kind === 'literal' && typeof id.value === 'string') anchors.add(id.value);
  });
  return { file, tree, elements, anchors };
}

/** The literal value of an attribute: `undefined` when it is missing, {@link NOT_LITERAL} when it is code. */
export function attributeOf(use: ElementUse, name: string): unknown {
  const attribute = use.attributes.get(name);
  if (!attribute) return undefined;
  return attribute.kind === 'literal' ? attribute.value : NOT_LITERAL;
}

/** Stands for an attribute written as code the checker does not run, e.g. `options={choices}`. */
export const NOT_LITERAL: unique symbol = Symbol('not a literal');

/**
 * How messages name a tag: its name and the attribute that tells it apart, e.g.
 * `<AnswersTable name="compare.table">`, `<ImageGallery label="Gene cards">`, `<EmbedPanel title="…">`.
 */
export function describeElement(use: ElementUse): string {
  for (const key of ['name', 'label', 'title', 'question', 'src']) {
    const value = attributeOf(use, key);
    if (typeof value === 'string') return `<${use.tag} ${key}=${JSON.stringify(value)}>`;
  }
  return `<${use.tag}>`;
}
