/**
 * One thing wrong with the lesson content, as the content checker reports it to authors: the file, the
 * line, the widget, what was expected and what was found (docs/authoring.md, "What the checker checks").
 */
export interface ContentProblem {
  /** The file to edit, relative to the checker's display root, e.g. `content/days/day-3.mdx`. */
  file: string;
  /** 1-based line in `file`. */
  line: number;
  /** What is wrong, usually the widget tag as written, e.g. `<AnswersTable name="compare.table">`. */
  where: string;
  /** What the checker expected, in an author's words. */
  expected: string;
  /** What it found instead. */
  found: string;
}

/**
 * The one-line form of a problem, as `npm run check:content` prints it.
 *
 * @example formatProblem(problem) // 'content/days/day-3.mdx:84 <AnswersTable name="compare.table">: expected …, found …'
 */
export function formatProblem({ file, line, where, expected, found }: ContentProblem): string {
  return `${file}:${line} ${where}: expected ${expected}, found ${found}`;
}

/** Orders problems by file, then line, so the report reads top to bottom like the files do. */
export function byFileAndLine(a: ContentProblem, b: ContentProblem): number {
  return a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1;
}

/** A value as an author would write it in MDX, for `found`: strings quoted, lists and objects as JSON. */
export function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  return JSON.stringify(value) ?? String(value);
}
