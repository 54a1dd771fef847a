import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluate } from '@mdx-js/mdx';
import type { MDXComponents } from 'mdx/types';
import { createElement, type ReactNode } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import { VFile } from 'vfile';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lessonMessages, remarkTranslation } from './remark-translation.ts';

const REPOSITORY = join(import.meta.dirname, '..', '..');
const NOTICE = 'Esta parte aún no está traducida.';

/** Every widget tag of a lesson drawn as a plain element holding its text props and children: the words are what is looked at here. */
function stubComponents(lesson: string): MDXComponents {
  const stub = (tag: string) => (props: Record<string, unknown> & { children?: ReactNode }) =>
    createElement('section', { 'data-widget': tag }, ...Object.values(props).filter((value) => typeof value === 'string'), props.children);
  return Object.fromEntries([...new Set(lesson.match(/(?<=<)[A-Z][A-Za-z]*/g))].map((tag) => [tag, stub(tag)]));
}

/** Day 1's Spanish compiled as the build compiles it, with the English of `days/day-1.mdx` in `folder`, as HTML. */
async function spanishDay1(folder: string): Promise<string> {
  const path = join(folder, 'day-1.es.mdx');
  const lesson = readFileSync(path, 'utf8');
  const { default: Content } = await evaluate(new VFile({ path, value: lesson }), {
    ...runtime,
    remarkPlugins: [remarkFrontmatter, [remarkTranslation, { defaultLocale: 'en', notices: lessonMessages(join(REPOSITORY, 'content/locales'), ['es'], 'lesson.untranslated') }], remarkGfm],
  });
  return renderToStaticMarkup(createElement(Content, { components: stubComponents(lesson + readFileSync(join(folder, 'day-1.mdx'), 'utf8')) }));
}

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'helix-remark-translation-'));
  for (const name of ['day-1.mdx', 'day-1.es.mdx']) cpSync(join(REPOSITORY, 'content/days', name), join(folder, name));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('a translated lesson as the build compiles it', () => {
  it('is all Spanish when every block is translated from the English as it stands', async () => {
    const html = await spanishDay1(folder);
    expect(html).toContain('Las bacterias son células individuales');
    expect(html).not.toContain(NOTICE);
    expect(html).not.toContain('class="untranslated"');
  });

  it('shows a paragraph whose English changed since in English, marked lang="en", under the notice in Spanish', async () => {
    const english = readFileSync(join(folder, 'day-1.mdx'), 'utf8');
    const changed = 'Bacteria are single cells, and they must be thrifty.';
    writeFileSync(join(folder, 'day-1.mdx'), english.replace('Bacteria are single cells, and they need to be thrifty.', changed));

    const html = await spanishDay1(folder);
    expect(html).toMatch(new RegExp(`<div lang="en" class="untranslated"><p lang="es" class="untranslated__notice">${NOTICE}</p><p>${changed}`));
    expect(html).not.toContain('Las bacterias son células individuales');
    // Only that block: the next one is still the Spanish.
    expect(html.match(/class="untranslated"/g)).toHaveLength(1);
    expect(html).toContain('La bacteria intestinal <em>E. coli</em> puede alimentarse');
  });

  it('shows a paragraph the English added in English, in its place, and leaves out one the English removed', async () => {
    const english = readFileSync(join(folder, 'day-1.mdx'), 'utf8');
    const added = 'Some genes are read all the time.';
    writeFileSync(join(folder, 'day-1.mdx'), english.replace('## Meet the lac operon\n', `## Meet the lac operon\n\n${added}\n`).replace(/^Bacteria are single cells.*\n\n/m, ''));

    const html = await spanishDay1(folder);
    const notice = html.indexOf(NOTICE);
    expect(notice).toBeGreaterThan(html.indexOf('Conoce el operón lac'));
    expect(html.indexOf(added)).toBeGreaterThan(notice);
    expect(html).not.toContain('Las bacterias son células individuales');
  });
});
