import { describe, expect, it, vi } from 'vitest';

// The pages themselves are not needed to know which one a path starts downloading.
vi.mock('./pages/HomePage.tsx', () => ({}));
vi.mock('./pages/LoginPage.tsx', () => ({}));
vi.mock('./pages/WorkbookPage.tsx', () => ({}));
vi.mock('./pages/QuizPage.tsx', () => ({}));
vi.mock('./pages/SectionPage.tsx', () => ({}));
vi.mock('./days/DayPage.tsx', () => ({}));
vi.mock('./facilitator/ClassesPage.tsx', () => ({}));
vi.mock('./facilitator/ClassPage.tsx', () => ({}));
vi.mock('./facilitator/AdminPage.tsx', () => ({}));

// The day's chunk arrives when a test lets it (a network holding it up, until then).
const preloadDay = vi.fn();
let arrive: () => void = () => undefined;
const arrival = new Promise<void>((resolve) => (arrive = resolve));
vi.mock('./days/open-day.ts', async () => {
  await arrival;
  return { preloadDay };
});

const { dayOpeningStarted, preloadRoute } = await import('./preload-route.ts');

describe('preloading the page being opened (docs/decisions/011-first-visit-javascript.md)', () => {
  it.each([
    ['/', 'home'],
    ['/login', 'login'],
    ['/workbooks/7', 'workbook'],
    ['/workbooks/7/', 'workbook'],
    ['/student_profile/post_module', 'quiz'],
    ['/sections/vocabulary', 'section'],
    ['/sections/day-3', 'day'],
    ['/facilitator', 'classes'],
    ['/facilitator/classes/7', 'class'],
    ['/facilitator/admin', 'admin'],
  ])('starts the chunk of %s: %s', (path, page) => {
    expect(preloadRoute(path)).toBe(page);
  });

  it('starts nothing for a path the app redirects', () => {
    expect(preloadRoute('/sections/day-9')).toBeNull();
    expect(preloadRoute('/workbooks/7/edit')).toBeNull();
  });

  it('lets the app start after the longest wait while the day’s chunk is held up, and once the day has started opening after it arrives', async () => {
    localStorage.setItem('accessToken', 'stored-access-token');
    try {
      preloadRoute('/sections/day-2');
      const started = vi.fn();
      const waited = Date.now();
      await dayOpeningStarted(300).then(started);
      expect(Date.now() - waited).toBeGreaterThanOrEqual(250);
      expect(preloadDay).not.toHaveBeenCalled();

      arrive();
      await dayOpeningStarted(60_000);
      expect(preloadDay).toHaveBeenCalledWith(2);
    } finally {
      localStorage.removeItem('accessToken');
    }
  });
});
