import { describe, expect, it } from 'vitest';
import { ContentError, isSafeImageUrl, markdownToPlainText, parseFrontMatter, parseMarkdown, renderSection, sanitizeWorkbookHtml } from './markdown.ts';

describe('parseFrontMatter', () => {
  it('reads key: value pairs, unquoting values, and returns the body after the closing line', () => {
    expect(parseFrontMatter('\uFEFF---\r\nsubject: "Welcome: start here"\r\norder: 1\r\n# a comment\r\n\r\n---\r\nHello.\r\n\r\nBye.', 'a.md')).toEqual({
      attributes: { subject: 'Welcome: start here', order: '1' },
      body: 'Hello.\n\nBye.',
    });
  });

  it.each([
    ['no front matter', 'Hello.', /a\.md: must start with a front matter block/],
    ['no closing line', '---\nsubject: x\nHello.', /a\.md: the front matter block has no closing/],
    ['a line that is not key: value', '---\nsubject x\n---\n', /a\.md: front matter line 2 is not "key: value"/],
    ['an unquoted ": " in a value', '---\norder: 1\nsubject: Day 1: genes\n---\n', /a\.md: front matter line 3 is not "key: value" \(YAML: .*put a value that holds ": " in quotes\)/],
    ['a key given twice', '---\nsubject: x\nsubject: y\n---\n', /a\.md: front matter line 3 is not "key: value" \(YAML: duplicated mapping key/],
    ['a list for a value', '---\nsubject:\n  - x\n---\n', /a\.md: front matter "subject" must be a single value/],
    ['a block in another language', '---js\n{ subject: "x" }\n---\n', /a\.md: must start with a front matter block/],
  ])('throws ContentError naming the file for %s', (_case, source, message) => {
    expect(() => parseFrontMatter(source, 'a.md')).toThrow(ContentError);
    expect(() => parseFrontMatter(source, 'a.md')).toThrow(message);
  });
});

describe('parseFrontMatter, as YAML', () => {
  it('reads an empty value as "" and keeps a "---" rule in the body', () => {
    expect(parseFrontMatter("---\ntitle: 'It''s here'\ndescription:\n---\nA\n\n---\n\nB", 'a.md')).toEqual({
      attributes: { title: "It's here", description: '' },
      body: 'A\n\n---\n\nB',
    });
  });
});

describe('markdownToPlainText', () => {
  it('keeps one paragraph per block, separated by blank lines, without Markdown marks', () => {
    const markdown = '# Hi\n\nRead **this** [guide](/sections/welcome) &amp; `code`.\nSame paragraph.\n\n- one\n- two\n\n> A quote\n\n<div>raw <b>html</b></div>';
    expect(markdownToPlainText(markdown)).toBe('Hi\n\nRead this guide (/sections/welcome) & code.\nSame paragraph.\n\n- one\n- two\n\nA quote\n\nraw html');
  });

  it('shows a bare link once', () => {
    expect(markdownToPlainText('<https://example.org>')).toBe('https://example.org');
  });
});

describe('sanitizeWorkbookHtml', () => {
  it('removes scripts, event handlers, styles, frames and dangerous URLs, and keeps safe markup', () => {
    const html = sanitizeWorkbookHtml(
      '<p onclick="x()" style="color:red">Hi<script>alert(1)</script></p><img src=x onerror=alert(1)><iframe src="https://evil.example"></iframe>' +
        '<a href="javascript:alert(1)">j</a><a href="JaVaScRiPt:alert(1)">J</a><a href="//evil.example">p</a><a href="data:text/html,x">d</a>' +
        '<a href="https://ok.example" target="_blank">ok</a><a href="/sections/day-1">rel</a><style>p{}</style><svg onload=alert(1)></svg>' +
        '<h1>h1</h1><h3>h3</h3><ul><li><strong>s</strong> <em>e</em> <code>c</code></li></ul><table><tbody><tr><td>1</td></tr></tbody></table>',
    );
    expect(html).toBe(
      '<p>Hi</p><a>j</a><a>J</a><a>p</a><a>d</a><a href="https://ok.example">ok</a><a href="/sections/day-1">rel</a>' +
        'h1<h3>h3</h3><ul><li><strong>s</strong> <em>e</em> <code>c</code></li></ul><table><tbody><tr><td>1</td></tr></tbody></table>',
    );
  });
});

describe('renderSection', () => {
  it('takes images out with their captions and renders the rest', () => {
    expect(renderSection(parseMarkdown('Cells divide.\n\n![A *cell*](/images/cell.svg)\n\n![bad](javascript:alert(1))').children)).toEqual({
      html: '<p>Cells divide.</p>',
      images: [{ url: '/images/cell.svg', caption: 'A cell' }],
    });
  });
});

describe('renderSection, links', () => {
  it('keeps http(s) and relative links whatever the scheme\'s case, and drops protocol-relative and other schemes', () => {
    const { html } = renderSection(parseMarkdown('[a](HTTPS://example.org/A) [b](/sections/day-2) [c](//evil.example) [d](mailto:x@y.z) [e](data:text/html,x)').children);
    expect(html).toBe('<p><a href="https://example.org/A">a</a> <a href="/sections/day-2">b</a> <a>c</a> <a>d</a> <a>e</a></p>');
  });

  it('resolves reference links and images through definitions written elsewhere in the file', () => {
    // A file is parsed whole, so its references are recognised; its sections are rendered one by one.
    const [paragraph, image, ...definitions] = parseMarkdown('See the [guide].\n\n![A cell][cell]\n\n[guide]: /sections/welcome\n[cell]: /images/cell.svg').children;
    expect(definitions.map((node) => node.type)).toEqual(['definition', 'definition']);
    expect(renderSection([paragraph!, image!], definitions)).toEqual({
      html: '<p>See the <a href="/sections/welcome">guide</a>.</p>',
      images: [{ url: '/images/cell.svg', caption: 'A cell' }],
    });
  });
});

describe('isSafeImageUrl', () => {
  it.each([
    ['/images/x.svg', true],
    ['images/x.svg', true],
    ['https://example.org/x.png', true],
    ['HTTP://example.org/x.png', true],
    ['javascript:alert(1)', false],
    ['data:image/svg+xml,<svg/>', false],
    ['//evil.example/x.png', false],
    ['/\\evil.example/x.png', false],
    ['java\tscript:alert(1)', false],
    ['', false],
  ])('%s → %s', (url, safe) => {
    expect(isSafeImageUrl(url)).toBe(safe);
  });
});
