import { useCallback, useEffect, useId, useRef, useState } from 'react';
import messages from '../../content/locales/en/console.json';
import { useLocale, useMessages } from '../../engine/index.ts';
import { apiClient, type ApiClient } from '../api/client.ts';
import { feedbackResults, type Feedback } from '../api/feedback-endpoints.ts';
import { FeedbackNote } from '../feedback/FeedbackNote.tsx';
import { ConfirmButton } from './dialogs.tsx';
import { exactTime, formatLocale, problemOf, relativeTime } from './format.ts';

/** Longest feedback, characters, as the server allows (server/facilitator/feedback.ts). */
export const MAX_FEEDBACK_LENGTH = 2_000;

const studentDayPath = (classId: number, studentId: number, day: number) => `/api/facilitator/classes/${classId}/students/${studentId}/days/${day}/feedback/`;

/**
 * The feedback on a student's answers for a day: `GET .../students/{studentId}/days/{day}/feedback/`.
 *
 * @throws ApiError 404 when the class or student is not one the facilitator can see; `status` 0 when offline
 */
export async function fetchStudentFeedback(classId: number, studentId: number, day: number, client: ApiClient = apiClient): Promise<Feedback[]> {
  return feedbackResults(await client.request<unknown>(studentDayPath(classId, studentId, day)));
}

/**
 * The feedback on every answer of a class's students for a day: `GET /api/facilitator/classes/{id}/days/{day}/feedback/`.
 *
 * @throws ApiError 404 when the class is not one the facilitator can see; `status` 0 when offline
 */
export async function fetchClassFeedback(classId: number, day: number, client: ApiClient = apiClient): Promise<Feedback[]> {
  return feedbackResults(await client.request<unknown>(`/api/facilitator/classes/${classId}/days/${day}/feedback/`));
}

/** Where feedback is written: a class, one of its students and a day. */
export interface FeedbackPlace {
  classId: number;
  studentId: number;
  day: number;
}

/** What a facilitator can do with the feedback of a page, each updating what the page shows once the server has answered. */
export interface FeedbackActions {
  /** Writes feedback on `field`; rejects with the server's ApiError (the editor shows it and keeps the text). */
  write(place: FeedbackPlace, field: string, body: string): Promise<void>;
  /** Replaces the body of the facilitator's own feedback (it becomes unread for the student). */
  edit(place: FeedbackPlace, id: number, body: string): Promise<void>;
  /** Deletes the facilitator's own feedback. */
  remove(place: FeedbackPlace, id: number): Promise<void>;
}

/** A change to a page's feedback: the list after it, from the list before. */
export type FeedbackChange = (previous: readonly Feedback[]) => readonly Feedback[];

/**
 * A page's feedback, as loaded, with the {@link FeedbackActions} that change it on the server and then here.
 *
 * @param loaded - the feedback the page loaded with its data
 * @param keep - also given each change once the server has accepted it, so the page's query cache holds
 * the same list (docs/decisions/018-console-data.md); the page then passes the changed list as `loaded`
 */
export function useFeedback(loaded: readonly Feedback[], keep?: (change: FeedbackChange) => void, client: ApiClient = apiClient): { feedback: readonly Feedback[]; actions: FeedbackActions } {
  const [state, setState] = useState({ loaded, feedback: loaded });
  // Another student or day loaded into the same page, or the cache changed: start from its feedback.
  if (state.loaded !== loaded) setState({ loaded, feedback: loaded });
  const feedback = state.loaded === loaded ? state.feedback : loaded;
  const setFeedback = useCallback(
    (change: FeedbackChange) => {
      setState((previous) => ({ ...previous, feedback: change(previous.feedback) }));
      keep?.(change);
    },
    [keep],
  );
  const write = useCallback(
    async (place: FeedbackPlace, field: string, body: string) => {
      const created = await client.request<Feedback>(studentDayPath(place.classId, place.studentId, place.day), { method: 'POST', body: { field, body } });
      setFeedback((previous) => [...previous, created]);
    },
    [client, setFeedback],
  );
  const edit = useCallback(
    async (place: FeedbackPlace, id: number, body: string) => {
      const edited = await client.request<Feedback>(`${studentDayPath(place.classId, place.studentId, place.day)}${id}/`, { method: 'PATCH', body: { body } });
      setFeedback((previous) => previous.map((each) => (each.id === id ? edited : each)));
    },
    [client, setFeedback],
  );
  const remove = useCallback(
    async (place: FeedbackPlace, id: number) => {
      await client.request<unknown>(`${studentDayPath(place.classId, place.studentId, place.day)}${id}/`, { method: 'DELETE' });
      setFeedback((previous) => previous.filter((each) => each.id !== id));
    },
    [client, setFeedback],
  );
  return { feedback, actions: { write, edit, remove } };
}

interface EditorProps {
  /** Who it is for, as the page names them ("Ana Lee", or "Student 3" with names hidden). */
  studentName: string;
  /** The text to start from: empty for new feedback. */
  initial: string;
  /** The send button's text, in the reader's language: "Send feedback" or "Save". */
  submitLabel: string;
  /** The questions it may be about, when the widget holds several (a table's cells); omitted for one. */
  fields?: readonly { path: string; prompt: string }[];
  onSubmit(body: string, field: string | null): Promise<void>;
  onCancel(): void;
}

/**
 * Where a facilitator writes or edits feedback: a labelled text box (at most {@link MAX_FEEDBACK_LENGTH}
 * characters, counted), a choice of the cell for a table, and the send and Cancel buttons. While it
 * sends, the buttons are disabled; a refusal or a dropped connection is said under the box and the
 * text stays. Built of phrasing content only, as it may sit in a blank's sentence.
 */
function FeedbackEditor({ studentName, initial, submitLabel, fields, onSubmit, onCancel }: EditorProps) {
  const t = useMessages(messages);
  const numbers = new Intl.NumberFormat(formatLocale(useLocale()));
  const [body, setBody] = useState(initial);
  const [field, setField] = useState(fields?.[0]?.path ?? null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const boxId = useId();
  const fieldId = useId();
  const countId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  // Opened by a click on Write feedback or Edit: the text box takes the focus.
  useEffect(() => box.current?.focus(), []);

  const submit = async () => {
    if (body.trim() === '') {
      setProblem(t('feedback.empty'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await onSubmit(body, field);
    } catch (error) {
      setProblem(problemOf(error, t));
      setBusy(false);
    }
  };

  return (
    <span className="feedback-editor">
      {fields && fields.length > 1 ? (
        <span className="feedback-editor__row">
          <label htmlFor={fieldId}>{t('feedback.on')}</label>
          <select id={fieldId} className="control" value={field ?? ''} onChange={(event) => setField(event.target.value)} disabled={busy}>
            {fields.map((each) => (
              <option key={each.path} value={each.path}>
                {each.prompt}
              </option>
            ))}
          </select>
        </span>
      ) : null}
      <label htmlFor={boxId} className="feedback-editor__label">
        {t('feedback.boxLabel', { name: studentName })}
      </label>
      <textarea
        ref={box}
        id={boxId}
        className="control feedback-editor__box"
        rows={3}
        maxLength={MAX_FEEDBACK_LENGTH}
        value={body}
        aria-describedby={countId}
        disabled={busy}
        onChange={(event) => setBody(event.target.value)}
      />
      <span id={countId} className="feedback-editor__count">
        {t('feedback.count', { count: numbers.format(body.length), max: numbers.format(MAX_FEEDBACK_LENGTH) })}
      </span>
      {problem ? (
        <span className="form-alert feedback-editor__problem" role="alert">
          {problem}
        </span>
      ) : null}
      <span className="feedback-editor__actions">
        <button type="button" className="button console-button" onClick={() => void submit()} disabled={busy} aria-busy={busy}>
          {submitLabel}
        </button>
        <button type="button" className="button button--secondary console-button" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </button>
      </span>
    </span>
  );
}

/** "Read 5 minutes ago" or "Not read yet", with the exact time on hover; counted from when it was first shown. */
function ReadMark({ feedback }: { feedback: Feedback }) {
  const t = useMessages(messages);
  const locale = formatLocale(useLocale());
  const [now] = useState(() => Date.now());
  if (feedback.read_at === null) return <span className="feedback-thread__read feedback-thread__read--unread">{t('feedback.notRead')}</span>;
  return (
    <span className="feedback-thread__read" title={exactTime(feedback.read_at, locale)}>
      {t('feedback.readAt', { when: relativeTime(feedback.read_at, now, t, locale) })}
    </span>
  );
}

export interface FeedbackThreadProps {
  place: FeedbackPlace;
  /** Who the answer is by, as the page names them ("Ana Lee", or "Student 3" with names hidden). */
  studentName: string;
  /** The field of the widget it is shown under (feedback on a table's cells names their row). */
  name: string;
  /** The questions of that widget, in lesson order: one for most, one per cell for a table. */
  fields: readonly { path: string; prompt: string }[];
  /** The feedback on those questions, oldest first. */
  feedback: readonly Feedback[];
  actions: FeedbackActions;
}

/**
 * A facilitator's feedback on one answer (docs/facilitators.md#feedback): each note as the student sees
 * it, with whether and when the student read it, Edit and Delete on the facilitator's own; then Write
 * feedback, which opens the editor in place. Sending adds the note at once; the student sees it the next
 * time the day or their feedback is loaded. Its words are `feedback.*` in content/locales/LOCALE/console.json.
 */
export function FeedbackThread({ place, studentName, name, fields, feedback, actions }: FeedbackThreadProps) {
  const t = useMessages(messages);
  const [writing, setWriting] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <span className="feedback-thread">
      {feedback.map((each) =>
        editing === each.id ? (
          <FeedbackEditor
            key={each.id}
            studentName={studentName}
            initial={each.body}
            submitLabel={t('feedback.save')}
            onSubmit={async (body) => {
              await actions.edit(place, each.id, body);
              setEditing(null);
            }}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <FeedbackNote key={each.id} feedback={each} name={name}>
            <span className="feedback-thread__meta">
              <ReadMark feedback={each} />
              {each.is_mine ? (
                <>
                  <button type="button" className="button button--secondary console-button" onClick={() => setEditing(each.id)} aria-label={t('feedback.editLabel', { name: studentName })}>
                    {t('feedback.edit')}
                  </button>
                  <ConfirmButton
                    label={t('feedback.delete')}
                    accessibleLabel={t('feedback.deleteLabel', { name: studentName })}
                    title={t('feedback.deleteTitle')}
                    description={<p>{t('feedback.deleteDescription', { name: studentName })}</p>}
                    onConfirm={() => actions.remove(place, each.id)}
                  />
                </>
              ) : null}
            </span>
          </FeedbackNote>
        ),
      )}
      {writing ? (
        <FeedbackEditor
          studentName={studentName}
          initial=""
          submitLabel={t('feedback.send')}
          fields={fields}
          onSubmit={async (body, field) => {
            await actions.write(place, field ?? fields[0]?.path ?? name, body);
            setWriting(false);
          }}
          onCancel={() => setWriting(false)}
        />
      ) : (
        <button type="button" className="button button--secondary console-button feedback-thread__write" onClick={() => setWriting(true)} aria-label={t('feedback.writeLabel', { name: studentName })}>
          {t('feedback.write')}
        </button>
      )}
    </span>
  );
}
