import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dayHeading, daysOf } from '../published-days/days.ts';
import { dayPreviewHtml } from './preview.ts';

const SITE = { name: 'SciTrek', logo: '/images/logo.svg' };

const preview = (mdx: string) => dayPreviewHtml('content/days/day-9.mdx', mdx, SITE);

describe('dayPreviewHtml', () => {
  it("shows the title and the paragraphs before the lesson's first part, in the app's own classes", () => {
    const html = preview('# Day 9 — Gene switches\n\nCells read **some** genes.\n\nWhich ones? [Find out](#parts).\n\n## Core concepts\n\nLater text.\n');
    expect(html).toBe(
      '<div class="day-preview" aria-busy="true"><div class="page">' +
        '<div class="site-header"><div class="site-header__inner"><a class="site-header__brand" href="/"><img class="site-header__logo" src="/images/logo.svg" alt="" width="36" height="36">SciTrek</a></div></div>' +
        '<div class="lesson-form"><div class="lesson"><section><h1>Day 9 — Gene switches</h1>\n<p>Cells read <strong>some</strong> genes.</p>\n<p>Which ones? <a href="#parts">Find out</a>.</p></section></div></div>' +
        '</div></div>',
    );
  });

  it('stops at the first widget: what follows it would sit elsewhere without it', () => {
    const html = preview('# Day 9\n\nOpening.\n\n<Card title="Objective">\n\nInside.\n\n</Card>\n\nAfter the card.\n');
    expect(html).toContain('<p>Opening.</p>');
    expect(html).not.toMatch(/Objective|Inside|After the card/);
  });

  it('keeps the words of a widget inside a sentence and drops code', () => {
    const html = preview('# Day 9\n\nA <Term>promoter</Term> starts{/* a note */} a gene.\n\n- a **<Term><b>gene</b></Term>**{1 + 1}\n\n> said <Term>she</Term>\n');
    expect(html).toContain('<p>A promoter starts a gene.</p>');
    expect(html).toContain('<li>a <strong>gene</strong></li>');
    expect(html).toContain('<p>said she</p>');
    expect(html).not.toMatch(/Term|1 \+ 1|note/);
  });

  it('escapes what the text says, and gives no element an id (the app’s headings carry them)', () => {
    const html = preview('# Genes & proteins\n\nA &lt; B & "C".\n');
    expect(html).toContain('<h1>Genes &#x26; proteins</h1>');
    expect(html).toContain('<p>A &#x3C; B &#x26; "C".</p>');
    expect(html).not.toContain(' id=');
  });

  it('gives no preview for a lesson that does not open with a title', () => {
    expect(preview('Opening without a title.\n\n# Late title\n')).toBeNull();
    expect(preview('<Card title="x">\n\nA card first.\n\n</Card>\n')).toBeNull();
  });

  it("opens with the heading a day's front matter gives it", () => {
    const html = preview('---\ntitle: Gene switches\nsubtitle: on and off\n---\n\nCells read some genes.\n');
    expect(html).toContain('<section><h1>Day 9 — Gene switches: on and off</h1>\n<p>Cells read some genes.</p></section>');
  });

  it.each(daysOf(process.cwd()).map((entry) => [entry.day, entry] as const))("previews Day %i with the heading its front matter gives it", (day, entry) => {
    const html = dayPreviewHtml(entry.lesson, readFileSync(entry.lesson, 'utf8'), SITE)!;
    expect(html).toContain(`<h1>${dayHeading(day, entry).replaceAll('&', '&#x26;')}</h1>`);
    // No form, control or landmark of its own: the app's, drawn beneath it, are the page's.
    expect(html).not.toMatch(/<h2|<form|<input|<textarea|<button|<main|<header|<nav/);
  });
});
