import { Link } from 'react-router';
import messages from '../../content/locales/en/bar.json';
import { useMessages } from '../../engine/index.ts';

export interface PageNavProps {
  /** Path of the previous page, e.g. `/sections/vocabulary`; no back link when omitted. */
  back?: string;
  /** Title of the previous page, e.g. "Important Vocabulary". */
  backLabel?: string;
  /** Path of the next page, e.g. `/sections/day-2`; no next link when omitted. */
  next?: string;
  /** Title of the next page, e.g. "Day 2: Understanding Cancer". */
  nextLabel?: string;
}

/**
 * Back and Next links between lesson pages (docs/requirements.md#day-pages), their words in the
 * reader's language (`pageNav.*` of content/locales/LOCALE/app.json). Either side is optional: Day 5
 * has no next link.
 *
 * @example
 * <PageNav back="/sections/vocabulary" backLabel="Important Vocabulary" next="/sections/day-2" nextLabel="Day 2: Understanding Cancer" />
 */
export function PageNav({ back, backLabel, next, nextLabel }: PageNavProps) {
  const t = useMessages(messages);
  return (
    <nav className="page-nav" aria-label={t('pageNav.label')}>
      {back ? (
        <Link className="page-nav__link page-nav__link--back" to={back} rel="prev">
          <span className="page-nav__direction">
            <span aria-hidden="true">← </span>
            {t('pageNav.back')}
          </span>
          {backLabel ? <span className="page-nav__title">{backLabel}</span> : null}
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link className="page-nav__link page-nav__link--next" to={next} rel="next">
          <span className="page-nav__direction">
            {t('pageNav.next')}
            <span aria-hidden="true"> →</span>
          </span>
          {nextLabel ? <span className="page-nav__title">{nextLabel}</span> : null}
        </Link>
      ) : null}
    </nav>
  );
}
