import { useAnswerField } from '../../form/use-answer-field.ts';
import './BlankChoice.css';

export interface BlankChoiceProps {
  /** Dotted path of a string field in the answers, e.g. `blanks.0`. */
  name: string;
  /** Accessible name, e.g. "Blank 1" (spec: blanks are named Blank 1 to Blank 13). */
  label: string;
  /** The choices, in the order shown (spec section 3 gives a pair per blank). */
  options: readonly string[];
}

/** The empty choice every blank starts on. */
export const BLANK_PLACEHOLDER = '— choose —';

/**
 * A fill-in blank inside a sentence: a native select with "— choose —" and the given options, so it
 * works the same with a mouse, a keyboard, a touch screen and a screen reader.
 *
 * The stored value is the chosen option's text, or "" for none (spec section 3, "Day answers").
 * A saved value that is no longer an option is still shown, so a content edit never hides an answer.
 *
 * @example Water freezes at <BlankChoice name="blanks.0" label="Blank 1" options={['0 °C', '100 °C']} />.
 */
export function BlankChoice({ name, label, options }: BlankChoiceProps) {
  const { value, onChange, onBlur, inputRef } = useAnswerField<string>(name, 'BlankChoice');
  const current = typeof value === 'string' ? value : '';
  const choices = current && !options.includes(current) ? [...options, current] : options;
  const number = /\d+/.exec(label)?.[0];
  return (
    <span className="blank-choice">
      {number ? (
        <span className="blank-choice__number" aria-hidden="true">
          {number}
        </span>
      ) : null}
      <select
        ref={inputRef}
        name={name}
        aria-label={label}
        className={current ? 'blank-choice__select blank-choice__select--filled' : 'blank-choice__select'}
        value={current}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        <option value="">{BLANK_PLACEHOLDER}</option>
        {choices.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </span>
  );
}
