import mdx from '@mdx-js/rollup';
import react from '@vitejs/plugin-react';
import rehypeSlug from 'rehype-slug';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkSectionize from 'remark-sectionize';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { bootPaintFirst } from './scripts/boot-paint/vite-plugin.ts';
import { chunkGroups } from './scripts/chunk-groups/vite-plugin.ts';
import { compileStartupEagerly } from './scripts/compile-hints/vite-plugin.ts';
import { contentCheckInDev } from './scripts/content-checker/vite-plugin.ts';
import { dayPreviewsFile } from './scripts/day-previews/vite-plugin.ts';
import { embedOrigins } from './scripts/embed-origins/vite-plugin.ts';
import { messageCatalogues } from './scripts/message-catalogues/vite-plugin.ts';
import { lessonImageEntries } from './scripts/lesson-images.ts';
import { precompressedFiles } from './scripts/precompress/vite-plugin.ts';
import { remarkDayHeading } from './scripts/published-days/remark-day-heading.ts';
import { publishedDays } from './scripts/published-days/vite-plugin.ts';
import { lazyImportsCollector } from './scripts/route-preloads/route-modules.ts';
import { routePreloadsFile } from './scripts/route-preloads/vite-plugin.ts';
import { contentLocales, translationLocales } from './scripts/translations/locales.ts';
import { lessonPeeks, PEEK_QUERY, remarkPeek } from './scripts/translations/peek.ts';
import { lessonMessages, remarkTranslation } from './scripts/translations/remark-translation.ts';
import { readWidgetManifest } from './scripts/widget-manifest/manifest.ts';
import { lessonWidgets } from './scripts/widget-manifest/vite-plugin.ts';

/** Modules of this repository's `src/` and `engine/` (TypeScript), by absolute path. */
const OWN_SOURCE = new RegExp(`^${escapeRegExp(import.meta.dirname)}/(?:src|engine)/[^?]*\\.tsx?$`);

/** The app's `lazyImport(() => import(…))` declarations, noted as the build reads them (scripts/route-preloads/route-modules.ts). */
const LAZY_IMPORTS = lazyImportsCollector();

/** The files the app's code is split into (scripts/chunk-groups/vite-plugin.ts), by the routes' import graph. */
const CHUNKS = chunkGroups({ lazyImports: LAZY_IMPORTS.lazyImports });

/** The content's languages (content/site/site.json), and the notice over a block a translation lacks, in each. */
const LOCALES = contentLocales(import.meta.dirname);
const LOCALES_DIR = `${import.meta.dirname}/content/locales`;
const TRANSLATION = { defaultLocale: LOCALES.defaultLocale, notices: lessonMessages(LOCALES_DIR, translationLocales(LOCALES), 'lesson.untranslated') };
/** A translated day's heading in its language, "Día 1 — …" (scripts/published-days/remark-day-heading.ts). */
const DAY_HEADINGS = { headings: lessonMessages(LOCALES_DIR, translationLocales(LOCALES), 'lesson.dayHeading') };
/** What a reader may peek at in the other language, and the words of each widget (scripts/translations/peek.ts). */
const PEEK = { defaultLocale: LOCALES.defaultLocale, translationLocales: translationLocales(LOCALES), widgets: readWidgetManifest(import.meta.dirname) };

/**
 * The MDX compiler, which leaves a lesson imported for its peeks (`day-1.mdx?peek`) to `lessonPeeks`:
 * @mdx-js/rollup reads the path without its query, and would compile that module's JavaScript as MDX.
 */
const MDX = mdx({
  providerImportSource: '@mdx-js/react',
  remarkPlugins: [remarkFrontmatter, [remarkTranslation, TRANSLATION], [remarkPeek, PEEK], [remarkDayHeading, DAY_HEADINGS], remarkGfm, remarkSectionize],
  rehypePlugins: [rehypeSlug],
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Vite config for the app. MDX lessons compile through @mdx-js/rollup, with widgets supplied by
 * `@mdx-js/react`'s provider, so lesson files need no imports (see engine/mdx-components.ts).
 * A day's YAML front matter (`remark-frontmatter`) names it, and gives its page the first heading
 * (scripts/published-days/remark-day-heading.ts). A translation (`day-1.es.mdx`) shows the original's
 * blocks it lacks or is behind on, under a notice (scripts/translations/remark-translation.ts), and each
 * block a reader may show in the other language is wrapped in `<Peek>` (scripts/translations/peek.ts).
 * `remark-gfm` gives lessons Markdown pipe tables; `rehype-slug` gives every heading an id, so a lesson
 * can link within itself (`[the gene cards](#gene-cards)`); `remark-sectionize` wraps each heading and
 * what follows it, up to the next heading of its level, in a `<section>`, so a lesson renders a part at a
 * time (engine/lesson/LessonSection.tsx).
 */
export default defineConfig({
  plugins: [
    // `vite dev`: a lesson or schema the content checker finds fault with shows its problems in the overlay.
    contentCheckInDev(import.meta.dirname),
    // `day-1.es.mdx?peek`: a lesson's blocks as HTML, for a reader of the other language to peek at.
    lessonPeeks(PEEK),
    { ...MDX, enforce: 'pre', transform: (code: string, id: string) => (id.endsWith(PEEK_QUERY) ? null : MDX.transform(code, id)) } as Plugin,
    // content/locales/*/*.json: each message catalogue compiled for Lingui as it is imported (engine/i18n/messages.ts).
    messageCatalogues(),
    react({ include: /\.(jsx|js|mdx|md|tsx|ts)$/ }),
    // A build takes react-router's production files; its package.json offers only its development ones.
    // virtual:published-days: which days exist, for the entry's routes and menus (src/site/days.ts).
    publishedDays(import.meta.dirname),
    // virtual:lesson-widgets: the MDX component map, from each widget's manifest (engine/mdx-components.ts).
    lessonWidgets(import.meta.dirname),
    // dist/embed-origins.json: the framed sites the server's CSP allows (docs/security.md#headers).
    embedOrigins(import.meta.dirname),
    LAZY_IMPORTS.plugin,
    // dist/.vite/route-modules.json and route-preloads.json: what a first visit to each route loads at once.
    routePreloadsFile(LAZY_IMPORTS.lazyImports),
    // index.html's stylesheet after #root: the start-up Loading view paints before it arrives.
    bootPaintFirst(),
    // Notes the modules loaded on use (a dialog, the drag layer, a page), which CHUNKS leaves out of its files.
    CHUNKS.plugin,
    // The start-up file compiled whole while it downloads (V8's explicit compile hint).
    compileStartupEagerly(),
    // dist/.vite/day-previews.json: each day's opening as HTML, put into the day's page by the server.
    dayPreviewsFile(import.meta.dirname),
    // dist/sw.js: the service worker that keeps the app, the lessons and their images on the device
    // (src/service-worker/sw.ts; docs/decisions/010-offline-days.md). Registered by the app itself.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,webp,png,woff2}'],
        // A lesson's peeks are fetched when a reader first peeks, not kept for everyone (their size, as measured,
        // in docs/decisions/023-the-reader-s-language.md, "Cost").
        globIgnores: ['.vite/**', 'embed-origins.json', 'assets/peek-*', 'assets/_virtual_day-peeks-*'],
        // The lesson images are served from content/images at /images/, outside dist/.
        additionalManifestEntries: lessonImageEntries(`${import.meta.dirname}/content/images`),
      },
    }),
    // A Brotli and a gzip copy of each hashed script, stylesheet and SVG, which the server sends as they are.
    precompressedFiles(),
  ],
  publicDir: false,
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/images': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // No modulepreload polyfill: every browser Helix supports (Chromium on the Chromebooks included) has
    // <link rel="modulepreload">; the polyfill cost every page 0.3 kB (docs/decisions/011-first-visit-javascript.md).
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: which chunks each route loads, read by the bundle budgets (.size-limit.js).
    manifest: true,
    rolldownOptions: {
      output: {
        // A few files instead of one per set of modules that the same lazy chunks share: what every page
        // runs first (React, react-dom, the router and the app's start-up code, `$initial`), the
        // signed-in frame, the answers session, the lesson engine and each day's lesson; each small file
        // is compressed apart and costs a round trip on a school's Wi-Fi (scripts/chunk-groups/vite-plugin.ts).
        codeSplitting: { groups: CHUNKS.groups },
        // A lesson's peeks (`day-1.es.mdx?peek`) would be named after the lesson: `peek-day-1.es-….js` says what it is.
        chunkFileNames: (chunk) => (chunk.facadeModuleId?.endsWith(PEEK_QUERY) ? 'assets/peek-[name]-[hash].js' : 'assets/[name]-[hash].js'),
      },
      // Our own modules run nothing when imported (only their CSS does): a page that takes one export
      // from a barrel such as engine/index.ts gets that export's modules, not the whole engine.
      // The exception, src/start-preload.ts, exists for what it runs on import.
      treeshake: {
        moduleSideEffects: [
          { test: /\.css$/, sideEffects: true },
          { test: /\/src\/start-preload\.ts$/, sideEffects: true },
          { test: OWN_SOURCE, sideEffects: false },
        ],
      },
    },
  },
});
