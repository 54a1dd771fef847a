/**
 * Options of the engine's native selects (BlankChoice, AnswersTable), written by authors in MDX.
 *
 * A plain string is stored and shown as it is; `{ value, label }` stores `value` and shows `label`, so
 * the words a student reads can change without touching saved answers.
 *
 * @example options={["DNA", "protein"]}
 * @example options={[{ value: "", label: "— choose —" }, { value: "typical", label: "Typical" }]}
 */
export type ChoiceOption = string | { value: string; label: string };

/** One option as a select renders it: what is stored and what is shown. */
export interface Choice {
  /** Stored in the answers when chosen. */
  value: string;
  /** Shown to the student. */
  label: string;
}

/** Thrown when an option written in MDX is neither a string nor `{ value, label }`: an authoring mistake. */
export class ChoiceOptionError extends Error {
  constructor(where: string, option: unknown) {
    super(`${where}: each option must be a string or { value: "…", label: "…" } (both strings); found ${JSON.stringify(option) ?? String(option)}.`);
    this.name = 'ChoiceOptionError';
  }
}

/**
 * One author-written option as `{ value, label }`: a string is both.
 *
 * @param option - a {@link ChoiceOption} as written in MDX
 * @param where - the widget tag, for the error, e.g. `<BlankChoice name="blanks.0">`
 * @throws ChoiceOptionError when the option is neither a string nor `{ value: string, label: string }`
 */
export function toChoice(option: unknown, where = 'options'): Choice {
  if (typeof option === 'string') return { value: option, label: option };
  if (typeof option === 'object' && option !== null) {
    const { value, label } = option as { value?: unknown; label?: unknown };
    if (typeof value === 'string' && typeof label === 'string') return { value, label };
  }
  throw new ChoiceOptionError(where, option);
}

/**
 * The choices a select shows for the saved value `current`: `choices` as given, plus one more option
 * holding `current` when it is none of theirs (the lesson was edited after the student answered), so a
 * content edit never hides an answer. That extra option shows the saved text itself, or
 * `emptyLabel` for "".
 *
 * @param choices - the options in the order shown
 * @param current - the field's saved value ("" when nothing is chosen)
 * @param emptyLabel - what the extra option reads when `current` is "" and no option has that value:
 *   the empty choice, "— choose —" in English (`choice.empty` in content/locales/LOCALE/engine.json)
 */
export function withSavedChoice(choices: readonly Choice[], current: string, emptyLabel: string): readonly Choice[] {
  if (choices.some((choice) => choice.value === current)) return choices;
  return [...choices, { value: current, label: current === '' ? emptyLabel : current }];
}
