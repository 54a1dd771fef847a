/**
 * A day's preview: the top of its page as static HTML, which the server puts into the page it answers
 * for the day's route, so a student reads the lesson's title and opening while the app's code is still
 * on its way (docs/decisions/011-first-visit-javascript.md, "A day's opening comes with its page").
 */
import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { Root, RootContent } from 'mdast';
import rehypeStringify from 'rehype-stringify';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { parseLesson } from '../content-checker/parse-lesson.ts';

/** Markdown to HTML, as the lesson's own Markdown becomes elements in the app (no raw HTML in it). */
const toHast = unified().use(remarkRehype);
const toHtml = unified().use(rehypeStringify);

/** What the bar of a preview shows: the site's name and logo, as the app's bar (src/layout/SiteHeader.tsx) draws them. */
export interface PreviewSite {
  name: string;
  /** The logo's path, e.g. `/images/logo.svg`. */
  logo: string;
}

/** Markdown blocks a preview shows; widgets, code and anything else the app draws with components are left out. */
const SHOWN_BLOCKS = new Set(['heading', 'paragraph', 'list', 'blockquote', 'thematicBreak']);

/** Children with text-level JSX unwrapped to its words and expressions (code) dropped, at any depth. */
function withoutCode(children: readonly RootContent[]): RootContent[] {
  return children.flatMap((child): RootContent[] => {
    if (child.type === 'mdxJsxTextElement') return withoutCode(child.children);
    if (child.type === 'mdxTextExpression') return [];
    return ['children' in child ? ({ ...child, children: withoutCode(child.children) } as RootContent) : child];
  });
}

/**
 * The lesson's opening as the app draws it first: the `# ` title and the Markdown blocks after it, up to
 * the first `## ` heading or the first widget, whichever comes first. A widget (a JSX block such as
 * `<Card>`) ends the opening: what follows it would sit at another height without it.
 */
function opening(tree: Root): RootContent[] {
  const blocks: RootContent[] = [];
  for (const node of tree.children) {
    if (node.type === 'mdxjsEsm' || node.type === 'yaml') continue;
    if (node.type === 'heading' && node.depth > 1) break;
    if (!SHOWN_BLOCKS.has(node.type)) break;
    blocks.push(...withoutCode([node]));
  }
  return blocks;
}

/**
 * The preview of one day: a copy of the top of the day's page (the bar with the site's name and logo,
 * the lesson's title and opening paragraphs) with the classes the app's own elements have, so the
 * stylesheet lays it out exactly where the app will draw the same text. It has no ids (the app's
 * headings carry them) and is marked busy for screen readers.
 *
 * @param file - the lesson's path, for errors, e.g. `content/days/day-1.mdx`
 * @param mdx - the lesson's MDX
 * @returns the HTML of `<div class="day-preview">…</div>`, or null when the lesson does not open with a `# ` title
 * @throws LessonSyntaxError (scripts/content-checker/parse-lesson.ts) when the lesson is not valid MDX
 */
export function dayPreviewHtml(file: string, mdx: string, site: PreviewSite): string | null {
  const blocks = opening(parseLesson(file, mdx).tree);
  if (blocks[0]?.type !== 'heading' || blocks[0].depth !== 1) return null;
  const lesson = toHast.runSync({ type: 'root', children: blocks }) as HastRoot;
  const element = (tag: string, className: string | null, children: ElementContent[], properties: Element['properties'] = {}): Element => ({
    type: 'element',
    tagName: tag,
    properties: className ? { className: [className], ...properties } : properties,
    children,
  });
  // Plain blocks, not <header> and <main>: the page's landmarks are the app's, drawn beneath meanwhile.
  const bar = element('div', 'site-header', [
    element('div', 'site-header__inner', [
      element('a', 'site-header__brand', [element('img', 'site-header__logo', [], { src: site.logo, alt: '', width: 36, height: 36 }), { type: 'text', value: site.name }], { href: '/' }),
    ]),
  ]);
  const page = element('div', 'page', [bar, element('div', 'lesson-form', [element('div', 'lesson', [element('section', null, lesson.children as ElementContent[])])])]);
  return toHtml.stringify({ type: 'root', children: [element('div', 'day-preview', [page], { ariaBusy: 'true' })] });
}
