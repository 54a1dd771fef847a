/** One day of the week's workbook, as linked from the home page and the navigation. */
export interface DayLink {
  day: number;
  title: string;
  path: string;
}

/** The week at a glance (spec section 1), in order. */
export const DAYS: readonly DayLink[] = [
  { day: 1, title: 'Gene Regulation', path: '/sections/day-1' },
  { day: 2, title: 'Understanding Cancer', path: '/sections/day-2' },
  { day: 3, title: 'How Do We Detect Cancer?', path: '/sections/day-3' },
  { day: 4, title: 'Expression Differences', path: '/sections/day-4' },
  { day: 5, title: 'Poster Symposium', path: '/sections/day-5' },
];
