import { forgetSavedCopies } from '../../engine/index.ts';
import { studentScope } from './answer-sessions.ts';

/**
 * Removes the copies of one student's saved answers that the device keeps for opening days offline
 * (docs/decisions/010-offline-days.md); their unconfirmed drafts stay, for them alone. Loaded only at
 * logout, so the entry chunk carries no engine code.
 *
 * @param owner - the student, as {@link answersOwner} names them
 */
export function forgetAnswersOnDevice(owner: string | number): Promise<void> {
  return forgetSavedCopies(studentScope(owner));
}
