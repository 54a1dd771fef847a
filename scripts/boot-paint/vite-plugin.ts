/**
 * A Vite plugin (build only) that lets the start-up Loading view paint before the app's stylesheet has
 * arrived (docs/decisions/011-first-visit-javascript.md, "The first paint waits for nothing").
 */
import type { Plugin } from 'vite';

/** A `<link rel="stylesheet" …>` tag as Vite writes it into the built `index.html`. */
const STYLESHEET_LINK = /[ \t]*<link\b[^>]*\brel="stylesheet"[^>]*>\n?/g;

/**
 * Moves every `<link rel="stylesheet">` of `<head>` to the end of `<body>`, after `#root`, and asks for
 * each first thing in `<head>` with a `<link rel="preload" as="style">`, ahead of the scripts.
 *
 * A stylesheet in `<head>` holds back the first paint of the whole page until it has downloaded; on a
 * school's Wi-Fi it downloads beside the page's scripts, so the student looked at a blank tab. After
 * `#root`, it holds back only what follows it: the Loading view in `#root` (styled by index.html's own
 * `<style>`) paints at once, and a day's preview, which the server puts after it
 * (server/static-files.ts), as soon as it is in. The preload keeps it first in line: found at the end
 * of the page alone, it would wait for a connection behind the two dozen scripts of a day (a browser
 * opens six per server). The app still starts styled: the parser waits at the link, and module scripts
 * run only once the document is parsed.
 *
 * @param html - the built index.html
 * @returns the same page with its stylesheet links preloaded first and linked at the end of `<body>`;
 *   unchanged when it has none
 * @throws {Error} when the page has stylesheet links but no `</body>` to move them before
 */
export function stylesheetsAfterRoot(html: string): string {
  const headEnd = html.indexOf('</head>');
  const links = headEnd === -1 ? null : html.slice(0, headEnd).match(STYLESHEET_LINK);
  if (!links) return html;
  const bodyEnd = html.lastIndexOf('</body>');
  if (bodyEnd === -1) throw new Error('index.html has no </body> to move its stylesheet links before.');
  let head = html.slice(0, headEnd).replace(STYLESHEET_LINK, '');
  const preloads = links.map((link) => `    ${link.trim().replace('rel="stylesheet"', 'rel="preload" as="style"')}\n`).join('');
  const firstFetch = head.search(/[ \t]*<(?:script|link)\b/);
  head = firstFetch === -1 ? `${head.trimEnd()}\n${preloads}  ` : `${head.slice(0, firstFetch)}${preloads}${head.slice(firstFetch)}`;
  const body = html.slice(headEnd, bodyEnd).trimEnd();
  const moved = links.map((link) => `    ${link.trim()}\n`).join('');
  return `${head}${body}\n${moved}  ${html.slice(bodyEnd)}`;
}

/**
 * The plugin: applies {@link stylesheetsAfterRoot} to the app's built `index.html`, after Vite has linked
 * the entry's files. Other pages built with this config are left as they are: Storybook's `iframe.html`
 * has no start-up view, and its widgets must find their stylesheet in place when they first measure
 * themselves (a text box sizes itself to its text as it mounts).
 */
export function bootPaintFirst(): Plugin {
  return {
    name: 'helix-boot-paint-first',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: (html, { path }) => (path === '/index.html' ? stylesheetsAfterRoot(html) : html) },
  };
}
