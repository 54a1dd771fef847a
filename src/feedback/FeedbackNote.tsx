import type { ReactNode } from 'react';
import messages from '../../content/locales/en/day.json';
import { useMessages } from '../../engine/index.ts';
import type { Feedback } from '../api/feedback-endpoints.ts';
import './feedback.css';

/**
 * Whether the answers path `path` belongs to the field `name` a widget binds: the field itself, or a
 * cell of it when it is a table's list of rows (`name.0.column`).
 */
export function isUnder(path: string, name: string): boolean {
  return path === name || path.startsWith(`${name}.`);
}

/** The feedback on the field `name` a widget binds ({@link isUnder}), oldest first. */
export function feedbackOn(feedback: readonly Feedback[], name: string): Feedback[] {
  return feedback.filter((each) => isUnder(each.field, name));
}

/** The row number, from 1, of a cell of a table's row under `name` (`analogies.1.why` → 2), else null. */
function rowOf(feedback: Feedback, name: string): number | null {
  const row = /^(\d+)(?:\.|$)/.exec(feedback.field.slice(name.length + 1));
  return row ? Number(row[1]) + 1 : null;
}

export interface FeedbackNoteProps {
  feedback: Feedback;
  /** The field of the widget it is shown under; names the row when the feedback is on a table's cell. */
  name: string;
  /** Shown under the text: the facilitator's read mark and buttons. */
  children?: ReactNode;
}

/**
 * One facilitator's feedback on an answer, shown under the widget that holds the answer
 * (docs/facilitators.md#feedback): a labelled note, "Feedback from Ms Rivera" (and the row, for a table's
 * cell: "… on row 2"; `feedbackNote.*` of content/locales/LOCALE/app.json), then the text as typed, line
 * breaks kept, never as HTML. Made of phrasing content only
 * (`span`s), because a blank's note sits inside its sentence's paragraph.
 */
export function FeedbackNote({ feedback, name, children }: FeedbackNoteProps) {
  const t = useMessages(messages);
  const author = `${feedback.author.first_name} ${feedback.author.last_name}`.trim();
  const row = rowOf(feedback, name);
  const label = row === null ? t('feedbackNote.from', { author }) : t('feedbackNote.fromOnRow', { author, row });
  return (
    <span className="feedback-note" role="note" aria-label={label} data-unread={feedback.read_at === null ? 'true' : undefined}>
      <strong className="feedback-note__from">{label}</strong>
      <span className="feedback-note__body">{feedback.body}</span>
      {children}
    </span>
  );
}

/** Every {@link FeedbackNote} on the field `name`, or null when it has none. */
export function FeedbackNotes({ feedback, name }: { feedback: readonly Feedback[]; name: string }) {
  const notes = feedbackOn(feedback, name);
  if (notes.length === 0) return null;
  return (
    <span className="feedback-notes">
      {notes.map((each) => (
        <FeedbackNote key={each.id} feedback={each} name={name} />
      ))}
    </span>
  );
}
