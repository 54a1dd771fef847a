import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useAnswersContext, useAnswersReadOnly } from '../../answers/AnswersForm.tsx';
import { UnknownAnswerFieldError } from '../../answers/AnswersForm.tsx';
import { defaultsOf, schemaAt } from '../../schema/normalize.ts';

export interface ResetButtonProps {
  /** Dotted paths of the fields to clear back to their schema defaults, e.g. `['blanks']`. */
  fields: readonly string[];
  /** The confirmation question, e.g. "Clear all 13 blanks?". */
  confirm: string;
  /** Button text, e.g. "Reset choices" (docs/requirements.md#day-1). */
  children: ReactNode;
}

/**
 * Clears named fields back to their schema defaults after a confirmation, since a reset throws away a
 * student's work (Day 1's Reset choices and Reset Answers: docs/requirements.md#day-1). The reset is an
 * edit like any other: it is autosaved. Not rendered in a read-only form.
 *
 * @throws UnknownAnswerFieldError at render when a field is not in the day's schema
 */
export function ResetButton(props: ResetButtonProps) {
  // Checked before any other hook: a read-only form never has a reset, so the hooks below never start.
  return useAnswersReadOnly('ResetButton') ? null : <EditableResetButton {...props} />;
}

function EditableResetButton({ fields, confirm, children }: ResetButtonProps) {
  const { schema } = useAnswersContext('ResetButton');
  const { setValue } = useFormContext();
  const nodes = fields.map((field) => {
    const node = schemaAt(schema, field);
    if (!node) throw new UnknownAnswerFieldError('ResetButton', field);
    return [field, node] as const;
  });

  function reset() {
    for (const [field, node] of nodes) setValue(field, defaultsOf(node), { shouldDirty: true });
  }

  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button type="button" className="button button--secondary">
          {children}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="overlay-base__backdrop" />
        <AlertDialog.Content className="overlay-base__dialog overlay-base__dialog--small">
          <AlertDialog.Title className="overlay-base__title">{confirm}</AlertDialog.Title>
          <AlertDialog.Description>This cannot be undone.</AlertDialog.Description>
          <div className="overlay-base__actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button button--secondary">
                Cancel
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className="button button--danger" onClick={reset}>
                {children}
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
