/**
 * The citation check: a comment that gives the source of a rule must name a place a reader of the
 * repository can open.
 *
 * Usage: `npm run check:citations`. Prints one line per problem, `file:line: what`, and exits 1;
 * prints a one-line summary and exits 0 when every citation can be opened. Two checks:
 * 1. no comment in the code (see `CODE_ROOTS`) cites a numbered issue, a section of the old product
 *    specification or a file kept outside the repository (`OUTSIDE_CITATION`), even across a line break;
 * 2. every `docs/….md` named anywhere in the code, the schemas, the content checks or the docs exists,
 *    and each `docs/….md#anchor` is the GitHub anchor of one of that file's headings.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');

/** Folders whose comments are checked, and the files at the top of the repository (configuration). */
const CODE_ROOTS = ['engine', 'src', 'server', 'scripts', 'e2e', 'bench', '.storybook'];

/** Files outside `CODE_ROOTS` that may name a document: their `docs/….md` links are checked too. */
const DOC_ROOTS = ['schemas', 'content/checks.json', 'docs', 'README.md'];

const CODE_EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.css']);
const DOC_EXTENSIONS = new Set([...CODE_EXTENSIONS, '.json', '.md', '.mdx']);
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'dist-server', 'storybook-static', 'test-results', 'playwright-report']);

/** A citation no reader of the repository can open. */
const OUTSIDE_CITATION = /\bissue \d+|\bspec sections?\b|\bspec §|STYLE\.md|STACK\.md|shared\/spec|content-facts\.md/gi;

/** A document of this repository named by path, with an optional anchor. */
const DOC_LINK = /\bdocs\/[\w./-]*?\.md(?:#[\w-]+)?/g;

interface Problem {
  file: string;
  line: number;
  message: string;
}

/** Every file under `path` (a file or a folder, relative to the root) whose extension is in `extensions`. */
function listFiles(path: string, extensions: Set<string>): string[] {
  const absolute = join(root, path);
  if (!existsSync(absolute)) return [];
  if (statSync(absolute).isFile()) return extensions.has(extname(path)) ? [path] : [];
  const files: string[] = [];
  for (const entry of readdirSync(absolute, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_FOLDERS.has(entry.name)) continue;
    files.push(...listFiles(join(path, entry.name), extensions));
  }
  return files;
}

/** The configuration files at the top of the repository (eslint.config.js, vite.config.ts, …). */
function topLevelCodeFiles(): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isFile() && CODE_EXTENSIONS.has(extname(entry.name)))
    .map((entry) => entry.name);
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
  return [...ranges].filter(([start]) => !jsxText.some(([from, to]) => start >= from && start < to));
}

/** The comments of a stylesheet, as [start, end) offsets. */
function styleComments(text: string): Array<[number, number]> {
  return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => [match.index, match.index + match[0].length]);
}

/**
 * A comment's words on one line, so that a citation broken over two lines is still found: each line's
 * `//`, `/*` or `*` prefix becomes one space. `offsets[i]` is the file offset of `flat[i]`.
 */
function flatten(text: string, start: number, end: number): { flat: string; offsets: number[] } {
  let flat = '';
  const offsets: number[] = [];
  let i = start;
  while (i < end) {
    const newline = text.indexOf('\n', i);
    const lineEnd = newline === -1 || newline > end ? end : newline;
    const prefix = /^\s*(?:\/\/+|\/\*+|\*+(?!\/))?\s?/.exec(text.slice(i, lineEnd))?.[0] ?? '';
    if (flat.length > 0) {
      flat += ' ';
      offsets.push(i);
    }
    for (let j = i + prefix.length; j < lineEnd; j++) {
      flat += text[j];
      offsets.push(j);
    }
    i = lineEnd + 1;
  }
  return { flat: flat.replace(/\s+/g, ' '), offsets: collapseOffsets(flat, offsets) };
}

/** The offsets of `flat` once every run of white space in it is one space. */
function collapseOffsets(flat: string, offsets: number[]): number[] {
  const kept: number[] = [];
  for (let i = 0; i < flat.length; i++) {
    if (/\s/.test(flat[i] ?? '') && i > 0 && /\s/.test(flat[i - 1] ?? '')) continue;
    kept.push(offsets[i] ?? 0);
  }
  return kept;
}

/** Comments of `file` that cite something outside the repository. */
function outsideCitations(file: string, text: string): Problem[] {
  const comments = extname(file) === '.css' ? styleComments(text) : scriptComments(file, text);
  const problems: Problem[] = [];
  for (const [start, end] of comments) {
    const { flat, offsets } = flatten(text, start, end);
    for (const match of flat.matchAll(OUTSIDE_CITATION)) {
      const offset = offsets[match.index] ?? start;
      problems.push({ file, line: lineAt(text, offset), message: `cites "${match[0]}", which no reader of the repository can open` });
    }
  }
  return problems;
}

const anchorsByDocument = new Map<string, Set<string> | null>();

/** The GitHub anchors of a Markdown file's headings, or null when the file does not exist. */
function anchorsOf(document: string): Set<string> | null {
  if (anchorsByDocument.has(document)) return anchorsByDocument.get(document) ?? null;
  const path = join(root, document);
  let anchors: Set<string> | null = null;
  if (existsSync(path) && statSync(path).isFile()) {
    const slugger = new GithubSlugger();
    anchors = new Set();
    let fenced = false;
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
      if (heading?.[1]) anchors.add(slugger.slug(heading[1].replace(/`/g, '')));
    }
  }
  anchorsByDocument.set(document, anchors);
  return anchors;
}

/** Links to `docs/…` in `file` whose document or heading does not exist. */
function brokenLinks(file: string, text: string): Problem[] {
  const problems: Problem[] = [];
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

const codeFiles = [...CODE_ROOTS.flatMap((path) => listFiles(path, CODE_EXTENSIONS)), ...topLevelCodeFiles()];
const docFiles = DOC_ROOTS.flatMap((path) => listFiles(path, DOC_EXTENSIONS));
const problems: Problem[] = [];
for (const file of codeFiles) {
  const text = readFileSync(join(root, file), 'utf8');
  problems.push(...outsideCitations(file, text), ...brokenLinks(file, text));
}
for (const file of docFiles) problems.push(...brokenLinks(file, readFileSync(join(root, file), 'utf8')));

if (problems.length > 0) {
  for (const { file, line, message } of problems) console.error(`${relative(root, join(root, file))}:${line}: ${message}`);
  const files = new Set(problems.map((problem) => problem.file)).size;
  console.error(`\ncheck:citations: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}.`);
  process.exit(1);
}
console.log(`check:citations: the comments of ${codeFiles.length} files cite only what the repository holds, and every docs/ link opens.`);
