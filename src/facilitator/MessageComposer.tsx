import { useId, useState, type FormEvent } from 'react';
import messages from '../../content/locales/en/console.json';
import { useMessages } from '../../engine/index.ts';
import type { MessageDraft, Person } from '../api/facilitator-endpoints.ts';
import { fullName, problemOf } from './format.ts';

/** Longest subject the server takes, characters. */
export const SUBJECT_MAX = 200;
/** Longest body the server takes, characters. */
export const BODY_MAX = 20_000;

export interface MessageComposerProps {
  /** The class's students, who can be chosen one by one. */
  students: readonly Person[];
  /**
   * Sends the message; `student_ids` is left out for the whole class.
   *
   * @returns how many students it went to
   */
  onSend(draft: MessageDraft): Promise<number>;
}

/**
 * Writes a message to the class (docs/decisions/009-facilitator-console.md): a subject, a body in
 * Markdown, and who gets it: the whole class, or the students ticked in a list. A missing subject or body,
 * or "Chosen students" with none ticked, is said before anything is sent. On success the form empties and
 * says how many students it went to; on failure it keeps everything and says why (the message for the
 * error's code). Its words are `composer.*` in content/locales/LOCALE/console.json.
 */
export function MessageComposer({ students, onSend }: MessageComposerProps) {
  const t = useMessages(messages);
  const id = useId();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [audience, setAudience] = useState<'class' | 'chosen'>('class');
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string>('');

  function toggle(studentId: number, on: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(studentId);
      else next.delete(studentId);
      return next;
    });
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent('');
    const missing = !subject.trim()
      ? t('composer.missingSubject')
      : !body.trim()
        ? t('composer.missingMessage')
        : audience === 'chosen' && chosen.size === 0
          ? t('composer.missingStudents')
          : null;
    if (missing) {
      setProblem(missing);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const draft: MessageDraft = { subject: subject.trim(), body };
      if (audience === 'chosen') draft.student_ids = students.filter((student) => chosen.has(student.id)).map((student) => student.id);
      const recipients = await onSend(draft);
      setSubject('');
      setBody('');
      setChosen(new Set());
      setAudience('class');
      setSent(t('composer.sent', { count: recipients }));
    } catch (error) {
      setProblem(problemOf(error, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="console-form message-composer" aria-label={t('composer.label')} onSubmit={(event) => void send(event)} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-subject`}>
          {t('composer.subject')}
        </label>
        <input id={`${id}-subject`} className="control field__input" value={subject} maxLength={SUBJECT_MAX} onChange={(event) => setSubject(event.target.value)} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-body`}>
          {t('composer.message')}
        </label>
        <p id={`${id}-body-hint`} className="console-hint">
          {t('composer.markdownHint')}
        </p>
        <textarea
          id={`${id}-body`}
          className="control field__input message-composer__body"
          rows={8}
          value={body}
          maxLength={BODY_MAX}
          aria-describedby={`${id}-body-hint`}
          onChange={(event) => setBody(event.target.value)}
        />
      </div>
      <fieldset className="message-composer__audience">
        <legend className="field__label">{t('composer.sendTo')}</legend>
        <label className="console-choice">
          <input type="radio" name={`${id}-audience`} checked={audience === 'class'} onChange={() => setAudience('class')} /> {t('composer.wholeClass')}
        </label>
        <label className="console-choice">
          <input type="radio" name={`${id}-audience`} checked={audience === 'chosen'} onChange={() => setAudience('chosen')} /> {t('composer.chosenStudents')}
        </label>
        {audience === 'chosen' ? (
          <fieldset className="message-composer__students">
            <legend className="visually-hidden">{t('composer.studentsToSendTo')}</legend>
            {students.length === 0 ? <p>{t('composer.noStudents')}</p> : null}
            {students.map((student) => (
              <label key={student.id} className="console-choice">
                <input type="checkbox" checked={chosen.has(student.id)} onChange={(event) => toggle(student.id, event.target.checked)} /> {fullName(student)}{' '}
                <span className="console-hint">({student.username})</span>
              </label>
            ))}
          </fieldset>
        ) : null}
      </fieldset>
      {problem ? (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      ) : null}
      <p className="console-success" role="status">
        {sent}
      </p>
      <p>
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy ? t('composer.sending') : t('composer.send')}
        </button>
      </p>
    </form>
  );
}
