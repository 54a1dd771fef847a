/**
 * A remark plugin that gives a day's lesson its heading from its front matter, so the day's name is
 * written once (docs/authoring.md, "Front matter"): `content/days/day-1.mdx` with `title: Gene Regulation`
 * opens with `# Day 1 — Gene Regulation`. Used by the build's MDX compiler (vite.config.ts), the content
 * checker and the day previews (scripts/content-checker/parse-lesson.ts), so all three see the same page.
 */
import type { Heading, Root } from 'mdast';
import { parse } from 'yaml';
import { dayFullName, dayHeading, LESSON_FILE, TRANSLATED_LESSON_FILE } from './days.ts';

/** The day and language of a lesson file by its name (`…/day-3.mdx`, `…/day-3.es.mdx`); the language is null for the original, and null for any other file. */
function lessonOf(path: string | undefined): { day: number; locale: string | null } | null {
  const name = path?.split(/[/\\]/).at(-1);
  if (!name) return null;
  const original = LESSON_FILE.exec(name);
  if (original) return { day: Number(original[1]), locale: null };
  const translated = TRANSLATED_LESSON_FILE.exec(name);
  return translated ? { day: Number(translated[1]), locale: translated[2]! } : null;
}

/** Options of {@link remarkDayHeading}. */
export interface DayHeadingOptions {
  /**
   * Per language, the heading's pattern with `{day}` and `{title}`, e.g. `{ es: "Día {day} — {title}" }`
   * (`lesson.dayHeading` of content/locales/LOCALE/lesson.json); a translation in a language not listed,
   * and the original, get {@link dayHeading}'s English.
   */
  headings?: Readonly<Record<string, string>>;
}

/**
 * The plugin. Needs `remark-frontmatter` before it (the front matter as a `yaml` node). A day's lesson
 * whose front matter has a title gets a first-level heading after it; any other file, or a front matter
 * without a title (which `npm run check:content` reports), is left as it is.
 */
export function remarkDayHeading(options: DayHeadingOptions = {}) {
  return (tree: Root, file: { path?: string }) => {
    const lesson = lessonOf(file.path);
    if (lesson === null) return;
    const { day, locale } = lesson;
    const index = tree.children.findIndex((node) => node.type === 'yaml');
    const node = tree.children[index];
    if (node?.type !== 'yaml') return;
    let data: unknown;
    try {
      data = parse(node.value);
    } catch {
      return;
    }
    const { title, subtitle } = (typeof data === 'object' && data !== null ? data : {}) as { title?: unknown; subtitle?: unknown };
    if (typeof title !== 'string' || title.trim() === '') return;
    const named = { title: title.trim(), subtitle: typeof subtitle === 'string' ? subtitle.trim() : undefined };
    const pattern = locale === null ? undefined : options.headings?.[locale];
    const text = pattern === undefined ? dayHeading(day, named) : pattern.replace('{day}', String(day)).replace('{title}', dayFullName(named));
    const heading: Heading = { type: 'heading', depth: 1, children: [{ type: 'text', value: text }] };
    tree.children.splice(index + 1, 0, heading);
  };
}
