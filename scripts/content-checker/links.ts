import { existsSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import { attributeOf, describeElement, type ElementUse, type Lesson } from './parse-lesson.ts';
import type { ContentProblem } from './problem.ts';

/** Where pages live in the app: `/sections/<slug>` for section pages and days alike (src/App.tsx). */
export const SECTIONS_PREFIX = '/sections/';
/** Where lesson images are served from: `/images/<path>` is the file `content/images/<path>` (server). */
export const IMAGES_PREFIX = '/images/';

/** What links can point at. */
export interface LinkTargets {
  /** Every page by slug (`welcome`, `day-3`), for `/sections/<slug>` links and their `#ids`; `undefined` for a page that is not valid MDX. */
  pages: ReadonlyMap<string, Lesson | undefined>;
  /** The images folder on disk (`content/images`). */
  imagesDirectory: string;
  /** The images folder as messages name it, e.g. `content/images`. */
  imagesShown: string;
}

/**
 * Checks the links and images of one page (rules 6 and 7 of `checkContent`):
 * - `/sections/<slug>` (Markdown links, `PageNav` back/next, `href`s) must name a page, and a
 *   `#id` after it one of that page's headings;
 * - `#id` alone must be a heading of this page (ids as `rehype-slug` makes them, see parse-lesson.ts);
 * - `/images/<path>` must be a file in the images folder, and so must every image source
 *   (Markdown images, `ImageOverlay`, `ImageGallery` images, `<img>`) that is not a full
 *   `https://` address.
 * Other paths inside the app (`/inbox`, `/workbooks`) and addresses on other sites are not checked.
 */
export function checkLinks(lesson: Lesson, targets: LinkTargets): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const report = (line: number, where: string, expected: string, found: string) => problems.push({ file: lesson.file, line, where, expected, found });

  const checkLink = (url: string, line: number, where: string) => {
    if (url.startsWith('#')) {
      const id = decodeURIComponent(url.slice(1));
      if (!lesson.anchors.has(id)) report(line, where, `a heading with id "${id}" in this file (${listIds(lesson)})`, 'none');
    } else if (url.startsWith(SECTIONS_PREFIX)) {
      const [path = '', hash] = url.slice(SECTIONS_PREFIX.length).split('#');
      const slug = path.replace(/\/$/, '');
      const page = targets.pages.get(slug);
      if (!targets.pages.has(slug)) report(line, where, `a page ${SECTIONS_PREFIX}<${[...targets.pages.keys()].join(' | ')}>`, `no page "${slug}"`);
      else if (page && hash !== undefined && !page.anchors.has(decodeURIComponent(hash))) {
        report(line, where, `a heading with id "${decodeURIComponent(hash)}" in ${page.file} (${listIds(page)})`, 'none');
      }
    } else if (url.startsWith(IMAGES_PREFIX)) {
      checkImageFile(url, line, where);
    }
  };

  const checkImageFile = (url: string, line: number, where: string) => {
    const path = decodeURIComponent(url.slice(IMAGES_PREFIX.length).split(/[?#]/)[0] ?? '');
    const file = resolve(targets.imagesDirectory, path);
    const inside = file.startsWith(resolve(targets.imagesDirectory) + sep);
    const shownFile = inside ? join(targets.imagesShown, relative(resolve(targets.imagesDirectory), file)) : url;
    if (!inside || !existsSync(file) || !statSync(file).isFile()) report(line, where, `the image file ${shownFile}`, 'no such file');
  };

  const checkImageSource = (source: unknown, line: number, where: string) => {
    if (typeof source !== 'string' || source === '') return; // missing sources are reported with the widget's props
    if (/^https?:\/\//.test(source)) return;
    if (source.startsWith(IMAGES_PREFIX)) checkImageFile(source, line, where);
    else report(line, where, `an image under ${IMAGES_PREFIX} (a file in ${targets.imagesShown}) or a full https:// address`, JSON.stringify(source));
  };

  visit(lesson.tree, (node) => {
    const line = node.position?.start.line ?? 1;
    if (node.type === 'link') checkLink(node.url, line, `link [${toString(node)}](${node.url})`);
    if (node.type === 'definition') checkLink(node.url, line, `link definition [${node.identifier}]: ${node.url}`);
    if (node.type === 'image') checkImageSource(node.url, line, `image ![${node.alt ?? ''}](${node.url})`);
  });

  for (const use of lesson.elements) checkElementLinks(use, checkLink, checkImageSource);
  return problems;
}

function checkElementLinks(
  use: ElementUse,
  checkLink: (url: string, line: number, where: string) => void,
  checkImageSource: (source: unknown, line: number, where: string) => void,
) {
  const where = describeElement(use);
  for (const [name, attribute] of use.attributes) {
    if (attribute.kind !== 'literal' || typeof attribute.value !== 'string') continue;
    const value = attribute.value;
    const navigation = use.tag === 'PageNav' && (name === 'back' || name === 'next');
    if (navigation || name === 'href' || value.startsWith(SECTIONS_PREFIX) || value.startsWith(IMAGES_PREFIX)) {
      checkLink(value, use.line, navigation ? `<PageNav ${name}="${value}">` : where);
    }
  }
  if (use.tag === 'ImageOverlay' || use.tag === 'img') {
    const src = attributeOf(use, 'src');
    if (typeof src === 'string' && !src.startsWith(IMAGES_PREFIX)) checkImageSource(src, use.line, where);
  }
  if (use.tag === 'ImageGallery') {
    const images = attributeOf(use, 'images');
    if (!Array.isArray(images)) return;
    images.forEach((image: unknown, index) => {
      const src = typeof image === 'object' && image !== null ? (image as Record<string, unknown>).src : undefined;
      checkImageSource(src, use.line, `${where} image ${index + 1}`);
    });
  }
}

function listIds(lesson: Lesson): string {
  return lesson.anchors.size ? `ids there: ${[...lesson.anchors].join(', ')}` : 'it has no headings';
}
