/**
 * Day 1's responsiveness for `npm run bench:web` (bench/README.md), measured against the floor page
 * (bench/web/floor-server.ts) in the same run: Debian's Chromium with 4x CPU throttling through CDP
 * (`Emulation.setCPUThrottlingRate`), no network throttling, a signed-in student whose Day 1 is saved
 * whole (every field filled, bench/lib/answers.ts), as a student has it by the end of the lesson.
 *
 * - **Editable**: the time from navigation start to a page a student can type into with the answers
 *   loaded: a `role="status"` element reading "Ready" (or "Saved • …") and a text box in `main`, noted by
 *   a MutationObserver installed before any page script (`performance.now()`, 0 = navigation start).
 *   Helix's Day 1 renders the lesson once the saved answers, the drafts on the device and the lesson
 *   chunk are in, and its save pill then reads "Ready"; the floor shows "Ready" and its one text box once
 *   its answers arrive. Cold loads in fresh browser contexts, each alone in the browser, the floor and Day 1
 *   in turn (the order reversed every other run).
 *   With a baseline (another build, bench:web's BASELINE_DIST), its Day 1 loads between the two.
 * - **Typing**: 200 characters typed, one every 50 ms, into the lesson's text box half-way down the
 *   page (not the first: the form above it is rendered and bound too), timed by the browser's own Event
 *   Timing entries (`PerformanceObserver` type `event` with `durationThreshold: 16`, plus
 *   `first-input`): input delay = `processingStart - startTime`, duration = the entry's `duration` (to
 *   the next paint). Events shorter than 16 ms are not reported, so a keystroke with no entry had an input
 *   delay under 16 ms. The floor's text box is typed into the same way, for comparison.
 * - **Switching the language**: on 5 more cold loads of Day 1, each by a student of its own whose
 *   language is English on the account (`PATCH /api/student/profile/`) and on the device (`helix.language`
 *   in localStorage, src/i18n/language.ts), every part rendered and a few characters typed into the same
 *   text box half-way down (its autosave let finish), the mouse clicks the app bar's "Language: English"
 *   and then the menu's "Español" (`menuitemradio`), at the place each is drawn (no scroll, as a mouse
 *   does). Timed in the page from the click event's `timeStamp` to the first frame drawn after the lesson
 *   shows Spanish: `<html lang="es">`, `main#main[lang="es"]` and its h1 reading "Día 1…", noted by a
 *   MutationObserver, then a `requestAnimationFrame` and a message posted from it (which runs once that
 *   frame is drawn). Every switch is the page's first, so each downloads the Spanish lesson and
 *   catalogues. The typed characters must still be in the box afterwards
 *   (docs/decisions/023-the-reader-s-language.md).
 */
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/browser.ts';

/** CPU slowdown of the issue (a low-end Chromebook): 4x. */
export const CPU_THROTTLING_RATE = 4;
/** Cold loads of each page (the floor, Day 1), in turn; the medians are compared. */
const EDITABLE_RUNS = 5;
/** How many characters are typed. */
const KEYSTROKES = 200;
/** The pause between keystrokes, ms: a quick typist, about 20 characters a second. */
const KEYSTROKE_INTERVAL_MS = 50;
/** The Event Timing threshold, ms (16 is the lowest the browser accepts). */
const DURATION_THRESHOLD_MS = 16;
/** Cold loads of Day 1, each switched once from English to Spanish; the median is judged. */
const SWITCH_RUNS = 5;
/** What is typed into the text box half-way down before each switch, and must be there after it. */
const SWITCH_TYPED = ' before the switch';
/** How long a switch may take before the run fails, ms. */
const SWITCH_TIMEOUT_MS = 30_000;

/** One Event Timing entry, as the page recorded it. Times in ms from navigation start. */
interface EventEntry {
  name: string;
  startTime: number;
  processingStart: number;
  processingEnd: number;
  duration: number;
  interactionId: number;
}

/** Typing into one text box, from the browser's Event Timing entries. Times in ms. */
export interface Typing {
  /** The text box's accessible name (its label), and its place among the page's text boxes. */
  field: string;
  keystrokes: number;
  keystrokeIntervalMs: number;
  durationThresholdMs: number;
  /** Keyboard and input Event Timing entries reported (each at least `durationThresholdMs` long). */
  entries: number;
  /** Over every reported entry; 0 when none was reported (all under the threshold). */
  maxInputDelayMs: number;
  /** Over the keystrokes' keydown entries, counting a keystroke with no entry as under the threshold (0). */
  p95InputDelayMs: number;
  maxDurationMs: number;
  /** Entries whose input delay reached the goal's limit. */
  overGoal: number;
  firstInput: { name: string; inputDelayMs: number; durationMs: number } | null;
  /** The slowest entries, to see what was slow. */
  slowest: EventEntry[];
  /**
   * The long animation frames (over 50 ms, the browser's Long Animation Frames API) while typing, longest
   * first, with the scripts that ran in them: what a slow keystroke waited for.
   */
  longFrames: LongFrame[];
}

/** A long animation frame as the page recorded it: times in ms from navigation start. */
interface LongFrame {
  startTime: number;
  duration: number;
  blockingDuration: number;
  scripts: { invoker: string; invokerType: string; sourceURL: string; sourceFunctionName: string; duration: number; forcedStyleAndLayoutDuration: number }[];
}

/** One switch of Day 1 from English to Spanish on a cold load. Times in ms from the click on "Español". */
export interface SwitchRun {
  /** To the first frame drawn once the lesson shows Spanish: the figure judged. */
  settledMs: number;
  /**
   * To the DOM showing Spanish (`<html lang="es">`, `main#main[lang="es"]`, its h1 "Día 1…") as the
   * MutationObserver sees it: the end of the task that commits the new lesson, its layout effects
   * included, before the frame that draws it.
   */
  shownMs: number;
  /** To `<html lang="es">` alone (set by src/i18n/switch.ts once the lesson and catalogues are in); null when not seen apart. */
  htmlLangMs: number | null;
  /** What the page requested after the click (Resource Timing): the path (an asset's file name), start and end of the response, bytes over the wire (0 from a cache). */
  downloads: { file: string; startMs: number; endMs: number; transferBytes: number }[];
  /** The long animation frames (over 50 ms) between the click and the settled frame, longest first, their `startTime` from the click. */
  longFrames: LongFrame[];
}

/** Switching Day 1's language, English to Spanish, as {@link measureDayResponsiveness} describes. Times in ms. */
export interface LanguageSwitch {
  /** The text box typed into before each switch, as {@link Typing}'s `field`. */
  field: string;
  /** The characters typed into it, found there after every switch. */
  typed: string;
  /** Each run's `settledMs`, in the order they ran. */
  runsMs: number[];
  medianMs: number;
  minMs: number;
  maxMs: number;
  /** The median of the runs' `shownMs` (to the commit, before the frame is drawn). */
  shownMedianMs: number;
  runs: SwitchRun[];
  signal: string;
}

/** What `measureDayResponsiveness` reports. Times in ms. */
export interface DayResponsiveness {
  cpuThrottlingRate: number;
  /**
   * Cold loads to editable, the floor's and Day 1's in the order they ran (floor, Day 1, floor, …); with a
   * baseline, its Day 1 between the two (floor, baseline, Day 1, …).
   */
  editable: {
    floorRunsMs: number[];
    dayRunsMs: number[];
    floorMedianMs: number;
    dayMedianMs: number;
    dayOverFloor: number;
    baseline: { runsMs: number[]; medianMs: number; overFloor: number } | null;
    signal: string;
  };
  typing: Typing;
  floorTyping: Typing;
  switchLanguage: LanguageSwitch;
}

/**
 * Runs in the page before any of its scripts: records when the page becomes editable and every Event
 * Timing entry in `window.__bench`. A string, not a function: tsx's transpiled functions call a `__name`
 * helper that does not exist in the page.
 */
const INSTRUMENT = `(() => {
  const bench = { editableAt: null, events: [], firstInput: null, frames: [] };
  window.__bench = bench;
  const copy = (entry) => ({ name: entry.name, startTime: entry.startTime, processingStart: entry.processingStart,
    processingEnd: entry.processingEnd, duration: entry.duration, interactionId: entry.interactionId || 0 });
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) bench.events.push(copy(entry)); })
    .observe({ type: 'event', durationThreshold: ${DURATION_THRESHOLD_MS}, buffered: true });
  new PerformanceObserver((list) => { const entry = list.getEntries()[0]; if (entry) bench.firstInput = copy(entry); })
    .observe({ type: 'first-input', buffered: true });
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries()) bench.frames.push({ startTime: frame.startTime, duration: frame.duration, blockingDuration: frame.blockingDuration,
      scripts: (frame.scripts || []).map((script) => ({ invoker: script.invoker, invokerType: script.invokerType, sourceURL: (script.sourceURL || '').split('/').pop(),
        sourceFunctionName: script.sourceFunctionName, duration: script.duration, forcedStyleAndLayoutDuration: script.forcedStyleAndLayoutDuration })) });
  }).observe({ type: 'long-animation-frame', buffered: true });
  const observer = new MutationObserver(() => {
    const pill = [...document.querySelectorAll('[role="status"]')].some((element) => /^(Ready|Saved)/.test((element.textContent || '').trim()));
    if (pill && document.querySelector('main textarea')) {
      bench.editableAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/**
 * Opens `url` in a fresh context with the student's tokens and the CPU throttled; resolves once editable.
 *
 * @param language - when given, the language this device's reader chose (`helix.language`, src/i18n/language.ts), e.g. `en`
 */
async function openCold(browser: Browser, url: string, tokens: { access: string; refresh: string }, language?: string): Promise<{ page: Page; editableMs: number }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addInitScript(
    ({ access, refresh, chosen }) => {
      localStorage.setItem('accessToken', access);
      localStorage.setItem('refreshToken', refresh);
      if (chosen) {
        localStorage.setItem('helix.language', chosen);
        localStorage.removeItem('helix.language.unsynced');
      }
    },
    { ...tokens, chosen: language ?? null },
  );
  await context.addInitScript(INSTRUMENT);
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING_RATE });
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __bench: { editableAt: number | null } }).__bench.editableAt !== null, null, { timeout: 60_000 });
  const editableMs = await page.evaluate(() => (window as unknown as { __bench: { editableAt: number } }).__bench.editableAt);
  return { page, editableMs: Math.round(editableMs) };
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

/**
 * Waits for every part of the lesson, then scrolls the text box half-way down `page`'s `main` (the only
 * one on the floor) into view and lets the scroll's work settle.
 *
 * @returns the box, its accessible name and `name`, and its place among the page's text boxes
 */
async function boxHalfWayDown(page: Page): Promise<{ field: Locator; label: string; name: string | null; index: number; count: number }> {
  // The whole lesson first: its parts after the first two render one at a time (engine/lesson/LessonSection.tsx).
  await page.waitForFunction(() => document.querySelector('.lesson-part--pending') === null, null, { timeout: 60_000 });
  const boxes = page.locator('main textarea');
  const count = await boxes.count();
  const index = Math.floor(count / 2);
  const field = boxes.nth(index);
  const label = (await field.getAttribute('aria-label')) ?? (await field.evaluate((element) => (element as HTMLTextAreaElement).labels?.[0]?.textContent?.trim() ?? ''));
  await field.scrollIntoViewIfNeeded();
  // Let the scroll's work (content drawn as it comes into view) settle before the first keystroke.
  await page.waitForTimeout(1_000);
  return { field, label, name: await field.getAttribute('name'), index, count };
}

/**
 * Types {@link KEYSTROKES} characters into the text box half-way down `page`'s `main` (the only one on
 * the floor) and reads the Event Timing entries the page recorded.
 *
 * @throws when a character typed is missing from the box afterwards
 */
async function typeHalfWayDown(page: Page, goals: { inputDelayMs: number }): Promise<Typing> {
  const { field, label, index, count } = await boxHalfWayDown(page);
  await page.evaluate(() => {
    const bench = (window as unknown as { __bench: { events: unknown[]; frames: unknown[] } }).__bench;
    bench.events = [];
    bench.frames = [];
  });
  await field.click();
  const text = 'Gene expression makes a protein from a gene; regulation decides when and how much. '.repeat(3).slice(0, KEYSTROKES);
  await page.keyboard.type(text, { delay: KEYSTROKE_INTERVAL_MS });
  // Let the last events and the autosave two seconds later finish, then read what the browser reported.
  await page.waitForTimeout(3_000);
  const recorded = await page.evaluate(() => (window as unknown as { __bench: { events: unknown[]; firstInput: unknown; frames: unknown[] } }).__bench);
  const typed = await field.inputValue();
  if (!typed.includes(text)) throw new Error(`Typing into "${label}" lost characters: the field holds ${typed.length} characters, without the ${text.length} typed.`);

  const keyboard = (recorded.events as EventEntry[]).filter((entry) => /^(keydown|keypress|keyup|beforeinput|input)$/.test(entry.name));
  const delay = (entry: EventEntry) => entry.processingStart - entry.startTime;
  const keydownDelays = keyboard.filter((entry) => entry.name === 'keydown').map(delay);
  const padded = [...keydownDelays, ...Array<number>(Math.max(0, KEYSTROKES - keydownDelays.length)).fill(0)];
  const first = recorded.firstInput as EventEntry | null;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    field: `"${label.slice(0, 80)}" (text box ${index + 1} of ${count})`,
    keystrokes: KEYSTROKES,
    keystrokeIntervalMs: KEYSTROKE_INTERVAL_MS,
    durationThresholdMs: DURATION_THRESHOLD_MS,
    entries: keyboard.length,
    maxInputDelayMs: round(Math.max(0, ...keyboard.map(delay))),
    p95InputDelayMs: round(percentile(padded, 0.95)),
    maxDurationMs: round(Math.max(0, ...keyboard.map((entry) => entry.duration))),
    overGoal: keyboard.filter((entry) => delay(entry) >= goals.inputDelayMs).length,
    firstInput: first ? { name: first.name, inputDelayMs: round(delay(first)), durationMs: round(first.duration) } : null,
    slowest: [...keyboard].sort((a, b) => b.duration - a.duration).slice(0, 5),
    longFrames: [...(recorded.frames as LongFrame[])].sort((a, b) => b.duration - a.duration).slice(0, 5),
  };
}

/**
 * Runs in the page just before the click on "Español" (a string, as {@link INSTRUMENT}): notes the
 * click's `timeStamp`, when `<html lang>` becomes `es`, when the lesson shows Spanish, and when the next
 * frame has been drawn (a message posted from a `requestAnimationFrame` callback runs after that frame);
 * `window.__switchDone` resolves with the times (ms from navigation start), or rejects after
 * {@link SWITCH_TIMEOUT_MS}. It empties the long frames recorded so far.
 */
const WATCH_SWITCH = `(() => {
  const times = { clickAt: null, htmlLangAt: null, shownAt: null, settledAt: null };
  window.__bench.frames = [];
  document.addEventListener('click', (event) => {
    if (times.clickAt === null && event.target instanceof Element && event.target.closest('[role="menuitemradio"][lang="es"]')) times.clickAt = event.timeStamp;
  }, { capture: true });
  window.__switchDone = new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error('no Spanish lesson within ${SWITCH_TIMEOUT_MS} ms: ' + JSON.stringify(times))), ${SWITCH_TIMEOUT_MS});
    const observer = new MutationObserver(() => {
      const now = performance.now();
      const spanish = document.documentElement.lang === 'es';
      if (spanish && times.htmlLangAt === null) times.htmlLangAt = now;
      const main = document.querySelector('main#main');
      const heading = main && main.querySelector('h1');
      if (!spanish || !main || main.getAttribute('lang') !== 'es' || !heading || !/^Día 1/.test((heading.textContent || '').trim())) return;
      times.shownAt = now;
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          times.settledAt = performance.now();
          resolve(times);
        };
        channel.port2.postMessage(null);
      });
    });
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['lang'] });
  });
})();`;

/** The times {@link WATCH_SWITCH} notes, ms from navigation start. */
interface SwitchTimes {
  clickAt: number | null;
  htmlLangAt: number | null;
  shownAt: number;
  settledAt: number;
}

/**
 * The centre of what `locator` matches, in the window's coordinates, once it is visible; the page is not
 * scrolled (Playwright's own click scrolls a sticky bar's control as if it were not sticky, moving the lesson).
 *
 * @throws when it is not drawn
 */
async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  await locator.waitFor({ state: 'visible', timeout: 30_000 });
  const box = await locator.boundingBox();
  if (box === null) throw new Error(`${String(locator)} is not drawn`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * One cold load of Day 1 switched from English to Spanish, as described above.
 *
 * @param tokens - a student of this run alone with Day 1 saved, English on the account
 * @throws when the page is not in English before, not in Spanish within {@link SWITCH_TIMEOUT_MS}, or the typed characters are gone after
 */
async function switchOnce(browser: Browser, dayUrl: string, tokens: { access: string; refresh: string }): Promise<{ run: SwitchRun; field: string }> {
  const { page } = await openCold(browser, dayUrl, tokens, 'en');
  try {
    const { field, label, name, index, count } = await boxHalfWayDown(page);
    await field.click();
    await page.keyboard.type(SWITCH_TYPED, { delay: KEYSTROKE_INTERVAL_MS });
    // Its autosave two seconds later, as the typing measure leaves the page.
    await page.waitForTimeout(3_000);
    const before = await page.evaluate(() => ({ html: document.documentElement.lang, heading: document.querySelector('main#main h1')?.textContent?.trim() ?? '' }));
    if (before.html !== 'en' || !before.heading.startsWith('Day 1')) throw new Error(`Day 1 was not in English before the switch: <html lang="${before.html}">, h1 "${before.heading}"`);

    const button = await centreOf(page.getByRole('button', { name: 'Language: English', exact: true }));
    await page.mouse.click(button.x, button.y);
    const spanish = page.getByRole('menuitemradio', { name: 'Español', exact: true });
    const item = await centreOf(spanish);
    await page.mouse.move(item.x, item.y);
    // The menu's code arrives on first use (src/layout/menus-loader.ts) and it opens with an animation: let both finish.
    await page.waitForTimeout(500);
    await page.evaluate(WATCH_SWITCH);
    await page.mouse.click(item.x, item.y);
    const times = await page.evaluate<SwitchTimes>('window.__switchDone');
    if (times.clickAt === null) throw new Error('The click on "Español" was not seen by the page');
    // Long animation frames are reported a moment after they end.
    await page.waitForTimeout(500);
    const recorded = await page.evaluate<{ frames: LongFrame[]; downloads: { file: string; startMs: number; endMs: number; transferBytes: number }[] }>(`(() => ({
      frames: window.__bench.frames,
      downloads: performance.getEntriesByType('resource').filter((entry) => entry.startTime >= ${times.clickAt})
        .map((entry) => ({ file: new URL(entry.name).pathname.replace('/assets/', ''), startMs: Math.round(entry.startTime - ${times.clickAt}), endMs: Math.round(entry.responseEnd - ${times.clickAt}), transferBytes: entry.transferSize })),
    }))()`);
    const box = name === null ? page.locator('main textarea').nth(index) : page.locator(`main textarea[name="${name}"]`);
    const after = await box.inputValue();
    if (!after.includes(SWITCH_TYPED)) throw new Error(`Switching the language lost what was typed into "${label}": the box holds ${after.length} characters, without "${SWITCH_TYPED}".`);
    const clickAt = times.clickAt;
    const fromClick = (at: number) => Math.round(at - clickAt);
    return {
      field: `"${label.slice(0, 80)}" (text box ${index + 1} of ${count})`,
      run: {
        settledMs: fromClick(times.settledAt),
        shownMs: fromClick(times.shownAt),
        htmlLangMs: times.htmlLangAt === null ? null : fromClick(times.htmlLangAt),
        downloads: recorded.downloads,
        longFrames: recorded.frames
          .filter((frame) => frame.startTime + frame.duration >= clickAt && frame.startTime <= times.settledAt)
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 5)
          .map((frame) => ({ ...frame, startTime: fromClick(frame.startTime) })),
      },
    };
  } finally {
    await page.context().close();
  }
}

/**
 * {@link SWITCH_RUNS} switches, each on a cold load by a student of its own.
 *
 * @param newStudent - signs up a student with Day 1 saved and resolves with their tokens
 * @param toEnglish - sets the student's language on the account to English (`PATCH /api/student/profile/`)
 */
async function measureSwitches(
  browser: Browser,
  dayUrl: string,
  newStudent: () => Promise<{ access: string; refresh: string }>,
  toEnglish: (tokens: { access: string; refresh: string }) => Promise<void>,
): Promise<LanguageSwitch> {
  const runs: SwitchRun[] = [];
  let field = '';
  for (let run = 0; run < SWITCH_RUNS; run += 1) {
    // A student of their own each time: an access token lasts 5 minutes, and a refresh in one browser
    // context would rotate away the token the next one starts with.
    const tokens = await newStudent();
    await toEnglish(tokens);
    const measured = await switchOnce(browser, dayUrl, tokens);
    runs.push(measured.run);
    field = measured.field;
  }
  const runsMs = runs.map((run) => run.settledMs);
  return {
    field,
    typed: SWITCH_TYPED,
    runsMs,
    medianMs: percentile(runsMs, 0.5),
    minMs: Math.min(...runsMs),
    maxMs: Math.max(...runsMs),
    shownMedianMs: percentile(
      runs.map((run) => run.shownMs),
      0.5,
    ),
    runs,
    signal:
      'click event timeStamp on "Español" to the frame drawn after <html lang="es"> and main#main[lang="es"] with h1 "Día 1…" (MutationObserver, then requestAnimationFrame and a posted message)',
  };
}

/**
 * Measures Day 1 and the floor as described above, in a Chromium of its own (closed before resolving).
 *
 * @param origin - the running Helix server, e.g. `http://127.0.0.1:41234`
 * @param floorUrl - the floor page's URL (bench/web/floor-server.ts), answered by the same server's API
 * @param tokens - a signed-in student's tokens (`access`, `refresh` as the API returns them), Day 1 saved
 * @param newStudent - signs up another such student (one for each language switch) and resolves with their tokens
 * @param toEnglish - sets a student's language on the account to English (`PATCH /api/student/profile/` with `{"language": "en"}`)
 * @throws when a page does not become editable within 60 s, typing loses a character, or a language switch fails or loses what was typed
 */
export async function measureDayResponsiveness({
  origin,
  floorUrl,
  tokens,
  newStudent,
  toEnglish,
  baseline,
  goals,
}: {
  origin: string;
  floorUrl: string;
  tokens: { access: string; refresh: string };
  newStudent: () => Promise<{ access: string; refresh: string }>;
  toEnglish: (tokens: { access: string; refresh: string }) => Promise<void>;
  /** Another build's server and a student of its own with Day 1 saved, measured in turn with this one; or null. */
  baseline: { origin: string; tokens: { access: string; refresh: string } } | null;
  goals: { inputDelayMs: number };
}): Promise<DayResponsiveness> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const floorRunsMs: number[] = [];
    const dayRunsMs: number[] = [];
    const baselineRunsMs: number[] = [];
    const dayUrl = `${origin}/sections/day-1`;
    // Each load alone in the browser: a page left open keeps its timers and its rendering going, and
    // would slow the next load of another page. The order turns round every run.
    const loads = [
      { url: floorUrl, tokens, into: floorRunsMs },
      ...(baseline === null ? [] : [{ url: `${baseline.origin}/sections/day-1`, tokens: baseline.tokens, into: baselineRunsMs }]),
      { url: dayUrl, tokens, into: dayRunsMs },
    ];
    for (let run = 0; run < EDITABLE_RUNS; run += 1) {
      for (const load of run % 2 === 0 ? loads : [...loads].reverse()) {
        const opened = await openCold(browser, load.url, load.tokens);
        load.into.push(opened.editableMs);
        await opened.page.context().close();
      }
    }
    const floorPage = (await openCold(browser, floorUrl, tokens)).page;
    const floorTyping = await typeHalfWayDown(floorPage, goals);
    await floorPage.context().close();
    const dayPage = (await openCold(browser, dayUrl, tokens)).page;
    const typing = await typeHalfWayDown(dayPage, goals);
    // Closed before the switches' loads, as every page is: it would go on rendering and autosaving beside them.
    await dayPage.context().close();
    const switchLanguage = await measureSwitches(browser, dayUrl, newStudent, toEnglish);
    const floorMedianMs = percentile(floorRunsMs, 0.5);
    const dayMedianMs = percentile(dayRunsMs, 0.5);
    return {
      cpuThrottlingRate: CPU_THROTTLING_RATE,
      editable: {
        floorRunsMs,
        dayRunsMs,
        floorMedianMs,
        dayMedianMs,
        dayOverFloor: Math.round((dayMedianMs / floorMedianMs) * 100) / 100,
        baseline:
          baseline === null
            ? null
            : { runsMs: baselineRunsMs, medianMs: percentile(baselineRunsMs, 0.5), overFloor: Math.round((percentile(baselineRunsMs, 0.5) / floorMedianMs) * 100) / 100 },
        signal: 'a role="status" reading "Ready"/"Saved" and a text box in main (MutationObserver, performance.now() from navigation start)',
      },
      typing,
      floorTyping,
      switchLanguage,
    };
  } finally {
    await browser.close();
  }
}
