import { describe, expect, it } from 'vitest';
import type { IndexHtmlTransformContext } from 'vite';
import { bootPaintFirst, stylesheetsAfterRoot } from './vite-plugin.ts';

const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <style>.boot-loading{margin:0}</style>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c.css">
  </head>
  <body>
    <div id="root"><p class="boot-loading" role="status">Loading…</p></div>
  </body>
</html>
`;

describe('stylesheetsAfterRoot', () => {
  it('moves the stylesheet after #root, so the Loading view paints without it', () => {
    const page = stylesheetsAfterRoot(BUILT);
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).not.toContain('rel="stylesheet"');
    expect(page.indexOf('<link rel="stylesheet" crossorigin href="/assets/index-c.css">')).toBeGreaterThan(page.indexOf('<div id="root">'));
    expect(page.indexOf('index-c.css')).toBeLessThan(page.indexOf('</body>'));
  });

  it('leaves the scripts, the preloads and the boot view where they were', () => {
    const page = stylesheetsAfterRoot(BUILT);
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<script type="module" crossorigin src="/assets/index-a.js"></script>');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/react-b.js">');
    expect(head).toContain('<style>.boot-loading{margin:0}</style>');
    expect(page).toContain('<div id="root"><p class="boot-loading" role="status">Loading…</p></div>');
    expect(page.match(/<link rel="modulepreload"/g)).toHaveLength(1);
  });

  it('asks for the stylesheet before any script, so it is not queued behind them', () => {
    const page = stylesheetsAfterRoot(BUILT);
    const preload = page.indexOf('<link rel="preload" as="style" crossorigin href="/assets/index-c.css">');
    expect(preload).toBeGreaterThan(page.indexOf('</style>'));
    expect(preload).toBeLessThan(page.indexOf('<script'));
    expect(preload).toBeLessThan(page.indexOf('<link rel="modulepreload"'));
  });

  it('moves every stylesheet, in order', () => {
    const two = BUILT.replace('</head>', '  <link rel="stylesheet" href="/assets/more-d.css">\n  </head>');
    const page = stylesheetsAfterRoot(two);
    expect(page.slice(0, page.indexOf('</head>'))).not.toContain('rel="stylesheet"');
    const body = page.slice(page.indexOf('<body>'));
    expect(body.indexOf('<link rel="stylesheet" crossorigin href="/assets/index-c.css">')).toBeLessThan(body.indexOf('<link rel="stylesheet" href="/assets/more-d.css">'));
    expect(page.slice(0, page.indexOf('</head>'))).toContain('<link rel="preload" as="style" href="/assets/more-d.css">');
  });

  it('leaves a page without stylesheets as it is', () => {
    const none = BUILT.replace(/ *<link rel="stylesheet"[^>]*>\n/, '');
    expect(stylesheetsAfterRoot(none)).toBe(none);
  });

  it('refuses a page with a stylesheet and no body to move it to', () => {
    expect(() => stylesheetsAfterRoot(BUILT.replace(/<\/body>/, ''))).toThrow(/<\/body>/);
  });

  it("changes the app's index.html only, not Storybook's iframe.html built with the same config", () => {
    const { transformIndexHtml } = bootPaintFirst() as unknown as { transformIndexHtml: { handler: (html: string, context: Pick<IndexHtmlTransformContext, 'path'>) => string } };
    expect(transformIndexHtml.handler(BUILT, { path: '/index.html' })).toBe(stylesheetsAfterRoot(BUILT));
    expect(transformIndexHtml.handler(BUILT, { path: '/iframe.html' })).toBe(BUILT);
  });
});
