import { describe, expect, it } from 'vitest';
import { savePillText } from './SavePill.tsx';

describe('savePillText (spec section 4, "Save state")', () => {
  const nineOhFive = new Date(2026, 10, 23, 9, 5);

  it('reads "Ready" before any save or load', () => {
    expect(savePillText({ dirty: false, saving: false, savedAt: null })).toBe('Ready');
  });

  it('reads "(unsaved)" while dirty and no save runs', () => {
    expect(savePillText({ dirty: true, saving: false, savedAt: nineOhFive })).toBe('(unsaved)');
  });

  it('reads "Autosaving…" while a save runs, dirty or not', () => {
    expect(savePillText({ dirty: true, saving: true, savedAt: null })).toBe('Autosaving…');
  });

  it('reads "Saved • h:mm" after a save or a load', () => {
    expect(savePillText({ dirty: false, saving: false, savedAt: nineOhFive })).toBe('Saved • 9:05');
    expect(savePillText({ dirty: false, saving: false, savedAt: new Date(2026, 10, 23, 15, 42) })).toBe('Saved • 3:42');
  });
});
