/**
 * A Vite plugin (build only) that writes `dist/embed-origins.json`: the sites the content shows in
 * frames (scripts/embed-origins/collect.ts), which the server turns into its Content-Security-Policy
 * `frame-src` and `connect-src` (docs/security.md#headers).
 */
import type { Plugin } from 'vite';

/** The file's shape; `server/content-security-policy.ts` reads `frameOrigins`. */
export interface EmbedOriginsFile {
  /** Sorted, unique `https://host[:port]` origins. */
  frameOrigins: string[];
  /** Every framed address with the `file:line` that writes it, for reviewers. */
  embeds: { source: string; url: string }[];
}

/**
 * Emits `embed-origins.json` next to `index.html`. The collector (remark and the TypeScript parser)
 * is loaded only when a build runs, so loading the Vite config for Vitest or the dev server stays fast.
 *
 * @param root - the repository, whose `content/` and quiz list are read
 * @throws (fails the build) EmbedOriginError naming the file, line and tag of a framed address that is
 *   not a literal https URL
 */
export function embedOrigins(root: string): Plugin {
  return {
    name: 'helix-embed-origins',
    apply: 'build',
    async generateBundle() {
      const { collectEmbedOrigins, repositoryEmbedLocations, EMBED_ORIGINS_FILE } = await import('./collect.ts');
      const { frameOrigins, embeds } = collectEmbedOrigins(repositoryEmbedLocations(root));
      const file: EmbedOriginsFile = { frameOrigins, embeds: embeds.map(({ source, url }) => ({ source, url })) };
      this.emitFile({ type: 'asset', fileName: EMBED_ORIGINS_FILE, source: `${JSON.stringify(file, null, 2)}\n` });
    },
  };
}
