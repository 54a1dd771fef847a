import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { findSchemaProblems, type AnswersSchema } from '../../engine/schema/index.ts';
import { checkCounts, readCountChecks, type CountChecks } from './counts.ts';
import { checkLinks } from './links.ts';
import { LessonSyntaxError, parseLesson, type Lesson } from './parse-lesson.ts';
import { byFileAndLine, type ContentProblem } from './problem.ts';
import { NO_INPUT_KEYWORD, schemaLine, unboundFields } from './schema-fields.ts';
import { frontMatterProblems, readFrontMatter } from '../published-days/days.ts';
import { readWidgetManifest, type WidgetManifestEntry } from '../widget-manifest/manifest.ts';
import { checkTranslationBond, translationName } from './translation-bond.ts';
import { checkWidgets, type Binding, type LessonSchema } from './widget-checks.ts';

/** Where the content lives. Tests point these at small fixture lessons. */
export interface ContentLocations {
  /** Messages name files relative to this folder (the repository, for `npm run check:content`). */
  root: string;
  /** The days: `day-N.mdx` files (`content/days`). */
  days: string;
  /** The answers schemas: `day-N.schema.json` files (`schemas`). */
  schemas: string;
  /** The section pages: `<slug>.mdx` files (`content/sections`); none when omitted or missing. */
  sections?: string;
  /** The lesson images served at `/images/` (`content/images`). */
  images: string;
  /** The counts file (`content/checks.json`); no counts are checked when omitted. */
  checks?: string;
  /** The widget manifest; this repository's (scripts/widget-manifest/manifest.ts) when omitted. */
  widgets?: readonly WidgetManifestEntry[];
  /**
   * The languages pages may be translated into (`content/site/site.json`'s `locales`, less its
   * `defaultLocale`); a translation `day-N.<locale>.mdx` or `<slug>.<locale>.mdx` into another is refused.
   * None when omitted.
   */
  translations?: readonly string[];
}

/** This repository's folder, whose widget manifest the checker reads by default. */
const REPOSITORY = join(import.meta.dirname, '..', '..');

const DAY_FILE = /^day-(\d+)\.mdx$/;
const SCHEMA_FILE = /^day-(\d+)\.schema\.json$/;

/**
 * Checks every day and section page against its schema, the counts, the links and the images
 * (docs/authoring.md, "What the checker checks"). Pure apart from reading the files named by `locations`.
 *
 * Reports, one problem each:
 * 1. a widget's `name`, or a `ResetButton` field, that is not a field of the day's schema;
 * 2. a schema field bound by no widget (fields marked `"x-no-input": true` are exempt);
 * 3. two widgets binding the same field, or one inside the other;
 * 4. props the engine would refuse: a `BlankChoice` without exactly 2 options, a select option
 *    missing from the field's `enum`, an `AnswersTable` column the rows lack, an embed without a
 *    `title`, an image without `alt`, a widget bound to a field of the wrong shape;
 * 5. a count that differs from `checks` (docs/requirements.md#constants);
 * 6. an internal link or `#jump` link that points nowhere;
 * 7. a missing image file;
 * 8. a tag no widget manifest declares (`<Tag>.widget.json`), with the known tags;
 * 9. a day's front matter without a `title`, or with a malformed key, and a `# ` heading written in a day
 *    (the page's heading comes from the front matter; docs/authoring.md);
 * 10. a translation (`day-N.es.mdx`, `<slug>.es.mdx`) whose widgets bind other fields than the original's, by
 *    other widgets, in another order, or offer other stored choices (./translation-bond.ts), or that
 *    translates a page that does not exist or into a language `translations` does not list.
 * Also: a file that is not valid MDX, a day without a schema or a schema without a day, and a schema
 * that breaks the engine's rules (engine/schema/check-schema.ts).
 *
 * @param locations - the folders to read
 * @returns the problems, ordered by file and line; empty when the content is sound
 */
export function checkContent(locations: ContentLocations): ContentProblem[] {
  const shown = (path: string) => relative(locations.root, path) || '.';
  const problems: ContentProblem[] = [];
  const widgets = new Map((locations.widgets ?? readWidgetManifest(REPOSITORY)).map((entry) => [entry.tag, entry]));

  const parse = (path: string): Lesson | undefined => {
    try {
      return parseLesson(shown(path), readFileSync(path, 'utf8'));
    } catch (error) {
      if (!(error instanceof LessonSyntaxError)) throw error;
      problems.push({ file: shown(path), line: error.line, where: 'MDX', expected: 'valid MDX', found: error.message });
      return undefined;
    }
  };

  // Every page that exists, by slug, sections first as the module reads; `undefined` when it is not valid MDX (reported once).
  const pages = new Map<string, Lesson | undefined>();
  const sections = new Map<string, Lesson | undefined>();
  const translated: { folder: string; name: string }[] = [];
  for (const name of locations.sections ? listFiles(locations.sections) : []) {
    if (!name.endsWith('.mdx')) continue;
    if (translationName(name)) {
      translated.push({ folder: locations.sections as string, name });
      continue;
    }
    const lesson = parse(join(locations.sections as string, name));
    sections.set(basename(name, '.mdx'), lesson);
    pages.set(basename(name, '.mdx'), lesson);
  }

  const days = new Map<number, Lesson | undefined>();
  const dayBindings = new Map<number, { bindings: Binding[]; schema: LessonSchema }>();
  for (const name of listFiles(locations.days)) {
    const match = DAY_FILE.exec(name);
    if (!match) {
      if (translationName(name)) translated.push({ folder: locations.days, name });
      continue;
    }
    const lesson = parse(join(locations.days, name));
    if (lesson) problems.push(...checkFrontMatter(lesson, readFileSync(join(locations.days, name), 'utf8')));
    days.set(Number(match[1]), lesson);
    pages.set(`day-${match[1]}`, lesson);
  }

  let counts: CountChecks = { days: {}, sections: {} };
  if (locations.checks) {
    const read = readCountChecks(readFileSync(locations.checks, 'utf8'), shown(locations.checks));
    counts = read.checks;
    problems.push(...read.problems);
  }

  const schemaNames = listFiles(locations.schemas).filter((name) => SCHEMA_FILE.test(name));
  for (const name of schemaNames) {
    const day = Number(SCHEMA_FILE.exec(name)?.[1]);
    if (!days.has(day)) {
      problems.push({ file: shown(join(locations.schemas, name)), line: 1, where: 'schema', expected: `its lesson ${shown(join(locations.days, `day-${day}.mdx`))}`, found: 'no such file' });
    }
  }

  for (const [day, lesson] of days) {
    if (!lesson) continue;
    const schemaPath = join(locations.schemas, `day-${day}.schema.json`);
    const schemaFile = shown(schemaPath);
    if (!existsSync(schemaPath)) {
      problems.push({ file: lesson.file, line: 1, where: 'lesson', expected: `its answers schema ${schemaFile}`, found: 'no such file' });
      continue;
    }
    const schemaText = readFileSync(schemaPath, 'utf8');
    let schema: AnswersSchema;
    try {
      schema = JSON.parse(schemaText) as AnswersSchema;
    } catch (error) {
      problems.push({ file: schemaFile, line: 1, where: 'schema', expected: 'valid JSON', found: error instanceof Error ? error.message : String(error) });
      continue;
    }
    for (const problem of findSchemaProblems(schema)) {
      const [path = 'answers', ...rest] = problem.split(': ');
      const dotted = path.replace(/^answers\.?/, '').replaceAll('[]', '.0');
      problems.push({ file: schemaFile, line: schemaLine(schemaText, dotted), where: 'schema', expected: 'a field with a default and a description (engine/schema/types.ts)', found: `${path}: ${rest.join(': ')}` });
    }
    const checked = checkWidgets(lesson, { schema, file: schemaFile }, widgets);
    dayBindings.set(day, { bindings: checked.bindings, schema: { schema, file: schemaFile } });
    problems.push(...checked.problems);
    for (const path of unboundFields(schema, checked.bindings.map((binding) => binding.path))) {
      problems.push({
        file: schemaFile,
        line: schemaLine(schemaText, path),
        where: `field "${path}"`,
        expected: `a widget in ${lesson.file} bound to it (or "${NO_INPUT_KEYWORD}": true on the field when the page has no input for it)`,
        found: 'none',
      });
    }
    problems.push(...checkCounts(lesson, counts.days[String(day)] ?? [], checked.bindings));
  }

  for (const [slug, lesson] of sections) {
    if (!lesson) continue;
    const checked = checkWidgets(lesson, undefined, widgets);
    problems.push(...checked.problems, ...checkCounts(lesson, counts.sections[slug] ?? [], checked.bindings));
  }

  for (const { folder, name } of translated) {
    const { original, locale } = translationName(name)!;
    const file = shown(join(folder, name));
    if (!(locations.translations ?? []).includes(locale)) {
      problems.push({ file, line: 1, where: 'translation', expected: `a language content/site/site.json lists in "locales" (${(locations.translations ?? []).join(', ') || 'none but the default'})`, found: `"${locale}"` });
      continue;
    }
    const day = DAY_FILE.exec(original)?.[1];
    const originalLesson = day ? days.get(Number(day)) : sections.get(basename(original, '.mdx'));
    if (!originalLesson) {
      if (!(day ? days.has(Number(day)) : sections.has(basename(original, '.mdx')))) problems.push({ file, line: 1, where: 'translation', expected: `its original ${shown(join(folder, original))}`, found: 'no such file' });
      continue;
    }
    const lesson = parse(join(folder, name));
    if (!lesson) continue;
    if (day) problems.push(...checkFrontMatter(lesson, readFileSync(join(folder, name), 'utf8')));
    const bound = day ? dayBindings.get(Number(day)) : { bindings: checkWidgets(originalLesson, undefined, widgets).bindings, schema: undefined };
    if (!bound) continue;
    const checked = checkWidgets(lesson, bound.schema, widgets);
    problems.push(...checked.problems, ...checkTranslationBond({ lesson: originalLesson, bindings: bound.bindings }, { lesson, bindings: checked.bindings }, widgets));
    pages.set(`${basename(original, '.mdx')}.${locale}`, lesson);
  }

  const imagesShown = shown(locations.images);
  for (const lesson of pages.values()) if (lesson) problems.push(...checkLinks(lesson, { pages, imagesDirectory: locations.images, imagesShown }));

  return problems.sort(byFileAndLine);
}

/** A day's front matter (scripts/published-days/days.ts), and no `# ` heading of the author's own. */
function checkFrontMatter(lesson: Lesson, text: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  let data: Record<string, unknown>;
  try {
    data = readFrontMatter(text);
  } catch (error) {
    return [{ file: lesson.file, line: 1, where: 'front matter', expected: 'YAML between --- lines', found: error instanceof Error ? error.message.split('\n')[0]! : String(error) }];
  }
  for (const problem of frontMatterProblems(data)) problems.push({ file: lesson.file, line: 1, where: 'front matter', expected: 'title (and optionally subtitle, published) as docs/authoring.md says', found: problem });
  for (const node of lesson.tree.children) {
    if (node.type === 'heading' && node.depth === 1 && node.position) {
      problems.push({ file: lesson.file, line: node.position.start.line, where: '# heading', expected: "no # heading: the page's heading comes from the front matter's title and subtitle", found: 'a # heading' });
    }
  }
  return problems;
}

function listFiles(directory: string): string[] {
  return existsSync(directory) ? readdirSync(directory).sort() : [];
}
