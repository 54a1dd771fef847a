import { useController, type UseControllerReturn } from 'react-hook-form';
import { schemaAt } from '../schema/normalize.ts';
import type { AnswersSchema } from '../schema/types.ts';
import { useAnswersContext } from './answers-context.ts';

/** Thrown when a widget names a field the day's schema does not declare: an authoring mistake. */
export class UnknownAnswerFieldError extends Error {
  /** The widget's tag name, e.g. `FreeText`. */
  readonly widget: string;
  /** The field it named, e.g. `blanks.13`. */
  readonly field: string;
  /** What the author should do about it. */
  readonly fix: string;

  constructor(widget: string, name: string) {
    const fix = 'Add the field to schemas/day-N.schema.json, or fix the name (a dotted path such as "blanks.0").';
    super(`<${widget} name="${name}">: the day's answers schema has no field "${name}". ${fix}`);
    this.name = 'UnknownAnswerFieldError';
    this.widget = widget;
    this.field = name;
    this.fix = fix;
  }
}

/**
 * Binds a widget to one field of the answers object through react-hook-form.
 *
 * @param name - dotted path into the answers, for example `blanks.0`, `plan.step2.3` or `order`
 * @param widget - the widget's name, for error messages
 * @returns the field's value, `onChange`, `onBlur`, `inputRef` and schema node (plus react-hook-form's
 *   controller as `field` and `fieldState`)
 * @throws UnknownAnswerFieldError when the schema has no such field
 * @throws Error when used outside an AnswersForm
 */
export function useAnswerField<Value = unknown>(name: string, widget: string): AnswerField<Value> {
  const { schema } = useAnswersContext(widget);
  const node = schemaAt(schema, name);
  if (!node) throw new UnknownAnswerFieldError(widget, name);
  const controller = useController({ name });
  const { field } = controller;
  return {
    ...controller,
    value: field.value as Value,
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    schema: node,
  };
}

/** What {@link useAnswerField} gives a widget. */
export type AnswerField<Value> = UseControllerReturn & {
  /** The field's current value in the answers. */
  value: Value;
  /** Writes a new value: the answers become dirty and an autosave is scheduled. */
  onChange: (value: Value) => void;
  /** Marks the field touched. */
  onBlur: () => void;
  /** Give to the focusable element, so react-hook-form can focus it. */
  inputRef: (element: HTMLElement | null) => void;
  /** The field's node in the day's schema (its default, description, length rules). */
  schema: AnswersSchema;
};
