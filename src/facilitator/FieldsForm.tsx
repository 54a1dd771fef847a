import { useId, useState, type FormEvent } from 'react';
import messages from '../../content/locales/en/console.json';
import { useMessages } from '../../engine/index.ts';
import { problemOf } from './format.ts';

/** One text input of a {@link FieldsForm}. */
export interface FormField<Name extends string> {
  name: Name;
  /** The input's label, in the reader's language. */
  label: string;
  autoComplete?: string;
}

export interface FieldsFormProps<Name extends string> {
  /** The form's accessible name, in the reader's language, e.g. "Create a class". */
  title: string;
  fields: readonly FormField<Name>[];
  /** The submit button's text, in the reader's language. */
  submitLabel: string;
  /**
   * Sends the values (trimmed). On success the inputs are emptied and `success` (what it returns, in the
   * reader's language) is shown; on failure the inputs keep their text and the error is shown as
   * {@link problemOf} words it (the message for its code, `apiError.*` in content/locales/LOCALE/console.json).
   */
  onSubmit(values: Record<Name, string>): Promise<string | void>;
}

/**
 * A small form of required text inputs on one line (wrapping on a phone) with a labelled input each. An
 * empty field is refused before anything is sent, with focus moved to it.
 */
export function FieldsForm<Name extends string>({ title, fields, submitLabel, onSubmit }: FieldsFormProps<Name>) {
  const t = useMessages(messages);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'problem' | 'success'; text: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const values = Object.fromEntries(fields.map(({ name }) => [name, String(data.get(name) ?? '').trim()])) as Record<Name, string>;
    const empty = fields.find(({ name }) => values[name] === '');
    if (empty) {
      setOutcome({ tone: 'problem', text: t('fieldsForm.required', { field: empty.label }) });
      form.querySelector<HTMLInputElement>(`[name="${empty.name}"]`)?.focus();
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const success = await onSubmit(values);
      form.reset();
      if (success) setOutcome({ tone: 'success', text: success });
    } catch (error) {
      setOutcome({ tone: 'problem', text: problemOf(error, t) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="console-form" aria-label={title} onSubmit={(event) => void submit(event)} noValidate>
      <div className="console-form__row">
        {fields.map((field) => (
          <div className="field" key={field.name}>
            <label className="field__label" htmlFor={`${id}-${field.name}`}>
              {field.label}
            </label>
            <input
              id={`${id}-${field.name}`}
              name={field.name}
              className="control field__input"
              autoComplete={field.autoComplete ?? 'off'}
              autoCapitalize="none"
              spellCheck={false}
              required
              aria-invalid={outcome?.tone === 'problem' ? true : undefined}
              aria-describedby={outcome?.tone === 'problem' ? `${id}-problem` : undefined}
            />
          </div>
        ))}
        <button type="submit" className="button console-form__submit" disabled={busy} aria-busy={busy}>
          {submitLabel}
        </button>
      </div>
      {outcome?.tone === 'problem' ? (
        <p id={`${id}-problem`} className="form-alert" role="alert">
          {outcome.text}
        </p>
      ) : null}
      <p className="console-success" role="status">
        {outcome?.tone === 'success' ? outcome.text : ''}
      </p>
    </form>
  );
}
