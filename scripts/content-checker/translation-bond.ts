import type { WidgetManifestEntry } from '../widget-manifest/manifest.ts';
import { attributeOf, describeElement, type Lesson } from './parse-lesson.ts';
import { shown, type ContentProblem } from './problem.ts';
import type { Binding, WidgetsByTag } from './widget-checks.ts';

/** The language a file is written in and what it translates, read from its name. */
export interface TranslationName {
  /** The original's name, e.g. `day-1.mdx` for `day-1.es.mdx`. */
  original: string;
  /** The translation's language, e.g. `es`. */
  locale: string;
}

/** A translation's file name: the original's, with the language before the extension (`day-1.es.mdx`, `welcome.es.mdx`, `01-welcome.es.md`). */
const TRANSLATION_FILE = /^(.+)\.([a-z]{2,3}(?:-[A-Z]{2})?)\.(mdx?)$/;

/**
 * What a file translates, by its name; null for an original.
 *
 * @example translationName('day-1.es.mdx') // { original: 'day-1.mdx', locale: 'es' }
 */
export function translationName(name: string): TranslationName | null {
  const match = TRANSLATION_FILE.exec(name);
  return match ? { original: `${match[1]}.${match[3]}`, locale: match[2]! } : null;
}

/**
 * Checks that a translation of a day binds the same answers as the original (docs/authoring.md,
 * "Translating a day"): the same fields, each by the same widget, in the same order, and each choice
 * widget offering the same stored values in the same number, so a student's answers are one object
 * whatever language they read. Only the text may differ.
 *
 * @param original - the English day and the fields its widgets bind (`checkWidgets`)
 * @param translation - the translation and the fields its widgets bind
 * @param widgets - the widget manifest by tag, for which props hold choices
 * @returns one problem per broken bond, at the translation's line, naming what the original has and where
 */
export function checkTranslationBond(
  original: { lesson: Lesson; bindings: readonly Binding[] },
  translation: { lesson: Lesson; bindings: readonly Binding[] },
  widgets: WidgetsByTag,
): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const there = (binding: Binding) => `${original.lesson.file}:${binding.use.line}`;
  const originalByPath = new Map(original.bindings.map((binding) => [binding.path, binding]));
  const translatedByPath = new Map(translation.bindings.map((binding) => [binding.path, binding]));

  for (const binding of translation.bindings) {
    const counterpart = originalByPath.get(binding.path);
    const where = describeElement(binding.use);
    if (!counterpart) {
      problems.push({ file: translation.lesson.file, line: binding.use.line, where, expected: `only fields that ${original.lesson.file} binds`, found: `"${binding.path}", which it does not bind` });
      continue;
    }
    if (counterpart.use.tag !== binding.use.tag) {
      problems.push({ file: translation.lesson.file, line: binding.use.line, where, expected: `<${counterpart.use.tag}> for "${binding.path}", as ${there(counterpart)} has`, found: `<${binding.use.tag}>` });
      continue;
    }
    problems.push(...choiceProblems(counterpart, binding, widgets.get(binding.use.tag), { file: translation.lesson.file, there: there(counterpart) }));
  }

  let previous: Binding | undefined;
  for (const binding of original.bindings) {
    const counterpart = translatedByPath.get(binding.path);
    if (!counterpart) {
      problems.push({
        file: translation.lesson.file,
        line: previous ? (translatedByPath.get(previous.path)?.use.line ?? 1) : 1,
        where: describeElement(binding.use),
        expected: `a widget bound to "${binding.path}", as ${there(binding)} has${previous ? ` after "${previous.path}"` : ''}`,
        found: 'none',
      });
    } else previous = binding;
  }

  const inBoth = (bindings: readonly Binding[], other: ReadonlyMap<string, Binding>) => bindings.filter((binding) => other.has(binding.path)).map((binding) => binding.path);
  const originalOrder = inBoth(original.bindings, translatedByPath);
  const translatedOrder = inBoth(translation.bindings, originalByPath);
  const firstOutOfOrder = translatedOrder.findIndex((path, index) => path !== originalOrder[index]);
  if (firstOutOfOrder >= 0) {
    const binding = translatedByPath.get(translatedOrder[firstOutOfOrder]!)!;
    const expected = originalByPath.get(originalOrder[firstOutOfOrder]!)!;
    problems.push({
      file: translation.lesson.file,
      line: binding.use.line,
      where: describeElement(binding.use),
      expected: `the fields in the original's order: "${expected.path}" here, as ${there(expected)} has`,
      found: `"${binding.path}"`,
    });
  }
  return problems;
}

/** The values a choice prop stores, or undefined when it is not a literal list. */
function storedValues(options: unknown): string[] | undefined {
  if (!Array.isArray(options)) return undefined;
  return options.map((option) => (typeof option === 'object' && option !== null && 'value' in option ? String(option.value) : String(option)));
}

/** The choices a translated widget offers against the original's: the same count, the same stored values in order. */
function choiceProblems(original: Binding, translated: Binding, widget: WidgetManifestEntry | undefined, at: { file: string; there: string }): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const [prop, kind] of Object.entries(widget?.props ?? {})) {
    if (kind !== 'options' && kind !== 'two-options') continue;
    const expected = storedValues(attributeOf(original.use, prop));
    const found = storedValues(attributeOf(translated.use, prop));
    if (!expected || !found) continue;
    const where = describeElement(translated.use);
    if (found.length !== expected.length) {
      problems.push({ file: at.file, line: translated.use.line, where, expected: `${expected.length} ${prop}, as ${at.there} has`, found: `${found.length}` });
    } else if (found.some((value, index) => value !== expected[index])) {
      problems.push({
        file: at.file,
        line: translated.use.line,
        where,
        expected: `${prop} storing ${shown(expected)} as ${at.there} does (translate the label: { value: ${shown(expected[0])}, label: "…" })`,
        found: shown(found),
      });
    }
  }
  return problems;
}
