import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cspDirectives, loadEmbedOrigins } from '../../server/content-security-policy.ts';
import { collectEmbedOrigins, EMBED_ORIGINS_FILE, EmbedOriginError, repositoryEmbedLocations } from './collect.ts';
import { embedOrigins } from './vite-plugin.ts';

const root = resolve(import.meta.dirname, '../..');

/** Every `https://` address written in a framing widget's tag, found by a plain text search: independent of the MDX parser. */
function framedAddressesByText(): string[] {
  const tags = Object.keys(repositoryEmbedLocations(root).framed).join('|');
  const addresses: string[] = [];
  const files = readdirSync(join(root, 'content'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith('.mdx'));
  for (const file of files) {
    const text = readFileSync(join(file.parentPath, file.name), 'utf8');
    for (const tag of text.match(new RegExp(`<(?:${tags})\\b[^>]*>`, 'g')) ?? []) {
      // Quick links are paths opened in a new tab, not frames.
      addresses.push(...(tag.replace(/quickLinks=\{\[.*?\]\}/g, '').match(/https:\/\/[^"'\s]+/g) ?? []));
    }
  }
  addresses.push(...(readFileSync(join(root, 'src/site/quiz-forms.ts'), 'utf8').match(/src: '(https:\/\/[^']+)'/g) ?? []).map((match) => match.slice(6, -1)));
  return addresses;
}

describe('the framed sites of the content (issue 11, "Headers")', () => {
  const collected = collectEmbedOrigins(repositoryEmbedLocations(root));

  it("lists the origin of every address the lessons and quizzes show in a frame, so the CSP's frame-src allows each", () => {
    const byText = framedAddressesByText();
    expect(byText.length).toBeGreaterThanOrEqual(10);
    const frameSrc = cspDirectives(collected.frameOrigins).frameSrc;
    for (const address of byText) expect(frameSrc, address).toContain(new URL(address).origin);
    expect([...new Set(collected.embeds.map((embed) => embed.url))].sort()).toEqual([...new Set(byText)].sort());
  });

  it('holds the sites named by the spec: video, simulations, the protein atlas, the interactive pages and the quiz forms', () => {
    expect(collected.frameOrigins).toEqual([
      'https://docs.google.com',
      'https://learn.genetics.utah.edu',
      'https://media.hhmi.org',
      'https://phet.colorado.edu',
      'https://www.proteinatlas.org',
      'https://www.youtube-nocookie.com',
    ]);
  });

  it('says where each address is written', () => {
    expect(collected.embeds).toContainEqual({
      // The line moves with every edit of the lesson; the file and a line number must be there.
      source: expect.stringMatching(/^content\/days\/day-1\.mdx:\d+$/),
      where: '<EmbedPanel title="Amoeba Sisters: Gene Regulation and the Operon">',
      url: 'https://www.youtube-nocookie.com/embed/ebIpkw3XapE',
    });
    expect(collected.embeds.filter((embed) => embed.where === 'QUIZ_FORMS')).toHaveLength(2);
  });
});

describe('collectEmbedOrigins on authors\' mistakes', () => {
  const dirs: string[] = [];
  const fixture = (mdx: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'helix-embeds-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'content'));
    writeFileSync(join(dir, 'content', 'day-9.mdx'), mdx);
    return { root: dir, contentFolders: [join(dir, 'content')], exportedLists: [], framed: repositoryEmbedLocations(root).framed };
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['an address written as code', 'Intro\n\n<EmbedPanel title="Video" src={videoUrl} />\n', 'content/day-9.mdx:3 <EmbedPanel title="Video">: the address must be written as a literal string'],
    ['a plain-http address', '<EmbedPanel title="Sim" src="http://example.org/sim" />\n', 'content/day-9.mdx:1 <EmbedPanel title="Sim">: "http://example.org/sim" must start with https://'],
    ['a relative address', '<InteractiveOverlay title="Local" src="/pages/x.html">Open</InteractiveOverlay>\n', '"/pages/x.html" is not an absolute URL'],
    ['an atlas gene without an address', '<AtlasViewer title="Atlas" genes={[{ symbol: "TP53" }]} />\n', 'expected an address, found undefined'],
  ])('fails the build on %s, naming the file, line and tag', (_name, mdx, message) => {
    expect(() => collectEmbedOrigins(fixture(mdx))).toThrow(EmbedOriginError);
    expect(() => collectEmbedOrigins(fixture(mdx))).toThrow(message);
  });
});

describe('the Vite plugin', () => {
  it('emits embed-origins.json, which the server reads back as its frame-src', async () => {
    const emitted: { fileName: string; source: string }[] = [];
    const plugin = embedOrigins(root);
    const generateBundle = plugin.generateBundle as unknown as (this: { emitFile: (file: { fileName: string; source: string }) => void }) => Promise<void>;
    await generateBundle.call({ emitFile: (file) => emitted.push(file) });
    expect(emitted.map((file) => file.fileName)).toEqual([EMBED_ORIGINS_FILE]);
    const dist = mkdtempSync(join(tmpdir(), 'helix-dist-'));
    try {
      writeFileSync(join(dist, EMBED_ORIGINS_FILE), emitted[0]!.source);
      const loaded = loadEmbedOrigins(dist);
      expect(loaded.problem).toBeNull();
      expect(loaded.origins).toContain('https://www.youtube-nocookie.com');
      expect(loaded.origins).toHaveLength(6);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
