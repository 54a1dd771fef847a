import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Files of the images folder that are not images a page shows. */
const NOT_SHOWN = /(^|\/)README\.md$/;

/**
 * The service worker's precache entries for the lesson images (served at `/images/` from `imagesDir`):
 * one `{url, revision}` a file, the revision a hash of its bytes, so an edited image is fetched again
 * at the next deployment and an unchanged one never is.
 *
 * @param imagesDir - absolute path of the images folder (content/images)
 * @returns entries such as `{ url: '/images/lac-operon.svg', revision: '3f2a…' }`, sorted by URL
 * @throws when `imagesDir` cannot be read
 */
export function lessonImageEntries(imagesDir: string): { url: string; revision: string }[] {
  return readdirSync(imagesDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(imagesDir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !NOT_SHOWN.test(path))
    .sort()
    .map((path) => ({ url: `/images/${path}`, revision: createHash('sha256').update(readFileSync(join(imagesDir, path))).digest('hex').slice(0, 16) }));
}
