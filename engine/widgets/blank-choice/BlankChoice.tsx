import messages from '../../../content/locales/en/engine.json';
import { useAnswerField } from '../../answers/AnswersForm.tsx';
import { useMessages } from '../../i18n/messages.ts';
import { toChoice, withSavedChoice, type ChoiceOption } from '../choice-options.ts';
import './BlankChoice.css';

export interface BlankChoiceProps {
  /** Dotted path of a string field in the answers, e.g. `blanks.0`. */
  name: string;
  /** Accessible name, e.g. "Blank 1" (Day 1 names its blanks Blank 1 to Blank 13). */
  label: string;
  /**
   * The choices, in the order shown (Day 1 has a pair per blank). A string is stored as it is shown;
   * `{ value, label }` stores `value` and shows `label`.
   */
  options: readonly ChoiceOption[];
}

/**
 * A fill-in blank inside a sentence: a native select with "— choose —" (the empty choice every blank
 * starts on, `choice.empty` in content/locales/LOCALE/engine.json) and the given options, so it works the
 * same with a mouse, a keyboard, a touch screen and a screen reader.
 *
 * The stored value is the chosen option's text (or its `value`, for `{ value, label }` options), or ""
 * for none (docs/requirements.md#answer-fields). A saved value that is no longer an option is still
 * shown, so a content edit never hides an answer. In a read-only form the select is disabled, still
 * showing the chosen option.
 *
 * It reads as part of its sentence, not as a form field: an
 * underlined word on the text's baseline with no number of its own (the list numbers the sentences;
 * the accessible name still says "Blank N"), and every blank is the same width, set by the CSS variable
 * `--blank-choice-width` (default 14em: room for the longest option, "transcription factors"), never
 * wider than its column.
 *
 * @throws ChoiceOptionError when an option is neither a string nor `{ value, label }`
 * @example Water freezes at <BlankChoice name="blanks.0" label="Blank 1" options={['0 °C', '100 °C']} />.
 * @example <BlankChoice name="pace" label="Pace" options={[{ value: 'slow', label: 'Slowly' }, { value: 'fast', label: 'Quickly' }]} />
 */
export function BlankChoice({ name, label, options }: BlankChoiceProps) {
  const { value, readOnly, onChange, onBlur, inputRef } = useAnswerField<string>(name, 'BlankChoice');
  const current = typeof value === 'string' ? value : '';
  const where = `<BlankChoice name="${name}">`;
  const empty = useMessages(messages)('choice.empty');
  const choices = withSavedChoice([{ value: '', label: empty }, ...options.map((option) => toChoice(option, where))], current, empty);
  return (
    <span className="blank-choice">
      <select
        ref={inputRef}
        name={name}
        aria-label={label}
        className={current ? 'blank-choice__select blank-choice__select--filled' : 'blank-choice__select'}
        data-state={current ? 'filled' : 'empty'}
        value={current}
        disabled={readOnly}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        {choices.map((choice, index) => (
          <option key={`${index}:${choice.value}`} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </span>
  );
}
