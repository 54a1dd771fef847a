import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressedCopies, precompressedFiles } from './vite-plugin.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Runs the plugin's `writeBundle` as Vite does once the files named in `bundle` are on disk in `outDir`. */
async function writeBundle(outDir: string, fileNames: string[]): Promise<void> {
  const hook = precompressedFiles().writeBundle as { handler: (options: { dir?: string }, bundle: Record<string, unknown>) => Promise<void> };
  await hook.handler({ dir: outDir }, Object.fromEntries(fileNames.map((fileName) => [fileName, { fileName }])));
}

describe('compressedCopies', () => {
  it('gives a Brotli and a gzip copy that decompress to the same bytes', async () => {
    const bytes = Buffer.from(`export const lesson = ${JSON.stringify('gene regulation '.repeat(200))};\n`);
    const { br, gz } = await compressedCopies(bytes);
    expect(brotliDecompressSync(br!).equals(bytes)).toBe(true);
    expect(gunzipSync(gz!).equals(bytes)).toBe(true);
    expect(br!.length).toBeLessThan(bytes.length / 10);
  });

  it('leaves out a copy that would not be smaller than the file', async () => {
    expect(await compressedCopies(Buffer.from('x'))).toEqual({ br: undefined, gz: undefined });
  });
});

describe('precompressedFiles', () => {
  it('compresses each script, stylesheet and SVG under assets/ from the bytes on disk, and nothing else', async () => {
    dir = mkdtempSync(join(tmpdir(), 'helix-precompress-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
    // As on disk after every plugin: the entry carries a line added after the bundle was first generated.
    const entry = `//# allFunctionsCalledOnLoad\n${'console.log("start");\n'.repeat(100)}`;
    const files: Record<string, string> = {
      'index.html': `<!doctype html><html><body>${'<p>Day 1</p>'.repeat(50)}</body></html>`,
      'assets/index-A1.js': entry,
      'assets/index-A1.js.map': JSON.stringify({ mappings: 'A'.repeat(2_000) }),
      'assets/index-B2.css': 'main { margin: 0 auto; }\n'.repeat(50),
      'assets/logo-C3.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(50)}</svg>`,
      '.vite/manifest.json': JSON.stringify({ 'src/main.tsx': { file: 'assets/index-A1.js' } }).repeat(20),
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);

    await writeBundle(dir, Object.keys(files));

    for (const name of ['assets/index-A1.js', 'assets/index-B2.css', 'assets/logo-C3.svg']) {
      expect(brotliDecompressSync(readFileSync(join(dir, `${name}.br`))).toString()).toBe(files[name]);
      expect(gunzipSync(readFileSync(join(dir, `${name}.gz`))).toString()).toBe(files[name]);
    }
    // index.html keeps its name when a deployment replaces it: a copy beside it could go stale.
    expect(existsSync(join(dir, 'index.html.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets/index-A1.js.map.br'))).toBe(false);
    expect(existsSync(join(dir, '.vite/manifest.json.br'))).toBe(false);
  });

  it('does nothing in a build without index.html, such as the service worker’s', async () => {
    dir = mkdtempSync(join(tmpdir(), 'helix-precompress-'));
    writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n'.repeat(50));

    await writeBundle(dir, ['sw.js']);

    expect(existsSync(join(dir, 'sw.js.br'))).toBe(false);
  });
});
