/**
 * Workbooks (docs/requirements.md#workbooks): authored as Markdown in
 * `content/workbooks/<slug>.md`, loaded into the database at start-up by {@link syncWorkbooks}, and
 * read by `GET /api/workbooks/workbooks/` and `GET /api/workbooks/workbooks/:id/`.
 *
 * File format: a front matter block with `title:` (required) and `description:` (optional), then
 * Markdown. Each `## Heading` line starts a section. Images in a section (`![caption](/images/x.svg)`)
 * become the section's images with that caption and are removed from its HTML. Text before the first
 * `## ` heading (other than a `# Title` line) is not shown, and a warning says so.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { RootContent as MarkdownContent } from 'mdast';
import type { Database } from '../db/index.ts';
import { workbooks, workbookSectionImages, workbookSections } from '../db/schema.ts';
import { ContentError, inlinePlainText, markdownFiles, parseFrontMatter, parseMarkdown, renderSection } from '../markdown/markdown.ts';

/** Receives warnings about content, e.g. Fastify's `app.log.warn`. */
export type WarnFunction = (message: string) => void;

/** A workbook parsed from its file, ready to store. */
export interface WorkbookSource {
  /** The file name without `.md`; unique. */
  slug: string;
  title: string;
  /** Empty when the front matter has none. */
  description: string;
  sections: SectionSource[];
  /**
   * The workbook in other languages, from the files beside it (`student-workbook.es.md` is
   * `student-workbook.md` in Spanish; docs/decisions/022-translations-beside-the-original.md), by
   * language. Each has the original's sections in the same order. Not stored: the API adds them to what
   * it reads from the database.
   */
  translations?: Readonly<Record<string, WorkbookTranslation>>;
}

/** A workbook's texts in one other language: its sections one for one with the original's. */
export interface WorkbookTranslation {
  title: string;
  description: string;
  sections: SectionSource[];
}

/** A section parsed from a workbook file. */
export interface SectionSource {
  /** The `## ` heading's text, Markdown marks removed. */
  heading: string;
  /** Sanitised HTML without the images. */
  contentHtml: string;
  /** In order of appearance. */
  images: { image: string; caption: string }[];
}

/**
 * Parses one workbook file.
 *
 * @param source - the file's text
 * @param fileName - e.g. `cell-cycle.md`; its name without `.md` becomes the slug
 * @param warn - told when text before the first `## ` heading is left out
 * @throws {@link ContentError} for a missing or bad front matter or a blank `title:`
 */
export function parseWorkbook(source: string, fileName: string, warn: WarnFunction): WorkbookSource {
  const { attributes, body } = parseFrontMatter(source, fileName);
  const title = attributes.title?.trim() ?? '';
  if (title === '') throw new ContentError(`${fileName}: the front matter needs a "title:".`);
  const groups: { heading: string; nodes: MarkdownContent[] }[] = [];
  // Link definitions (`[label]: url`) hold for the whole file, whichever section they are written in.
  const definitions: MarkdownContent[] = [];
  let preambleIgnored = false;
  for (const node of parseMarkdown(body).children) {
    if (node.type === 'definition') definitions.push(node);
    if (node.type === 'heading' && node.depth === 2) {
      groups.push({ heading: inlinePlainText(node.children).trim(), nodes: [] });
    } else if (groups.length > 0) {
      (groups[groups.length - 1] as { nodes: MarkdownContent[] }).nodes.push(node);
    } else if (node.type !== 'definition' && !(node.type === 'heading' && node.depth === 1)) {
      preambleIgnored = true;
    }
  }
  if (preambleIgnored) warn(`${fileName}: text before the first "## " heading is not shown.`);
  return {
    slug: fileName.replace(/\.md$/i, ''),
    title,
    description: attributes.description?.trim() ?? '',
    sections: groups.map(({ heading, nodes }) => {
      const rendered = renderSection(nodes, definitions);
      return { heading, contentHtml: rendered.html, images: rendered.images.map(({ url, caption }) => ({ image: url, caption })) };
    }),
  };
}

/**
 * Reads every workbook file of `dir` (`*.md` except README.md), sorted by file name.
 *
 * @param dir - absolute path, usually `config.workbooksDir` (WORKBOOKS_DIR, default `<cwd>/content/workbooks`)
 * @param warn - told when `dir` is missing, and about ignored text (see {@link parseWorkbook})
 * @returns null when `dir` does not exist (the database is then left as it is)
 * @throws {@link ContentError} for a file that cannot be used
 */
export function loadWorkbookFiles(dir: string, warn: WarnFunction): WorkbookSource[] | null {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    warn(`No workbook content at ${dir}: the stored workbooks are left as they are.`);
    return null;
  }
  return markdownFiles(dir).map((fileName) => {
    const workbook = parseWorkbook(readFileSync(join(dir, fileName), 'utf8'), fileName, warn);
    return { ...workbook, translations: translationsOf(dir, workbook, warn) };
  });
}

/**
 * The translations beside a workbook's file, `<slug>.<locale>.md`. One whose sections do not pair one
 * for one with the original's is left out, with a warning: its reader sees the original.
 */
function translationsOf(dir: string, original: WorkbookSource, warn: WarnFunction): Record<string, WorkbookTranslation> {
  const translations: Record<string, WorkbookTranslation> = {};
  for (const name of readdirSync(dir).sort()) {
    const locale = name.startsWith(`${original.slug}.`) && name.endsWith('.md') ? name.slice(original.slug.length + 1, -'.md'.length) : '';
    if (!/^[a-z]{2,3}$/.test(locale)) continue;
    const { title, description, sections } = parseWorkbook(readFileSync(join(dir, name), 'utf8'), name, warn);
    if (sections.length !== original.sections.length) {
      warn(`${name}: ${sections.length} sections where ${original.slug}.md has ${original.sections.length}; its readers see the original until each section is translated.`);
      continue;
    }
    translations[locale] = { title, description, sections };
  }
  return translations;
}

/** Each workbook's translations by its slug, as {@link loadWorkbookFiles} read them. */
export function workbookTranslations(sources: readonly WorkbookSource[] | null): ReadonlyMap<string, Readonly<Record<string, WorkbookTranslation>>> {
  return new Map((sources ?? []).map((source) => [source.slug, source.translations ?? {}]));
}

/** What {@link syncWorkbooks} did, by slug. */
export interface SyncReport {
  created: string[];
  updated: string[];
  unchanged: string[];
  deleted: string[];
}

/**
 * Makes the stored workbooks match `sources`, in one transaction (serialised between processes by a
 * transaction-scoped advisory lock). Idempotent: a workbook whose title, description and sections are
 * already stored is not touched, so running it twice leaves the same rows, ids and `updated_at`.
 * A changed workbook keeps its id (upsert by slug); its sections and images are replaced (new ids)
 * and `updated_at` is set to now. Stored workbooks whose slug is not in `sources` are deleted with
 * their sections.
 *
 * @param sources - from {@link loadWorkbookFiles}; null (no content directory) does nothing
 * @example
 * await syncWorkbooks(db, loadWorkbookFiles(config.workbooksDir, (m) => app.log.warn(m)));
 */
export async function syncWorkbooks(db: Database, sources: readonly WorkbookSource[] | null): Promise<SyncReport> {
  const report: SyncReport = { created: [], updated: [], unchanged: [], deleted: [] };
  if (sources === null) return report;
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('helix.syncWorkbooks'))`);
    const stored = await tx.select().from(workbooks);
    for (const source of sources) {
      const current = stored.find((row) => row.slug === source.slug);
      if (current && current.title === source.title && current.description === source.description) {
        const [storedDetail] = await sectionsOf(tx, [current.id], true);
        if (sameSections(storedDetail?.sections ?? [], source.sections)) {
          report.unchanged.push(source.slug);
          continue;
        }
      }
      const [row] = await tx
        .insert(workbooks)
        .values({ slug: source.slug, title: source.title, description: source.description, updatedAt: new Date() })
        .onConflictDoUpdate({ target: workbooks.slug, set: { title: source.title, description: source.description, updatedAt: new Date() } })
        .returning({ id: workbooks.id });
      if (row === undefined) throw new Error('INSERT ... RETURNING returned no row');
      await tx.delete(workbookSections).where(eq(workbookSections.workbookId, row.id));
      for (const [position, section] of source.sections.entries()) {
        const [inserted] = await tx
          .insert(workbookSections)
          .values({ workbookId: row.id, position, heading: section.heading, contentHtml: section.contentHtml })
          .returning({ id: workbookSections.id });
        if (inserted === undefined) throw new Error('INSERT ... RETURNING returned no row');
        if (section.images.length > 0) {
          await tx.insert(workbookSectionImages).values(section.images.map((image, index) => ({ sectionId: inserted.id, position: index, ...image })));
        }
      }
      (current ? report.updated : report.created).push(source.slug);
    }
    const slugs = sources.map((source) => source.slug);
    const deleted = await tx
      .delete(workbooks)
      .where(slugs.length > 0 ? notInArray(workbooks.slug, slugs) : sql`true`)
      .returning({ slug: workbooks.slug });
    report.deleted.push(...deleted.map((row) => row.slug));
  });
  return report;
}

function sameSections(stored: readonly SectionDetail[], wanted: readonly SectionSource[]): boolean {
  const strip = (sections: readonly (SectionSource | SectionDetail)[]) =>
    JSON.stringify(sections.map((s) => [s.heading, s.contentHtml, s.images.map((i) => [i.image, i.caption])]));
  return strip(stored) === strip(wanted);
}

/** A stored section with its images, as the reader shows it. */
export interface SectionDetail {
  id: number;
  heading: string;
  contentHtml: string;
  images: { id: number; image: string; caption: string }[];
}

/** A stored workbook; `sections` in position order. */
export interface WorkbookDetail {
  id: number;
  slug: string;
  title: string;
  description: string;
  sections: SectionDetail[];
}

/** The sections (and, if asked, their images) of the given workbooks, grouped by workbook id. */
async function sectionsOf(db: Database, workbookIds: number[], withImages: boolean): Promise<{ workbookId: number; sections: SectionDetail[] }[]> {
  if (workbookIds.length === 0) return [];
  const sections = await db
    .select()
    .from(workbookSections)
    .where(inArray(workbookSections.workbookId, workbookIds))
    .orderBy(asc(workbookSections.workbookId), asc(workbookSections.position));
  const images =
    withImages && sections.length > 0
      ? await db
          .select()
          .from(workbookSectionImages)
          .where(inArray(workbookSectionImages.sectionId, sections.map((section) => section.id)))
          .orderBy(asc(workbookSectionImages.sectionId), asc(workbookSectionImages.position))
      : [];
  return workbookIds.map((workbookId) => ({
    workbookId,
    sections: sections
      .filter((section) => section.workbookId === workbookId)
      .map((section) => ({
        id: section.id,
        heading: section.heading,
        contentHtml: section.contentHtml,
        images: images.filter((image) => image.sectionId === section.id).map(({ id, image, caption }) => ({ id, image, caption })),
      })),
  }));
}

/**
 * Every workbook, ordered by slug (so authors order the list by file name), with its sections'
 * ids and headings (HTML and images are left out: `contentHtml` is empty and `images` is []).
 */
export async function listWorkbooks(db: Database): Promise<WorkbookDetail[]> {
  const rows = await db.select().from(workbooks).orderBy(asc(workbooks.slug));
  const grouped = await sectionsOf(
    db,
    rows.map((row) => row.id),
    false,
  );
  return rows.map((row, index) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    sections: (grouped[index]?.sections ?? []).map((section) => ({ ...section, contentHtml: '' })),
  }));
}

/**
 * One workbook with its sections and their images.
 *
 * @returns null when there is no workbook `id`
 */
export async function findWorkbook(db: Database, id: number): Promise<WorkbookDetail | null> {
  const [row] = await db.select().from(workbooks).where(eq(workbooks.id, id)).limit(1);
  if (row === undefined) return null;
  const [grouped] = await sectionsOf(db, [row.id], true);
  return { id: row.id, slug: row.slug, title: row.title, description: row.description, sections: grouped?.sections ?? [] };
}
