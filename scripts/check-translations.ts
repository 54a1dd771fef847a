/**
 * `npm run check:translations`: where each translation stands against its original (docs/authoring.md,
 * "Translating a day"). For every language of `content/site/site.json` but the default, and every page of
 * content/days, content/sections, content/inbox and content/workbooks: a missing translation file, each
 * block not translated, and each block translated from an older version of the original, with the file
 * and line on both sides and the mark to write once it is translated; then one line per language,
 * `es: 3 missing, 1 behind`. A report: it exits 0 whatever it finds (`npm run check:content` fails on
 * translations that bind other answers than their original).
 */
import { resolve } from 'node:path';
import { contentLocales, translationLocales } from './translations/locales.ts';
import { formatReports, translationReports } from './translations/report.ts';

const root = resolve(import.meta.dirname, '..');
const locales = contentLocales(root);
for (const line of formatReports(translationReports(root, locales), translationLocales(locales))) console.log(line);
