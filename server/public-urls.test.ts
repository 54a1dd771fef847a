import { describe, expect, it } from 'vitest';
import { parseMarkdown, renderSection } from './markdown/markdown.ts';
import { absoluteHtmlUrls, absoluteUrl } from './public-urls.ts';

describe('absolute URLs for front ends on other hosts', () => {
  const base = 'https://helix.example.org';

  it('makes a root-relative address absolute and leaves every other kind alone', () => {
    expect(absoluteUrl('/images/lac-operon.svg', base)).toBe('https://helix.example.org/images/lac-operon.svg');
    for (const url of ['https://cdn.example.org/x.png', '//cdn.example.org/x.png', 'x.png', '#top', '']) expect(absoluteUrl(url, base)).toBe(url);
  });

  it("rewrites images' src in HTML, but not links to the app's pages or other hosts", () => {
    const html = '<p><img src="/images/a.svg" alt="A" /> <a href="/sections/day-2">Day 2</a> <img src="https://other.org/b.png" /><img src="//cdn.org/c.png"></p>';
    expect(absoluteHtmlUrls(html, base)).toBe(
      '<p><img src="https://helix.example.org/images/a.svg" alt="A" /> <a href="/sections/day-2">Day 2</a> <img src="https://other.org/b.png" /><img src="//cdn.org/c.png"></p>',
    );
  });

  it('does not touch text that only looks like an attribute', () => {
    expect(absoluteHtmlUrls('<p>Write src="/images/x.svg" in Markdown</p>', base)).toBe('<p>Write src="/images/x.svg" in Markdown</p>');
  });

  it("leaves the Markdown sanitiser's output alone where only text or a value looks like an attribute", () => {
    const { html } = renderSection(parseMarkdown('Write src="/images/x.svg" or 1 < 2 > 0.\n\n[Day 2](/sections/day-2 "a <b> \\" src=\\"/y\\"")').children);
    expect(html).toContain('src="/images/x.svg"');
    expect(html).toContain('title="a <b> &#x22; src=&#x22;/y&#x22;"');
    expect(absoluteHtmlUrls(html, base)).toBe(html);
  });
});
