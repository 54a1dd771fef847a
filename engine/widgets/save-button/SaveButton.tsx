import { useState, type ReactNode } from 'react';
import messages from '../../../content/locales/en/engine.json';
import { useAnswersContext, useAnswersReadOnly } from '../../answers/AnswersForm.tsx';
import { useMessages } from '../../i18n/messages.ts';
import './SaveButton.css';

export interface SaveButtonProps {
  /** Button text. Default "Save my work" (`saveButton.label`, in the reader's language). */
  children?: ReactNode;
}

/**
 * An explicit, non-silent save of the whole answers object (docs/requirements.md#save-state). The outcome
 * shows beside the button in an accessible alert — never `window.alert`, which blocks the page. While a
 * save runs the button is busy; pressing again waits for it. Not rendered in a read-only form.
 *
 * Its texts are `saveButton.*` in content/locales/LOCALE/engine.json; the English outcomes are docs/requirements.md's
 * (docs/requirements.md#error-messages): "Your work has been saved!" and "Error saving. Please try again."
 */
export function SaveButton(props: SaveButtonProps) {
  return useAnswersReadOnly('SaveButton') ? null : <EditableSaveButton {...props} />;
}

function EditableSaveButton({ children }: SaveButtonProps) {
  const { session } = useAnswersContext('SaveButton');
  const t = useMessages(messages);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');

  async function onClick() {
    setStatus('saving');
    const outcome = session ? await session.save({ silent: false }) : 'clean';
    setStatus(outcome === 'failed' ? 'failed' : 'saved');
  }

  return (
    <div className="save-button">
      <button type="button" className="button" onClick={onClick} aria-busy={status === 'saving'} disabled={status === 'saving'}>
        {status === 'saving' ? t('saveButton.saving') : (children ?? t('saveButton.label'))}
      </button>
      <div role="alert" className={`save-button__message save-button__message--${status}`}>
        {status === 'saved' ? t('saveButton.saved') : status === 'failed' ? t('saveButton.failed') : null}
      </div>
    </div>
  );
}
