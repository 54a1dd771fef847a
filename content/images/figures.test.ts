import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../engine/index.ts';
import { imageUrl, translatedSiteFiles, type SiteFiles } from '../../src/site/site-data.ts';

// A page in a language shows its figures' words in that language (docs/decisions/022-translations-beside-the-original.md):
// a picture with words in it is drawn once per language, `<name>.<locale>.svg` beside the original, and a
// translated page names that file.
const CONTENT = join(import.meta.dirname, '..');
const IMAGES = import.meta.dirname;

/** Words that read the same in every language: gene and species names, and chemical symbols. */
const SAME_IN_EVERY_LANGUAGE = new Set(['lac', 'lacZ', 'lacY', 'lacA', 'E. coli', 'CH₃']);

/** Whether a figure's text is a language's: not a number, a symbol in capitals (`BRCA1`, `DNMT3A`) or a name above. */
function isWords(text: string): boolean {
  return !SAME_IN_EVERY_LANGUAGE.has(text) && /\p{Ll}{2}/u.test(text);
}

/**
 * Each text an SVG draws: its `<text>` and `<tspan>` contents. Its `<title>` and `<desc>` are not read out
 * when a page shows it as an `<img>`, whose `alt` speaks for it (checked with the page's other texts).
 */
function svgTexts(file: string): string[] {
  const svg = readFileSync(file, 'utf8');
  return [...svg.matchAll(/<(text|tspan)\b[^>]*>([^<]+)</g)].map((match) => match[2]!.trim()).filter(Boolean);
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(directory, entry.name)) : [join(directory, entry.name)],
  );
}

/** Every image a page in `locale` shows, as `[where, address]`: its lessons, sections, messages, workbooks and home page. */
function imagesOfPagesIn(locale: string): [string, string][] {
  const pages = filesUnder(CONTENT).filter((file) => new RegExp(`\\.${locale}\\.mdx?$`).test(file));
  const found: [string, string][] = pages.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\/images\/[\w./-]+\.(?:svg|png|jpe?g|webp|gif)/g)].map((match): [string, string] => [relative(CONTENT, file), match[0]]),
  );
  const site = Object.fromEntries(
    readdirSync(join(CONTENT, 'site')).map((name) => [name, JSON.parse(readFileSync(join(CONTENT, 'site', name), 'utf8')) as unknown]),
  );
  const shown = translatedSiteFiles(site, locale) as SiteFiles;
  for (const item of shown['gallery.json'] ?? []) found.push([`site/gallery.${locale}.json (${item.id})`, imageUrl(item.media.src)]);
  for (const member of shown['team.json'] ?? []) found.push([`site/team.${locale}.json (${member.id})`, imageUrl(member.image)]);
  for (const resource of shown['resources.json'] ?? []) found.push([`site/resources.${locale}.json (${resource.id})`, imageUrl(resource.image)]);
  return found;
}

describe('figures in every language', () => {
  for (const locale of LOCALES.filter((each) => each !== 'en')) {
    const images = imagesOfPagesIn(locale);

    it(`finds the figures of the ${locale} pages: the lac operon, the expression cards, the gallery's`, () => {
      const addresses = images.map(([, address]) => address);
      expect(addresses).toContain(`/images/lac-operon.${locale}.svg`);
      expect(addresses).toContain(`/images/expression/gene-myc.${locale}.svg`);
      expect(addresses).toContain(`/images/gallery-screening-chart.${locale}.svg`);
    });

    it.each(images)(`%s shows %s with no word of another language in it`, (_where, address) => {
      const file = join(IMAGES, address.replace(/^\/images\//, ''));
      expect(existsSync(file), `content/images/${address.slice('/images/'.length)} does not exist`).toBe(true);
      if (!file.endsWith('.svg')) return;
      const original = file.replace(new RegExp(`\\.${locale}\\.svg$`), '.svg');
      const words = svgTexts(file).filter(isWords);
      // An original shown as it is must have no words; a drawing in the language none of its original's.
      const english = original === file ? words : words.filter((text) => svgTexts(original).includes(text));
      expect(english, `${address} shows the original's words: draw it as ${address.replace(/\.svg$/, `.${locale}.svg`)}`).toEqual([]);
      if (original !== file) expect(words.length, `${address} has no words at all`).toBeGreaterThan(0);
    });
  }

  it('tells words from symbols', () => {
    expect(['Promoter', 'cancer cell', 'Gene'].map(isWords)).toEqual([true, true, true]);
    expect(['BRCA1', 'CH₃', 'lacZ', 'E. coli', '1975', 'AS'].map(isWords)).toEqual([false, false, false, false, false, false]);
  });
});
