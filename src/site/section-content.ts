import type { MDXContent } from 'mdx/types';

/**
 * The static pages' content, found by file name: `content/sections/<slug>.mdx` (a translation,
 * `<slug>.es.mdx`, is not a page of its own: docs/decisions/022-translations-beside-the-original.md). Each is its own lazily
 * loaded chunk. Adding a file is not enough to add a page: list it in `STATIC_SECTIONS` (sections.ts) for
 * its route and menu entry.
 */
const pages = import.meta.glob<MDXContent>(['../../content/sections/*.mdx', '!../../content/sections/*.*.mdx'], { import: 'default' });

const pagesBySlug = new Map<string, () => Promise<MDXContent>>(
  Object.entries(pages).map(([path, load]) => [path.slice(path.lastIndexOf('/') + 1, -'.mdx'.length), load]),
);

/**
 * Loads a static page's content.
 *
 * @param slug - the file name without `.mdx`, e.g. `what-youll-learn`
 * @returns the compiled MDX component, or null when the file does not exist yet
 * @throws when the chunk fails to download (the page offers to try again)
 */
export async function loadSectionContent(slug: string): Promise<MDXContent | null> {
  const load = pagesBySlug.get(slug);
  return load ? load() : null;
}
