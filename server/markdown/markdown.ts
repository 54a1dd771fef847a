/**
 * Markdown content files as the server reads them (content/inbox/*.md, content/workbooks/*.md):
 * front matter (YAML, read by `gray-matter`), Markdown to plain text (inbox bodies), and Markdown to
 * sanitised HTML (workbook sections). One unified pipeline does the Markdown: `remark-parse` with
 * `remark-gfm` reads it into a syntax tree (mdast), `remark-rehype` turns that into an HTML tree
 * (hast), `rehype-raw` parses the raw HTML written in the Markdown into that tree, `rehype-sanitize`
 * keeps only what {@link WORKBOOK_SANITIZE_SCHEMA} allows, and `rehype-stringify` writes the HTML.
 * Every HTML string leaving this module has passed that sanitiser.
 */
import { readdirSync } from 'node:fs';
import matter from 'gray-matter';
import type { Element, Root as HtmlRoot, RootContent as HtmlContent } from 'hast';
import type { Nodes as MarkdownNodes, PhrasingContent, Root as MarkdownRoot, RootContent as MarkdownContent } from 'mdast';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

/**
 * A translation's name: the original's with a language before the extension, `01-welcome.es.md`
 * (docs/decisions/022-translations-beside-the-original.md). It is not a message or workbook of its own.
 */
const TRANSLATION = /\.[a-z]{2,3}(?:-[a-z]{2})?\.md$/i;

/** The `.md` files of a directory, README.md and translations (`NAME.es.md`) excepted, sorted by name. */
export function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith('.md') && entry.name.toLowerCase() !== 'readme.md' && !TRANSLATION.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** A content file split into its front matter and its Markdown body. */
export interface FrontMatterDocument {
  /** The front matter's `key: value` pairs, keys as written, each value as text (YAML quotes removed; an empty value is ""). */
  attributes: Record<string, string>;
  /** Everything after the closing `---` line, with `\n` line ends. */
  body: string;
}

/** Thrown for a content file the server cannot use; the message names the file and the problem. */
export class ContentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentError';
  }
}

/** A YAML value of the front matter as text; lists and maps are not used by any content file. */
function attributeText(value: unknown, key: string, fileName: string): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().replace('T00:00:00.000Z', '');
  if (typeof value === 'object') throw new ContentError(`${fileName}: front matter "${key}" must be a single value, not a list or a map.`);
  return String(value as string | number | boolean);
}

/**
 * Splits a content file into front matter and body with `gray-matter` (a well-kept library, not our
 * own parser). The file must open with a `---` line; the lines up to the next `---` line are
 * YAML `key: value` pairs (values may be quoted; `#` comments and blank lines are ignored). A leading
 * byte-order mark and CRLF line ends are accepted. Only YAML is read: a `---js` block is refused.
 *
 * @param source - the file's text
 * @param fileName - used in error messages only
 * @throws {@link ContentError} when the front matter is missing, unterminated, or not `key: value` YAML
 * @example
 * parseFrontMatter('---\nsubject: Welcome\norder: 1\n---\nHello.', 'welcome.md')
 * // → { attributes: { subject: 'Welcome', order: '1' }, body: 'Hello.' }
 */
export function parseFrontMatter(source: string, fileName: string): FrontMatterDocument {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lines = text.split('\n');
  if (lines[0]?.trim() !== '---') throw new ContentError(`${fileName}: must start with a front matter block opened by a "---" line.`);
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === '---');
  if (end < 0) throw new ContentError(`${fileName}: the front matter block has no closing "---" line.`);
  const notKeyValue = (line: number, reason = '') => new ContentError(`${fileName}: front matter line ${line} is not "key: value"${reason}.`);
  let parsed: matter.GrayMatterFile<string>;
  try {
    // Passing options also keeps gray-matter from caching every file's text for the life of the process.
    parsed = matter(text, { language: 'yaml' });
  } catch (error) {
    // js-yaml counts lines from the opening "---" line, 0-based.
    const mark = (error as { mark?: { line?: number }; reason?: string }).mark;
    if (mark?.line === undefined) throw error;
    const reason = (error as { reason?: string }).reason ?? 'not valid YAML';
    throw notKeyValue(mark.line + 1, ` (YAML: ${reason}; put a value that holds ": " in quotes)`);
  }
  const data: unknown = parsed.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    const first = lines.findIndex((line, index) => index > 0 && line.trim() !== '' && !line.trim().startsWith('#'));
    throw notKeyValue(first + 1);
  }
  const attributes: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) attributes[key] = attributeText(value, key, fileName);
  return { attributes, body: parsed.content };
}

const markdownParser = unified().use(remarkParse).use(remarkGfm);

/**
 * Parses Markdown, with GitHub's extensions (tables, strikethrough, autolinks, task lists), into its
 * syntax tree (mdast). Raw HTML in it stays as `html` nodes, unparsed.
 *
 * @example parseMarkdown('## Cells\n\nThey divide.').children.map((node) => node.type) // ['heading', 'paragraph']
 */
export function parseMarkdown(markdown: string): MarkdownRoot {
  return markdownParser.parse(markdown);
}

/** The five entities Markdown authors commonly type, decoded in the plain text of raw HTML. */
const BASIC_ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

function decodeBasicEntities(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => BASIC_ENTITIES[entity] ?? entity);
}

/** Removes HTML tags from text, keeping what is between them. */
function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '');
}

/**
 * The plain text of inline Markdown (the children of a paragraph, heading or table cell): emphasis
 * and code marks dropped, a link as `text (url)` (just `url` when the text is the url), an image as
 * its alt text, a line break as `\n`, raw HTML tags removed.
 *
 * @param nodes - phrasing content from {@link parseMarkdown}'s tree
 */
export function inlinePlainText(nodes: readonly PhrasingContent[]): string {
  let text = '';
  for (const node of nodes) {
    switch (node.type) {
      case 'break':
        text += '\n';
        break;
      case 'html':
        text += decodeBasicEntities(stripTags(node.value));
        break;
      case 'text':
      case 'inlineCode':
        text += node.value;
        break;
      case 'image':
      case 'imageReference':
        text += node.alt ?? '';
        break;
      case 'link': {
        const label = inlinePlainText(node.children);
        text += label === node.url || label === '' ? node.url : `${label} (${node.url})`;
        break;
      }
      case 'footnoteReference':
        break;
      default:
        // Emphasis, strong, strikethrough, a link reference: their children's text.
        if ('children' in node) text += inlinePlainText(node.children);
    }
  }
  return text;
}

/** The plain text of block Markdown, one string per block. */
function blockPlainText(nodes: readonly MarkdownNodes[]): string[] {
  const blocks: string[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'thematicBreak':
      case 'definition':
      case 'footnoteDefinition':
      case 'yaml':
        break;
      case 'code':
        blocks.push(node.value);
        break;
      case 'html': {
        const text = decodeBasicEntities(stripTags(node.value)).trim();
        if (text !== '') blocks.push(text);
        break;
      }
      case 'list': {
        const start = node.start ?? 1;
        blocks.push(node.children.map((item, index) => `${node.ordered ? `${start + index}.` : '-'} ${blockPlainText(item.children).join('\n')}`).join('\n'));
        break;
      }
      case 'blockquote':
        blocks.push(...blockPlainText(node.children));
        break;
      case 'table':
        blocks.push(node.children.map((row) => row.children.map((cell) => inlinePlainText(cell.children)).join(' | ')).join('\n'));
        break;
      case 'paragraph':
      case 'heading': {
        const text = inlinePlainText(node.children).trim();
        if (text !== '') blocks.push(text);
        break;
      }
      default: {
        // Anything else (a stray inline node): its text, if it has any.
        const text = 'children' in node ? inlinePlainText(node.children as PhrasingContent[]).trim() : '';
        if (text !== '') blocks.push(text);
      }
    }
  }
  return blocks;
}

/**
 * Markdown to plain text for the inbox, whose client splits paragraphs on blank lines: each block
 * (paragraph, heading, list, code block, quote) becomes one paragraph, separated by one blank line.
 * List items become `- item` (or `1. item`) lines; links `text (url)`; emphasis marks and HTML tags
 * are dropped.
 *
 * @example
 * markdownToPlainText('# Hi\n\nRead **this** [guide](/sections/welcome).')
 * // → 'Hi\n\nRead this guide (/sections/welcome).'
 */
export function markdownToPlainText(markdown: string): string {
  return blockPlainText(parseMarkdown(markdown).children).join('\n\n');
}

/**
 * What workbook HTML may contain, as a `rehype-sanitize` schema. Tags: p, h3–h6, lists,
 * strong/em/del, code/pre, blockquote, br, hr and tables. Attributes: `href`/`title` on links, `align`
 * on table cells. Link schemes: http and https; relative links are kept, protocol-relative ones
 * (`//host`) are not (see {@link isSafeUrl}, applied before this schema). Any other element is
 * unwrapped, its text kept, except script, style, textarea and option, which go with their contents;
 * comments and doctypes go too. Paragraphs left empty (an image's, once the image is taken out) are
 * dropped after sanitising.
 */
export const WORKBOOK_SANITIZE_SCHEMA: SanitizeSchema = {
  tagNames: ['p', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'strong', 'em', 'del', 'a', 'code', 'pre', 'blockquote', 'br', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  attributes: { a: ['href', 'title'], th: ['align'], td: ['align'] },
  protocols: { href: ['http', 'https'] },
  strip: ['script', 'style', 'textarea', 'option'],
  clobber: [],
  allowComments: false,
  allowDoctypes: false,
};

/**
 * True for a URL a link or an image may safely hold: relative (but not `//host`), or http(s) in any
 * letter case. Backslashes and control characters, which browsers read in surprising ways, are refused.
 */
export function isSafeUrl(url: string): boolean {
  const trimmed = url.trim();
  if (trimmed === '' || trimmed.startsWith('//') || trimmed.includes('\\') || [...trimmed].some((char) => char.charCodeAt(0) < 0x20)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed);
  return scheme === null || ['http', 'https'].includes((scheme[1] as string).toLowerCase());
}

/** True for a URL an `<img src>` may safely hold (see {@link isSafeUrl}). */
export function isSafeImageUrl(url: string): boolean {
  return isSafeUrl(url);
}

/** Calls `visit` on every element of a tree, parents before their children. */
function eachElement(node: HtmlRoot | Element, visit: (element: Element) => void): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    visit(child);
    eachElement(child, visit);
  }
}

/** The text of an element and all it contains. */
function elementText(element: Element): string {
  return element.children.map((child) => (child.type === 'text' ? child.value : child.type === 'element' ? elementText(child) : '')).join('');
}

/**
 * Before sanitising: drops every `href` that {@link isSafeUrl} refuses (the sanitiser's scheme check
 * lets `//host` through as a relative URL), and writes an http(s) scheme in lower case, as the
 * sanitiser compares schemes as written.
 */
function keepSafeLinks() {
  return (tree: HtmlRoot) =>
    eachElement(tree, (element) => {
      const href = element.properties.href;
      if (href === undefined || href === null) return;
      if (typeof href !== 'string' || !isSafeUrl(href)) delete element.properties.href;
      else element.properties.href = href.trim().replace(/^https?:/i, (scheme) => scheme.toLowerCase());
    });
}

/** After sanitising: removes paragraphs with no text left, and with them nothing worth showing. */
function dropEmptyParagraphs() {
  const prune = (node: HtmlRoot | Element) => {
    node.children = node.children.filter((child) => !(child.type === 'element' && child.tagName === 'p' && elementText(child).trim() === '')) as typeof node.children;
    for (const child of node.children) if (child.type === 'element') prune(child);
  };
  return prune;
}

/** HTML tree (raw HTML nodes included) → sanitised HTML. */
const htmlSanitizer = unified()
  .use(rehypeRaw)
  .use(keepSafeLinks)
  .use(rehypeSanitize, WORKBOOK_SANITIZE_SCHEMA)
  .use(dropEmptyParagraphs)
  .use(rehypeStringify);

/** Markdown tree → HTML tree, raw HTML kept as `raw` nodes for {@link htmlSanitizer} to parse and sanitise. */
const markdownToHtmlTree = unified().use(remarkRehype, { allowDangerousHtml: true });

function sanitizeHtmlTree(tree: HtmlRoot): string {
  return htmlSanitizer.stringify(htmlSanitizer.runSync(tree)).trim();
}

/**
 * Sanitises HTML with {@link WORKBOOK_SANITIZE_SCHEMA}.
 *
 * @example
 * sanitizeWorkbookHtml('<p onclick="x()">Hi<script>alert(1)</script></p>') // → '<p>Hi</p>'
 */
export function sanitizeWorkbookHtml(html: string): string {
  return sanitizeHtmlTree({ type: 'root', children: [{ type: 'raw', value: html } as HtmlContent] });
}

/** An image taken out of a section's Markdown. */
export interface ExtractedImage {
  /** The URL as written: relative (e.g. `/images/cell.svg`) or http(s). */
  url: string;
  /** The alt text, used as the caption; empty when there is none. */
  caption: string;
}

/** A section rendered for storage. */
export interface RenderedSection {
  /** Sanitised HTML without the images. */
  html: string;
  /** The section's images in order of appearance. Images with another scheme (e.g. `javascript:`) are dropped. */
  images: ExtractedImage[];
}

/**
 * Takes the images (`image`, and `imageReference` resolved through `definitions`) out of Markdown
 * nodes, in document order, returning copies without them.
 */
function takeOutImages(nodes: readonly MarkdownContent[], definitions: ReadonlyMap<string, string>, images: ExtractedImage[]): MarkdownContent[] {
  const kept: MarkdownContent[] = [];
  for (const node of nodes) {
    if (node.type === 'image' || node.type === 'imageReference') {
      const url = node.type === 'image' ? node.url : definitions.get(node.identifier);
      if (url !== undefined && isSafeUrl(url)) images.push({ url: url.trim(), caption: (node.alt ?? '').trim() });
      continue;
    }
    kept.push('children' in node ? ({ ...node, children: takeOutImages(node.children as MarkdownContent[], definitions, images) } as MarkdownContent) : node);
  }
  return kept;
}

/**
 * Renders one workbook section's Markdown: its images (`![caption](url)`) are taken out and
 * returned with their captions, and the rest becomes sanitised HTML.
 *
 * @param nodes - the section's block nodes from {@link parseMarkdown}'s tree, heading excluded
 * @param definitions - the whole document's link definitions (`[label]: url`), so that a reference
 *   in this section to a definition in another still resolves; default none
 * @example
 * renderSection(parseMarkdown('Cells divide.\n\n![A cell](/images/cell.svg)').children)
 * // → { html: '<p>Cells divide.</p>', images: [{ url: '/images/cell.svg', caption: 'A cell' }] }
 */
export function renderSection(nodes: readonly MarkdownContent[], definitions: readonly MarkdownContent[] = []): RenderedSection {
  const definitionUrls = new Map<string, string>();
  for (const node of [...definitions, ...nodes]) if (node.type === 'definition' && !definitionUrls.has(node.identifier)) definitionUrls.set(node.identifier, node.url);
  const images: ExtractedImage[] = [];
  const section: MarkdownRoot = { type: 'root', children: [...takeOutImages(nodes, definitionUrls, images), ...definitions] };
  const tree = markdownToHtmlTree.runSync(section) as HtmlRoot;
  return { html: sanitizeHtmlTree(tree), images };
}


/**
 * A facilitator's message (Markdown) as sanitised HTML for the inbox: the workbook pipeline and its
 * {@link WORKBOOK_SANITIZE_SCHEMA}; images become their alt text's place in the text (none are shown).
 *
 * @example renderMessageHtml('Read **page 3**.') // → '<p>Read <strong>page 3</strong>.</p>'
 */
export function renderMessageHtml(markdown: string): string {
  return renderSection(parseMarkdown(markdown).children).html;
}
