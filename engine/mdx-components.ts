import type { ComponentType } from 'react';
import { binding, widgets } from 'virtual:lesson-widgets';
import { withWidgetBoundary } from './widgets/widget-boundary/index.ts';
import { LessonSection } from './lesson/LessonSection.tsx';
import { Peek } from './lesson/Peek.tsx';

/**
 * Every widget tag a lesson may use in MDX, by tag name. The app passes these to `MDXProvider`, so
 * lesson files need no imports (design card: "a generic renderer maps them to widgets").
 * The map is made from the widget manifest: each `engine/widgets/<folder>/<Tag>.widget.json` adds `Tag`,
 * exported by the folder's `index.ts` (scripts/widget-manifest/vite-plugin.ts). Adding a widget is its
 * folder, its stories and that file (docs/authoring.md, "Adding a widget").
 *
 * Each tag renders inside its own error boundary (`WidgetBoundary`): a widget an author got wrong
 * shows what is wrong in development and a calm message to students, and the rest of the lesson keeps
 * working. After each widget whose manifest says it binds a field, the page's `beside` for that field
 * is shown (`BesideAnswer`; the app's feedback notes). `section` renders the lesson's parts ({@link LessonSection}),
 * `Peek` a block a reader may show in the other language ({@link Peek}).
 */
export const lessonComponents: Readonly<Record<string, ComponentType<object>>> = {
  ...Object.fromEntries(Object.entries(widgets).map(([name, Widget]) => [name, withWidgetBoundary(name, Widget as ComponentType<object>, { beside: binding.includes(name) })])),
  // Not a tag authors write: the sections vite.config.ts makes of the headings, rendered part by part.
  section: LessonSection as ComponentType<object>,
  // Nor this: the build wraps each block a reader may show in the other language (scripts/translations/peek.ts).
  Peek: Peek as ComponentType<object>,
};
