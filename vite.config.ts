import mdx from '@mdx-js/rollup';
import react from '@vitejs/plugin-react';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import { defineConfig } from 'vite';
import { embedOrigins } from './scripts/embed-origins/vite-plugin.ts';

/**
 * Vite config for the app. MDX lessons compile through @mdx-js/rollup, with widgets supplied by
 * `@mdx-js/react`'s provider, so lesson files need no imports (see engine/mdx-components.ts).
 * `remark-gfm` gives lessons Markdown pipe tables; `rehype-slug` gives every heading an id, so a lesson
 * can link within itself (`[the gene cards](#gene-cards)`).
 */
export default defineConfig({
  plugins: [
    { enforce: 'pre', ...mdx({ providerImportSource: '@mdx-js/react', remarkPlugins: [remarkGfm], rehypePlugins: [rehypeSlug] }) },
    react({ include: /\.(jsx|js|mdx|md|tsx|ts)$/ }),
    // dist/embed-origins.json: the framed sites the server's CSP allows (issue 11, "Headers").
    embedOrigins(import.meta.dirname),
  ],
  publicDir: false,
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/images': 'http://127.0.0.1:3000' },
  },
  build: { outDir: 'dist', sourcemap: true },
});
