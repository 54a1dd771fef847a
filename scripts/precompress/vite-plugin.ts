/**
 * A Vite plugin (build only) that writes a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy
 * beside each script, stylesheet and SVG of the app's build under `assets/`, which the server sends as
 * they are to a browser that accepts them (server/static-files.ts, `preCompressed`;
 * docs/decisions/011-first-visit-javascript.md).
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The files compressed ahead: the scripts, stylesheets and SVGs under `assets/`, whose names change with
 * their content, so a copy can never be left stale beside a file changed in place. Not index.html (a
 * deployment replaces it under the same name; the server builds each route's page from it anyway), nor
 * source maps or the build's own lists under `.vite/`.
 */
export const PRECOMPRESSED_FILE = /^assets\/[^/]+\.(?:js|css|svg)$/;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The compressed copies of one file's bytes: Brotli at its highest quality (11) and gzip at level 9,
 * each left out (undefined) when it is not smaller than the file itself.
 *
 * @param bytes - the file as the build wrote it
 * @returns `{ br, gz }`, each the whole compressed file
 */
export async function compressedCopies(bytes: Buffer): Promise<{ br?: Buffer; gz?: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br: br.length < bytes.length ? br : undefined, gz: gz.length < bytes.length ? gz : undefined };
}

/**
 * The plugin: once the app's build is on disk (the last `writeBundle`, so after every plugin that
 * changes a file in `generateBundle`, such as the start-up file's compile hint), writes `<file>.br` and
 * `<file>.gz` beside each file of the bundle that {@link PRECOMPRESSED_FILE} matches, compressed from
 * the bytes on disk. It does nothing in a build without index.html (the service worker's, whose
 * `sw.js` the server compresses as it sends it).
 *
 * Why not compress as each request comes: the server had compressed every file for every student
 * (about 40 ms of its single thread for the start-up file alone, at Brotli's default quality), and
 * the files came out 13 % larger than at quality 11.
 */
export function precompressedFiles(): Plugin {
  return {
    name: 'helix-precompressed-files',
    apply: 'build',
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options, bundle) {
        const dir = options.dir;
        if (!dir || !existsSync(join(dir, 'index.html'))) return;
        const files = Object.keys(bundle).filter((fileName) => PRECOMPRESSED_FILE.test(fileName));
        await Promise.all(
          files.map(async (fileName) => {
            const path = join(dir, fileName);
            const { br, gz } = await compressedCopies(await readFile(path));
            await Promise.all([br && writeFile(`${path}.br`, br), gz && writeFile(`${path}.gz`, gz)]);
          }),
        );
      },
    },
  };
}
