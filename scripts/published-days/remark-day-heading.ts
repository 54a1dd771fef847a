/**
 * A remark plugin that gives a day's lesson its heading from its front matter, so the day's name is
 * written once (docs/authoring.md, "Front matter"): `content/days/day-1.mdx` with `title: Gene Regulation`
 * opens with `# Day 1 — Gene Regulation`. Used by the build's MDX compiler (vite.config.ts), the content
 * checker and the day previews (scripts/content-checker/parse-lesson.ts), so all three see the same page.
 */
import type { Heading, Root } from 'mdast';
import { parse } from 'yaml';
import { dayHeading, LESSON_FILE } from './days.ts';

/** The day a file is the lesson of, by its name (`…/day-3.mdx` is Day 3), or null for any other file. */
export function lessonDay(path: string | undefined): number | null {
  const name = path?.split(/[/\\]/).at(-1);
  const match = name ? LESSON_FILE.exec(name) : null;
  return match ? Number(match[1]) : null;
}

/**
 * The plugin. Needs `remark-frontmatter` before it (the front matter as a `yaml` node). A day's lesson
 * whose front matter has a title gets a first-level heading after it; any other file, or a front matter
 * without a title (which `npm run check:content` reports), is left as it is.
 */
export function remarkDayHeading() {
  return (tree: Root, file: { path?: string }) => {
    const day = lessonDay(file.path);
    if (day === null) return;
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
    const heading: Heading = { type: 'heading', depth: 1, children: [{ type: 'text', value: dayHeading(day, { title: title.trim(), subtitle: typeof subtitle === 'string' ? subtitle.trim() : undefined }) }] };
    tree.children.splice(index + 1, 0, heading);
  };
}
