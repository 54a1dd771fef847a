import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluate } from '@mdx-js/mdx';
import { createElement, type ReactNode } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import remarkFrontmatter from 'remark-frontmatter';
import { VFile } from 'vfile';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readWidgetManifest } from '../widget-manifest/manifest.ts';
import { blockHash, blockMark } from './blocks.ts';
import { lessonPeeks, remarkPeek } from './peek.ts';
import { remarkTranslation } from './remark-translation.ts';

const REPOSITORY = join(import.meta.dirname, '..', '..');
const OPTIONS = { defaultLocale: 'en', translationLocales: ['es'], widgets: readWidgetManifest(REPOSITORY) };

const INTRO = 'Genes are instructions.';
const QUESTION = '<FreeText name="q1" label="What is a gene?" />';
const BUTTON = '<InteractiveOverlay title="Anatomy of a Gene" src="https://example.org/">Open it</InteractiveOverlay>';
const PICTURE = '<ImageOverlay src="/images/lac.webp" alt="The lac operon" caption="Off and on" />';
const LAST = 'Proteins do the work.';

/** The Spanish of the blocks, each marked with the English it translates (the last one with `lastMark`, which may be stale). */
function spanish({ lastMark = blockHash(LAST) } = {}): string {
  const blocks: [mark: string, text: string][] = [
    [blockHash(INTRO), 'Los genes son instrucciones.'],
    [blockHash(QUESTION), '<FreeText name="q1" label="¿Qué es un gen?" />'],
    [blockHash(BUTTON), '<InteractiveOverlay title="Anatomía de un gen" src="https://example.org/">Ábrela</InteractiveOverlay>'],
    [blockHash(PICTURE), '<ImageOverlay src="/images/lac.webp" alt="El operón lac" caption="Apagado y encendido" />'],
    [lastMark, 'Las proteínas hacen el trabajo.'],
  ];
  return blocks.flatMap(([mark, text]) => [blockMark('en', mark), text, '']).join('\n');
}

/** A lesson compiled as the build compiles it (translation first, then the peeks), as HTML; `<Peek>` drawn as `<peek block>`. */
async function compiled(path: string): Promise<string> {
  const { default: Content } = await evaluate(new VFile({ path, value: readFileSync(path, 'utf8') }), {
    ...runtime,
    remarkPlugins: [remarkFrontmatter, [remarkTranslation, { defaultLocale: 'en', notices: { es: 'Esta parte aún no está traducida.' } }], [remarkPeek, OPTIONS]],
  });
  const stub = (tag: string) => (props: Record<string, unknown> & { children?: ReactNode }) => createElement(tag === 'Peek' ? 'peek' : 'section', { 'data-block': props.block }, props.children);
  return renderToStaticMarkup(createElement(Content, { components: { Peek: stub('Peek'), FreeText: stub('FreeText'), ImageOverlay: stub('ImageOverlay'), InteractiveOverlay: stub('InteractiveOverlay') } }));
}

/** The module `lessonPeeks` serves for `<path>?peek`, evaluated: HTML by block number. */
function peeksOf(path: string): Record<string, string> {
  const plugin = lessonPeeks(OPTIONS);
  const transform = plugin.transform as unknown as (this: { addWatchFile: (file: string) => void }, code: string, id: string) => { code: string } | null;
  const result = transform.call({ addWatchFile: () => {} }, '', `${path}?peek`);
  return JSON.parse(result!.code.replace(/^export default /, '').replace(/;\n$/, '')) as Record<string, string>;
}

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'helix-peek-'));
  writeFileSync(join(folder, 'day-1.mdx'), [INTRO, QUESTION, BUTTON, PICTURE, LAST].join('\n\n'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('peeking at the other language', () => {
  it('wraps each translated paragraph, question and picture in both languages under the same block number, and not a button', async () => {
    writeFileSync(join(folder, 'day-1.es.mdx'), spanish());
    const english = await compiled(join(folder, 'day-1.mdx'));
    const translated = await compiled(join(folder, 'day-1.es.mdx'));
    expect(english.match(/<peek data-block="(\d+)">/g)).toEqual(['<peek data-block="0">', '<peek data-block="1">', '<peek data-block="3">', '<peek data-block="4">']);
    expect(translated.match(/<peek data-block="(\d+)">/g)).toEqual(english.match(/<peek data-block="(\d+)">/g));
    expect(translated).toMatch(/<peek data-block="0"><p>Los genes son instrucciones.<\/p><\/peek>/);
  });

  it('serves each language its blocks as HTML by number: a question as its prompt, a picture as its words, never its address', () => {
    writeFileSync(join(folder, 'day-1.es.mdx'), spanish());
    expect(peeksOf(join(folder, 'day-1.es.mdx'))).toEqual({
      0: '<p>Los genes son instrucciones.</p>',
      1: '<p>¿Qué es un gen?</p>',
      3: '<p>El operón lac</p><p>Apagado y encendido</p>',
      4: '<p>Las proteínas hacen el trabajo.</p>',
    });
    expect(peeksOf(join(folder, 'day-1.mdx'))[1]).toBe('<p>What is a gene?</p>');
  });

  it('offers no peek at a block whose English changed since it was translated: the English is shown, under the notice', async () => {
    writeFileSync(join(folder, 'day-1.es.mdx'), spanish({ lastMark: '00000000' }));
    const english = await compiled(join(folder, 'day-1.mdx'));
    const translated = await compiled(join(folder, 'day-1.es.mdx'));
    expect(english).not.toContain('data-block="4"');
    expect(translated).not.toContain('data-block="4"');
    expect(translated).toContain('Proteins do the work.');
    expect(peeksOf(join(folder, 'day-1.mdx'))).not.toHaveProperty('4');
  });

  it('keeps every term of a definition list, whose lines the compiler makes blocks of their own, and never comes between them', async () => {
    const list = '<dl>\n  <dt>Gene</dt>\n  <dd>A stretch of DNA.</dd>\n</dl>';
    writeFileSync(join(folder, 'day-1.mdx'), [INTRO, list].join('\n\n'));
    const [term, definition] = [blockMark('en', blockHash('<dt>Gene</dt>')), blockMark('en', blockHash('<dd>A stretch of DNA.</dd>'))];
    writeFileSync(
      join(folder, 'day-1.es.mdx'),
      [blockMark('en', blockHash(INTRO)), 'Los genes son instrucciones.', '', blockMark('en', blockHash('<dl>')), `<dl>\n  ${term}\n  <dt>Gen</dt>\n  ${definition}\n  <dd>Un tramo de ADN.</dd>\n</dl>`, ''].join('\n'),
    );
    const translated = await compiled(join(folder, 'day-1.es.mdx'));
    expect(translated).not.toContain('untranslated');
    expect(translated.match(/<peek /g)).toHaveLength(1);
    expect(translated).toContain('<dl><dt>Gen</dt><dd>Un tramo de ADN.</dd></dl>');
  });

  it('offers none in a lesson with no translation', async () => {
    expect(await compiled(join(folder, 'day-1.mdx'))).not.toContain('<peek');
    expect(peeksOf(join(folder, 'day-1.mdx'))).toEqual({});
  });
});
