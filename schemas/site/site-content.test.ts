import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';

/**
 * The site data authors write in `content/site/` must match `schemas/site/<name>.schema.json`, and every
 * image it names must exist in `content/images/` (served at /images/{file}). This test is the gate
 * that keeps a broken gallery, team or resource list from reaching students.
 */
const schemas = import.meta.glob<object>('./*.schema.json', { eager: true, import: 'default' });
const content = import.meta.glob<unknown>('../../content/site/*.json', { eager: true, import: 'default' });
const imagesDir = join(process.cwd(), 'content', 'images');

function validatorFor(name: string) {
  const schema = schemas[`./${name}.schema.json`];
  if (!schema) throw new Error(`schemas/site/${name}.schema.json is missing`);
  return new Ajv2020({ allErrors: true, strict: true }).compile(schema);
}

/** The image file names an item refers to (bare names are files in content/images/). */
function imagesOf(name: string, data: unknown): string[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((item: Record<string, unknown>) => {
    const media = item.media as { src?: unknown } | undefined;
    const source = name === 'gallery' ? media?.src : item.image;
    return typeof source === 'string' ? [source.replace(/^\/images\//, '')] : [];
  });
}

describe('content/site', () => {
  for (const name of ['site', 'gallery', 'team', 'resources']) {
    describe(`${name}.json`, () => {
      const data = content[`../../content/site/${name}.json`];

      it(`matches schemas/site/${name}.schema.json`, () => {
        const validate = validatorFor(name);
        expect(validate(data), JSON.stringify(validate.errors, null, 2)).toBe(true);
      });

      it('names only images that exist in content/images/', () => {
        const missing = imagesOf(name, data).filter((file) => !/^https?:/.test(file) && !existsSync(join(imagesDir, file)));
        expect(missing).toEqual([]);
      });
    });
  }

  it('has a schema for every file, so none reaches the page unchecked (the browser does not validate: STACK.md T3)', () => {
    // A translation (`gallery.es.json`) holds only texts, checked against its original by src/site/site-data-translations.test.ts.
    const files = Object.keys(content)
      .map((path) => path.slice(path.lastIndexOf('/') + 1, -'.json'.length))
      .filter((name) => !name.includes('.'));
    expect(files.filter((name) => !schemas[`./${name}.schema.json`])).toEqual([]);
  });

  it('has four features, six team members and three resources (spec section 9)', () => {
    expect(content['../../content/site/gallery.json']).toHaveLength(4);
    expect(content['../../content/site/team.json']).toHaveLength(6);
    expect(content['../../content/site/resources.json']).toHaveLength(3);
  });
});

describe('the site schemas', () => {
  it('reject a gallery with a missing alt text, naming the field', () => {
    const validate = validatorFor('gallery');
    const gallery = structuredClone(content['../../content/site/gallery.json']) as { media: { alt?: string } }[];
    delete gallery[0]!.media.alt;
    expect(validate(gallery)).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: '/0/media', params: { missingProperty: 'alt' } });
  });

  it('reject a resource list with a fourth item and a plain-http link', () => {
    const validate = validatorFor('resources');
    const resources = structuredClone(content['../../content/site/resources.json']) as { link: string }[];
    resources.push({ ...resources[0]!, link: 'http://example.org/' });
    expect(validate(resources)).toBe(false);
    expect(validate.errors?.map((error) => error.keyword).sort()).toEqual(['maxItems', 'pattern']);
  });
});
