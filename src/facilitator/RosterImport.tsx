import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import messages from '../../content/locales/en/console.json';
import { useMessages } from '../../engine/index.ts';
import { ApiError } from '../api/client.ts';
import { pasteRoster, type RosterAccount } from '../api/facilitator-endpoints.ts';
import { SITE_NAME } from '../site/site.ts';
import { invalidateRoster } from './console-queries.tsx';
import { problemOf } from './format.ts';

/** What the last paste came to: the wrong lines, the accounts made, or a failure in words. */
type Outcome = { kind: 'lines'; lines: { row: number; problem: string }[] } | { kind: 'made'; accounts: RosterAccount[] } | { kind: 'failed'; text: string } | null;

/** The wrong lines of a `roster_invalid` refusal, or null for any other failure. */
function wrongLines(error: unknown): { row: number; problem: string }[] | null {
  if (!(error instanceof ApiError) || error.code !== 'roster_invalid') return null;
  const rows = (error.body as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? rows.filter((each): each is { row: number; problem: string } => typeof each?.row === 'number' && typeof each?.problem === 'string') : [];
}

/**
 * "Add students from a list" on a class's page (docs/decisions/024-class-join-links.md): a pasted or
 * chosen CSV of first name, last name, and a username or an email. A roster with any wrong line makes
 * nothing and lists the wrong lines by number; one that is right makes every account in the class and
 * shows the sign-in cards (name, username, one-time password), printed a fraction of an A4 or Letter
 * sheet each (facilitator.css, `@media print`): the passwords are shown only this once.
 */
export function RosterImport({ classId, className }: { classId: number; className: string }) {
  const t = useMessages(messages);
  const id = useId();
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) setCsv(await file.text());
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (csv.trim() === '') return;
    setBusy(true);
    setOutcome(null);
    try {
      const accounts = await pasteRoster(classId, csv);
      setOutcome({ kind: 'made', accounts });
      setCsv('');
      await invalidateRoster(queryClient, classId);
    } catch (error) {
      const lines = wrongLines(error);
      setOutcome(lines && lines.length > 0 ? { kind: 'lines', lines } : { kind: 'failed', text: problemOf(error, t) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="console-section roster-import">
      <h2 id={`${id}-heading`}>{t('roster.pasteHeading')}</h2>
      <p>{t('roster.pasteIntro')}</p>
      <form onSubmit={(event) => void submit(event)}>
        <p className="field">
          <label className="field__label" htmlFor={`${id}-csv`}>
            {t('roster.pasteLabel')}
          </label>
          <textarea
            id={`${id}-csv`}
            className="control roster-import__csv"
            rows={8}
            value={csv}
            onChange={(event) => setCsv(event.target.value)}
            placeholder={t('roster.pastePlaceholder')}
            spellCheck={false}
          />
        </p>
        <p className="field">
          <label className="field__label" htmlFor={`${id}-file`}>
            {t('roster.fileLabel')}
          </label>
          <input id={`${id}-file`} type="file" accept=".csv,text/csv,text/plain" onChange={(event) => void readFile(event)} />
        </p>
        <button type="submit" className="button console-button" disabled={busy || csv.trim() === ''} aria-busy={busy}>
          {t(busy ? 'roster.pasting' : 'roster.pasteSubmit')}
        </button>
      </form>
      {outcome?.kind === 'lines' ? (
        <div className="form-alert" role="alert">
          <p>{t('roster.pasteProblems')}</p>
          <ul>
            {outcome.lines.map(({ row, problem }) => (
              <li key={`${row}:${problem}`}>{t('roster.pasteLine', { row, problem })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {outcome?.kind === 'failed' ? (
        <p className="form-alert" role="alert">
          {outcome.text}
        </p>
      ) : null}
      {outcome?.kind === 'made' ? (
        <>
          <p role="status">{t('roster.pasteMade', { count: outcome.accounts.length, className })}</p>
          <p>
            <button type="button" className="button console-button" onClick={() => window.print()}>
              {t('roster.print')}
            </button>
          </p>
          <ul className="roster-cards" aria-label={t('roster.cardsLabel')}>
            {outcome.accounts.map((account) => (
              <li key={account.username} className="roster-card">
                <p className="roster-card__site">
                  {SITE_NAME} · {className}
                </p>
                <p className="roster-card__name">
                  {account.first_name} {account.last_name}
                </p>
                <dl className="roster-card__facts">
                  <dt>{t('roster.cardUsername')}</dt>
                  <dd>{account.username}</dd>
                  <dt>{t('roster.cardPassword')}</dt>
                  <dd className="roster-card__password">{account.password}</dd>
                </dl>
                <p className="roster-card__hint">{t('roster.cardHint', { address: `${location.origin}/login` })}</p>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
