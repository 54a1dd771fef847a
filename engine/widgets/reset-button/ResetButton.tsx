import { lazy, Suspense, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useAnswersContext, useAnswersReadOnly } from '../../answers/AnswersForm.tsx';
import { UnknownAnswerFieldError } from '../../answers/AnswersForm.tsx';
import { defaultsOf, schemaAt } from '../../schema/normalize.ts';
import { useLazyDialog } from '../overlay/use-lazy-dialog.ts';

const loadConfirmation = () => import('./ResetConfirmation.tsx');
const ResetConfirmation = lazy(loadConfirmation);

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
 * edit like any other: it is autosaved. Not rendered in a read-only form. The confirmation's code loads
 * when the button is first pointed at, focused or pressed (../overlay/use-lazy-dialog.ts).
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

  const { opener, loaded, open, setOpen, trigger: triggerNode } = useLazyDialog(
    <button type="button" className="button button--secondary">
      {children}
    </button>,
    loadConfirmation,
  );
  return (
    <>
      {opener}
      {loaded ? (
        <Suspense fallback={null}>
          <ResetConfirmation open={open} onOpenChange={setOpen} trigger={triggerNode} confirm={confirm} onReset={reset}>
            {children}
          </ResetConfirmation>
        </Suspense>
      ) : null}
    </>
  );
}
