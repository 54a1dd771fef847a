import { randomInt } from 'node:crypto';

/**
 * Letters and digits a student reads off a screen and types on a Chromebook without confusing them:
 * no 0/O, 1/l/I, 5/S or 2/Z, lower case only.
 */
const READABLE = 'abcdefghjkmnpqrtuvwxy346789';

/**
 * A temporary password that a facilitator reads out or writes on the board (docs/facilitators.md#passwords):
 * three groups of four readable characters, e.g. `kq7m-xt4a-93hw`. 12 characters from 27 give about 57
 * bits, far beyond what the sign-in limits let anyone guess (docs/security.md#abuse-limits).
 */
export function temporaryPassword(): string {
  const group = () => Array.from({ length: 4 }, () => READABLE[randomInt(READABLE.length)]).join('');
  return `${group()}-${group()}-${group()}`;
}
