import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client.ts';
import { fetchWorkbook, fetchWorkbooks, workbookIn } from './site-endpoints.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const SECTION = { id: 4, heading: 'Welcome', content_html: '<p>Start here.</p>', images: [{ id: 9, image: 'http://x/images/lac-operon.svg', caption: 'The lac operon' }] };
const WORKBOOK = {
  id: 1,
  title: 'Student Workbook',
  description: 'Your guide.',
  sections: [SECTION],
  translations: {
    es: { title: 'Cuaderno', description: 'Tu guía.', sections: [{ ...SECTION, heading: 'Bienvenida', content_html: '<p>Empieza aquí.</p>', images: [{ id: 9, image: 'http://x/images/lac-operon.es.svg', caption: 'El operón lac' }] }] },
    fr: 'not a translation',
  },
};

describe('the workbooks in the reader\'s language', () => {
  it('reads a workbook in Spanish where it has a translation, with the same section ids and the Spanish figure', async () => {
    const workbook = await fetchWorkbook('1', createApiClient({ fetch: vi.fn(async () => json(200, WORKBOOK)) }));
    expect(Object.keys(workbook.translations)).toEqual(['es']);
    const spanish = workbookIn(workbook, 'es');
    expect(spanish.title).toBe('Cuaderno');
    expect(spanish.sections.map(({ id, heading }) => [id, heading])).toEqual([['4', 'Bienvenida']]);
    expect(spanish.sections[0]!.images[0]).toEqual({ id: '9', image: 'http://x/images/lac-operon.es.svg', caption: 'El operón lac' });
    // A language it has no translation into reads it as written.
    expect(workbookIn(workbook, 'de').title).toBe('Student Workbook');
  });

  it('lists each workbook with its translated title, and a server without translations (the spec\'s) as written', async () => {
    const [listed] = await fetchWorkbooks(createApiClient({ fetch: vi.fn(async () => json(200, { results: [WORKBOOK] })) }));
    expect(workbookIn(listed!, 'es')).toMatchObject({ title: 'Cuaderno', description: 'Tu guía.', sectionCount: 1 });
    const spec = Object.fromEntries(Object.entries(WORKBOOK).filter(([key]) => key !== 'translations'));
    const [plain] = await fetchWorkbooks(createApiClient({ fetch: vi.fn(async () => json(200, { results: [spec] })) }));
    expect(workbookIn(plain!, 'es').title).toBe('Student Workbook');
  });
});
