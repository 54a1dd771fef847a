/**
 * A translation's unit: the block. A lesson is read as a list of blocks in document order, and each block
 * of a translation says, in a comment before it, which block of the original it translates
 * (docs/decisions/022-translations-beside-the-original.md):
 *
 * - the front matter (its text values: the title and subtitle; `published` is the original's alone), marked by
 *   a YAML comment in it, `# en:1a2b3c4d`;
 * - each paragraph, heading, list, table, quotation and code block, and each JSX tag without Markdown inside
 *   (a widget with its text props), marked by `{/* en:1a2b3c4d *\/}` on the line before it (in a Markdown
 *   file, an inbox message or a workbook, by `<!-- en:1a2b3c4d -->`);
 * - a JSX tag with Markdown inside (`<Card title="…">…</Card>`) is two things: its opening tag is a block
 *   (its props), and the Markdown inside is read as blocks of their own, each marked inside the tag.
 *
 * The mark is the first 8 hex digits of the SHA-256 of the original block's source with its white space
 * folded, so a change to the original's words changes it and a change of line breaks does not.
 */
import { createHash } from 'node:crypto';
import type { Parent, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';

/** One block of a lesson. */
export interface Block {
  /** Its hash ({@link blockHash}): in an original, of its own source; also in a translation, to pair it by sight. */
  hash: string;
  /** In a translation, the hash of the original block it says it translates (its mark); undefined when unmarked. */
  translates?: string;
  /** 1-based line where it starts. */
  line: number;
  /** What it is, for messages: `paragraph`, `heading`, `<FreeText>`, `<Card> tag`, `front matter`. */
  kind: string;
  /** The mdast node. For a tag with Markdown inside, the tag's node (its props are the block). */
  node: RootContent;
  /** The node it sits in (the root, or the JSX tag it is inside). */
  parent: Root | Parent;
}

/** The mark a translation writes before a block: `{/* en:1a2b3c4d *\/}` (an MDX comment). */
const BLOCK_MARK = /^\s*\/\*\s*([a-z]{2,3}(?:-[A-Za-z]{2,4})?):([0-9a-f]{8})\s*\*\/\s*$/;
/** The same mark in a Markdown file (an inbox message, a workbook): an HTML comment, `<!-- en:1a2b3c4d -->`. */
const HTML_MARK = /^<!--\s*([a-z]{2,3}(?:-[A-Za-z]{2,4})?):([0-9a-f]{8})\s*-->$/;
/** The mark inside a translation's front matter: a YAML comment line `# en:1a2b3c4d`. */
const FRONT_MATTER_MARK = /^#\s*([a-z]{2,3}(?:-[A-Za-z]{2,4})?):([0-9a-f]{8})\s*$/m;

/** Nodes that make a JSX tag a container of blocks when they are among its children. */
const FLOW = new Set(['paragraph', 'heading', 'list', 'table', 'blockquote', 'code', 'mdxJsxFlowElement', 'thematicBreak', 'html']);

/**
 * The hash that names a block: the first 8 hex digits of SHA-256 over its source, white space folded.
 *
 * @param source - the block's text as written in the file
 */
export function blockHash(source: string): string {
  return createHash('sha256').update(source.replace(/\s+/g, ' ').trim()).digest('hex').slice(0, 8);
}

/**
 * The mark to write before a block of a translation, e.g. `{/* en:1a2b3c4d *\/}`.
 *
 * @param locale - the original's language, e.g. `en`
 * @param hash - the original block's {@link blockHash}
 * @param options.markdown - for a Markdown file (`.md`): an HTML comment
 */
export function blockMark(locale: string, hash: string, { markdown = false } = {}): string {
  return markdown ? `<!-- ${locale}:${hash} -->` : `{/* ${locale}:${hash} */}`;
}

/**
 * The blocks of a parsed lesson, in document order.
 *
 * @param tree - the lesson parsed with positions (scripts/content-checker/parse-lesson.ts); nodes a plugin
 *   added without a position (the day's heading) are not the author's and are passed over
 * @param text - the file's text, which the positions point into
 * @param originalLocale - the language of the marks to read, e.g. `en`; marks of another language are ignored
 * @returns the blocks; in a translation each carries `translates` when a mark stands before it
 */
export function lessonBlocks(tree: Root, text: string, originalLocale: string): Block[] {
  const blocks: Block[] = [];
  const sourceOf = (start: number | undefined, end: number | undefined) => text.slice(start ?? 0, end ?? 0);

  const walk = (parent: Root | Parent) => {
    let mark: string | undefined;
    for (const node of parent.children as RootContent[]) {
      const { position } = node;
      if (!position) continue;
      if (node.type === 'mdxFlowExpression' || (node.type === 'html' && HTML_MARK.test(node.value))) {
        const found = (node.type === 'html' ? HTML_MARK : BLOCK_MARK).exec(node.value);
        if (found && found[1] === originalLocale) mark = found[2];
        continue;
      }
      if (node.type === 'mdxjsEsm') continue;
      const line = position.start.line;
      if (node.type === 'yaml') {
        const found = FRONT_MATTER_MARK.exec(node.value);
        const data = node.value
          .split('\n')
          .filter((each) => !each.trimStart().startsWith('#') && !/^published:/.test(each))
          .join('\n');
        blocks.push({ hash: blockHash(data), ...(found && found[1] === originalLocale ? { translates: found[2] } : {}), line, kind: 'front matter', node, parent });
        continue;
      }
      const translates = mark;
      mark = undefined;
      if (node.type === 'mdxJsxFlowElement' && node.children.some((child) => FLOW.has(child.type))) {
        const tag = sourceOf(position.start.offset, node.children[0]?.position?.start.offset);
        blocks.push({ hash: blockHash(tag), ...(translates ? { translates } : {}), line, kind: `<${node.name ?? ''}> tag`, node, parent });
        walk(node);
        continue;
      }
      const kind = node.type === 'mdxJsxFlowElement' ? `<${node.name ?? ''}>` : node.type;
      blocks.push({ hash: blockHash(sourceOf(position.start.offset, position.end.offset)), ...(translates ? { translates } : {}), line, kind, node, parent });
    }
  };
  walk(tree);
  return blocks;
}

/**
 * The words a block shows a reader: its text, and the text props of the tags in it (a widget's label or
 * prompt, a card's title); for a tag with Markdown inside, its props alone.
 */
export function blockText(block: Block): string {
  const parts: string[] = [];
  const props = (node: RootContent) => {
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.attributes) {
      for (const attribute of node.attributes) if (attribute.type === 'mdxJsxAttribute' && typeof attribute.value === 'string') parts.push(attribute.value);
    }
  };
  if (block.kind.endsWith(' tag')) {
    props(block.node);
    return parts.join(' ');
  }
  if (block.node.type === 'yaml') return block.node.value.replace(/^#.*$/gm, '');
  visit(block.node, (node) => props(node as RootContent));
  parts.push(toString(block.node));
  return parts.join(' ');
}
