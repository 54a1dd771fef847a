// Modules the build makes rather than reads from a file.

/** The published days, in order (scripts/published-days/vite-plugin.ts). */
declare module 'virtual:published-days' {
  export const PUBLISHED_DAYS: readonly number[];
}

/**
 * Each published day's title by language, from its lessons' front matter, e.g.
 * `{ 1: { en: "Gene Regulation", es: "Regulación génica" } }` (scripts/published-days/vite-plugin.ts).
 */
declare module 'virtual:day-titles' {
  export const DAY_TITLES: Readonly<Record<number, Readonly<Record<string, string>>>>;
}

/** The lesson widgets by MDX tag, made from the widget manifest (scripts/widget-manifest/vite-plugin.ts). */
declare module 'virtual:lesson-widgets' {
  import type { ComponentType } from 'react';

  export const widgets: Readonly<Record<string, ComponentType<never>>>;
  /** The tags whose manifest has `binds` (a field shape): each binds the field its `name` prop names. */
  export const binding: readonly string[];
}

/** Per published day, the `import()` of its lesson's component in each language it has and of its answers schema (scripts/published-days/vite-plugin.ts). */
declare module 'virtual:day-loaders' {
  export const lessons: Readonly<Record<number, Readonly<Record<string, () => Promise<unknown>>>>>;
  export const schemas: Readonly<Record<number, () => Promise<unknown>>>;
}

/** Per published day and language, the `import()` of the lesson's blocks as a reader of another language peeks at them (scripts/published-days/vite-plugin.ts). */
declare module 'virtual:day-peeks' {
  export const peeks: Readonly<Record<number, Readonly<Record<string, () => Promise<unknown>>>>>;
}
