import { describe, expect, it } from 'vitest';
import {
  MIN_PASSWORD_LENGTH,
  newPasswordProblem,
  normalizeUsername,
  PASSWORD_TOO_SHORT_MESSAGE,
  USERNAME_INVISIBLE_MESSAGE,
  USERNAME_MIXED_SCRIPTS_MESSAGE,
  usernameKey,
  usernameProblem,
} from './credentials.ts';

describe('usernames', () => {
  it('are NFKC-normalised and trimmed, keeping the letter case', () => {
    expect(normalizeUsername('  ＡｄａＬ  ')).toBe('AdaL');
    expect(normalizeUsername('ﬁsh')).toBe('fish');
    expect(normalizeUsername('Jose\u0301')).toBe('José'); // decomposed é composes
  });

  it('share one key whatever the letter case or compatibility form', () => {
    expect(usernameKey('ＡＤＡ')).toBe('ada');
    expect(usernameKey(' Ada ')).toBe(usernameKey('aDA'));
    expect(usernameKey('JOSÉ')).toBe(usernameKey('jose\u0301'));
  });

  it("key İ (U+0130) by JavaScript's lower case, one rule for the database and the limits (issue 11)", () => {
    expect(usernameKey('İnci')).toBe('i\u0307nci');
    expect(usernameKey('İNCİ')).toBe(usernameKey('i\u0307nci\u0307'));
  });

  it.each([
    ['a zero-width space', 'ada\u200Blovelace'],
    ['a zero-width joiner', 'ada\u200D'],
    ['a right-to-left override', 'ada\u202Egpj.exe'],
    ['a left-to-right mark', '\u200Eada'],
    ['a right-to-left isolate', 'ada\u2067x'],
    ['a control character', 'ada\u0007'],
    ['a tab', 'ada\tlovelace'],
    ['a byte order mark inside', 'ada\uFEFFx'],
    ['a line separator', 'ada\u2028b'],
    ['a private-use character', 'ada\uE000'],
    ['an unpaired surrogate', 'ada\uD800'],
  ])('refuse %s', (_label, username) => {
    expect(usernameProblem(normalizeUsername(username))).toBe(USERNAME_INVISIBLE_MESSAGE);
  });

  it('refuse a mix of Latin, Greek and Cyrillic letters, whose look-alikes impersonate', () => {
    expect(usernameProblem('pаul')).toBe(USERNAME_MIXED_SCRIPTS_MESSAGE); // Cyrillic а
    expect(usernameProblem('οlga')).toBe(USERNAME_MIXED_SCRIPTS_MESSAGE); // Greek ο
  });

  it('accept names in one alphabet, with digits, spaces and punctuation', () => {
    for (const username of ['Ada Lovelace', 'josé_92', 'Иван', 'Σοφία', '김철수', 'さくら', 'O’Brien-2']) {
      expect(usernameProblem(normalizeUsername(username))).toBeNull();
    }
  });
});

describe('new passwords', () => {
  it(`need at least ${MIN_PASSWORD_LENGTH} characters`, () => {
    expect(newPasswordProblem('1')).toBe(PASSWORD_TOO_SHORT_MESSAGE);
    expect(newPasswordProblem('1234567')).toBe(PASSWORD_TOO_SHORT_MESSAGE);
    expect(newPasswordProblem('12345678')).toBeNull();
    expect(PASSWORD_TOO_SHORT_MESSAGE).toBe('The password must be at least 8 characters long.');
  });

  it('count characters, not UTF-16 units', () => {
    expect(newPasswordProblem('🧬🧬🧬🧬')).toBe(PASSWORD_TOO_SHORT_MESSAGE); // 8 UTF-16 units, 4 characters
    expect(newPasswordProblem('🧬'.repeat(8))).toBeNull();
  });
});
