/**
 * Markdown content files as the server reads them (content/inbox/*.md, content/workbooks/*.md):
 * front matter (YAML, read by `gray-matter`), Markdown to plain text (inbox bodies), and Markdown to
 * sanitised HTML (workbook sections). Rendering uses `marked`; every HTML string leaving this module has passed
 * `sanitize-html` with {@link SANITIZE_OPTIONS}.
 */
import { readdirSync } from 'node:fs';
import matter from 'gray-matter';
import { Lexer, Marked, type Token, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';

/** The `.md` files of a directory, README.md excepted, sorted by name. */
export function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith('.md') && entry.name.toLowerCase() !== 'readme.md')
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
 * Splits a content file into front matter and body with `gray-matter` (issue 8: a well-kept library,
 * not our own parser). The file must open with a `---` line; the lines up to the next `---` line are
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

/** The five entities Markdown authors commonly type, decoded in plain-text output. */
const BASIC_ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

function decodeBasicEntities(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39|nbsp);/g, (entity) => BASIC_ENTITIES[entity] ?? entity);
}

/** Removes HTML tags from text, keeping what is between them. */
function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '');
}

/**
 * The plain text of inline Markdown tokens: emphasis and code marks dropped, a link as
 * `text (url)` (just `url` when the text is the url), an image as its alt text, raw HTML tags removed.
 */
export function inlinePlainText(tokens: readonly Token[]): string {
  let text = '';
  for (const token of tokens) {
    switch (token.type) {
      case 'br':
        text += '\n';
        break;
      case 'html':
        text += stripTags(token.raw);
        break;
      case 'codespan':
        text += (token as Tokens.Codespan).text;
        break;
      case 'image':
        text += (token as Tokens.Image).text;
        break;
      case 'link': {
        const link = token as Tokens.Link;
        const label = inlinePlainText(link.tokens);
        text += label === link.href || label === '' ? link.href : `${label} (${link.href})`;
        break;
      }
      default: {
        const children = (token as { tokens?: Token[] }).tokens;
        text += children ? inlinePlainText(children) : decodeBasicEntities((token as { text?: string }).text ?? '');
      }
    }
  }
  return text;
}

/** The plain text of block tokens, one string per block. */
function blockPlainText(tokens: readonly Token[]): string[] {
  const blocks: string[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case 'space':
      case 'hr':
      case 'def':
        break;
      case 'code':
        blocks.push((token as Tokens.Code).text);
        break;
      case 'html': {
        const text = decodeBasicEntities(stripTags(token.raw)).trim();
        if (text !== '') blocks.push(text);
        break;
      }
      case 'list': {
        const list = token as Tokens.List;
        const start = typeof list.start === 'number' ? list.start : 1;
        blocks.push(
          list.items
            .map((item, index) => `${list.ordered ? `${start + index}.` : '-'} ${blockPlainText(item.tokens).join('\n')}`)
            .join('\n'),
        );
        break;
      }
      case 'blockquote':
        blocks.push(...blockPlainText((token as Tokens.Blockquote).tokens));
        break;
      case 'table': {
        const table = token as Tokens.Table;
        const row = (cells: Tokens.TableCell[]) => cells.map((cell) => inlinePlainText(cell.tokens)).join(' | ');
        blocks.push([row(table.header), ...table.rows.map(row)].join('\n'));
        break;
      }
      default: {
        const children = (token as { tokens?: Token[] }).tokens;
        const text = (children ? inlinePlainText(children) : decodeBasicEntities((token as { text?: string }).text ?? '')).trim();
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
  return blockPlainText(new Lexer().lex(markdown)).join('\n\n');
}

/**
 * What workbook HTML may contain. Tags: p, h3–h6, lists, strong/em/del, code/pre, blockquote, br, hr
 * and tables. Attributes: `href`/`title` on links, `align` on table cells. Link schemes: http and
 * https; relative links are kept, protocol-relative ones (`//host`) are not. Everything else is
 * removed; the contents of script, style, textarea and option go with them (sanitize-html's default).
 * Paragraphs left empty (an image's, once the image is taken out) are dropped.
 */
export const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'strong', 'em', 'del', 'a', 'code', 'pre', 'blockquote', 'br', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'title'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'p' && frame.text.trim() === '' && !frame.mediaChildren.length,
};

/**
 * Sanitises HTML with {@link SANITIZE_OPTIONS}.
 *
 * @example
 * sanitizeWorkbookHtml('<p onclick="x()">Hi<script>alert(1)</script></p>') // → '<p>Hi</p>'
 */
export function sanitizeWorkbookHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
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

/** True for a URL an `<img src>` may safely hold: relative (not `//host`), or http(s). */
export function isSafeImageUrl(url: string): boolean {
  const trimmed = url.trim();
  // Backslashes and control characters make browsers read URLs in surprising ways: refuse them.
  if (trimmed === '' || trimmed.startsWith('//') || trimmed.includes('\\') || [...trimmed].some((char) => char.charCodeAt(0) < 0x20)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed);
  return scheme === null || ['http', 'https'].includes((scheme[1] as string).toLowerCase());
}

/** Renders Markdown with images removed from the HTML (they are returned separately). */
const sectionMarked = new Marked({ gfm: true, renderer: { image: () => '' } });

/**
 * Renders one workbook section's Markdown: its images (`![caption](url)`) are taken out and
 * returned with their captions, and the rest becomes sanitised HTML.
 *
 * @param tokens - the section's block tokens (from `marked`'s lexer), heading excluded
 * @example
 * renderSection(new Lexer().lex('Cells divide.\n\n![A cell](/images/cell.svg)'))
 * // → { html: '<p>Cells divide.</p>', images: [{ url: '/images/cell.svg', caption: 'A cell' }] }
 */
export function renderSection(tokens: Token[]): RenderedSection {
  const images: ExtractedImage[] = [];
  sectionMarked.walkTokens(tokens, (token) => {
    if (token.type !== 'image') return;
    const image = token as Tokens.Image;
    if (isSafeImageUrl(image.href)) images.push({ url: image.href.trim(), caption: inlinePlainText(image.tokens ?? []).trim() });
  });
  const html = sectionMarked.parser(tokens);
  return { html: sanitizeWorkbookHtml(html), images };
}
