/**
 * The week as its content declares it: a day is two files, `content/days/day-N.mdx` (whose YAML front
 * matter names it) and `schemas/day-N.schema.json`. The build (./vite-plugin.ts), the server (the
 * console's titles and columns) and the content checker read the days here and nowhere else
 * (docs/authoring.md, "A day is two files").
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { VFile } from 'vfile';
import { matter } from 'vfile-matter';

/** A day's lesson file name: `day-3.mdx` is Day 3. */
export const LESSON_FILE = /^day-(\d+)\.mdx$/;
/** A day's translated lesson file name: `day-3.es.mdx` is Day 3 in Spanish. */
export const TRANSLATED_LESSON_FILE = /^day-(\d+)\.([a-z]{2,3})\.mdx$/;
/** A day's answers schema file name: `day-3.schema.json` is Day 3's. */
export const SCHEMA_FILE = /^day-(\d+)\.schema\.json$/;

/** What a lesson's front matter declares (docs/authoring.md, "Front matter"). */
export interface DayFrontMatter {
  /** The day's name as menus, the page's heading, the console and the CSV show it, e.g. "Gene Regulation". */
  title: string;
  /** Words the page's heading adds after the title, e.g. "how your cells decide what to do"; optional. */
  subtitle?: string;
  /** `false` keeps the day from students and the console (a draft); `npm run dev` still shows it. Default true. */
  published: boolean;
}

/** One day with both of its files. */
export interface DayEntry extends DayFrontMatter {
  day: number;
  /** The lesson's path relative to the repository, e.g. `content/days/day-1.mdx`. */
  lesson: string;
  /** The schema's path relative to the repository, e.g. `schemas/day-1.schema.json`. */
  schema: string;
  /**
   * The day's translations by language: each lesson's path (`content/days/day-1.es.mdx`) and the title
   * its front matter gives (docs/decisions/022-translations-beside-the-original.md).
   */
  translations: Readonly<Record<string, { lesson: string; title: string }>>;
}

/** A front matter an author got wrong; `problems` says what, one sentence each. */
export class FrontMatterError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(`${file}: ${problems.join('; ')}`);
    this.name = 'FrontMatterError';
  }
}

const KNOWN_KEYS = new Set(['title', 'subtitle', 'published']);

/**
 * The problems of a lesson's front matter, as the content checker reports them: `title` a non-empty
 * text, `subtitle` a text when given, `published` true or false when given, no other key.
 *
 * @param data - the parsed YAML (`{}` when the file has no front matter)
 * @returns one sentence per problem; empty when it is sound
 */
export function frontMatterProblems(data: Readonly<Record<string, unknown>>): string[] {
  const problems: string[] = [];
  if (typeof data.title !== 'string' || data.title.trim() === '') problems.push('front matter needs a title, e.g. "title: Gene Regulation" between --- lines at the top');
  if (data.subtitle !== undefined && typeof data.subtitle !== 'string') problems.push('front matter subtitle must be text');
  if (data.published !== undefined && typeof data.published !== 'boolean') problems.push('front matter published must be true or false');
  for (const key of Object.keys(data)) if (!KNOWN_KEYS.has(key)) problems.push(`front matter has an unknown key "${key}" (known: ${[...KNOWN_KEYS].join(', ')})`);
  return problems;
}

/**
 * Reads the YAML front matter at the top of an MDX or Markdown text.
 *
 * @param text - the file's contents
 * @returns the parsed mapping; `{}` when there is none
 * @throws YAMLParseError (from `yaml`) when the front matter is not YAML
 */
export function readFrontMatter(text: string): Record<string, unknown> {
  const file = new VFile(text);
  matter(file);
  const data = file.data.matter;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}

/**
 * A lesson's front matter, checked.
 *
 * @param file - the path named in errors, e.g. `content/days/day-6.mdx`
 * @param text - the lesson's MDX
 * @throws FrontMatterError naming every problem ({@link frontMatterProblems}), or when it is not YAML
 */
export function dayFrontMatter(file: string, text: string): DayFrontMatter {
  let data: Record<string, unknown>;
  try {
    data = readFrontMatter(text);
  } catch (error) {
    throw new FrontMatterError(file, [`front matter is not valid YAML: ${error instanceof Error ? error.message : String(error)}`]);
  }
  const problems = frontMatterProblems(data);
  if (problems.length > 0) throw new FrontMatterError(file, problems);
  const subtitle = typeof data.subtitle === 'string' && data.subtitle.trim() !== '' ? data.subtitle.trim() : undefined;
  return { title: (data.title as string).trim(), ...(subtitle ? { subtitle } : {}), published: data.published !== false };
}

function dayNumbers(directory: string, pattern: RegExp): number[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory).flatMap((name) => {
    const match = pattern.exec(name);
    return match ? [Number(match[1])] : [];
  });
}

/** A day's translated lessons in a folder: `day-N.<locale>.mdx`. */
function translatedLessons(directory: string, day: number): { locale: string; file: string }[] {
  return readdirSync(directory).flatMap((file) => {
    const match = TRANSLATED_LESSON_FILE.exec(file);
    return match && Number(match[1]) === day ? [{ locale: match[2]!, file }] : [];
  });
}

/** Where the two files of each day live. */
export interface DayFolders {
  /** The lessons' folder (`content/days`). */
  lessons: string;
  /** The schemas' folder (`schemas`). */
  schemas: string;
  /** How paths are shown in entries and errors: relative to this (the repository); absolute when omitted. */
  root?: string;
}

/**
 * Every day that has both files, drafts included, in order of the week. A lesson without a schema, or a
 * schema without a lesson, is no day (`npm run check:content` reports both).
 *
 * @returns entries by ascending day number; empty when the folders do not exist
 * @throws FrontMatterError when a day's front matter lacks a title or is malformed
 */
export function readDays(folders: DayFolders): DayEntry[] {
  const shown = (path: string) => (folders.root ? path.slice(folders.root.length).replace(/^[/\\]/, '') : path);
  const schemas = new Set(dayNumbers(folders.schemas, SCHEMA_FILE));
  return dayNumbers(folders.lessons, LESSON_FILE)
    .filter((day) => schemas.has(day))
    .sort((a, b) => a - b)
    .map((day) => {
      const lesson = join(folders.lessons, `day-${day}.mdx`);
      const translations = Object.fromEntries(
        translatedLessons(folders.lessons, day).map(({ locale, file }) => {
          const path = join(folders.lessons, file);
          return [locale, { lesson: shown(path), title: dayFrontMatter(shown(path), readFileSync(path, 'utf8')).title }];
        }),
      );
      return { day, ...dayFrontMatter(shown(lesson), readFileSync(lesson, 'utf8')), lesson: shown(lesson), schema: shown(join(folders.schemas, `day-${day}.schema.json`)), translations };
    });
}

/**
 * The days of a repository (`content/days` and `schemas` under `root`).
 *
 * @param root - the repository's folder
 * @param options.drafts - include days whose front matter says `published: false` (`npm run dev`)
 * @returns entries by ascending day number
 * @throws FrontMatterError as {@link readDays}
 */
export function daysOf(root: string, { drafts = false }: { drafts?: boolean } = {}): DayEntry[] {
  return readDays({ lessons: join(root, 'content', 'days'), schemas: join(root, 'schemas'), root }).filter((entry) => drafts || entry.published);
}

/**
 * A day's full name from its front matter: the title, with ": subtitle" when there is one, or " Subtitle"
 * after a title that ends its own sentence, the subtitle then starting a sentence of its own ("How Do We
 * Detect Cancer? Seeing static in gene signals", "¿Cómo detectamos el cáncer? Cómo distinguir…").
 */
export function dayFullName({ title, subtitle }: Pick<DayFrontMatter, 'title' | 'subtitle'>): string {
  if (!subtitle) return title;
  if (!/[?!.]$/.test(title)) return `${title}: ${subtitle}`;
  return `${title} ${subtitle.charAt(0).toLocaleUpperCase()}${subtitle.slice(1)}`;
}

/**
 * The heading a day's page opens with, made from its number and front matter: "Day 1 — Gene Regulation",
 * the day's {@link dayFullName} after "Day N — ".
 */
export function dayHeading(day: number, frontMatter: Pick<DayFrontMatter, 'title' | 'subtitle'>): string {
  return `Day ${day} — ${dayFullName(frontMatter)}`;
}
