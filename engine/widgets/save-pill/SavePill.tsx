import { useAnswersReadOnly, useSaveState } from '../../answers/AnswersForm.tsx';
import type { SaveState } from '../../answers/session.ts';
import './SavePill.css';

/** Shown while the server cannot be reached and the latest edit is in this device's draft (docs/decisions/005-revisions-and-drafts.md). */
export const OFFLINE_ON_DEVICE_TEXT = 'Offline — saved on this device';
/**
 * Shown while nothing is edited on a day opened while the server could not be reached: the page and the
 * answers on it come from this device (docs/decisions/010-offline-days.md).
 */
export const OPENED_FROM_DEVICE_TEXT = 'Offline — opened from this device';
/** Shown while the server answers with errors and the latest edit is in this device's draft. */
export const SERVER_FAILING_ON_DEVICE_TEXT = 'Not saved yet — kept on this device';
/**
 * Shown, followed by the field, while the server refuses the answers as larger than it accepts (413):
 * the student must shorten an answer, and waiting will not help (docs/security.md#server-limits).
 */
export const TOO_LARGE_TEXT = 'This answer is too long to save';
/** Longest field label the pill shows after {@link TOO_LARGE_TEXT}, in characters; a longer one is cut at a word, with "…". */
export const TOO_LARGE_LABEL_MAX_CHARS = 60;

/**
 * A field's label cut to {@link TOO_LARGE_LABEL_MAX_CHARS} at a word, keeping the item number
 * `answerFields` ends a list item's or a table cell's label with (" (3)", " (row 2)").
 */
function clipLabel(label: string): string {
  const number = /\s\((?:row )?\d+\)$/.exec(label)?.[0] ?? '';
  const text = label.slice(0, label.length - number.length);
  if (text.length <= TOO_LARGE_LABEL_MAX_CHARS) return label;
  const cut = text.slice(0, TOO_LARGE_LABEL_MAX_CHARS);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > TOO_LARGE_LABEL_MAX_CHARS / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.:;]+$/, '')}…${number}`;
}

/**
 * The pill's text for a save state (docs/requirements.md#save-state): "Autosaving…" while a save
 * runs; after a save refused as too large, {@link TOO_LARGE_TEXT} and the largest answer's label, cut
 * to {@link TOO_LARGE_LABEL_MAX_CHARS} (`This answer is too long to save — “Your reflection.”`); after
 * another failed save, that the answers are kept on this device (when they are); "(unsaved)" while
 * dirty otherwise; that the day was opened from this device when the server could not be reached;
 * "Saved • time" after a save or a load; "Ready" before any. It never says "Saved" for
 * answers the server has not confirmed.
 *
 * @param state - the autosave state
 * @param locale - BCP 47 locale for the time; the browser's unless given (tests)
 */
export function savePillText(state: SaveState, locale?: string): string {
  if (state.saving) return 'Autosaving…';
  if (state.dirty && state.failure === 'too-large') return state.tooLarge ? `${TOO_LARGE_TEXT} — “${clipLabel(state.tooLarge.label)}”` : TOO_LARGE_TEXT;
  if (state.dirty && state.onDevice && state.failure === 'offline') return OFFLINE_ON_DEVICE_TEXT;
  if (state.dirty && state.onDevice && state.failure === 'server') return SERVER_FAILING_ON_DEVICE_TEXT;
  if (state.dirty) return '(unsaved)';
  if (state.fromDevice) return OPENED_FROM_DEVICE_TEXT;
  if (state.savedAt) return `Saved • ${formatClock(state.savedAt, locale)}`;
  return 'Ready';
}

/** Hours and minutes in the student's locale and time zone, e.g. "9:05 AM" (en-US) or "09:05" (en-GB). */
function formatClock(date: Date, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(date);
}

/**
 * The save status of a day page (docs/requirements.md#day-pages). A polite live region, so
 * a screen reader hears "Saved • 9:05 AM" without losing its place.
 *
 * It never covers lesson text (docs/design.md#things-that-float; SavePill.css): in windows at least 1320
 * px wide it floats at the bottom right, no wider than the margin beside the lesson column; in narrower
 * ones (phones, 200 % zoom of a Chromebook) it is an opaque full-width bar at the bottom of the viewport,
 * and the page's bottom padding reserves its height so the end of the lesson scrolls clear of it. Checked
 * by e2e/save-pill.spec.ts at 1366x768, 390x844 and 200 % zoom. Not rendered in a read-only form:
 * answers only shown are never saved.
 */
export function SavePill() {
  const readOnly = useAnswersReadOnly('SavePill');
  const state = useSaveState('SavePill');
  if (readOnly) return null;
  const tone = state.saving
    ? 'saving'
    : state.dirty
      ? state.failure === 'too-large'
        ? 'too-large'
        : state.failure && state.onDevice
          ? 'on-device'
          : 'dirty'
      : state.fromDevice
        ? 'on-device'
        : state.savedAt
          ? 'saved'
          : 'ready';
  return (
    <div className={`save-pill save-pill--${tone}`} role="status" aria-live="polite">
      {savePillText(state)}
    </div>
  );
}
