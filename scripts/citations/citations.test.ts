import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCitations, findBrokenLinks, findOutsideCitations, headingAnchors } from './citations.ts';

const lines = (problems: { line: number }[]) => problems.map((problem) => problem.line);
// Written in two parts, so that the check does not read this file's broken links as its own.
const DOCS = 'docs/';

describe('findOutsideCitations', () => {
  it('finds an issue number, an old spec section and the outside notes in line and block comments', () => {
    const text = [
      '// Saves are bounded (issue 11).',
      '/** The pill (spec section 4, "Save state"). */',
      'const a = 1; // see shared/STACK.md',
      '/* STYLE.md says so */',
      'const b = 2; // a trap (T10)',
      '// Blanks are named Blank 1 to Blank 13 (spec: Day 1).',
      '// As the spec says.',
    ].join('\n');
    expect(lines(findOutsideCitations('a.ts', text))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('finds a citation broken over two lines of a doc comment, at the line where it starts', () => {
    const text = ['/**', ' * A field pasted into is marked (spec', ' * section 5). Nothing is blocked.', ' */', 'export const x = 1;'].join('\n');
    const problems = findOutsideCitations('a.ts', text);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ line: 2, message: 'cites "spec section", which no reader of the repository can open' });
  });

  it('leaves strings, test titles and JSX text alone: only comments are read', () => {
    const text = [
      "it('bounds what it stores (issue 11)', () => {});",
      'const message = `see spec section 9`;',
      'const page = <p>Read issue 3 of the magazine // spec section 2</p>;',
    ].join('\n');
    expect(findOutsideCitations('a.tsx', text)).toEqual([]);
  });

  it('reads the comments of a stylesheet', () => {
    expect(lines(findOutsideCitations('a.css', '.a {\n  /* The column (issue 9). */\n  width: 1px;\n}'))).toEqual([2]);
  });

  it('accepts citations a reader can open', () => {
    const text = '// docs/requirements.md#save-state; docs/decisions/005-revisions-and-drafts.md; the spec-client test';
    expect(findOutsideCitations('a.ts', text)).toEqual([]);
  });
});

describe('headingAnchors', () => {
  it('gives GitHub anchors, numbering repeats and skipping fenced code', () => {
    const markdown = ['# Requirements', '## Save state', '### Day 1', '```', '## Not a heading', '```', '## Checking a day: `npm run check:content`', '## Save state'].join('\n');
    expect([...headingAnchors(markdown)]).toEqual(['requirements', 'save-state', 'day-1', 'checking-a-day-npm-run-checkcontent', 'save-state-1']);
  });
});

describe('findBrokenLinks', () => {
  const anchorsOf = (document: string) => (document === `${DOCS}requirements.md` ? new Set(['save-state']) : null);

  it('accepts a heading that exists and reports one that does not, or a missing document', () => {
    const text = [
      `// ${DOCS}requirements.md#save-state`,
      `// ${DOCS}requirements.md#autosave-rules`,
      `// ${DOCS}decisions/099-nothing.md`,
      `// ${DOCS}requirements.md, with no anchor`,
    ].join('\n');
    expect(findBrokenLinks('a.ts', text, anchorsOf)).toEqual([
      { file: 'a.ts', line: 2, message: `links ${DOCS}requirements.md#autosave-rules, but ${DOCS}requirements.md has no heading with that anchor` },
      { file: 'a.ts', line: 3, message: `names ${DOCS}decisions/099-nothing.md, which does not exist` },
    ]);
  });
});

describe('checkCitations', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  it('reads the code folders, the top-level config and the docs, and skips node_modules', () => {
    root = mkdtempSync(join(tmpdir(), 'helix-citations-'));
    write(`${DOCS}requirements.md`, '# Requirements\n## Save state\n');
    write('engine/a.ts', `// ${DOCS}requirements.md#save-state\nexport const a = 1; // (issue 6)\n`);
    write('src/node_modules/b.ts', '// issue 7\n');
    write('vite.config.ts', '// STACK.md T3\n');
    write('content/days/day-1.mdx', '{/* issue 8 */}\n');
    write('schemas/day-1.schema.json', `{ "description": "${DOCS}requirements.md#answers" }\n`);
    const { problems, codeFiles } = checkCitations(root);
    expect(codeFiles).toBe(2);
    expect(problems.map(({ file, line }) => `${file}:${line}`)).toEqual(['engine/a.ts:2', 'vite.config.ts:1', 'schemas/day-1.schema.json:1']);
  });
});
