import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, currentLocale } from '../../engine/index.ts';
import { adoptAccountLanguage, browserLanguage, readingLanguage } from './language.ts';
import { switchLanguage } from './switch.ts';

describe("the reader's language", () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    localStorage.clear();
    await act(() => activateLocale('en'));
  });

  it("follows the browser's first language the site has, by its primary subtag, else English", () => {
    expect(browserLanguage(['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(browserLanguage(['de', 'fr'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('switches in place, keeps the choice on the device, and marks it unsynced until the account has it', async () => {
    const save = vi.fn(() => Promise.reject(new Error('offline')));
    await act(() => switchLanguage('es', save));
    expect(currentLocale()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(readingLanguage()).toBe('es');
    expect(save).toHaveBeenCalledWith('es');

    // Back online, at the next sign-in: the device's choice made offline reaches the account, which still says English.
    const saveLater = vi.fn(() => Promise.resolve());
    const switchTo = vi.fn(() => Promise.resolve());
    await adoptAccountLanguage('en', saveLater, switchTo);
    expect(saveLater).toHaveBeenCalledWith('es');
    expect(switchTo).not.toHaveBeenCalled();
    // Synced now: the next time the account's language wins.
    await adoptAccountLanguage('en', saveLater, switchTo);
    expect(switchTo).toHaveBeenCalledWith('en');
  });

  it("adopts the account's language (chosen on another device, or the class's) on a device that has none", async () => {
    const save = vi.fn(() => Promise.resolve());
    const switchTo = vi.fn((locale: string) => switchLanguage(locale));
    await act(() => adoptAccountLanguage('es', save, switchTo));
    expect(switchTo).toHaveBeenCalledWith('es');
    expect(save).not.toHaveBeenCalled();
    expect(readingLanguage()).toBe('es');
  });

  it('gives an account with no language the one chosen on this device, and ignores a language the site does not have', async () => {
    localStorage.setItem('helix.language', 'es');
    const save = vi.fn(() => Promise.resolve());
    const switchTo = vi.fn(() => Promise.resolve());
    await adoptAccountLanguage(null, save, switchTo);
    expect(save).toHaveBeenCalledWith('es');
    localStorage.clear();
    await adoptAccountLanguage('xx', save, switchTo);
    expect(switchTo).not.toHaveBeenCalled();
  });
});
