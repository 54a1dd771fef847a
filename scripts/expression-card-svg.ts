/**
 * Draws the Day 3 expression cards (content/data/expression-cards.json) as accessible SVG bar charts.
 *
 * Pure functions, no file access: `scripts/render-expression-cards.ts` writes their output to
 * `content/images/expression/<slug>.svg`, and `content/data/expression-cards.test.ts` checks that the
 * committed files still equal what they draw now (so data edited without re-rendering fails the tests).
 *
 * Each chart is a bar per tissue, healthy tissue beside tumour, for each sample (gene cards) or each gene
 * (patient cards), on one shared scale, so cards can be compared by eye. Healthy bars are solid blue and
 * tumour bars striped vermillion (Okabe–Ito colours, safe for colour-blind readers; the stripes and the
 * worded legend make the difference without colour). The SVG has `role="img"`, a `<title>` and a
 * `<desc>` holding the card's pattern in words.
 */

/** One sample of a gene card: the gene's relative expression in one person's healthy tissue and tumour. */
export interface GeneCardSample {
  /** Shown under the pair of bars, e.g. "Sample 1". */
  label: string;
  /** Relative expression in healthy tissue, arbitrary units (healthy ≈ 1.0). */
  healthy: number;
  /** Relative expression in the tumour, same units. */
  tumour: number;
}

/** A gene card: one gene measured in healthy tissue and tumour from several people. */
export interface GeneCard {
  /** File name without `.svg`, e.g. "gene-hk1". */
  slug: string;
  /** The gene's symbol, e.g. "HK1". */
  gene: string;
  /** The pattern in one sentence for a 14–16 year old: the chart's `<desc>` and the image's alt text. */
  pattern: string;
  samples: GeneCardSample[];
}

/** One gene of a patient card: its relative expression in the patient's healthy tissue and tumour. */
export interface PatientCardGene {
  /** The gene's symbol, shown under its pair of bars. */
  gene: string;
  /** Relative expression in the patient's healthy tissue, arbitrary units (≈ 1.0). */
  healthy: number;
  /** Relative expression in the patient's tumour, same units. */
  tumour: number;
}

/** A patient card: one patient's tumour profiled over several genes against healthy tissue. */
export interface PatientCard {
  /** File name without `.svg`, e.g. "patient-case-1". */
  slug: string;
  /** e.g. "Patient Case 1". */
  title: string;
  /** The pattern in one sentence for a 14–16 year old: the chart's `<desc>` and the image's alt text. */
  pattern: string;
  genes: PatientCardGene[];
}

/**
 * The words a chart draws around its bars, in one language. `samplesAxis` holds `{count}`, the number of
 * people on a gene card.
 */
export interface ChartTexts {
  /** Under the title, e.g. "Expression in healthy tissue and tumour". */
  subtitle: string;
  /** Beside the solid swatch, e.g. "Healthy tissue (solid)". */
  healthyLegend: string;
  /** Beside the striped swatch, e.g. "Tumour (striped)". */
  tumourLegend: string;
  /** Beside the dashed line at 1, e.g. "Healthy level (1)". */
  healthyLevel: string;
  /** The value axis, e.g. "Relative expression". */
  valueAxis: string;
  /** A gene card's bottom line, e.g. "{count} people: healthy tissue and tumour from each". */
  samplesAxis: string;
  /** A patient card's bottom line, e.g. "Gene". */
  genesAxis: string;
}

/** The whole data file, content/data/expression-cards.json. */
export interface ExpressionCards {
  description: string;
  chart: ChartTexts;
  geneCards: GeneCard[];
  patientCards: PatientCard[];
}

/**
 * A translation of the cards, `content/data/expression-cards.<locale>.json`: texts only, the values
 * staying in the original (docs/decisions/022-translations-beside-the-original.md). `sampleLabels` maps
 * each original sample label ("Person A") to its translation; `cards` holds each card's texts by slug.
 */
export interface ExpressionCardsTranslation {
  chart: ChartTexts;
  sampleLabels: Record<string, string>;
  cards: Record<string, { title?: string; pattern: string }>;
}

/** A rendered card: where it goes under `content/images/expression/` and its SVG text. */
export interface RenderedCard {
  /** e.g. "gene-hk1.svg". */
  fileName: string;
  svg: string;
}

/** Thrown when a card cannot be drawn: a value off the shared scale, a missing label or a bad slug. */
export class ExpressionCardError extends Error {
  constructor(slug: string, problem: string) {
    super(`content/data/expression-cards.json, card "${slug}": ${problem}`);
    this.name = 'ExpressionCardError';
  }
}

/** Drawing size in SVG user units. The chart scales with its viewBox; at 600 px wide the smallest text is 15 × 600/480 ≈ 19 px. */
export const CARD_WIDTH = 480;
export const CARD_HEIGHT = 400;
/** Top of the shared value scale: every card uses 0 to 3.5 so that bars compare across cards. */
export const SCALE_MAX = 3.5;
/** Okabe–Ito blue (5.0:1 on white) for healthy tissue. */
export const HEALTHY_COLOUR = '#0072B2';
/** Okabe–Ito vermillion (4.0:1 on white) for tumour, drawn striped. */
export const TUMOUR_COLOUR = '#D55E00';

const TEXT_COLOUR = '#1b2333';
const MUTED_COLOUR = '#4a5468';
const GRID_COLOUR = '#d5dae4';
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Ubuntu, 'Noto Sans', sans-serif";

const PLOT = { left: 64, right: CARD_WIDTH - 16, top: 146, bottom: 324 };

interface BarGroup {
  label: string;
  healthy: number;
  tumour: number;
}

interface Chart {
  slug: string;
  texts: ChartTexts;
  title: string;
  subtitle: string;
  pattern: string;
  xAxisTitle: string;
  groups: BarGroup[];
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A number as SVG writes it: at most one decimal, no trailing ".0". */
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function valueToY(value: number): number {
  return PLOT.bottom - (value / SCALE_MAX) * (PLOT.bottom - PLOT.top);
}

function checkChart(chart: Chart): void {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(chart.slug)) throw new ExpressionCardError(chart.slug, 'the slug must be lower-case words joined by "-", e.g. "gene-hk1".');
  if (!chart.pattern.trim()) throw new ExpressionCardError(chart.slug, 'the pattern sentence is empty; it is the image\'s alt text.');
  if (chart.groups.length === 0) throw new ExpressionCardError(chart.slug, 'there are no values to draw.');
  for (const group of chart.groups) {
    if (!group.label.trim()) throw new ExpressionCardError(chart.slug, 'a sample or gene has no label.');
    for (const value of [group.healthy, group.tumour]) {
      if (!Number.isFinite(value) || value < 0 || value > SCALE_MAX) {
        throw new ExpressionCardError(chart.slug, `"${group.label}" has ${String(value)}; values must be numbers from 0 to ${SCALE_MAX} (the shared scale).`);
      }
    }
  }
}

function renderChart(chart: Chart): string {
  checkChart(chart);
  const hatch = `${chart.slug}-tumour-stripes`;
  const lines: string[] = [];
  const text = (x: number, y: number, content: string, attributes = '') =>
    lines.push(`  <text x="${n(x)}" y="${n(y)}"${attributes ? ` ${attributes}` : ''}>${escapeXml(content)}</text>`);

  lines.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" role="img" aria-labelledby="${chart.slug}-title ${chart.slug}-desc" font-family="${escapeXml(FONT)}" font-size="15" fill="${TEXT_COLOUR}">`,
    `  <title id="${chart.slug}-title">${escapeXml(`${chart.title}: ${chart.subtitle.toLowerCase()}`)}</title>`,
    `  <desc id="${chart.slug}-desc">${escapeXml(chart.pattern)}</desc>`,
    '  <defs>',
    `    <pattern id="${hatch}" patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)">`,
    `      <rect width="8" height="8" fill="${TUMOUR_COLOUR}"/>`,
    '      <rect width="3" height="8" fill="#ffffff" fill-opacity="0.6"/>',
    '    </pattern>',
    '  </defs>',
    `  <rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#ffffff"/>`,
  );

  // Heading and legend: words, not only colour.
  text(20, 36, chart.title, 'font-size="24" font-weight="700"');
  text(20, 62, chart.subtitle, `fill="${MUTED_COLOUR}"`);
  lines.push(`  <rect x="20" y="78" width="20" height="20" fill="${HEALTHY_COLOUR}" stroke="${TEXT_COLOUR}" stroke-width="1"/>`);
  text(48, 94, chart.texts.healthyLegend);
  lines.push(`  <rect x="232" y="78" width="20" height="20" fill="url(#${hatch})" stroke="${TEXT_COLOUR}" stroke-width="1"/>`);
  text(260, 94, chart.texts.tumourLegend);
  lines.push(`  <line x1="20" y1="118" x2="40" y2="118" stroke="${TEXT_COLOUR}" stroke-width="2" stroke-dasharray="6 4"/>`);
  text(48, 123, chart.texts.healthyLevel);

  // Value axis: gridlines at every half unit, numbered at whole units.
  for (let value = 0; value <= SCALE_MAX; value += 0.5) {
    const y = valueToY(value);
    const whole = Number.isInteger(value);
    if (value > 0 && value !== 1) lines.push(`  <line x1="${PLOT.left}" y1="${n(y)}" x2="${PLOT.right}" y2="${n(y)}" stroke="${GRID_COLOUR}" stroke-width="1"${whole ? '' : ' stroke-dasharray="2 4"'}/>`);
    if (whole) text(PLOT.left - 10, y + 5, String(value), 'text-anchor="end"');
  }
  const middle = (PLOT.top + PLOT.bottom) / 2;
  text(0, 0, chart.texts.valueAxis, `text-anchor="middle" transform="translate(22 ${n(middle)}) rotate(-90)"`);

  // Bars: healthy then tumour, side by side, per group.
  const groupWidth = (PLOT.right - PLOT.left) / chart.groups.length;
  const barWidth = Math.min(32, groupWidth * 0.34);
  const gap = 4;
  chart.groups.forEach((group, index) => {
    const centre = PLOT.left + groupWidth * (index + 0.5);
    const bars = [
      { x: centre - gap / 2 - barWidth, value: group.healthy, fill: HEALTHY_COLOUR },
      { x: centre + gap / 2, value: group.tumour, fill: `url(#${hatch})` },
    ];
    for (const bar of bars) {
      const top = valueToY(bar.value);
      lines.push(
        `  <rect x="${n(bar.x)}" y="${n(top)}" width="${n(barWidth)}" height="${n(PLOT.bottom - top)}" fill="${bar.fill}" stroke="${TEXT_COLOUR}" stroke-width="1"/>`,
      );
    }
    text(centre, PLOT.bottom + 24, group.label, 'text-anchor="middle"');
  });
  // The healthy level goes over the bars, so each bar can be read against it.
  const healthyLevel = n(valueToY(1));
  lines.push(`  <line x1="${PLOT.left}" y1="${healthyLevel}" x2="${PLOT.right}" y2="${healthyLevel}" stroke="${TEXT_COLOUR}" stroke-width="2" stroke-dasharray="6 4"/>`);
  lines.push(`  <line x1="${PLOT.left}" y1="${PLOT.bottom}" x2="${PLOT.right}" y2="${PLOT.bottom}" stroke="${TEXT_COLOUR}" stroke-width="1.5"/>`);
  lines.push(`  <line x1="${PLOT.left}" y1="${PLOT.top}" x2="${PLOT.left}" y2="${PLOT.bottom}" stroke="${TEXT_COLOUR}" stroke-width="1.5"/>`);
  text((PLOT.left + PLOT.right) / 2, CARD_HEIGHT - 18, chart.xAxisTitle, `text-anchor="middle" fill="${MUTED_COLOUR}"`);

  lines.push('</svg>', '');
  return lines.join('\n');
}

/**
 * Draws one gene card: a pair of bars (healthy tissue, tumour) for each sample.
 *
 * @param card - a gene card from the data file
 * @param texts - the words around the bars, in the card's language
 * @returns the SVG document as text, ending with a newline
 * @throws ExpressionCardError when a value is outside 0 to {@link SCALE_MAX}, a label is empty, the
 *   pattern is empty or the slug is not kebab-case
 */
export function renderGeneCard(card: GeneCard, texts: ChartTexts): string {
  return renderChart({
    slug: card.slug,
    texts,
    title: card.gene,
    subtitle: texts.subtitle,
    pattern: card.pattern,
    xAxisTitle: texts.samplesAxis.replace('{count}', String(card.samples.length)),
    groups: card.samples,
  });
}

/**
 * Draws one patient card: a pair of bars (healthy tissue, tumour) for each gene.
 *
 * @param card - a patient card from the data file
 * @param texts - the words around the bars, in the card's language
 * @returns the SVG document as text, ending with a newline
 * @throws ExpressionCardError as {@link renderGeneCard}
 */
export function renderPatientCard(card: PatientCard, texts: ChartTexts): string {
  return renderChart({
    slug: card.slug,
    texts,
    title: card.title,
    subtitle: texts.subtitle,
    pattern: card.pattern,
    xAxisTitle: texts.genesAxis,
    groups: card.genes.map(({ gene, healthy, tumour }) => ({ label: gene, healthy, tumour })),
  });
}

/**
 * The cards in another language: the original's values with the translation's texts.
 *
 * @param cards - the parsed content/data/expression-cards.json
 * @param translation - the parsed content/data/expression-cards.<locale>.json
 * @param locale - the translation's language, named in errors
 * @throws ExpressionCardError when the translation lacks a card's pattern, a patient card's title or a sample label
 */
export function translateExpressionCards(cards: ExpressionCards, translation: ExpressionCardsTranslation, locale: string): ExpressionCards {
  const textsOf = (slug: string, needsTitle: boolean) => {
    const texts = translation.cards[slug];
    if (!texts?.pattern.trim() || (needsTitle && !texts.title?.trim())) {
      throw new ExpressionCardError(slug, `expression-cards.${locale}.json has no ${needsTitle ? 'title and pattern' : 'pattern'} for this card.`);
    }
    return texts;
  };
  const label = (slug: string, original: string) => {
    const translated = translation.sampleLabels[original];
    if (!translated?.trim()) throw new ExpressionCardError(slug, `expression-cards.${locale}.json has no sampleLabels entry for "${original}".`);
    return translated;
  };
  return {
    ...cards,
    chart: translation.chart,
    geneCards: cards.geneCards.map((card) => ({
      ...card,
      pattern: textsOf(card.slug, false).pattern,
      samples: card.samples.map((sample) => ({ ...sample, label: label(card.slug, sample.label) })),
    })),
    patientCards: cards.patientCards.map((card) => {
      const { title, pattern } = textsOf(card.slug, true);
      return { ...card, title: title!, pattern };
    }),
  };
}

/**
 * Draws every card of the data file, gene cards first.
 *
 * @param cards - the parsed content/data/expression-cards.json, or a translation of it ({@link translateExpressionCards})
 * @param locale - the cards' language: files are `<slug>.svg` in English, `<slug>.<locale>.svg` in any other
 * @returns one `{ fileName, svg }` per card
 * @throws ExpressionCardError on the first card that cannot be drawn, or when two cards share a slug
 */
export function renderExpressionCards(cards: ExpressionCards, locale = 'en'): RenderedCard[] {
  const suffix = locale === 'en' ? '.svg' : `.${locale}.svg`;
  const rendered = [
    ...cards.geneCards.map((card) => ({ fileName: `${card.slug}${suffix}`, svg: renderGeneCard(card, cards.chart) })),
    ...cards.patientCards.map((card) => ({ fileName: `${card.slug}${suffix}`, svg: renderPatientCard(card, cards.chart) })),
  ];
  const seen = new Set<string>();
  for (const { fileName } of rendered) {
    if (seen.has(fileName)) throw new ExpressionCardError(fileName.replace(/\.svg$/, ''), 'two cards share this slug; each needs its own file.');
    seen.add(fileName);
  }
  return rendered;
}
