import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'react-router';

/**
 * Links written in lesson Markdown: paths inside the app (`/sections/vocabulary`) navigate without a
 * page load, so unsaved answers are never dropped; other addresses open in a new tab, keeping the
 * lesson open.
 */
export function LessonLink({ href = '', children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
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
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
