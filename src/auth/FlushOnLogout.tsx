import { useEffect } from 'react';
import { useOptionalAutosave } from '../../engine/index.ts';
import { useAuth } from './auth-context.ts';

/**
 * Registers the enclosing `AnswersForm`'s autosave so that a logout from anywhere on the page (the top
 * navigation bar sits outside the form) saves unsaved day work first (spec section 4). Renders nothing.
 *
 * @example
 * <AnswersForm schema={schema} answers={answers} save={save}>
 *   <FlushOnLogout />
 *   <Lesson />
 * </AnswersForm>
 */
export function FlushOnLogout() {
  const autosave = useOptionalAutosave();
  const { registerAutosave } = useAuth();
  useEffect(() => (autosave ? registerAutosave(autosave) : undefined), [autosave, registerAutosave]);
  return null;
}
