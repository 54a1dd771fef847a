/**
 * Pairs a translation's blocks with its original's (./blocks.ts), to say which are translated, which are
 * behind the original and which are missing (docs/decisions/022-translations-beside-the-original.md).
 */
import type { Block } from './blocks.ts';

/** A translated block and the original block it stands for. */
export interface BlockPair {
  original: Block;
  translation: Block;
}

/** How a translation stands against its original, block by block. */
export interface Alignment {
  /** Translated blocks whose mark is the original block's hash: the original has not changed since. */
  current: BlockPair[];
  /**
   * Translated blocks whose original changed since (their mark names no block of the original, or none is
   * written), paired with the original block in the same place: between the same two current blocks, in order.
   */
  behind: BlockPair[];
  /**
   * Original blocks with no translation, each with the translated block it comes after (undefined: the
   * first of the file, or of its parent when that parent is translated).
   */
  missing: { original: Block; after: Block | undefined }[];
  /** Translated blocks with no original left to pair with: what they translated was removed from the original. */
  extra: Block[];
}

/**
 * Aligns a translation with its original. The current blocks are the longest run of translated blocks, in
 * order, whose marks match the original's blocks in order; between two of them, the remaining translated
 * blocks pair in order with the remaining original blocks (behind), the original's left over are missing,
 * and the translation's left over are extra.
 *
 * @param original - the original's blocks, in document order
 * @param translation - the translation's blocks, in document order, with their marks
 */
export function alignTranslation(original: readonly Block[], translation: readonly Block[]): Alignment {
  const anchors = longestMarkedRun(original, translation);
  const alignment: Alignment = { current: [], behind: [], missing: [], extra: [] };
  let fromOriginal = 0;
  let fromTranslation = 0;
  for (const [originalIndex, translationIndex] of [...anchors, [original.length, translation.length] as const]) {
    const originals = original.slice(fromOriginal, originalIndex);
    const translations = translation.slice(fromTranslation, translationIndex);
    const paired = Math.min(originals.length, translations.length);
    for (let index = 0; index < paired; index += 1) alignment.behind.push({ original: originals[index]!, translation: translations[index]! });
    const after = paired > 0 ? translations[paired - 1] : translation[fromTranslation - 1];
    for (const block of originals.slice(paired)) alignment.missing.push({ original: block, after });
    alignment.extra.push(...translations.slice(paired));
    if (originalIndex < original.length) alignment.current.push({ original: original[originalIndex]!, translation: translation[translationIndex]! });
    fromOriginal = originalIndex + 1;
    fromTranslation = translationIndex + 1;
  }
  return alignment;
}

/**
 * The pairs (original index, translation index) of the longest common subsequence of the original's hashes
 * and the translation's marks (a translation is a few hundred blocks: the quadratic table is small).
 */
function longestMarkedRun(original: readonly Block[], translation: readonly Block[]): (readonly [number, number])[] {
  const rows = original.length;
  const columns = translation.length;
  const lengths = Array.from({ length: rows + 1 }, () => new Uint16Array(columns + 1));
  for (let row = rows - 1; row >= 0; row -= 1) {
    for (let column = columns - 1; column >= 0; column -= 1) {
      lengths[row]![column] =
        translation[column]!.translates === original[row]!.hash ? lengths[row + 1]![column + 1]! + 1 : Math.max(lengths[row + 1]![column]!, lengths[row]![column + 1]!);
    }
  }
  const pairs: (readonly [number, number])[] = [];
  let row = 0;
  let column = 0;
  while (row < rows && column < columns) {
    if (translation[column]!.translates === original[row]!.hash) {
      pairs.push([row, column]);
      row += 1;
      column += 1;
    } else if (lengths[row + 1]![column]! >= lengths[row]![column + 1]!) row += 1;
    else column += 1;
  }
  return pairs;
}
