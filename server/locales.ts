/**
 * The languages a student may read Helix in, as content/site/site.json declares them once for the app,
 * the content checker and the server (docs/decisions/023-the-reader-s-language.md). Bundled into the
 * server at build time, as the app's are into its files.
 */
import site from '../content/site/site.json' with { type: 'json' };

/** Every language a student may read, the default first, e.g. `['en', 'es']`. */
export const LOCALES: readonly string[] = site.locales;

/** The JSON Schema of a language a client sends: one of {@link LOCALES}. */
export const languageSchema = (description: string) => ({ type: 'string', enum: [...LOCALES], description }) as const;
