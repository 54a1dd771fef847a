import { describe, expect, it } from 'vitest';
import * as server from '../../server/auth/credentials.ts';
import * as form from './credentials.ts';

const usernames = [
  'Ada Lovelace',
  'ＡｄａＬ',
  'josé_92',
  'Иван',
  'İnci',
  'ada\u200Blovelace',
  'ada\u202Etxt.exe',
  '\u200Eada',
  'ada\u0007',
  'ada\u2028b',
  'p\u0430ul',
  'ο\u006Cga',
  '김철수',
];
const passwords = ['1', 'seven77', '12345678', '🧬🧬🧬🧬', '🧬'.repeat(8), ' spaces '];

describe('the Sign Up form’s checks', () => {
  it('use the server’s rules and messages, so nothing the form lets through is refused for these reasons', () => {
    expect(form.MIN_PASSWORD_LENGTH).toBe(server.MIN_PASSWORD_LENGTH);
    for (const username of usernames) expect(form.usernameProblem(username), username).toBe(server.usernameProblem(server.normalizeUsername(username)));
    for (const password of passwords) expect(form.newPasswordProblem(password), password).toBe(server.newPasswordProblem(password));
  });

  it('refuse invisible characters and look-alike mixes with a clear message', () => {
    expect(form.usernameProblem('ada\u200B')).toBe('The username must not contain control characters, invisible (zero-width) characters or text-direction marks.');
    expect(form.usernameProblem('p\u0430ul')).toBe('The username must not mix Latin, Greek and Cyrillic letters.');
    expect(form.newPasswordProblem('short')).toBe('The password must be at least 8 characters long.');
  });
});
