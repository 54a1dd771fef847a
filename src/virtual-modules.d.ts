// Modules the build makes rather than reads from a file.

/** The published days, in order (scripts/published-days/vite-plugin.ts). */
declare module 'virtual:published-days' {
  export const PUBLISHED_DAYS: readonly number[];
}
