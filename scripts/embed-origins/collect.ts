/**
 * The sites the app shows in frames, read from the content at build time (docs/security.md#headers): the
 * server's Content-Security-Policy allows frames (`frame-src`) and the embed reachability probe
 * (`connect-src`) for exactly these origins, instead of any https site.
 *
 * Framed addresses come from the lessons' widget tags (every `.mdx` under `content/`) and from the
 * quizzes' forms of the app shell (`QUIZ_FORMS` in `src/site/quiz-forms.ts`, read as TypeScript source).
 * `scripts/embed-origins/vite-plugin.ts` writes the result into `dist/embed-origins.json`;
 * `server/content-security-policy.ts` reads it at start-up.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { attributeOf, describeElement, NOT_LITERAL, parseLesson, type ElementUse } from '../content-checker/parse-lesson.ts';
import { readWidgetManifest, type FramedProp, type WidgetManifestEntry } from '../widget-manifest/manifest.ts';

/** The name of the file the build writes into `dist/` (and the server reads from STATIC_DIR). */
export { EMBED_ORIGINS_FILE } from '../../server/content-security-policy.ts';

/**
 * Widget tags whose addresses are shown in a frame, and where each keeps them, from the widget manifest's
 * `frames` (scripts/widget-manifest/manifest.ts): an attribute holding one address, or a list of objects
 * holding one each (`genes={[{ href }]}`). `AtlasViewer`'s quick links open in a new tab, not a frame.
 *
 * @returns `{ [tag]: [{ prop, key? }] }` for the tags that frame something
 */
export function framedProps(widgets: readonly WidgetManifestEntry[]): Readonly<Record<string, readonly FramedProp[]>> {
  return Object.fromEntries(widgets.filter(({ frames }) => frames.length > 0).map(({ tag, frames }) => [tag, frames]));
}

/** One framed address and where it is written. */
export interface Embed {
  /** `file:line`, relative to the repository, e.g. `content/days/day-1.mdx:65`. */
  source: string;
  /** The tag or list it comes from, e.g. `<EmbedPanel title="…">` or `QUIZ_FORMS`. */
  where: string;
  url: string;
}

/** What {@link collectEmbedOrigins} found: the origins, sorted and unique, and every address behind them. */
export interface EmbedOrigins {
  /** e.g. `["https://docs.google.com", "https://www.youtube-nocookie.com"]`. */
  frameOrigins: string[];
  embeds: Embed[];
}

/** Thrown for a framed address the build cannot allow: not written literally, or not https. Names the file, line and tag. */
export class EmbedOriginError extends Error {
  constructor(source: string, where: string, problem: string) {
    super(`${source} ${where}: ${problem}`);
    this.name = 'EmbedOriginError';
  }
}

/**
 * The origin of a framed address.
 *
 * @throws EmbedOriginError when it is not an absolute `https://` URL (a plain-http frame would be
 *   blocked as mixed content on the https site anyway)
 */
export function originOf(url: unknown, source: string, where: string): string {
  if (url === NOT_LITERAL) throw new EmbedOriginError(source, where, 'the address must be written as a literal string, so the build can list its site in the Content-Security-Policy');
  if (typeof url !== 'string') throw new EmbedOriginError(source, where, `expected an address, found ${JSON.stringify(url)}`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new EmbedOriginError(source, where, `"${url}" is not an absolute URL`);
  }
  if (parsed.protocol !== 'https:') throw new EmbedOriginError(source, where, `"${url}" must start with https://`);
  return parsed.origin;
}

function embedsOfElement(use: ElementUse, file: string, framed: Readonly<Record<string, readonly FramedProp[]>>): Embed[] {
  const places = framed[use.tag];
  if (places === undefined) return [];
  const source = `${file}:${use.line}`;
  const where = describeElement(use);
  const embeds: Embed[] = [];
  for (const { prop: attribute, key } of places) {
    const value = attributeOf(use, attribute);
    if (value === undefined) continue; // a missing attribute is the content checker's business
    if (key === undefined) {
      originOf(value, source, where);
      embeds.push({ source, where, url: value as string });
      continue;
    }
    if (!Array.isArray(value)) throw new EmbedOriginError(source, where, `${attribute} must be a literal list, so the build can list its sites`);
    for (const item of value as unknown[]) {
      const url = typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[key] : undefined;
      originOf(url, source, `${where} ${attribute}`);
      embeds.push({ source, where, url: url as string });
    }
  }
  return embeds;
}

function mdxFilesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.mdx'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The `src` of every object in the array literal exported as `exportName` from a TypeScript file,
 * e.g. the quizzes' form addresses in `src/site/quiz-forms.ts`.
 *
 * @throws EmbedOriginError when the export is missing, is not an array literal, or an item's `src` is
 *   not a string literal
 */
export function sourcesOfExport(path: string, displayPath: string, exportName: string): Embed[] {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  let list: ts.ArrayLiteralExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === exportName && node.initializer) {
      let initializer: ts.Expression = node.initializer;
      while (ts.isAsExpression(initializer) || ts.isSatisfiesExpression(initializer)) initializer = initializer.expression;
      if (ts.isArrayLiteralExpression(initializer)) list = initializer;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (list === undefined) throw new EmbedOriginError(displayPath, exportName, `expected an exported array literal named ${exportName}`);
  const embeds: Embed[] = [];
  for (const item of list.elements) {
    const line = file.getLineAndCharacterOfPosition(item.getStart()).line + 1;
    const source = `${displayPath}:${line}`;
    const property = ts.isObjectLiteralExpression(item)
      ? item.properties.find((candidate): candidate is ts.PropertyAssignment => ts.isPropertyAssignment(candidate) && candidate.name.getText() === 'src')
      : undefined;
    const url = property && ts.isStringLiteralLike(property.initializer) ? property.initializer.text : NOT_LITERAL;
    originOf(url, source, exportName);
    embeds.push({ source, where: exportName, url: url as string });
  }
  return embeds;
}

/** Where {@link collectEmbedOrigins} looks; tests point it at fixtures. */
export interface EmbedLocations {
  /** Messages name files relative to this folder (the repository). */
  root: string;
  /** Every `.mdx` file under these folders is read (`content`). */
  contentFolders: readonly string[];
  /** TypeScript array literals of `{ src }` objects shown in frames: `[file, exportName]`. */
  exportedLists: readonly (readonly [string, string])[];
  /** Which tags frame which props ({@link framedProps} of the widget manifest). */
  framed: Readonly<Record<string, readonly FramedProp[]>>;
}

/** The repository's own locations: everything under `content/`, and the quizzes. */
export function repositoryEmbedLocations(root: string): EmbedLocations {
  return { root, contentFolders: [join(root, 'content')], exportedLists: [[join(root, 'src/site/quiz-forms.ts'), 'QUIZ_FORMS']], framed: framedProps(readWidgetManifest(root)) };
}

/**
 * Lists every address the app shows in a frame and their origins.
 *
 * @throws EmbedOriginError naming the file, line and tag of an address that is not a literal https URL
 * @throws LessonSyntaxError for a lesson that is not valid MDX
 * @example collectEmbedOrigins(repositoryEmbedLocations(process.cwd())).frameOrigins // ['https://docs.google.com', …]
 */
export function collectEmbedOrigins(locations: EmbedLocations): EmbedOrigins {
  const shown = (path: string) => relative(locations.root, path);
  const embeds: Embed[] = [];
  for (const folder of locations.contentFolders) {
    for (const path of mdxFilesUnder(folder)) {
      const lesson = parseLesson(shown(path), readFileSync(path, 'utf8'));
      for (const use of lesson.elements) embeds.push(...embedsOfElement(use, lesson.file, locations.framed));
    }
  }
  for (const [path, exportName] of locations.exportedLists) embeds.push(...sourcesOfExport(path, shown(path), exportName));
  const frameOrigins = [...new Set(embeds.map((embed) => new URL(embed.url).origin))].sort();
  return { frameOrigins, embeds };
}
