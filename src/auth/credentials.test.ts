import { describe, expect, it } from 'vitest';
import { newPasswordProblem, usernameProblem } from './credentials.ts';

describe('the Sign Up form’s checks', () => {
  it('accept ordinary names in any alphabet, and passwords of 8 characters counted as characters, not UTF-16 units', () => {
    for (const username of ['Ada Lovelace', 'ＡｄａＬ', 'josé_92', 'Иван', 'İnci', '김철수']) expect(usernameProblem(username), username).toBeNull();
    for (const password of ['12345678', '🧬'.repeat(8), ' spaces ']) expect(newPasswordProblem(password), password).toBeNull();
    for (const password of ['1', 'seven77', '🧬🧬🧬🧬']) expect(newPasswordProblem(password), password).not.toBeNull();
  });

  it('refuse invisible characters and look-alike mixes with a clear message', () => {
    expect(usernameProblem('ada\u200B')).toBe('The username must not contain control characters, invisible (zero-width) characters or text-direction marks.');
    expect(usernameProblem('p\u0430ul')).toBe('The username must not mix Latin, Greek and Cyrillic letters.');
    expect(newPasswordProblem('short')).toBe('The password must be at least 8 characters long.');
  });
});
