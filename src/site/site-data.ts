/**
 * The home page's site data, written by content authors in `content/site/` (docs/requirements.md#records)
 * and bundled at build time:
 *
 * - `site.json`: `{ name, tagline }`
 * - `gallery.json`: the four research features, `[{ id, title, description, media: { type, src, alt, animated? }, link: { href, label } }]`
 * - `team.json`: the six team members, `[{ id, name, title, image }]`
 * - `resources.json`: the three external tools, `[{ id, title, description, link, image }]`
 *
 * Each file's shape is `schemas/site/<name>.schema.json`, and `schemas/site/site-content.test.ts`
 * validates the files against it with Ajv, so a broken file fails `npm test` before it reaches students.
 * The browser does not validate again: Ajv compiles validators with `new Function`, which the strict CSP
 * forbids. This module only types the JSON and turns it into what the page shows.
 * A file that is missing is read as empty, so the app builds while the content is being written.
 *
 * A translation sits beside each file, `<name>.<locale>.json`, holding only what a person reads
 * (docs/decisions/022-translations-beside-the-original.md): `site.es.json` the tagline, and the lists'
 * translations an object keyed by each item's `id` with its texts (`{ "dnmt3a": { "title": …, "media":
 * { "alt": … } } }`); ids, links, images and order are written once, in the original, but for a picture
 * with words in it, which the translation names in its language (`"media": { "src": "chart.es.svg" }`).
 * A text the translation lacks is shown as the original has it.
 * Only the home page imports this module; the site name every page shows comes from site.ts alone.
 */
import { currentLocale, DEFAULT_LOCALE } from '../../engine/index.ts';
import { DEFAULT_SITE_NAME, type SiteJson } from './site.ts';

/** Site name and tagline (`site.json`). */
export interface SiteInfo {
  name: string;
  /** Empty when the file has none. */
  tagline: string;
}

/** One research feature of the home page gallery (`gallery.json`). */
export interface GalleryItem {
  id: string;
  title: string;
  description: string;
  media: {
    type: 'video' | 'image';
    /** A URL the browser can load: `/images/<file>` for a bare file name. */
    src: string;
    /** Text alternative of the picture or video. */
    alt: string;
    /** True for media that moves by itself (a looping video, an animated image). */
    animated: boolean;
  };
  link: { href: string; label: string };
}

/** A member of the "Meet Our Team" section (`team.json`). */
export interface TeamMember {
  id: string;
  name: string;
  title: string;
  /** A URL the browser can load: `/images/<file>` for a bare file name. */
  image: string;
}

/** An external tool of the "Bioinformatics Resources" section (`resources.json`). */
export interface Resource {
  id: string;
  title: string;
  description: string;
  /** The tool's address (opens in a new tab). */
  link: string;
  /** A URL the browser can load: `/images/<file>` for a bare file name. */
  image: string;
}

/** Everything the home page shows from `content/site/`. */
export interface SiteData {
  site: SiteInfo;
  gallery: GalleryItem[];
  team: TeamMember[];
  resources: Resource[];
}

/**
 * The files as authors write them (`schemas/site/*.schema.json`): images are file names, `animated` and
 * `tagline` optional. Each is absent while not written yet.
 */
export interface SiteFiles {
  'site.json'?: SiteJson;
  'gallery.json'?: (Omit<GalleryItem, 'media'> & { media: Omit<GalleryItem['media'], 'animated'> & { animated?: boolean } })[];
  'team.json'?: TeamMember[];
  'resources.json'?: Resource[];
}

export { DEFAULT_SITE_NAME };

/**
 * Turns an image reference from the site data into a URL: a bare file name is served from the images
 * folder (`logo.svg` → `/images/logo.svg`); paths and full addresses are kept.
 */
export function imageUrl(reference: string): string {
  if (/^(?:[a-z]+:|\/)/i.test(reference)) return reference;
  return `/images/${reference.replace(/^\.?\/?(?:images\/)?/, '')}`;
}

/**
 * What the home page shows from the site data files: image names as URLs, a video counted as moving
 * media, the default site name and an empty tagline when not set, an empty list for a missing file.
 *
 * @param files - the files as authored, valid against `schemas/site/` (checked by the tests, not here)
 */
export function toSiteData(files: SiteFiles): SiteData {
  const site = files['site.json'];
  return {
    site: { name: site?.name || DEFAULT_SITE_NAME, tagline: site?.tagline ?? '' },
    gallery: (files['gallery.json'] ?? []).map((item) => ({
      ...item,
      media: { ...item.media, src: imageUrl(item.media.src), animated: item.media.animated === true || item.media.type === 'video' },
    })),
    team: (files['team.json'] ?? []).map((member) => ({ ...member, image: imageUrl(member.image) })),
    resources: (files['resources.json'] ?? []).map((resource) => ({ ...resource, image: imageUrl(resource.image) })),
  };
}

// Bundled at build time; a file not written yet is simply absent. The translations are files of their own,
// downloaded by a reader of their language only ({@link loadSiteTranslations}).
const modules = import.meta.glob(['../../content/site/*.json', '!../../content/site/*.*.json'], { eager: true, import: 'default' });
const translationModules = import.meta.glob('../../content/site/*.*.json', { import: 'default' });

const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The site data files as authored, keyed by file name (validated against `schemas/site/` by the tests). */
export const SITE_DATA_FILES = Object.fromEntries(Object.entries(modules).map(([path, value]) => [fileName(path), value])) as SiteFiles;

/** The translations downloaded so far, by language: file name → its texts. */
const translationsByLocale = new Map<string, Record<string, unknown>>();

/**
 * Downloads the site data's translations into a language (`content/site/<name>.<locale>.json`), once;
 * until then {@link readSiteData} shows the originals. A home page registers it as a language preparer,
 * so a switch shows the new texts at once.
 *
 * @throws when a file cannot be downloaded
 */
export async function loadSiteTranslations(locale: string): Promise<void> {
  if (locale === DEFAULT_LOCALE || translationsByLocale.has(locale)) return;
  const files = Object.entries(translationModules).filter(([path]) => path.endsWith(`.${locale}.json`));
  const loaded = await Promise.all(files.map(async ([path, load]) => [fileName(path), await load()] as const));
  translationsByLocale.set(locale, Object.fromEntries(loaded));
}

/** A translation's texts, laid over the original's: objects merged key by key, a text replaced. */
function overlay<T>(original: T, texts: unknown): T {
  if (typeof texts === 'string') return (typeof original === 'string' ? texts : original) as T;
  if (typeof original !== 'object' || original === null || typeof texts !== 'object' || texts === null || Array.isArray(original)) return original;
  const merged: Record<string, unknown> = { ...(original as Record<string, unknown>) };
  for (const [key, value] of Object.entries(texts)) if (key in merged) merged[key] = overlay(merged[key], value);
  return merged as T;
}

/**
 * The site data files in a language: each original with its translation (`<name>.<locale>.json`) laid
 * over it, a list's items matched by `id`; an original without a translation as it is.
 *
 * @param files - every file of `content/site/` by name, originals and translations
 */
export function translatedSiteFiles(files: Readonly<Record<string, unknown>>, locale: string): SiteFiles {
  const translated: Record<string, unknown> = {};
  for (const [name, original] of Object.entries(files)) {
    const [base, extension, more] = name.split('.');
    if (more !== undefined || extension !== 'json') continue;
    const texts = files[`${base!}.${locale}.json`] as Record<string, unknown> | undefined;
    translated[name] =
      texts === undefined ? original : Array.isArray(original) ? original.map((item: { id?: string }) => overlay(item, item.id === undefined ? undefined : texts[item.id])) : overlay(original, texts);
  }
  return translated as SiteFiles;
}

const cached = new Map<string, SiteData>();

/**
 * The site data of `content/site/`, as the home page shows it, in the reader's language (unless given)
 * once its translations are downloaded ({@link loadSiteTranslations}); the originals until then.
 */
export function readSiteData(locale: string = currentLocale()): SiteData {
  const texts = translationsByLocale.get(locale);
  const key = texts ? locale : DEFAULT_LOCALE;
  let data = cached.get(key);
  if (!data) cached.set(key, (data = toSiteData(texts ? translatedSiteFiles({ ...SITE_DATA_FILES, ...texts }, locale) : SITE_DATA_FILES)));
  return data;
}
