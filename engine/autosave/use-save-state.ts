import { useSyncExternalStore } from 'react';
import { useAnswersContext } from '../form/answers-context.ts';
import type { SaveState } from './autosave.ts';

/**
 * The enclosing lesson's save state (dirty, saving, savedAt), re-rendering on every change.
 * @param widget - the calling widget's name, for the error when used outside an AnswersForm
 */
export function useSaveState(widget: string): SaveState {
  const { autosave } = useAnswersContext(widget);
  return useSyncExternalStore(autosave.subscribe, autosave.getState, autosave.getState);
}
