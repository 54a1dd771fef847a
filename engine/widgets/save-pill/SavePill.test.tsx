import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SaveState } from '../../answers/session.ts';
import { seriousAxeViolations } from '../../test/axe.ts';
import * as stories from './SavePill.stories.tsx';
import { savePillText } from './SavePill.tsx';

const OFFLINE_ON_DEVICE_TEXT = 'Offline — saved on this device';
const OPENED_FROM_DEVICE_TEXT = 'Offline — opened from this device';
const SERVER_FAILING_ON_DEVICE_TEXT = 'Not saved yet — kept on this device';
const TOO_LARGE_TEXT = 'This answer is too long to save';

const clean: SaveState = { dirty: false, saving: false, savedAt: null, failure: null, tooLarge: null, onDevice: false, fromDevice: false };

describe('savePillText (spec section 4, "Save state"; issue 6)', () => {
  const nineOhFive = new Date(2026, 10, 23, 9, 5);

  it('reads "Ready" before any save or load', () => {
    expect(savePillText(clean)).toBe('Ready');
  });

  it('reads "(unsaved)" while dirty and no save runs', () => {
    expect(savePillText({ ...clean, dirty: true, savedAt: nineOhFive })).toBe('(unsaved)');
  });

  it('reads "Autosaving…" while a save runs, dirty or not', () => {
    expect(savePillText({ ...clean, dirty: true, saving: true })).toBe('Autosaving…');
  });

  it('reads "Saved • time" after a save or a load, with am/pm where the locale uses it', () => {
    expect(savePillText({ ...clean, savedAt: nineOhFive }, undefined, 'en-US')).toBe('Saved • 9:05 AM');
    expect(savePillText({ ...clean, savedAt: new Date(2026, 10, 23, 18, 59) }, undefined, 'en-US')).toBe('Saved • 6:59 PM');
    expect(savePillText({ ...clean, savedAt: new Date(2026, 10, 23, 18, 59) }, undefined, 'en-GB')).toBe('Saved • 18:59');
  });

  describe('on a day opened from the copy kept on this device', () => {
    it('says so instead of "Saved" until something is edited', () => {
      expect(savePillText({ ...clean, fromDevice: true, savedAt: nineOhFive })).toBe(OPENED_FROM_DEVICE_TEXT);
    });

    it('says an edit is saved on this device once a save could not reach the server', () => {
      expect(savePillText({ ...clean, fromDevice: true, dirty: true, failure: 'offline', onDevice: true })).toBe(OFFLINE_ON_DEVICE_TEXT);
    });
  });

  describe('after a failed save', () => {
    it('says the answers are on this device while the server cannot be reached', () => {
      expect(savePillText({ ...clean, dirty: true, failure: 'offline', onDevice: true, savedAt: nineOhFive })).toBe(OFFLINE_ON_DEVICE_TEXT);
    });

    it('says the answers are kept on this device while the server answers with errors, never "Saved"', () => {
      const text = savePillText({ ...clean, dirty: true, failure: 'server', onDevice: true, savedAt: nineOhFive });
      expect(text).toBe(SERVER_FAILING_ON_DEVICE_TEXT);
      expect(text).not.toMatch(/^Saved/);
    });

    it('falls back to "(unsaved)" when the device refused to keep a draft', () => {
      expect(savePillText({ ...clean, dirty: true, failure: 'offline', onDevice: false })).toBe('(unsaved)');
    });
  });

  describe('after a save the server refused as too large', () => {
    const tooLarge = { ...clean, dirty: true, failure: 'too-large', onDevice: true, savedAt: nineOhFive } as const;

    it('says the answer is too long to save and names it, instead of "kept on this device"', () => {
      const text = savePillText({ ...tooLarge, tooLarge: { path: 'reflection', label: 'Your reflection on the lesson.' } });
      expect(text).toBe(`${TOO_LARGE_TEXT} — “Your reflection on the lesson.”`);
      expect(text).not.toContain('device');
    });

    it('cuts a long label at a word and keeps the number of the item in its list', () => {
      const label = 'What the student noticed about the model, in their own words, with one question it raises (3)';
      expect(savePillText({ ...tooLarge, tooLarge: { path: 'notes.2', label } })).toBe(`${TOO_LARGE_TEXT} — “What the student noticed about the model, in their own… (3)”`);
    });

    it('still says it when no field could be named', () => {
      expect(savePillText({ ...tooLarge, tooLarge: null })).toBe(TOO_LARGE_TEXT);
    });

    it('reads "Autosaving…" while the edited answers are on their way again', () => {
      expect(savePillText({ ...tooLarge, saving: true })).toBe('Autosaving…');
    });
  });
});

describe('SavePill', () => {
  const { Ready, Unsaved, Saving, Saved, OfflineOnDevice, OpenedFromDevice, ServerFailingOnDevice, TooLarge, TooLargeNarrowScreen } = composeStories(stories);

  it.each([
    ['Ready', Ready, /^Ready$/],
    ['Unsaved', Unsaved, /^\(unsaved\)$/],
    ['Saving', Saving, /^Autosaving…$/],
    ['Saved', Saved, /^Saved • /],
    ['OfflineOnDevice', OfflineOnDevice, new RegExp(`^${OFFLINE_ON_DEVICE_TEXT}$`)],
    ['OpenedFromDevice', OpenedFromDevice, new RegExp(`^${OPENED_FROM_DEVICE_TEXT}$`)],
    ['ServerFailingOnDevice', ServerFailingOnDevice, new RegExp(`^${SERVER_FAILING_ON_DEVICE_TEXT}$`)],
    ['TooLarge', TooLarge, new RegExp(`^${TOO_LARGE_TEXT} — “A note\\.”$`)],
    ['TooLargeNarrowScreen', TooLargeNarrowScreen, new RegExp(`^${TOO_LARGE_TEXT} — “What the student noticed`)],
  ])('reads its state politely when %s, with no serious accessibility violation', async (_state, Story, text) => {
    const { container } = render(<Story />);
    const pill = screen.getByRole('status');
    expect(pill).toHaveTextContent(text);
    expect(pill).toHaveAttribute('aria-live', 'polite');
    expect(await seriousAxeViolations(container)).toEqual([]);
  });
});
