import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './store.ts';

describe('isoTimestamp', () => {
  it.each([
    ['2026-11-26 09:07:00.123456+00', '2026-11-26T09:07:00.123Z'],
    ['2026-11-26 09:07:00.123999+00', '2026-11-26T09:07:00.123Z'],
    ['2026-11-26 09:07:00.5+00', '2026-11-26T09:07:00.500Z'],
    ['2026-11-26 09:07:00.05+00', '2026-11-26T09:07:00.050Z'],
    ['2026-11-26 09:07:00+00', '2026-11-26T09:07:00.000Z'],
    ['2026-11-26 10:07:00.123456+01', '2026-11-26T09:07:00.123Z'],
    ['2026-11-26 14:37:00.123456+05:30', '2026-11-26T09:07:00.123Z'],
  ])('writes PostgreSQL time %s as %s', (text, iso) => {
    expect(isoTimestamp(text)).toBe(iso);
  });

  it('writes any time in UTC exactly as Date#toISOString does', () => {
    // Microseconds since the epoch up to the year 2096, written as PostgreSQL writes them (trailing zeros of the fraction dropped).
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4e15 }), (micros) => {
        const seconds = new Date(Math.floor(micros / 1_000_000) * 1000).toISOString().slice(0, 19).replace('T', ' ');
        const fraction = String(micros % 1_000_000).padStart(6, '0').replace(/0+$/, '');
        const text = `${seconds}${fraction === '' ? '' : `.${fraction}`}+00`;
        expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
      }),
      { numRuns: 2000 },
    );
  });

  it('throws a RangeError for text that is not a time', () => {
    expect(() => isoTimestamp('not a time')).toThrow(RangeError);
  });
});
