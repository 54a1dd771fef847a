import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_TITLES } from 'virtual:day-titles';
import { PUBLISHED_DAYS } from 'virtual:published-days';
import { activateLocale } from '../../engine/index.ts';
import { DAYS, dayTitle, MODULE_PAGES } from './days.ts';

describe('the days of the module', () => {
  afterEach(async () => {
    await act(() => activateLocale('en'));
  });

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
      expect({ title, label, path }).toEqual({ title: DAY_TITLES[day]!.en, label: `Day ${day}: ${DAY_TITLES[day]!.en}`, path: `/sections/day-${day}` });
    }
  });

  it("names the days in the reader's language once they switch, from each translation's front matter", async () => {
    await act(() => activateLocale('es'));
    expect(dayTitle(1)).toBe(DAY_TITLES[1]!.es);
    expect(DAYS[0]!.label).toBe(`Día 1: ${DAY_TITLES[1]!.es}`);
    expect(MODULE_PAGES.find(({ path }) => path === DAYS[0]!.path)?.title).toBe(`Día 1: ${DAY_TITLES[1]!.es}`);
    expect(DAY_TITLES[1]!.es).not.toBe(DAY_TITLES[1]!.en);
  });
});
