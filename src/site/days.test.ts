import { describe, expect, it } from 'vitest';
import { DAY_TITLES, DAYS } from './days.ts';
import { PUBLISHED_DAYS } from 'virtual:published-days';

describe('the days of the module', () => {
  it('lists every published day, in order', () => {
    expect(DAYS.map(({ day }) => day)).toEqual(PUBLISHED_DAYS);
    expect([...PUBLISHED_DAYS].sort((a, b) => a - b)).toEqual(PUBLISHED_DAYS);
  });

  it("gives every listed day its front matter's title, and no title is left without its lesson", () => {
    expect(DAYS.map(({ day }) => day)).toEqual(Object.keys(DAY_TITLES).map(Number));
    for (const { title } of DAYS) expect(title.trim()).not.toBe('');
  });

  it('links each day to its page and names it as the menus do', () => {
    for (const { day, title, label, path } of DAYS) {
      expect({ title, label, path }).toEqual({ title: DAY_TITLES[day], label: `Day ${day}: ${DAY_TITLES[day]}`, path: `/sections/day-${day}` });
    }
  });
});
