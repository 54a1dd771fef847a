/**
 * Redraws the Day 3 expression cards: reads content/data/expression-cards.json and writes one SVG bar
 * chart per card to content/images/expression/<slug>.svg (served at /images/expression/<slug>.svg).
 * The drawing itself is scripts/expression-card-svg.ts; content/data/expression-cards.test.ts fails
 * when the committed SVGs differ from what this script would write, so run it after every data edit.
 *
 * Usage: `node --import tsx scripts/render-expression-cards.ts`
 * Prints one line per file written; exits 1 (printing the problem) when a card cannot be drawn.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { renderExpressionCards, type ExpressionCards } from './expression-card-svg.ts';

const root = resolve(import.meta.dirname, '..');
const dataFile = join(root, 'content/data/expression-cards.json');
const outputDirectory = join(root, 'content/images/expression');

try {
  const cards = JSON.parse(readFileSync(dataFile, 'utf8')) as ExpressionCards;
  mkdirSync(outputDirectory, { recursive: true });
  for (const { fileName, svg } of renderExpressionCards(cards)) {
    const file = join(outputDirectory, fileName);
    writeFileSync(file, svg);
    console.log(`wrote ${relative(root, file)}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
