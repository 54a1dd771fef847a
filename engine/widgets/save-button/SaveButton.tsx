import { useState, type ReactNode } from 'react';
import { useAnswersContext, useAnswersReadOnly } from '../../answers/AnswersForm.tsx';
import './SaveButton.css';

/** docs/requirements.md#error-messages, explicit save succeeds. */
export const SAVE_SUCCESS_MESSAGE = 'Your work has been saved!';
/** docs/requirements.md#error-messages, explicit save fails. */
export const SAVE_FAILURE_MESSAGE = 'Error saving. Please try again.';

export interface SaveButtonProps {
  /** Button text. Default "Save my work". */
  children?: ReactNode;
}

/**
 * An explicit, non-silent save of the whole answers object (docs/requirements.md#save-state). The outcome
 * shows beside the button in an accessible alert — never `window.alert`, which blocks the page. While a
 * save runs the button is busy; pressing again waits for it. Not rendered in a read-only form.
 */
export function SaveButton(props: SaveButtonProps) {
  return useAnswersReadOnly('SaveButton') ? null : <EditableSaveButton {...props} />;
}

function EditableSaveButton({ children = 'Save my work' }: SaveButtonProps) {
  const { session } = useAnswersContext('SaveButton');
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');

  async function onClick() {
    setStatus('saving');
    const outcome = session ? await session.save({ silent: false }) : 'clean';
    setStatus(outcome === 'failed' ? 'failed' : 'saved');
  }

  return (
    <div className="save-button">
      <button type="button" className="button" onClick={onClick} aria-busy={status === 'saving'} disabled={status === 'saving'}>
        {status === 'saving' ? 'Saving…' : children}
      </button>
      <div role="alert" className={`save-button__message save-button__message--${status}`}>
        {status === 'saved' ? SAVE_SUCCESS_MESSAGE : status === 'failed' ? SAVE_FAILURE_MESSAGE : null}
      </div>
    </div>
  );
}
