import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderExpressionCards, translateExpressionCards, type ExpressionCards, type ExpressionCardsTranslation } from '../../scripts/expression-card-svg.ts';
import spanish from './expression-cards.es.json';
import data from './expression-cards.json';

// Day 3 expression cards (6 gene cards and 3 patient cards: docs/requirements.md#constants), accurate in
// direction: MYC up, TP53, BRCA1 and BRCA2 down, HK1 and GAPDH steady.
const cards = data as ExpressionCards;
const cardsInSpanish = translateExpressionCards(cards, spanish as ExpressionCardsTranslation, 'es');
const IMAGES = join(import.meta.dirname, '../images/expression');

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
function tumourToHealthy(gene: string): number {
  const card = cards.geneCards.find((candidate) => candidate.gene === gene);
  if (!card) throw new Error(`no gene card for ${gene}`);
  return mean(card.samples.map((sample) => sample.tumour)) / mean(card.samples.map((sample) => sample.healthy));
}
function patientRatio(slug: string, gene: string): number {
  const entry = cards.patientCards.find((card) => card.slug === slug)?.genes.find((candidate) => candidate.gene === gene);
  if (!entry) throw new Error(`no ${gene} on ${slug}`);
  return entry.tumour / entry.healthy;
}

describe('expression cards data', () => {
  it('has six gene cards and three patient cards', () => {
    expect(cards.geneCards.map((card) => card.gene)).toEqual(['HK1', 'GAPDH', 'BRCA1', 'BRCA2', 'TP53', 'MYC']);
    expect(cards.patientCards.map((card) => card.title)).toEqual(['Patient Case 1', 'Patient Case 2', 'Patient Case 3']);
  });

  it('has healthy tissue about 1.0 everywhere', () => {
    for (const card of cards.geneCards) expect(mean(card.samples.map((sample) => sample.healthy))).toBeCloseTo(1, 1);
    for (const card of cards.patientCards) for (const entry of card.genes) expect(Math.abs(entry.healthy - 1)).toBeLessThan(0.1);
  });

  it('shows MYC clearly up in tumour', () => {
    expect(tumourToHealthy('MYC')).toBeGreaterThan(1.5);
  });

  it.each(['TP53', 'BRCA1', 'BRCA2'])('shows %s clearly down in tumour', (gene) => {
    expect(tumourToHealthy(gene)).toBeLessThan(0.67);
  });

  it.each(['HK1', 'GAPDH'])('shows %s steady', (gene) => {
    const ratio = tumourToHealthy(gene);
    expect(ratio).toBeGreaterThanOrEqual(0.85);
    expect(ratio).toBeLessThanOrEqual(1.15);
  });

  it('keeps the housekeeping genes steady for every patient, and profiles all six genes', () => {
    for (const card of cards.patientCards) {
      expect(card.genes.map((entry) => entry.gene)).toEqual(['HK1', 'GAPDH', 'BRCA1', 'BRCA2', 'TP53', 'MYC']);
      for (const gene of ['HK1', 'GAPDH']) expect(Math.abs(patientRatio(card.slug, gene) - 1)).toBeLessThan(0.15);
    }
  });

  it('gives each patient a different profile', () => {
    expect(patientRatio('patient-case-1', 'MYC')).toBeGreaterThan(1.5);
    expect(patientRatio('patient-case-1', 'TP53')).toBeLessThan(0.67);
    expect(patientRatio('patient-case-2', 'BRCA1')).toBeLessThan(0.67);
    expect(patientRatio('patient-case-2', 'BRCA2')).toBeLessThan(0.67);
    const third = cards.patientCards[2]?.genes.map((entry) => Math.abs(entry.tumour / entry.healthy - 1)) ?? [];
    expect(third.filter((change) => change > 0.15)).toHaveLength(1);
    expect(Math.max(...third)).toBeLessThan(0.67);
  });

  it('says the pattern of every card in one sentence', () => {
    for (const card of [...cards.geneCards, ...cards.patientCards]) {
      expect(card.pattern).toMatch(/^[A-Z].*\.$/);
      expect(card.pattern.match(/[.!?](\s|$)/g)).toHaveLength(1);
    }
  });
});

describe('expression card images', () => {
  it.each([...renderExpressionCards(cards), ...renderExpressionCards(cardsInSpanish, 'es')].map(({ fileName, svg }) => [fileName, svg]))(
    'content/images/expression/%s is what scripts/render-expression-cards.ts draws now',
    (fileName, svg) => {
      // Fails after a data edit without a re-render: run `npm run render:expression-cards`.
      expect(readFileSync(join(IMAGES, fileName), 'utf8')).toBe(svg);
    },
  );

  it('refuses to draw a value off the shared scale, naming the card', () => {
    const tooHigh = structuredClone(cards);
    tooHigh.geneCards[5]!.samples[0]!.tumour = 4;
    expect(() => renderExpressionCards(tooHigh)).toThrow('content/data/expression-cards.json, card "gene-myc": "Person A" has 4; values must be numbers from 0 to 3.5 (the shared scale).');
  });

  it('draws the Spanish cards with the same bars and no English word', () => {
    const english = renderExpressionCards(cards);
    const words = /<(title|desc|text)[^>]*>[^<]*<\/\1>/g;
    const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]!);
    for (const [index, { fileName, svg }] of renderExpressionCards(cardsInSpanish, 'es').entries()) {
      const original = english[index]!;
      expect(fileName).toBe(original.fileName.replace(/\.svg$/, '.es.svg'));
      expect(svg.replace(words, '')).toBe(original.svg.replace(words, ''));
      // What both languages draw alike is numbers and gene symbols only.
      for (const text of texts(svg).filter((each) => texts(original.svg).includes(each))) expect(text, fileName).toMatch(/^[A-Z0-9]+$/);
    }
  });

  it('names what a translation lacks, with its card', () => {
    const lacking = structuredClone(spanish) as ExpressionCardsTranslation;
    delete lacking.sampleLabels['Person C'];
    expect(() => translateExpressionCards(cards, lacking, 'es')).toThrow('content/data/expression-cards.json, card "gene-hk1": expression-cards.es.json has no sampleLabels entry for "Person C".');
  });

  it('gives every chart role="img", a title and the card\'s pattern as its description', () => {
    for (const [index, { svg }] of renderExpressionCards(cards).entries()) {
      const card = [...cards.geneCards, ...cards.patientCards][index];
      expect(svg).toMatch(/^<svg [^>]*role="img"[^>]*viewBox="0 0 \d+ \d+"|^<svg [^>]*viewBox="0 0 \d+ \d+"[^>]*role="img"/);
      expect(svg).toContain('<title id=');
      expect(svg).toContain(`>${card?.pattern}</desc>`);
    }
  });
});
