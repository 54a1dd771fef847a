import engineMessages from '../../content/locales/en/engine.json';
import { createAnswersSession, openDraftStore, translator, type AnswersSession } from '../../engine/index.ts';
import { answerSessions, answersOwner } from '../auth/answer-sessions.ts';
import { settle, type Loaded } from '../layout/loaded.ts';
import { readingLanguage } from '../i18n/language.ts';
import { dayAnswersTransport, draftScope } from './day-answers.ts';
import { loadDayContent, loadDaySchema, type DayContent } from './registry.ts';

// Opening a day apart from its page's code: src/preload-route.ts starts it on a first visit while the page's
// chunk (the lesson engine and its widgets) is still downloading (docs/decisions/011-first-visit-javascript.md).

const t = translator(engineMessages);

/** A list item's or a table row's field label with its number, in the reader's language ("… (fila 2)"), for the save pill. */
const numberedLabel = (label: string, { number, row }: { number: number; row: boolean }) => t(row ? 'answerField.row' : 'answerField.item', { label, number });

/** A day ready to show: its lesson and its opened answers session; null when the day is not published. */
export type OpenedDay = { content: DayContent; session: AnswersSession } | null;

/** A day opened before its page first rendered ({@link preloadDay}), waiting for the page to take it. */
let preloaded: { day: number; scope: string; opened: Promise<Loaded<OpenedDay>> } | null = null;

/**
 * Opens a day: downloads the lesson, in the language the student reads, while the day's answers session opens (the schema is a small chunk
 * of its own). Opening waits for the save the previous visit started, loads the saved answers, repairs
 * them and merges any draft on the device (docs/decisions/007-one-answers-session.md). A failure to load
 * the saved answers is silent: the session then saves with no base revision, so it can never overwrite
 * answers it did not see. A failed lesson download is `failed`.
 */
function openDay(day: number, scope: string): Promise<Loaded<OpenedDay>> {
  // Made now, so the device's drafts start opening while the schema downloads; unused when the
  // student's session of this day is already open.
  const drafts = openDraftStore(scope);
  const opening = loadDaySchema(day).then((schema) => {
    if (!schema) return null;
    const session = answerSessions.get(scope, () => createAnswersSession({ schema, transport: dayAnswersTransport(day), drafts, numberedLabel }));
    return session.open().then(() => session);
  });
  const opened = Promise.all([loadDayContent(day, readingLanguage()), opening]).then(([content, session]) => (content && session ? { content, session } : null));
  return settle(opened, `Day ${day}`);
}

/**
 * Starts opening a day before its page has rendered (src/preload-route.ts calls it on a first visit with a
 * stored login): the device's drafts are read and the saved answers loaded while the page's code
 * downloads and React draws the rest of the page. {@link takeDay} hands what it started to the page
 * once, and only for the same student and day.
 *
 * @param day - a published day's number (src/site/days.ts)
 */
export function preloadDay(day: number): void {
  const scope = draftScope(answersOwner(), day);
  preloaded = { day, scope, opened: openDay(day, scope) };
}

/**
 * A day for its page to show: the opening {@link preloadDay} started for the same student and day,
 * taken once, else a new opening ({@link openDay}). Never rejects.
 *
 * @param day - a published day's number (src/site/days.ts)
 */
export function takeDay(day: number): Promise<Loaded<OpenedDay>> {
  const scope = draftScope(answersOwner(), day);
  const early = preloaded;
  preloaded = null;
  return early && early.day === day && early.scope === scope ? early.opened : openDay(day, scope);
}
