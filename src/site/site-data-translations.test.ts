import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../engine/index.ts';
import { loadSiteTranslations, readSiteData, translatedSiteFiles } from './site-data.ts';

const files = import.meta.glob<unknown>('../../content/site/*.json', { eager: true, import: 'default' });
const byName = Object.fromEntries(Object.entries(files).map(([path, value]) => [path.slice(path.lastIndexOf('/') + 1), value]));

/** Every text of a value with its path (`dnmt3a.media.alt`), for comparing an original and its translation. */
function texts(value: unknown, path = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof value === 'string') found.set(path, value);
  else if (typeof value === 'object' && value !== null) for (const [key, inner] of Object.entries(value)) for (const [at, text] of texts(inner, path ? `${path}.${key}` : key)) found.set(at, text);
  return found;
}

/** What a person reads of each item of the site data; ids, links and types are written once, in the original, and images too but for a picture with words. */
const READ = /(^|\.)(tagline|title|description|alt|label)$/;

describe('the site data in every language (content/site/<name>.<locale>.json)', () => {
  for (const locale of LOCALES.filter((each) => each !== 'en')) {
    for (const name of ['site', 'gallery', 'team', 'resources']) {
      it(`${name}.${locale}.json translates only texts a person reads, of items the original has, and leaves none out`, () => {
        const original = byName[`${name}.json`];
        const translation = byName[`${name}.${locale}.json`];
        expect(translation, `content/site/${name}.${locale}.json is missing`).toBeDefined();
        const keyed = Array.isArray(original) ? Object.fromEntries(original.map((item: { id: string }) => [item.id, item])) : original;
        const read = [...texts(keyed).keys()].filter((path) => READ.test(path) && !/^(ncbi|uniprot|rcsb-pdb)\.title$|\.name$/.test(path));
        // A picture with words in it is drawn again per language: its file beside the original's, e.g. `chart.es.svg`.
        const pictures = [...texts(translation)].filter(([path]) => path.endsWith('.media.src'));
        for (const [path, file] of pictures) expect(file, path).toBe(texts(keyed).get(path)!.replace(/(\.\w+)$/, `.${locale}$1`));
        const translated = [...texts(translation).keys()].filter((path) => !path.endsWith('.media.src'));
        for (const path of translated) expect({ path, translatable: read.includes(path) }).toEqual({ path, translatable: true });
        // Every text is translated but the tools' names, which are proper nouns.
        expect(translated.sort()).toEqual(read.sort());
      });
    }

    it(`shows the home page's site data in ${locale} once downloaded, ids, links and images as the original has them`, async () => {
      const english = readSiteData('en');
      expect(readSiteData(locale)).toEqual(english);
      await loadSiteTranslations(locale);
      const shown = readSiteData(locale);
      expect(shown.gallery.map(({ id, link }) => [id, link.href])).toEqual(english.gallery.map(({ id, link }) => [id, link.href]));
      // Each picture is the original's or its drawing in the language.
      for (const [index, { media }] of shown.gallery.entries()) expect([english.gallery[index]!.media.src, english.gallery[index]!.media.src.replace(/(\.\w+)$/, `.${locale}$1`)]).toContain(media.src);
      expect(shown.gallery[0]!.title).not.toBe(english.gallery[0]!.title);
      expect(shown.team.map(({ name }) => name)).toEqual(english.team.map(({ name }) => name));
      expect(shown.site.tagline).not.toBe(english.site.tagline);
    });
  }

  it('shows the original where a translation lacks a text or an item', () => {
    const shown = translatedSiteFiles({ 'team.json': [{ id: 'a', name: 'Ada', title: 'Lead', image: 'a.svg' }, { id: 'b', name: 'Bo', title: 'Student', image: 'b.svg' }], 'team.es.json': { a: { title: 'Líder' } } }, 'es');
    expect(shown['team.json']).toEqual([
      { id: 'a', name: 'Ada', title: 'Líder', image: 'a.svg' },
      { id: 'b', name: 'Bo', title: 'Student', image: 'b.svg' },
    ]);
  });
});
