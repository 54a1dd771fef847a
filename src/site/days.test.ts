import { describe, expect, it } from 'vitest';
import { DAY_TITLES, DAYS } from './days.ts';

describe('the days of the module', () => {
  it('lists every day whose lesson and schema exist, Day 1 to Day 5 in order (spec section 1)', () => {
    expect(DAYS.map(({ day }) => day)).toEqual([1, 2, 3, 4, 5]);
  });

  it('gives every listed day a title, and no title is left without its lesson', () => {
    expect(DAYS.map(({ day }) => day)).toEqual(Object.keys(DAY_TITLES).map(Number));
  });

  it('links each day to its page and names it as the menus do', () => {
    expect(DAYS[1]).toEqual({ day: 2, title: 'Understanding Cancer', label: 'Day 2: Understanding Cancer', path: '/sections/day-2' });
  });
});
