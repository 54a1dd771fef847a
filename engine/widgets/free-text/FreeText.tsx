import { useId } from 'react';
import messages from '../../../content/locales/en/engine.json';
import { useAnswerField } from '../../answers/AnswersForm.tsx';
import { useLocale, useMessages } from '../../i18n/messages.ts';
import { lengthLimit } from '../length-limit/length-limit.tsx';
import { usePasteMark } from '../paste-mark/use-paste-mark.tsx';
import { useAutoGrow } from '../use-auto-grow.ts';
import './FreeText.css';

export interface FreeTextProps {
  /** Dotted path of a string field in the answers, e.g. `question1` or `plan.step1.0`. */
  name: string;
  /** The visible label: the question, as a full sentence. Must make sense on its own. */
  label: string;
  /** Optional guidance shown under the label and announced with the field. */
  hint?: string;
  /** Starting height in text rows (the box grows with the text). Default 3; use 1 for short answers. */
  rows?: number;
}


/**
 * A labelled free-text answer that grows with what the student writes. Nothing required
 * (docs/requirements.md#answer-fields). Its only length limit is the field's schema `maxLength`,
 * thousands of characters, which the box enforces so the student never writes more than the server
 * stores; a note shows near it (docs/security.md#server-limits).
 *
 * Inside `<MarkPastes>` a paste is marked, never blocked: the text goes in and is saved, and the box
 * gets an amber border, `data-paste-warned="true"` and a note under it, read with the field
 * (docs/requirements.md#validation). The mark lasts for the page visit and is not stored in the answers.
 *
 * In a read-only form the box is `readOnly`, grown to the whole text, with no length note or paste mark.
 */
export function FreeText({ name, label, hint, rows = 3 }: FreeTextProps) {
  const { value, readOnly, onChange, onBlur, inputRef, schema } = useAnswerField<string>(name, 'FreeText');
  const id = useId();
  const text = typeof value === 'string' ? value : '';
  const growWith = useAutoGrow(text);
  const limit = lengthLimit(text, schema, `${id}-length`, useMessages(messages), useLocale());
  const paste = usePasteMark({ describedBy: [hint ? `${id}-hint` : '', limit.noteId ?? ''].filter(Boolean).join(' ') || undefined });
  // Read-only: the text is shown whole and never changes, so no length note and no paste mark.
  const fieldProps = readOnly ? { 'aria-describedby': hint ? `${id}-hint` : undefined } : paste.fieldProps;


  return (
    <div className={rows === 1 ? 'free-text free-text--short' : 'free-text'}>
      <label className="free-text__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="free-text__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        ref={(element) => {
          growWith(element);
          inputRef(element);
        }}
        name={name}
        className="control free-text__input"
        rows={rows}
        // field-sizing ignores rows, so the starting height is set from it too.
        style={{ minHeight: `calc(${rows} * 1.5em + 18px)` }}
        value={text}
        maxLength={limit.maxLength}
        readOnly={readOnly}
        {...fieldProps}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        spellCheck={!readOnly}
      />
      {readOnly ? null : limit.note}
      {readOnly ? null : paste.note}
    </div>
  );
}
