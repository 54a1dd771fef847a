/**
 * The home page's site data, written by content authors in `content/site/` (spec section 3, "Static
 * items") and bundled at build time:
 *
 * - `site.json`: `{ name, tagline }`
 * - `gallery.json`: the four research features, `[{ id, title, description, media: { type, src, alt, animated? }, link: { href, label } }]`
 * - `team.json`: the six team members, `[{ id, name, title, image }]`
 * - `resources.json`: the three external tools, `[{ id, title, description, link, image }]`
 *
 * A file that is missing is read as empty, so the app builds while the content is being written. An
 * item that breaks the shape is left out and reported on the console naming the file, the item and the
 * field; `schemas/site/site-content.test.ts` checks the files against `schemas/site/*.schema.json`, so such a problem fails the build before it reaches students.
 */

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

/** The site name used when `site.json` has none (the module's programme, content-facts.md). */
export const DEFAULT_SITE_NAME = 'SciTrek';

/**
 * Turns an image reference from the site data into a URL: a bare file name is served from the images
 * folder (`logo.svg` → `/images/logo.svg`); paths and full addresses are kept.
 */
export function imageUrl(reference: string): string {
  if (/^(?:[a-z]+:|\/)/i.test(reference)) return reference;
  return `/images/${reference.replace(/^\.?\/?(?:images\/)?/, '')}`;
}

type Problems = string[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'string' ? `"${value}"` : `a ${typeof value}`;
}

/** Reads a required non-blank string field, recording a problem when it is not one. */
function text(record: Record<string, unknown>, field: string, where: string, problems: Problems): string {
  const value = record[field];
  if (typeof value === 'string' && value.trim() !== '') return value;
  problems.push(`${where} needs a non-empty string "${field}"; found ${describe(value)}.`);
  return '';
}

function idOf(record: Record<string, unknown>, where: string, problems: Problems): string {
  const value = record.id;
  if (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')) return String(value);
  problems.push(`${where} needs an "id" (a string or a number); found ${describe(value)}.`);
  return '';
}

/** Parses a list file item by item, keeping the items without problems. */
function parseList<T>(file: string, value: unknown, parseItem: (record: Record<string, unknown>, where: string, problems: Problems) => T, problems: Problems): T[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problems.push(`content/site/${file} must be a list of items; found ${describe(value)}.`);
    return [];
  }
  const items: T[] = [];
  value.forEach((entry: unknown, index) => {
    const label = isRecord(entry) && (typeof entry.id === 'string' || typeof entry.id === 'number') ? ` ("${String(entry.id)}")` : '';
    const where = `content/site/${file}: item ${index + 1}${label}`;
    if (!isRecord(entry)) {
      problems.push(`${where} must be an object; found ${describe(entry)}.`);
      return;
    }
    const itemProblems: Problems = [];
    const item = parseItem(entry, where, itemProblems);
    problems.push(...itemProblems);
    if (itemProblems.length === 0) items.push(item);
  });
  return items;
}

function parseGalleryItem(record: Record<string, unknown>, where: string, problems: Problems): GalleryItem {
  const id = idOf(record, where, problems);
  const title = text(record, 'title', where, problems);
  const description = text(record, 'description', where, problems);
  const media = isRecord(record.media) ? record.media : {};
  if (!isRecord(record.media)) problems.push(`${where} needs a "media" object {type, src, alt}; found ${describe(record.media)}.`);
  const type = media.type === 'video' || media.type === 'image' ? media.type : 'image';
  if (isRecord(record.media) && media.type !== 'video' && media.type !== 'image') {
    problems.push(`${where}: media "type" must be "video" or "image"; found ${describe(media.type)}.`);
  }
  const src = isRecord(record.media) ? text(media, 'src', `${where} media`, problems) : '';
  const alt = isRecord(record.media) ? text(media, 'alt', `${where} media`, problems) : '';
  const link = isRecord(record.link) ? record.link : {};
  if (!isRecord(record.link)) problems.push(`${where} needs a "link" object {href, label}; found ${describe(record.link)}.`);
  const href = isRecord(record.link) ? text(link, 'href', `${where} link`, problems) : '';
  const label = isRecord(record.link) ? text(link, 'label', `${where} link`, problems) : '';
  return {
    id,
    title,
    description,
    media: { type, src: imageUrl(src), alt, animated: media.animated === true || type === 'video' },
    link: { href, label },
  };
}

function parseTeamMember(record: Record<string, unknown>, where: string, problems: Problems): TeamMember {
  return {
    id: idOf(record, where, problems),
    name: text(record, 'name', where, problems),
    title: text(record, 'title', where, problems),
    image: imageUrl(text(record, 'image', where, problems)),
  };
}

function parseResource(record: Record<string, unknown>, where: string, problems: Problems): Resource {
  return {
    id: idOf(record, where, problems),
    title: text(record, 'title', where, problems),
    description: text(record, 'description', where, problems),
    link: text(record, 'link', where, problems),
    image: imageUrl(text(record, 'image', where, problems)),
  };
}

function parseSite(value: unknown, problems: Problems): SiteInfo {
  if (value === undefined) return { name: DEFAULT_SITE_NAME, tagline: '' };
  if (!isRecord(value)) {
    problems.push(`content/site/site.json must be an object {name, tagline}; found ${describe(value)}.`);
    return { name: DEFAULT_SITE_NAME, tagline: '' };
  }
  const name = text(value, 'name', 'content/site/site.json', problems) || DEFAULT_SITE_NAME;
  const tagline = typeof value.tagline === 'string' ? value.tagline : '';
  return { name, tagline };
}

/**
 * Parses the site data files, keyed by file name (`gallery.json`…).
 *
 * @param files - each file's parsed JSON; a missing key is a missing file
 * @returns the usable data, and one sentence per problem found (empty when the files are right)
 */
export function parseSiteData(files: Readonly<Record<string, unknown>>): { data: SiteData; problems: string[] } {
  const problems: Problems = [];
  const data: SiteData = {
    site: parseSite(files['site.json'], problems),
    gallery: parseList('gallery.json', files['gallery.json'], parseGalleryItem, problems),
    team: parseList('team.json', files['team.json'], parseTeamMember, problems),
    resources: parseList('resources.json', files['resources.json'], parseResource, problems),
  };
  return { data, problems };
}

// Bundled at build time; a file not written yet is simply absent.
const modules = import.meta.glob<unknown>('../../content/site/*.json', { eager: true, import: 'default' });

/** The raw site data files, keyed by file name. */
export const SITE_DATA_FILES: Readonly<Record<string, unknown>> = Object.fromEntries(
  Object.entries(modules).map(([path, value]) => [path.slice(path.lastIndexOf('/') + 1), value]),
);

let cached: SiteData | null = null;

/**
 * The site data of `content/site/`, parsed once. Problems are reported on the console and the broken
 * items left out; the page still renders.
 */
export function readSiteData(): SiteData {
  if (cached) return cached;
  const { data, problems } = parseSiteData(SITE_DATA_FILES);
  for (const problem of problems) console.error(problem);
  cached = data;
  return data;
}
