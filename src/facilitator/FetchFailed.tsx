import { Link } from 'react-router';
import messages from '../../content/locales/en/console.json';
import { useMessages } from '../../engine/index.ts';
import type { FetchFailure } from './console-queries.tsx';

export interface FetchFailedProps {
  /** The page's heading, e.g. "Day 2". */
  title: string;
  /** What went wrong and whether a retry may help (see `describeFailure`). */
  failure: FetchFailure;
  /** Runs the download again. */
  onRetry: () => void;
  /** Where the way back leads, e.g. the class page, and what the link says. */
  back: { to: string; label: string };
}

/**
 * A facilitator page whose download failed: the reason as an alert, Try again when it may help (a
 * dropped connection, a server error), and a link back. The texts given are in the reader's language;
 * Try again is `common.tryAgain` in content/locales/LOCALE/console.json.
 */
export function FetchFailed({ title, failure, onRetry, back }: FetchFailedProps) {
  const t = useMessages(messages);
  return (
    <main className="content-page" id="main">
      <h1>{title}</h1>
      <p role="alert">{failure.message}</p>
      <p className="facilitator-actions">
        {failure.retry ? (
          <button type="button" className="button" onClick={onRetry}>
            {t('common.tryAgain')}
          </button>
        ) : null}
        <Link to={back.to}>{back.label}</Link>
      </p>
    </main>
  );
}
