/**
 * Workbooks (docs/requirements.md#api-calls): `GET /api/workbooks/workbooks/` and
 * `GET /api/workbooks/workbooks/:id/?include_toc=true`. Any signed-in student may read every workbook.
 */
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { Database } from '../db/index.ts';
import { HttpError } from '../errors.ts';
import { absoluteHtmlUrls, absoluteUrl, publicBase } from '../public-urls.ts';
import { findWorkbook, listWorkbooks } from '../workbooks/workbooks.ts';
import { positiveIntegerParams } from './id-params.ts';
import { errorResponse } from './schemas.ts';

export interface WorkbookRoutesOptions {
  db: Database;
  authenticate: onRequestAsyncHookHandler;
  /** PUBLIC_URL, the base of image URLs; null: each request's origin (server/public-urls.ts). */
  publicUrl?: string | null;
}

/** The body of `GET /api/workbooks/workbooks/`. The client counts `sections` (Continue when above 0, else Start). */
export interface WorkbookListResponse {
  results: { id: number; title: string; description: string; sections: { id: number; heading: string }[] }[];
}

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

/** Registers the workbook routes (a Fastify plugin; register with no prefix). */
export async function workbookRoutes(app: FastifyInstance, options: WorkbookRoutesOptions): Promise<void> {
  const { db, authenticate, publicUrl } = options;

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
                  required: ['id', 'title', 'description', 'sections'],
                  properties: {
                    id: { type: 'integer' },
                    title: { type: 'string' },
                    description: { type: 'string', description: 'Empty when there is none.' },
                    sections: { type: 'array', items: sectionSummarySchema },
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
            required: ['id', 'title', 'description', 'sections'],
            properties: {
              id: { type: 'integer' },
              title: { type: 'string' },
              description: { type: 'string' },
              sections: { type: 'array', items: sectionSchema },
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
      return {
        id: workbook.id,
        title: workbook.title,
        description: workbook.description,
        sections: workbook.sections.map((section) => ({
          id: section.id,
          heading: section.heading,
          content_html: absoluteHtmlUrls(section.contentHtml, base),
          images: section.images.map((image) => ({ ...image, image: absoluteUrl(image.image, base) })),
        })),
      };
    },
  );
}
