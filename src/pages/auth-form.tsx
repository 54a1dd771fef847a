import { useState, type ComponentPropsWithRef, type FormEvent } from 'react';

// The small forms of /login (src/pages/LoginPage.tsx) and its sign-up form (src/pages/SignUpForm.tsx).

/** A message per field in error: its id in a catalogue (content/locales/LOCALE/login.json), shown through `t` at render. */
export type FieldErrors<Name extends string, Message extends string = string> = Partial<Record<Name, Message>>;

/**
 * The state of a small form of text inputs, without a form library (docs/scaling.md: /login loads none). The
 * inputs are uncontrolled; their values are read by `name` from the form element. Like the answers form,
 * nothing is checked before the first submit; after it, every change checks the form again, and a
 * refused submit focuses the first field in error.
 *
 * @param names - the inputs' `name` attributes, in the order they appear
 * @param validate - returns a message per field in error (an empty object when all is well)
 * @param submit - called with the values (untrimmed) when `validate` finds nothing; may reject
 * @returns the current errors, whether a submit is on its way, and handlers for the form element
 */
export function useTextForm<Name extends string, Message extends string = string>(
  names: readonly Name[],
  validate: (values: Record<Name, string>) => FieldErrors<Name, Message>,
  submit: (values: Record<Name, string>) => Promise<void>,
) {
  const [errors, setErrors] = useState<FieldErrors<Name, Message>>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const read = (form: HTMLFormElement) => {
    const data = new FormData(form);
    return Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? '')])) as Record<Name, string>;
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (submitted) setErrors(validate(read(event.currentTarget)));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = read(form);
    const found = validate(values);
    setSubmitted(true);
    setErrors(found);
    const firstInError = names.find((name) => found[name] !== undefined);
    if (firstInError !== undefined) {
      form.querySelector<HTMLInputElement>(`[name="${firstInError}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    void submit(values).finally(() => setSubmitting(false));
  };
  return { errors, submitting, onChange, onSubmit };
}

export interface FieldProps extends ComponentPropsWithRef<'input'> {
  id: string;
  label: string;
  /** The validation message, shown under the input and announced with it. */
  error?: string | undefined;
  /** Adds this word, "(optional)" in the reader's language, to the label; every other field is required (docs/requirements.md#validation). */
  optional?: string;
}

/** A labelled text input with its validation message. */
export function Field({ id, label, error, optional, type = 'text', ...input }: FieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {optional ? (
          <>
            {' '}
            <span className="field__optional">{optional}</span>
          </>
        ) : null}
      </label>
      <input
        id={id}
        type={type}
        className="control field__input"
        aria-required={optional ? undefined : true}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
