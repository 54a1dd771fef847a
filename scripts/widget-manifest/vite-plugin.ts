/**
 * A Vite plugin serving the lesson engine's component map, made from the widget manifest (./manifest.ts):
 * every `<Tag>.widget.json` under engine/widgets/ becomes one entry, imported with the lesson engine or,
 * for `"loading": "lazy"`, fetched on first render (engine/widgets/lazy-widget.tsx). Adding a widget is
 * its folder, its stories and its manifest file (docs/authoring.md, "Adding a widget").
 */
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { reloadWhenChanged } from '../virtual-modules/reload.ts';
import { readWidgetManifest, type WidgetManifestEntry } from './manifest.ts';

/** The module engine/mdx-components.ts imports: `import { widgets } from 'virtual:lesson-widgets'`. */
export const LESSON_WIDGETS_MODULE = 'virtual:lesson-widgets';
/** Its resolved id. */
const LESSON_WIDGETS_ID = `\0${LESSON_WIDGETS_MODULE}`;

/** The engine's own widgets: the app adds its lesson tags (PageNav) to the map itself. */
export function engineWidgets(root: string): WidgetManifestEntry[] {
  return readWidgetManifest(root, ['engine/widgets']);
}

/**
 * The module's source: a static import per `lesson` widget from its folder's `index.ts`, a
 * `lazyWidget` per `lazy` one, `export const widgets = { Tag: Component, … }`, and
 * `export const binding = ['Tag', …]`, the tags whose manifest says they bind a field.
 *
 * @param root - the repository's folder (imports are absolute paths under it)
 * @param entries - the engine's widget manifest ({@link engineWidgets})
 * @returns JavaScript source text
 */
export function lessonWidgetsSource(root: string, entries: readonly WidgetManifestEntry[]): string {
  const lines: string[] = [];
  const names: string[] = [];
  if (entries.some(({ loading }) => loading === 'lazy')) lines.push(`import { lazyWidget } from ${JSON.stringify(join(root, 'engine/widgets/lazy-widget.tsx'))};`);
  for (const { tag, folder, loading } of entries) {
    const module = JSON.stringify(join(root, folder, 'index.ts'));
    if (loading === 'lazy') lines.push(`const ${tag} = lazyWidget(${JSON.stringify(tag)}, () => import(${module}));`);
    else lines.push(`import { ${tag} } from ${module};`);
    names.push(tag);
  }
  lines.push(`export const widgets = { ${names.join(', ')} };`);
  lines.push(`export const binding = ${JSON.stringify(entries.filter(({ binds }) => binds !== null).map(({ tag }) => tag))};`);
  return `${lines.join('\n')}\n`;
}

/**
 * The plugin. Under `vite dev`, adding, removing or changing a manifest file reloads the page with the
 * new map.
 *
 * @param root - the repository's folder
 * @throws WidgetManifestError (fails the build, or shows in the dev overlay) for a malformed manifest
 */
export function lessonWidgets(root: string): Plugin {
  return {
    name: 'helix:lesson-widgets',
    resolveId(id) {
      return id === LESSON_WIDGETS_MODULE ? LESSON_WIDGETS_ID : null;
    },
    load(id) {
      if (id !== LESSON_WIDGETS_ID) return null;
      const entries = engineWidgets(root);
      for (const entry of entries) this.addWatchFile(join(root, entry.file));
      return lessonWidgetsSource(root, entries);
    },
    configureServer(server) {
      reloadWhenChanged(server, [LESSON_WIDGETS_ID], (file) => file.endsWith('.widget.json'));
    },
  };
}
