/**
 * A language's glossary, `content/glossary/<locale>.json`: the one way each science term is written in that
 * language, with the source it follows (docs/authoring.md, "Translating a day").
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One term: the English as the lessons write it, the translation every translated page uses, and where that usage comes from. */
export interface GlossaryTerm {
  en: string;
  /** The form to use, e.g. `factor de transcripción`. */
  es?: string;
  /** Other accepted forms (plurals whose inside changes, e.g. `factores de transcripción`). */
  forms?: string[];
  /** The reference that uses this term, an address a reader can open. */
  source: string;
  [locale: string]: unknown;
}

/** A glossary file. */
export interface Glossary {
  locale: string;
  terms: GlossaryTerm[];
}

/** A translated block that leaves out a term's translation where its original uses the term. */
export interface GlossaryMiss {
  /** The English term, e.g. `transcription factor`. */
  term: string;
  /** The form the glossary gives, e.g. `factor de transcripción`. */
  expected: string;
  file: string;
  line: number;
}

/**
 * A language's glossary, or undefined when it has none.
 *
 * @throws SyntaxError when the file is not JSON
 */
export function readGlossary(root: string, locale: string): Glossary | undefined {
  const path = join(root, 'content', 'glossary', `${locale}.json`);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Glossary) : undefined;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const folded = (text: string, locale: string) => text.replace(/\s+/g, ' ').toLocaleLowerCase(locale);

/**
 * The glossary's terms that an original block uses (the term as a word, or its plural in -s or -es,
 * any case, not counting where it is part of a longer term of the glossary) and its translation does not
 * write in the glossary's form or one of its other forms (any case; a longer word holding the form counts,
 * e.g. `proteínas` for `proteína`).
 *
 * @param glossary - the translation's language's glossary
 * @param original - the original block's words (./blocks.ts, `blockText`)
 * @param translation - the translated block's words
 * @returns one miss per term; file and line left for the caller
 */
export function glossaryMisses(glossary: Glossary, original: string, translation: string): Omit<GlossaryMiss, 'file' | 'line'>[] {
  const translated = folded(translation, glossary.locale);
  const word = (term: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(term)}(?:s|es)?(?![\\p{L}\\p{N}])`, 'giu');
  return glossary.terms.flatMap((term) => {
    const expected = term[glossary.locale];
    if (typeof expected !== 'string') return [];
    // A longer term that holds this one has its own translation: "cell cycle" is "ciclo celular", with no "célula" in it.
    const longer = glossary.terms.filter((other) => other.en.length > term.en.length && word(term.en).test(other.en));
    const rest = longer.reduce((text, other) => text.replace(word(other.en), ' '), original);
    const used = word(term.en).test(rest);
    if (!used) return [];
    const forms = [expected, ...(term.forms ?? [])].map((form) => folded(form, glossary.locale));
    return forms.some((form) => translated.includes(form)) ? [] : [{ term: term.en, expected }];
  });
}
