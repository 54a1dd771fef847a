import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/index.ts';
import { workbooks, workbookSectionImages, workbookSections } from '../db/schema.ts';
import { ContentError } from '../markdown/markdown.ts';
import { bearer, createTestApp, DATABASE_KINDS, signUp, testConfig, useTestApp } from '../test/harness.ts';
import { loadWorkbookFiles, parseWorkbook, syncWorkbooks } from '../workbooks/workbooks.ts';

const LIST_URL = '/api/workbooks/workbooks/';
const detailUrl = (id: number | string) => `/api/workbooks/workbooks/${id}/?include_toc=true`;

const CELL_CYCLE = `---
title: The cell cycle
description: "How cells grow and divide."
---

# The cell cycle

## Interphase

The cell **grows** and copies its DNA. See [Day 2](/sections/day-2).

![A cell in interphase](/images/interphase.svg)

- G1
- S
- G2

## Mitosis

![Prophase](/images/prophase.svg)
![](/images/metaphase.svg)

| Phase | What happens |
|-------|--------------|
| Prophase | Chromosomes condense |
`;

const CELL_CYCLE_ES = `---
title: El ciclo celular
description: "Cómo crecen y se dividen las células."
---

## Interfase

La célula **crece** y copia su ADN.

![Una célula en interfase](/images/interphase.es.svg)

## Mitosis

![Profase](/images/prophase.es.svg)
`;

/** A translation with a section left out: its readers see the original. */
const GENES_ES = `---
title: Genes
---
## Una sección

## Otra sección
`;

const GENES = `---
title: Genes
---
## Only section

Genes are read.
`;

const MALICIOUS = `---
title: Malicious
description: Tries everything
---
## Attack

<script>alert(1)</script>

Before <img src=x onerror=alert(1)> after.

[x](javascript:alert(1)) [y](JAVASCRIPT:alert(2)) [ok](https://example.org)

<iframe src="https://evil.example/"></iframe>

<a href="javascript:alert(3)" onclick="alert(4)">z</a> <div onmouseover="alert(5)">hover</div>

<style>body { display: none }</style>

![evil](javascript:alert(6))

## <script>alert(7)</script>Heading
`;

function writeFiles(dir: string, files: Record<string, string>): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source);
}

/** Every row of the three workbook tables, in id order. */
async function allRows(db: Database) {
  return {
    workbooks: await db.select().from(workbooks).orderBy(asc(workbooks.id)),
    sections: await db.select().from(workbookSections).orderBy(asc(workbookSections.id)),
    images: await db.select().from(workbookSectionImages).orderBy(asc(workbookSectionImages.id)),
  };
}

const FORBIDDEN = /<script|onerror|onclick|onmouseover|javascript:|iframe|<style|<img/i;

describe('parseWorkbook', () => {
  it('splits sections at ## headings and takes images out with their captions', () => {
    const warn = vi.fn();
    const workbook = parseWorkbook(CELL_CYCLE, 'cell-cycle.md', warn);
    expect(warn).not.toHaveBeenCalled();
    expect(workbook).toEqual({
      slug: 'cell-cycle',
      title: 'The cell cycle',
      description: 'How cells grow and divide.',
      sections: [
        {
          heading: 'Interphase',
          contentHtml: '<p>The cell <strong>grows</strong> and copies its DNA. See <a href="/sections/day-2">Day 2</a>.</p>\n\n<ul>\n<li>G1</li>\n<li>S</li>\n<li>G2</li>\n</ul>',
          images: [{ image: '/images/interphase.svg', caption: 'A cell in interphase' }],
        },
        {
          heading: 'Mitosis',
          contentHtml: expect.stringMatching(/^<table>[\s\S]*<td>Chromosomes condense<\/td>[\s\S]*<\/table>$/),
          images: [
            { image: '/images/prophase.svg', caption: 'Prophase' },
            { image: '/images/metaphase.svg', caption: '' },
          ],
        },
      ],
    });
  });

  it('warns about text before the first ## heading', () => {
    const warn = vi.fn();
    parseWorkbook('---\ntitle: T\n---\nLost words.\n\n## S\n\nKept.', 'lost.md', warn);
    expect(warn).toHaveBeenCalledWith('lost.md: text before the first "## " heading is not shown.');
  });

  it('throws ContentError without a title', () => {
    expect(() => parseWorkbook('---\ndescription: D\n---\n## S', 'untitled.md', () => undefined)).toThrow(ContentError);
  });
});

describe.each(DATABASE_KINDS)('workbooks (%s)', (kind) => {
  const contentDir = mkdtempSync(join(tmpdir(), 'helix-workbooks-'));
  const server = useTestApp(kind, {
    config: () => {
      writeFiles(join(contentDir, 'workbooks'), { 'cell-cycle.md': CELL_CYCLE, 'cell-cycle.es.md': CELL_CYCLE_ES, 'genes.md': GENES, 'genes.es.md': GENES_ES, 'README.md': 'Not a workbook.' });
      return { workbooksDir: join(contentDir, 'workbooks') };
    },
  });
  let access: string;

  beforeAll(async () => {
    ({ access } = await signUp(server.app, 'reader'));
  });

  afterAll(() => {
    rmSync(contentDir, { recursive: true, force: true });
    expect(server.errors).toEqual([]);
  });

  describe('GET /api/workbooks/workbooks/', () => {
    it('lists every workbook by file name, with its sections\' ids and headings', async () => {
      const response = await server.app.inject({ method: 'GET', url: LIST_URL, headers: bearer(access) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        results: [
          {
            id: expect.any(Number),
            title: 'The cell cycle',
            description: 'How cells grow and divide.',
            sections: [
              { id: expect.any(Number), heading: 'Interphase' },
              { id: expect.any(Number), heading: 'Mitosis' },
            ],
            translations: { es: { title: 'El ciclo celular', description: 'Cómo crecen y se dividen las células.', sections: [expect.objectContaining({ heading: 'Interfase' }), expect.objectContaining({ heading: 'Mitosis' })] } },
          },
          { id: expect.any(Number), title: 'Genes', description: '', sections: [{ id: expect.any(Number), heading: 'Only section' }], translations: {} },
        ],
      });
    });

    it("gives a translation's sections the original's ids, so a reader who switches stays in the same section", async () => {
      const { results } = (await server.app.inject({ method: 'GET', url: LIST_URL, headers: bearer(access) })).json<{
        results: { sections: { id: number }[]; translations: Record<string, { sections: { id: number }[] }> }[];
      }>();
      expect(results[0]!.translations.es!.sections.map(({ id }) => id)).toEqual(results[0]!.sections.map(({ id }) => id));
    });

    it('answers 401 not_authenticated without a token', async () => {
      const response = await server.app.inject({ method: 'GET', url: LIST_URL });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('not_authenticated');
    });
  });

  describe('GET /api/workbooks/workbooks/:id/', () => {
    it('answers the workbook with every section\'s HTML and images', async () => {
      const list = (await server.app.inject({ method: 'GET', url: LIST_URL, headers: bearer(access) })).json<{ results: { id: number; sections: { id: number }[] }[] }>();
      const summary = list.results[0];
      if (summary === undefined) throw new Error('no workbook');
      const response = await server.app.inject({ method: 'GET', url: detailUrl(summary.id), headers: bearer(access) });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        id: summary.id,
        title: 'The cell cycle',
        description: 'How cells grow and divide.',
        sections: [
          {
            id: summary.sections[0]?.id,
            heading: 'Interphase',
            content_html: expect.stringContaining('<a href="/sections/day-2">Day 2</a>'),
            images: [{ id: expect.any(Number), image: 'http://localhost:80/images/interphase.svg', caption: 'A cell in interphase' }],
          },
          {
            id: summary.sections[1]?.id,
            heading: 'Mitosis',
            content_html: expect.stringContaining('<table>'),
            images: [
              { id: expect.any(Number), image: 'http://localhost:80/images/prophase.svg', caption: 'Prophase' },
              { id: expect.any(Number), image: 'http://localhost:80/images/metaphase.svg', caption: '' },
            ],
          },
        ],
        translations: { es: expect.any(Object) },
      });
      expect(body.translations.es).toEqual({
        title: 'El ciclo celular',
        description: 'Cómo crecen y se dividen las células.',
        sections: [
          {
            id: summary.sections[0]?.id,
            heading: 'Interfase',
            content_html: '<p>La célula <strong>crece</strong> y copia su ADN.</p>',
            images: [{ id: body.sections[0].images[0].id, image: 'http://localhost:80/images/interphase.es.svg', caption: 'Una célula en interfase' }],
          },
          { id: summary.sections[1]?.id, heading: 'Mitosis', content_html: '', images: [{ id: body.sections[1].images[0].id, image: 'http://localhost:80/images/prophase.es.svg', caption: 'Profase' }] },
        ],
      });
      expect(body.sections[0].content_html).not.toContain('<img');
      // Without the query string it answers the same.
      expect((await server.app.inject({ method: 'GET', url: `/api/workbooks/workbooks/${summary.id}/`, headers: bearer(access) })).json()).toEqual(body);
    });

    it("gives images' addresses on the host the request came to, so a front end elsewhere can show them", async () => {
      const list = (await server.app.inject({ method: 'GET', url: LIST_URL, headers: bearer(access) })).json<{ results: { id: number }[] }>();
      const response = await server.app.inject({ method: 'GET', url: detailUrl(list.results[0]!.id), headers: { ...bearer(access), host: 'helix.school.org' } });
      expect(response.json().sections[0].images[0].image).toBe('http://helix.school.org/images/interphase.svg');
    });

    it('answers 404 not_found for a workbook that does not exist', async () => {
      const response = await server.app.inject({ method: 'GET', url: detailUrl(2_000_000_000), headers: bearer(access) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'No such workbook.', code: 'not_found' });
    });

    it.each([['abc'], ['0'], ['99999999999']])('answers 400 invalid_request for id %s', async (id) => {
      const response = await server.app.inject({ method: 'GET', url: detailUrl(id), headers: bearer(access) });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_request');
    });

    it('answers 401 not_authenticated without a token', async () => {
      const response = await server.app.inject({ method: 'GET', url: detailUrl(1) });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('not_authenticated');
    });
  });

  describe('loading', () => {
    it('is idempotent: loading the same files again, or starting another server.app, leaves the same rows', async () => {
      const db = server.database.database.db;
      const before = await allRows(db);
      expect(before.workbooks).toHaveLength(2);
      expect(before.sections).toHaveLength(3);
      expect(before.images).toHaveLength(3);
      const report = await syncWorkbooks(db, loadWorkbookFiles(join(contentDir, 'workbooks'), () => undefined));
      expect(report).toEqual({ created: [], updated: [], unchanged: ['cell-cycle', 'genes'], deleted: [] });
      expect(await allRows(db)).toEqual(before);
      const { app: second } = await createTestApp(server.database, {
        config: testConfig({ dataDir: server.database.dataDir, workbooksDir: join(contentDir, 'workbooks') }),
      });
      await second.close();
      expect(await allRows(db)).toEqual(before);
    });

    it('updates a changed workbook in place, deletes a removed one, and leaves all as they are without a directory', async () => {
      const db = server.database.database.db;
      const dir = mkdtempSync(join(contentDir, 'changed-'));
      writeFiles(dir, { 'cell-cycle.md': CELL_CYCLE.replace('## Mitosis', '## Mitosis, the division') });
      const before = await allRows(db);
      const cellCycle = before.workbooks.find((row) => row.slug === 'cell-cycle');
      expect(await syncWorkbooks(db, loadWorkbookFiles(dir, () => undefined))).toEqual({ created: [], updated: ['cell-cycle'], unchanged: [], deleted: ['genes'] });
      const after = await allRows(db);
      expect(after.workbooks.map((row) => [row.id, row.slug])).toEqual([[cellCycle?.id, 'cell-cycle']]);
      expect(after.sections.map((row) => row.heading)).toEqual(['Interphase', 'Mitosis, the division']);
      expect(after.images).toHaveLength(3);

      const warn = vi.fn();
      expect(await syncWorkbooks(db, loadWorkbookFiles(join(contentDir, 'missing'), warn))).toEqual({ created: [], updated: [], unchanged: [], deleted: [] });
      expect(warn).toHaveBeenCalledOnce();
      expect(await allRows(db)).toEqual(after);

      // Back to the original files for the other tests.
      await syncWorkbooks(db, loadWorkbookFiles(join(contentDir, 'workbooks'), () => undefined));
    });

    it('stores and serves no script, event handler, javascript: URL or frame from malicious Markdown', async () => {
      const db = server.database.database.db;
      const dir = mkdtempSync(join(contentDir, 'malicious-'));
      writeFiles(dir, { 'cell-cycle.md': CELL_CYCLE, 'genes.md': GENES, 'malicious.md': MALICIOUS });
      await syncWorkbooks(db, loadWorkbookFiles(dir, () => undefined));
      const rows = await allRows(db);
      const stored = rows.workbooks.find((row) => row.slug === 'malicious');
      if (stored === undefined) throw new Error('not stored');
      const storedSections = rows.sections.filter((section) => section.workbookId === stored.id);
      expect(storedSections).toHaveLength(2);
      for (const section of storedSections) {
        expect(section.contentHtml).not.toMatch(FORBIDDEN);
        expect(section.heading).not.toMatch(/<|script/i);
      }
      expect(storedSections[0]?.contentHtml).toContain('<a href="https://example.org">ok</a>');
      expect(storedSections[0]?.contentHtml).toContain('Before  after.');
      expect(rows.images.filter((image) => storedSections.some((section) => section.id === image.sectionId))).toEqual([]);

      const response = await server.app.inject({ method: 'GET', url: detailUrl(stored.id), headers: bearer(access) });
      expect(response.statusCode).toBe(200);
      expect(response.json().sections[0].images).toEqual([]);
      expect(response.body).not.toMatch(FORBIDDEN);
      expect(response.json().sections.map((section: { heading: string }) => section.heading)).toEqual(['Attack', 'alert(7)Heading']);

      await syncWorkbooks(db, loadWorkbookFiles(join(contentDir, 'workbooks'), () => undefined));
    });

    const realDir = resolve(process.cwd(), 'content/workbooks');
    it.skipIf(!existsSync(realDir))('loads the real content/workbooks, twice, and serves each with safe HTML', async () => {
      const db = server.database.database.db;
      const sources = loadWorkbookFiles(realDir, () => undefined);
      expect(sources?.length).toBeGreaterThan(0);
      await syncWorkbooks(db, sources);
      const before = await allRows(db);
      expect((await syncWorkbooks(db, loadWorkbookFiles(realDir, () => undefined))).unchanged).toHaveLength(sources?.length ?? -1);
      expect(await allRows(db)).toEqual(before);
      for (const row of before.workbooks) {
        const response = await server.app.inject({ method: 'GET', url: detailUrl(row.id), headers: bearer(access) });
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toMatch(/<script|javascript:|<iframe|\son\w+=/i);
      }
      await syncWorkbooks(db, loadWorkbookFiles(join(contentDir, 'workbooks'), () => undefined));
    });
  });
});
