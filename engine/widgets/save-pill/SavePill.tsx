import { useAnswersReadOnly, useSaveState } from '../../answers/AnswersForm.tsx';
import type { SaveState } from '../../answers/session.ts';
import messages from '../../../content/locales/en/engine.json';
import { translator, useLocale, useMessages, type Translate } from '../../i18n/messages.ts';
import './SavePill.css';

/** Longest field label the pill shows after the too-long text, in characters; a longer one is cut at a word, with "…". */
export const TOO_LARGE_LABEL_MAX_CHARS = 60;

/**
 * A field's label cut to {@link TOO_LARGE_LABEL_MAX_CHARS} at a word, keeping the item number
 * `answerFields` ends a list item's or a table cell's label with (" (3)", " (row 2)", " (fila 2)").
 */
function clipLabel(label: string): string {
  const number = /\s\((?:\D+ )?\d+\)$/.exec(label)?.[0] ?? '';
  const text = label.slice(0, label.length - number.length);
  if (text.length <= TOO_LARGE_LABEL_MAX_CHARS) return label;
  const cut = text.slice(0, TOO_LARGE_LABEL_MAX_CHARS);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > TOO_LARGE_LABEL_MAX_CHARS / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.:;]+$/, '')}…${number}`;
}

/**
 * The pill's text for a save state (docs/requirements.md#save-state), in the reader's language
 * (`savePill.*` in content/locales/LOCALE/engine.json; the English is docs/requirements.md's word for word):
 * "Autosaving…" while a save runs; after a save refused as too large (413: the student must shorten an
 * answer, waiting will not help, docs/security.md#server-limits), that the answer is too long and the
 * largest answer's label, cut to {@link TOO_LARGE_LABEL_MAX_CHARS}; after another failed save, that the
 * answers are kept on this device (when they are, docs/decisions/005-revisions-and-drafts.md);
 * "(unsaved)" while dirty otherwise; that the day was opened from this device when the server could not
 * be reached (docs/decisions/010-offline-days.md); "Saved • time" after a save or a load; "Ready" before
 * any. It never says "Saved" for answers the server has not confirmed.
 *
 * @param state - the autosave state
 * @param t - the engine catalogue's messages in the reader's language; English unless given (tests)
 * @param locale - BCP 47 locale for the time; the browser's unless given (tests)
 */
export function savePillText(state: SaveState, t: Translate<typeof messages> = translator(messages), locale?: string): string {
  if (state.saving) return t('savePill.saving');
  if (state.dirty && state.failure === 'too-large') return state.tooLarge ? t('savePill.tooLargeField', { label: clipLabel(state.tooLarge.label) }) : t('savePill.tooLarge');
  if (state.dirty && state.onDevice && state.failure === 'offline') return t('savePill.offlineOnDevice');
  if (state.dirty && state.onDevice && state.failure === 'server') return t('savePill.serverFailingOnDevice');
  if (state.dirty) return t('savePill.unsaved');
  if (state.fromDevice) return t('savePill.openedFromDevice');
  if (state.savedAt) return t('savePill.savedAt', { time: formatClock(state.savedAt, locale) });
  return t('savePill.ready');
}

/** Hours and minutes in the reader's locale and time zone, e.g. "9:05 AM" (en-US), "09:05" (en-GB) or "9:05 a. m." (es-US). */
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
  const t = useMessages(messages);
  const locale = useLocale();
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
      {savePillText(state, t, timeLocale(locale))}
    </div>
  );
}

/**
 * The locale a time is written in: the browser's own when it speaks the reader's language (so `en-GB`
 * keeps its 24-hour clock), else the reader's language.
 */
function timeLocale(language: string): string {
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages;
  return browser.find((each) => each.split('-')[0] === language) ?? language;
}
