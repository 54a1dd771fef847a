import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'react-router';
import messages from '../../content/locales/en/bar.json';
import { useMessages } from '../../engine/index.ts';

/**
 * Links written in lesson Markdown: paths inside the app (`/sections/vocabulary`) navigate without a
 * page load, so unsaved answers are never dropped; other addresses open in a new tab, keeping the
 * lesson open, and say so to screen readers ("(opens in a new tab)", `lessonLink.newTab` of
 * content/locales/LOCALE/app.json).
 */
export function LessonLink({ href = '', children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  const t = useMessages(messages);
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={href} {...rest}>
        {children}
      </Link>
    );
  }
  if (href.startsWith('#')) {
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <span className="visually-hidden"> {t('lessonLink.newTab')}</span>
    </a>
  );
}
