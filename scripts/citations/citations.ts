/**
 * The citation rules behind `npm run check:citations`: a comment that gives the source of a rule must
 * name a place a reader of the repository can open (a heading of docs/requirements.md, a record in
 * docs/decisions/, another document of docs/), never a numbered issue, a section of the old product
 * specification or a file kept outside the repository.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import GithubSlugger from 'github-slugger';
import ts from 'typescript';

/** Folders whose comments are checked; the code files at the top of the repository are checked too. */
export const CODE_ROOTS = ['engine', 'src', 'server', 'scripts', 'e2e', 'bench', '.storybook', 'test'];

/** Files outside the code that may link a document: their `docs/….md` links are checked too. */
export const DOC_ROOTS = ['schemas', 'content/checks.json', 'docs', 'README.md', 'bench/README.md'];

const CODE_EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.css']);
const DOC_EXTENSIONS = new Set([...CODE_EXTENSIONS, '.json', '.md', '.mdx']);
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'dist-server', 'storybook-static', 'test-results', 'playwright-report', 'fixtures']);

/**
 * A citation no reader of the repository can open: a numbered issue, the old specification (by section
 * or by its short name), the style and stack notes kept outside the repository (also a stack trap by its
 * number alone: a T and one or two digits closing a bracket), or the content facts kept beside them.
 */
export const OUTSIDE_CITATION = /\bissue \d+|\bspec sections?\b|\bspec §|STYLE\.md|STACK\.md|shared\/spec|content-facts\.md|\bthe spec(?!-)\b|\(spec(?=[:;,)])|[(:] ?T\d{1,2}\)/gi;

/** A document of this repository named by path, with an optional heading anchor. */
const DOC_LINK = /\bdocs\/[\w./-]*?\.md(?:#[\w-]+)?/g;

/** One thing wrong, at a line of a file (relative to the repository). */
export interface CitationProblem {
  file: string;
  line: number;
  message: string;
}

/** 1-based line of `offset` in `text`. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The comments of a TypeScript or JavaScript file, as [start, end) offsets, JSX text excluded. */
function scriptComments(file: string, text: string): Array<[number, number]> {
  const kind = /\.[jt]sx$/.test(file) ? ts.ScriptKind.TSX : /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const jsxText: Array<[number, number]> = [];
  const ranges = new Map<number, number>();
  const add = (found: ts.CommentRange[] | undefined) => {
    for (const range of found ?? []) ranges.set(range.pos, range.end);
  };
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.JsxText) {
      jsxText.push([node.pos, node.end]);
      return;
    }
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  // Text between JSX tags is not code: a "//" there is prose, not a comment.
  return [...ranges]
    .filter(([start]) => !jsxText.some(([from, to]) => start >= from && start < to))
    .sort(([a], [b]) => a - b);
}

/** The comments of a stylesheet, as [start, end) offsets. */
function styleComments(text: string): Array<[number, number]> {
  return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => [match.index, match.index + match[0].length]);
}

/**
 * A comment's words on one line, so that a citation broken over two lines is still found: each line's
 * `//`, `/*` or `*` prefix and every run of white space become one space. `offsets[i]` is the file
 * offset of `flat[i]`.
 */
function flatten(text: string, start: number, end: number): { flat: string; offsets: number[] } {
  let flat = '';
  const offsets: number[] = [];
  const push = (character: string, offset: number) => {
    const space = /\s/.test(character);
    if (space && (flat.length === 0 || flat.endsWith(' '))) return;
    flat += space ? ' ' : character;
    offsets.push(offset);
  };
  let i = start;
  while (i < end) {
    const newline = text.indexOf('\n', i);
    const lineEnd = newline === -1 || newline > end ? end : newline;
    const prefix = /^\s*(?:\/\/+|\/\*+|\*+(?!\/))?/.exec(text.slice(i, lineEnd))?.[0] ?? '';
    for (let j = i + prefix.length; j < lineEnd; j++) push(text[j] ?? '', j);
    push(' ', lineEnd);
    i = lineEnd + 1;
  }
  return { flat, offsets };
}

/**
 * Comments of a code file that cite something outside the repository, one problem per citation.
 *
 * @param file - the file's path, for the report and to tell a stylesheet or JSX from plain TypeScript
 * @param text - the file's content
 */
export function findOutsideCitations(file: string, text: string): CitationProblem[] {
  const comments = extname(file) === '.css' ? styleComments(text) : scriptComments(file, text);
  const problems: CitationProblem[] = [];
  for (const [start, end] of comments) {
    const { flat, offsets } = flatten(text, start, end);
    for (const match of flat.matchAll(OUTSIDE_CITATION)) {
      const offset = offsets[match.index] ?? start;
      problems.push({ file, line: lineAt(text, offset), message: `cites "${match[0]}", which no reader of the repository can open` });
    }
  }
  return problems;
}

/** The GitHub anchors of a Markdown document's headings (fenced code skipped), in order. */
export function headingAnchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading?.[1]) anchors.add(slugger.slug(heading[1].replace(/`/g, '')));
  }
  return anchors;
}

/**
 * Links to `docs/…` whose document or heading does not exist.
 *
 * @param file - the file's path, for the report
 * @param text - the file's content
 * @param anchorsOf - the anchors of a document (a path relative to the repository), or null when it does not exist
 */
export function findBrokenLinks(file: string, text: string, anchorsOf: (document: string) => Set<string> | null): CitationProblem[] {
  const problems: CitationProblem[] = [];
  for (const match of text.matchAll(DOC_LINK)) {
    const [document, anchor] = match[0].split('#') as [string, string | undefined];
    const anchors = anchorsOf(document);
    let message: string | null = null;
    if (anchors === null) message = `names ${document}, which does not exist`;
    else if (anchor !== undefined && !anchors.has(anchor)) message = `links ${match[0]}, but ${document} has no heading with that anchor`;
    if (message) problems.push({ file, line: lineAt(text, match.index), message });
  }
  return problems;
}

/** Every file under `path` (a file or a folder, relative to `root`) whose extension is in `extensions`. */
function listFiles(root: string, path: string, extensions: Set<string>): string[] {
  const absolute = join(root, path);
  if (!existsSync(absolute)) return [];
  if (statSync(absolute).isFile()) return extensions.has(extname(path)) ? [path] : [];
  const files: string[] = [];
  for (const entry of readdirSync(absolute, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_FOLDERS.has(entry.name)) continue;
    files.push(...listFiles(root, join(path, entry.name), extensions));
  }
  return files;
}

/**
 * Checks a repository: the comments of every code file under {@link CODE_ROOTS} and at the top level,
 * and the `docs/` links of those files and of {@link DOC_ROOTS}.
 *
 * @param root - the repository's folder
 * @returns the problems, in file order, and how many code files were read
 */
export function checkCitations(root: string): { problems: CitationProblem[]; codeFiles: number } {
  const topLevel = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isFile() && CODE_EXTENSIONS.has(extname(entry.name)))
    .map((entry) => entry.name);
  const codeFiles = [...CODE_ROOTS.flatMap((path) => listFiles(root, path, CODE_EXTENSIONS)), ...topLevel];
  const docFiles = DOC_ROOTS.flatMap((path) => listFiles(root, path, DOC_EXTENSIONS));
  const cache = new Map<string, Set<string> | null>();
  const anchorsOf = (document: string) => {
    if (!cache.has(document)) {
      const path = join(root, document);
      cache.set(document, existsSync(path) && statSync(path).isFile() ? headingAnchors(readFileSync(path, 'utf8')) : null);
    }
    return cache.get(document) ?? null;
  };
  const problems: CitationProblem[] = [];
  for (const file of codeFiles) {
    const text = readFileSync(join(root, file), 'utf8');
    problems.push(...findOutsideCitations(file, text), ...findBrokenLinks(file, text, anchorsOf));
  }
  for (const file of docFiles) problems.push(...findBrokenLinks(file, readFileSync(join(root, file), 'utf8'), anchorsOf));
  return { problems, codeFiles: codeFiles.length };
}
