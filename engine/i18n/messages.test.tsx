import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import engineMessages from '../../content/locales/en/engine.json';
import { activateLocale, currentLocale, DEFAULT_LOCALE, languageName, LOCALES, translator, useMessages } from './messages.ts';

const LOCALES_DIR = join(import.meta.dirname, '..', '..', 'content', 'locales');

/** The placeholders an ICU message names, `{time}` and `{count, plural, …}` alike, sorted. */
function placeholders(message: string): string[] {
  return [...message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)].map((match) => match[1]!).sort();
}

function readCatalogue(locale: string, file: string): Record<string, string> {
  return JSON.parse(readFileSync(join(LOCALES_DIR, locale, file), 'utf8')) as Record<string, string>;
}

describe('the message catalogues (content/locales)', () => {
  const sources = readdirSync(join(LOCALES_DIR, DEFAULT_LOCALE)).filter((file) => file.endsWith('.json'));
  for (const locale of LOCALES.filter((each) => each !== DEFAULT_LOCALE)) {
    for (const file of sources) {
      it(`${locale}/${file} has every message of ${DEFAULT_LOCALE}/${file}, with the same placeholders, and no other`, () => {
        const source = readCatalogue(DEFAULT_LOCALE, file);
        const translation = readCatalogue(locale, file);
        expect(Object.keys(translation).sort()).toEqual(Object.keys(source).sort());
        for (const [id, message] of Object.entries(source)) {
          expect({ id, placeholders: placeholders(translation[id] ?? '') }).toEqual({ id, placeholders: placeholders(message) });
          expect({ id, blank: translation[id]!.trim() === '' }).toEqual({ id, blank: false });
        }
      });
    }
  }
});

function Pill() {
  const t = useMessages(engineMessages);
  return <p>{t('savePill.savedAt', { time: '9:05' })}</p>;
}

describe('switching language', () => {
  afterEach(async () => {
    await act(() => activateLocale(DEFAULT_LOCALE));
  });

  it('swaps a rendered message in place, placeholders filled, and keeps the element', async () => {
    render(<Pill />);
    const shown = screen.getByText('Saved • 9:05');
    await act(() => activateLocale('es'));
    expect(screen.getByText('Guardado • 9:05')).toBe(shown);
    expect(currentLocale()).toBe('es');
  });

  it('takes a language it does not have as the default one', async () => {
    expect(await activateLocale('xx')).toBe(DEFAULT_LOCALE);
    expect(translator(engineMessages)('savePill.ready')).toBe('Ready');
  });

  it('names each language in that language, as the menu lists it', () => {
    expect(LOCALES.map(languageName)).toEqual(['English', 'Español']);
  });
});
