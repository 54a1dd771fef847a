import { describe, expect, it } from 'vitest';
import { locateStep, moveStep, normalizeOrderValue, stepId, type OrderValue } from './move-step.ts';

const value = (available: string[], ordered: string[]): OrderValue => ({ available, ordered, orderSize: ordered.length });

/** Every step exactly once, and the slots padded to orderSize. */
function expectSound(result: OrderValue, steps: string[]) {
  expect(result.ordered).toHaveLength(result.orderSize);
  const placed = [...result.available, ...result.ordered.filter(Boolean)];
  expect([...placed].sort()).toEqual([...steps].sort());
}

const steps = ['A', 'B', 'C', 'D', 'E'];

describe('moveStep', () => {
  describe('within Steps', () => {
    it('moves a step down to the place it was dropped on', () => {
      const result = moveStep(value(['A', 'B', 'C'], ['', '']), { list: 'available', index: 0 }, { list: 'available', index: 2 });
      expect(result.available).toEqual(['B', 'C', 'A']);
    });

    it('moves a step up to the place it was dropped on', () => {
      const result = moveStep(value(['A', 'B', 'C'], ['', '']), { list: 'available', index: 2 }, { list: 'available', index: 0 });
      expect(result.available).toEqual(['C', 'A', 'B']);
    });

    it('moves a step to the end when dropped after the last step', () => {
      const result = moveStep(value(['A', 'B', 'C'], ['', '']), { list: 'available', index: 0 }, { list: 'available', index: 3 });
      expect(result.available).toEqual(['B', 'C', 'A']);
    });
  });

  describe('within Your order', () => {
    it('fills an empty slot and empties the slot it left', () => {
      const result = moveStep(value([], ['A', 'B', '', '', '']), { list: 'ordered', index: 0 }, { list: 'ordered', index: 3 });
      expect(result.ordered).toEqual(['', 'B', '', 'A', '']);
    });

    it('reorders onto an occupied slot, shifting the steps in between toward the slot it left', () => {
      const result = moveStep(value([], ['A', 'B', 'C', 'D', 'E']), { list: 'ordered', index: 0 }, { list: 'ordered', index: 2 });
      expect(result.ordered).toEqual(['B', 'C', 'A', 'D', 'E']);
      const back = moveStep(value([], ['A', 'B', 'C', 'D', 'E']), { list: 'ordered', index: 4 }, { list: 'ordered', index: 1 });
      expect(back.ordered).toEqual(['A', 'E', 'B', 'C', 'D']);
    });

    it('swaps neighbours (Move up and Move down)', () => {
      const result = moveStep(value(['E'], ['A', 'B', 'C', 'D', '']), { list: 'ordered', index: 2 }, { list: 'ordered', index: 1 });
      expect(result.ordered).toEqual(['A', 'C', 'B', 'D', '']);
    });
  });

  describe('from Steps into Your order', () => {
    it('fills an empty slot', () => {
      const result = moveStep(value(['A', 'B'], ['', '', '']), { list: 'available', index: 1 }, { list: 'ordered', index: 1 });
      expect(result).toEqual(value(['A'], ['', 'B', '']));
    });

    it('takes an occupied slot and pushes the following steps down into the next empty slot', () => {
      const result = moveStep(value(['X'], ['A', 'B', 'C', '', '']), { list: 'available', index: 0 }, { list: 'ordered', index: 1 });
      expect(result.ordered).toEqual(['A', 'X', 'B', 'C', '']);
    });

    it('pushes earlier steps up when there is no empty slot below', () => {
      const result = moveStep(value(['X'], ['A', '', 'B', 'C', 'D']), { list: 'available', index: 0 }, { list: 'ordered', index: 3 });
      expect(result.ordered).toEqual(['A', 'B', 'C', 'X', 'D']);
    });

    it('sends the displaced step back to where the moved one came from when every slot is full', () => {
      const result = moveStep(value(['X', 'Y', 'Z'], ['A', 'B']), { list: 'available', index: 1 }, { list: 'ordered', index: 0 });
      expect(result).toEqual(value(['X', 'A', 'Z'], ['Y', 'B']));
    });
  });

  describe('from Your order into Steps', () => {
    it('empties the slot and inserts the step where it was dropped', () => {
      const result = moveStep(value(['C', 'D'], ['A', 'B', '']), { list: 'ordered', index: 1 }, { list: 'available', index: 1 });
      expect(result).toEqual(value(['C', 'B', 'D'], ['A', '', '']));
    });

    it('puts the step at the end of Steps, even when Steps is empty', () => {
      const result = moveStep(value([], ['A', 'B']), { list: 'ordered', index: 0 }, { list: 'available', index: 0 });
      expect(result).toEqual(value(['A'], ['', 'B']));
    });
  });

  describe('does nothing', () => {
    const start = value(['C', 'D', 'E'], ['A', '', 'B', '', '']);

    it('for a drop with no destination', () => {
      expect(moveStep(start, { list: 'available', index: 0 }, null)).toBe(start);
    });

    it('for a drop onto the same place', () => {
      expect(moveStep(start, { list: 'available', index: 1 }, { list: 'available', index: 1 })).toBe(start);
      expect(moveStep(start, { list: 'ordered', index: 2 }, { list: 'ordered', index: 2 })).toBe(start);
    });

    it('for a drop that leaves the lists as they were (the last step dropped at the end)', () => {
      expect(moveStep(start, { list: 'available', index: 2 }, { list: 'available', index: 3 })).toBe(start);
    });

    it('when the source is an empty slot, or a place is out of range', () => {
      expect(moveStep(start, { list: 'ordered', index: 1 }, { list: 'ordered', index: 0 })).toBe(start);
      expect(moveStep(start, { list: 'available', index: 7 }, { list: 'ordered', index: 1 })).toBe(start);
      expect(moveStep(start, { list: 'available', index: 0 }, { list: 'ordered', index: 5 })).toBe(start);
      expect(moveStep(start, { list: 'available', index: 0 }, { list: 'available', index: 4 })).toBe(start);
      expect(moveStep(start, { list: 'available', index: 0 }, { list: 'ordered', index: -1 })).toBe(start);
    });
  });

  it('never loses or duplicates a step, and keeps Your order padded, over every possible move', () => {
    const starts = [value(steps, ['', '', '', '', '']), value(['C', 'E'], ['A', '', 'B', 'D', '']), value([], steps), value(['B', 'D'], ['A', 'C', 'E', '', ''])];
    for (const start of starts) {
      const places = [
        ...start.available.map((_, index) => ({ list: 'available' as const, index })),
        { list: 'available' as const, index: start.available.length },
        ...start.ordered.map((_, index) => ({ list: 'ordered' as const, index })),
      ];
      for (const from of places) for (const to of [...places, null]) expectSound(moveStep(start, from, to), steps);
    }
  });

  it('does not change the value it is given', () => {
    const start = value(['C'], ['A', 'B']);
    const copy = structuredClone(start);
    moveStep(start, { list: 'available', index: 0 }, { list: 'ordered', index: 0 });
    expect(start).toEqual(copy);
  });
});

describe('normalizeOrderValue', () => {
  it('pads Your order with empty slots up to orderSize', () => {
    expect(normalizeOrderValue({ available: ['A'], ordered: ['B'], orderSize: 3 })).toEqual({ available: ['A'], ordered: ['B', '', ''], orderSize: 3 });
  });

  it('moves steps beyond orderSize back to Steps rather than losing them', () => {
    expect(normalizeOrderValue({ available: ['A'], ordered: ['B', 'C', 'D'], orderSize: 2 })).toEqual({ available: ['A', 'D'], ordered: ['B', 'C'], orderSize: 2 });
  });

  it('keeps a duplicated step once, where it was placed', () => {
    expect(normalizeOrderValue({ available: ['A', 'B', 'B'], ordered: ['A', '', 'A'], orderSize: 3 })).toEqual({ available: ['B'], ordered: ['A', '', ''], orderSize: 3 });
  });

  it('drops what is not a step, and repairs a missing or broken value', () => {
    expect(normalizeOrderValue({ available: ['A', 3, '', null], ordered: [null, 'B'], orderSize: 2 })).toEqual({ available: ['A'], ordered: ['', 'B'], orderSize: 2 });
    expect(normalizeOrderValue(undefined)).toEqual({ available: [], ordered: [], orderSize: 0 });
    expect(normalizeOrderValue({ ordered: ['A', ''], orderSize: 'five' })).toEqual({ available: [], ordered: ['A', ''], orderSize: 2 });
  });

  it('restores a step lost from a saved order to the end of Steps, once', () => {
    const saved = { available: ['D', 'D'], ordered: ['A', '', 'B', '', ''], orderSize: 5 };
    expect(normalizeOrderValue(saved, steps)).toEqual({ available: ['D', 'C', 'E'], ordered: ['A', '', 'B', '', ''], orderSize: 5 });
  });

  it('keeps a saved step the default list no longer has', () => {
    expect(normalizeOrderValue({ available: ['Z'], ordered: ['A', ''], orderSize: 2 }, ['A', 'B'])).toEqual({ available: ['Z', 'B'], ordered: ['A', ''], orderSize: 2 });
  });
});

describe('locateStep', () => {
  it('finds a step in either list, or gives null', () => {
    const start = value(['C'], ['', 'A']);
    expect(locateStep(start, 'A')).toEqual({ list: 'ordered', index: 1 });
    expect(locateStep(start, 'C')).toEqual({ list: 'available', index: 0 });
    expect(locateStep(start, 'Z')).toBeNull();
  });
});

describe('stepId', () => {
  it('names a step by its place in the default list, not by its text', () => {
    expect(stepId('C', steps)).toBe('step-2');
  });

  it('gives a step missing from the default list an id from its text that stays the same', () => {
    expect(stepId('Z', steps)).toMatch(/^step-h[0-9a-z]+$/);
    expect(stepId('Z', steps)).toBe(stepId('Z', ['Y']));
    expect(stepId('Z', steps)).not.toBe(stepId('Y', steps));
  });
});
