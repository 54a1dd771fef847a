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
 */
import { chromium, type Browser, type Page } from 'playwright-core';
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

/** Opens `url` in a fresh context with the student's tokens and the CPU throttled; resolves once editable. */
async function openCold(browser: Browser, url: string, tokens: { access: string; refresh: string }): Promise<{ page: Page; editableMs: number }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addInitScript(({ access, refresh }) => {
    localStorage.setItem('accessToken', access);
    localStorage.setItem('refreshToken', refresh);
  }, tokens);
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
 * Types {@link KEYSTROKES} characters into the text box half-way down `page`'s `main` (the only one on
 * the floor) and reads the Event Timing entries the page recorded.
 *
 * @throws when a character typed is missing from the box afterwards
 */
async function typeHalfWayDown(page: Page, goals: { inputDelayMs: number }): Promise<Typing> {
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
 * Measures Day 1 and the floor as described above, in a Chromium of its own (closed before resolving).
 *
 * @param origin - the running Helix server, e.g. `http://127.0.0.1:41234`
 * @param floorUrl - the floor page's URL (bench/web/floor-server.ts), answered by the same server's API
 * @param tokens - a signed-in student's tokens (`access`, `refresh` as the API returns them), Day 1 saved
 * @throws when a page does not become editable within 60 s, or typing loses a character
 */
export async function measureDayResponsiveness({
  origin,
  floorUrl,
  tokens,
  baseline,
  goals,
}: {
  origin: string;
  floorUrl: string;
  tokens: { access: string; refresh: string };
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
    };
  } finally {
    await browser.close();
  }
}
