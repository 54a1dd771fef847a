/**
 * Redraws the Day 3 expression cards: reads content/data/expression-cards.json and writes one SVG bar
 * chart per card to content/images/expression/<slug>.svg (served at /images/expression/<slug>.svg),
 * then the same for each translation beside it, expression-cards.<locale>.json to <slug>.<locale>.svg.
 * The drawing itself is scripts/expression-card-svg.ts; content/data/expression-cards.test.ts fails
 * when the committed SVGs differ from what this script would write, so run it after every data edit.
 *
 * Usage: `npm run render:expression-cards`
 * Prints one line per file written; exits 1 (printing the problem) when a card cannot be drawn.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { renderExpressionCards, translateExpressionCards, type ExpressionCards, type ExpressionCardsTranslation } from './expression-card-svg.ts';

const root = resolve(import.meta.dirname, '..');
const dataDirectory = join(root, 'content/data');
const outputDirectory = join(root, 'content/images/expression');

try {
  const read = (name: string): unknown => JSON.parse(readFileSync(join(dataDirectory, name), 'utf8'));
  const cards = read('expression-cards.json') as ExpressionCards;
  const translations = readdirSync(dataDirectory).flatMap((name) => /^expression-cards\.([a-z-]+)\.json$/i.exec(name)?.slice(1, 2) ?? []);
  const rendered = [
    ...renderExpressionCards(cards),
    ...translations.flatMap((locale) => renderExpressionCards(translateExpressionCards(cards, read(`expression-cards.${locale}.json`) as ExpressionCardsTranslation, locale), locale)),
  ];
  mkdirSync(outputDirectory, { recursive: true });
  for (const { fileName, svg } of rendered) {
    const file = join(outputDirectory, fileName);
    writeFileSync(file, svg);
    console.log(`wrote ${relative(root, file)}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
