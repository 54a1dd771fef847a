/**
 * Workbooks (docs/requirements.md#api-calls): `GET /api/workbooks/workbooks/` and
 * `GET /api/workbooks/workbooks/:id/?include_toc=true`. Any signed-in student may read every workbook.
 */
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { Database } from '../db/index.ts';
import { HttpError } from '../errors.ts';
import { absoluteHtmlUrls, absoluteUrl, publicBase } from '../public-urls.ts';
import { findWorkbook, listWorkbooks, type SectionDetail, type WorkbookTranslation } from '../workbooks/workbooks.ts';
import { positiveIntegerParams } from './id-params.ts';
import { errorResponse } from './schemas.ts';

export interface WorkbookRoutesOptions {
  db: Database;
  authenticate: onRequestAsyncHookHandler;
  /** PUBLIC_URL, the base of image URLs; null: each request's origin (server/public-urls.ts). */
  publicUrl?: string | null;
  /** Each workbook's translations by slug (`workbookTranslations`); default none. */
  translations?: ReadonlyMap<string, Readonly<Record<string, WorkbookTranslation>>>;
}

/** The body of `GET /api/workbooks/workbooks/`. The client counts `sections` (Continue when above 0, else Start). */
export interface WorkbookListResponse {
  results: {
    id: number;
    title: string;
    description: string;
    sections: { id: number; heading: string }[];
    /** Helix's addition: the title, description and section headings in the site's other languages, by language (`es`). */
    translations: Record<string, { title: string; description: string; sections: { id: number; heading: string }[] }>;
  }[];
}

/** A workbook section as the API shows it. */
type SectionResponse = WorkbookDetailResponse['sections'][number];

/** The body of `GET /api/workbooks/workbooks/:id/`. */
export interface WorkbookDetailResponse {
  id: number;
  title: string;
  description: string;
  sections: {
    id: number;
    heading: string;
    /** Sanitised HTML (server/markdown/markdown.ts, WORKBOOK_SANITIZE_SCHEMA), its root-relative URLs made absolute. */
    content_html: string;
    /** `image` is an absolute URL, usually `<PUBLIC_URL>/images/<file>`; `caption` is empty when there is none. */
    images: { id: number; image: string; caption: string }[];
  }[];
  /** Helix's addition: the workbook in the site's other languages, by language (`es`); sections have the original's ids. */
  translations: Record<string, { title: string; description: string; sections: WorkbookDetailResponse['sections'] }>;
}

const sectionSummarySchema = {
  type: 'object',
  required: ['id', 'heading'],
  properties: { id: { type: 'integer' }, heading: { type: 'string' } },
} as const;

const sectionSchema = {
  type: 'object',
  required: ['id', 'heading', 'content_html', 'images'],
  properties: {
    id: { type: 'integer' },
    heading: { type: 'string' },
    content_html: { type: 'string', description: 'Sanitised HTML; its image and link addresses on this server are absolute (PUBLIC_URL, else the request origin).' },
    images: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'image', 'caption'],
        properties: {
          id: { type: 'integer' },
          image: { type: 'string', description: 'The absolute URL, usually <PUBLIC_URL>/images/<file>.' },
          caption: { type: 'string', description: 'Empty when there is none.' },
        },
      },
    },
  },
} as const;

/** The JSON Schema of a `translations` object whose sections are `section`. */
const translationsSchema = (section: object) =>
  ({
    type: 'object',
    description: "Helix's addition: the workbook in the site's other languages, by language (`es`), from the file beside it (`<slug>.es.md`); its sections carry the original's ids. Empty when it has none.",
    additionalProperties: {
      type: 'object',
      required: ['title', 'description', 'sections'],
      properties: { title: { type: 'string' }, description: { type: 'string' }, sections: { type: 'array', items: section } },
    },
  }) as const;

/**
 * A stored workbook's translations with the original's section ids (sections pair one for one, checked
 * when the files are read), each section as `toSection` shows it.
 */
function translated<T>(
  translations: Readonly<Record<string, WorkbookTranslation>> | undefined,
  stored: readonly SectionDetail[],
  toSection: (section: SectionDetail) => T,
): Record<string, { title: string; description: string; sections: T[] }> {
  return Object.fromEntries(
    Object.entries(translations ?? {}).map(([locale, { title, description, sections }]) => [
      locale,
      {
        title,
        description,
        sections: stored.map((original, index) => {
          const section = sections[index]!;
          const images = section.images.map((image, at) => ({ id: original.images[at]?.id ?? -(at + 1), ...image }));
          return toSection({ id: original.id, heading: section.heading, contentHtml: section.contentHtml, images });
        }),
      },
    ]),
  );
}

/** Registers the workbook routes (a Fastify plugin; register with no prefix). */
export async function workbookRoutes(app: FastifyInstance, options: WorkbookRoutesOptions): Promise<void> {
  const { db, authenticate, publicUrl, translations = new Map() } = options;

  app.get(
    '/api/workbooks/workbooks/',
    {
      onRequest: authenticate,
      schema: {
        summary: 'List the workbooks',
        // Every workbook, ordered by its file name, with its sections' ids and headings.
        response: {
          200: {
            type: 'object',
            required: ['results'],
            properties: {
              results: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id', 'title', 'description', 'sections', 'translations'],
                  properties: {
                    id: { type: 'integer' },
                    title: { type: 'string' },
                    description: { type: 'string', description: 'Empty when there is none.' },
                    sections: { type: 'array', items: sectionSummarySchema },
                    translations: translationsSchema(sectionSummarySchema),
                  },
                },
              },
            },
          },
          '4xx': errorResponse,
        },
      },
    },
    async (): Promise<WorkbookListResponse> => {
      const rows = await listWorkbooks(db);
      return {
        results: rows.map((row) => ({
          id: row.id,
          title: row.title,
          description: row.description,
          sections: row.sections.map((section) => ({ id: section.id, heading: section.heading })),
          translations: translated(translations.get(row.slug), row.sections, ({ id, heading }) => ({ id, heading })),
        })),
      };
    },
  );

  app.get<{ Params: { id: number }; Querystring: { include_toc?: boolean } }>(
    '/api/workbooks/workbooks/:id/',
    {
      onRequest: authenticate,
      schema: {
        summary: 'One workbook with its sections',
        // One workbook with every section's HTML and images; 404 not_found when there is none.
        params: positiveIntegerParams('id', 'The workbook id from the list.'),
        querystring: {
          type: 'object',
          properties: {
            include_toc: { type: 'boolean', description: 'Accepted for the client; sections are always included.' },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['id', 'title', 'description', 'sections', 'translations'],
            properties: {
              id: { type: 'integer' },
              title: { type: 'string' },
              description: { type: 'string' },
              sections: { type: 'array', items: sectionSchema },
              translations: translationsSchema(sectionSchema),
            },
          },
          '4xx': errorResponse,
        },
      },
    },
    async (request): Promise<WorkbookDetailResponse> => {
      const workbook = await findWorkbook(db, request.params.id);
      if (workbook === null) throw new HttpError('not_found', 'No such workbook.');
      const base = publicBase(request, publicUrl);
      const toSection = (section: SectionDetail): SectionResponse => ({
        id: section.id,
        heading: section.heading,
        content_html: absoluteHtmlUrls(section.contentHtml, base),
        images: section.images.map((image) => ({ ...image, image: absoluteUrl(image.image, base) })),
      });
      return {
        id: workbook.id,
        title: workbook.title,
        description: workbook.description,
        sections: workbook.sections.map(toSection),
        translations: translated(translations.get(workbook.slug), workbook.sections, toSection),
      };
    },
  );
}
