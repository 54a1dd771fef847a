import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readWidgetManifest, WidgetManifestError } from './manifest.ts';
import { engineWidgets, lessonWidgetsSource } from './vite-plugin.ts';

const repository = join(import.meta.dirname, '..', '..');
const roots: string[] = [];

/** A repository whose engine/widgets holds the given manifest files (folder/Tag.widget.json to JSON). */
function widgetsRepository(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), 'helix-widgets-'));
  roots.push(root);
  for (const [path, data] of Object.entries(files)) {
    mkdirSync(join(root, 'engine', 'widgets', path.split('/')[0]!), { recursive: true });
    writeFileSync(join(root, 'engine', 'widgets', path), typeof data === 'string' ? data : JSON.stringify(data));
  }
  return root;
}

const freeText = { description: 'A text area.', binds: 'text', props: { label: 'text' }, loading: 'lesson', question: { kind: 'free_text', prompt: { prop: 'label' } } };

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the widget manifest', () => {
  it("declares a tag for every folder of the engine's widgets that lessons use, by the file's name", () => {
    const tags = readWidgetManifest(repository).map(({ tag }) => tag);
    expect(tags).toContain('FreeText');
    expect(tags).toContain('InquiryItem');
    expect(tags).toContain('PageNav');
    for (const entry of engineWidgets(repository)) expect(readdirSync(join(repository, entry.folder)), entry.file).toContain('index.ts');
  });

  it('refuses a manifest that is not what widget.schema.json asks for, naming the file', () => {
    const root = widgetsRepository({ 'free-text/FreeText.widget.json': { ...freeText, binds: 'number' } });
    expect(() => readWidgetManifest(root, ['engine/widgets'])).toThrow(WidgetManifestError);
    expect(() => readWidgetManifest(root, ['engine/widgets'])).toThrow(/^engine\/widgets\/free-text\/FreeText\.widget\.json does not match engine\/widgets\/widget\.schema\.json: \/binds must be equal to one of the allowed values/);
  });

  it('refuses a widget that binds a field without saying what it asks', () => {
    const { question: _question, ...withoutQuestion } = freeText;
    const root = widgetsRepository({ 'free-text/FreeText.widget.json': withoutQuestion });
    expect(() => readWidgetManifest(root, ['engine/widgets'])).toThrow(/FreeText\.widget\.json does not match .*must have required property 'question'/);
  });

  it('reads the props a lesson may leave out, and none when the manifest declares none', () => {
    const entries = readWidgetManifest(repository);
    expect(entries.find(({ tag }) => tag === 'OrderSteps')?.optionalProps).toEqual({ stepLabels: 'step-labels' });
    expect(entries.find(({ tag }) => tag === 'FreeText')?.optionalProps).toEqual({});
  });

  it('refuses one tag declared twice', () => {
    const root = widgetsRepository({ 'free-text/FreeText.widget.json': freeText, 'other/FreeText.widget.json': freeText });
    expect(() => readWidgetManifest(root, ['engine/widgets'])).toThrow('<FreeText> is declared twice: engine/widgets/free-text/FreeText.widget.json and engine/widgets/other/FreeText.widget.json');
  });
});

describe("the lesson engine's component map", () => {
  it('imports a lesson widget with the engine, and fetches a lazy one when first rendered', () => {
    const root = widgetsRepository({
      'free-text/FreeText.widget.json': freeText,
      'atlas-viewer/AtlasViewer.widget.json': { description: 'An atlas.', binds: null, props: {}, loading: 'lazy' },
    });
    const source = lessonWidgetsSource(root, readWidgetManifest(root, ['engine/widgets']));
    expect(source).toContain(`import { FreeText } from ${JSON.stringify(join(root, 'engine/widgets/free-text/index.ts'))};`);
    expect(source).toContain(`const AtlasViewer = lazyWidget("AtlasViewer", () => import(${JSON.stringify(join(root, 'engine/widgets/atlas-viewer/index.ts'))}));`);
    expect(source).toContain('export const widgets = { AtlasViewer, FreeText };');
    // Only FreeText binds a field, so only it shows what the page puts beside an answer (feedback).
    expect(source).toContain('export const binding = ["FreeText"];');
  });
});
