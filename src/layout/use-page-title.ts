import { useEffect } from 'react';
import { SITE_NAME } from '../site/site.ts';

/**
 * Sets the browser tab's title to "<title> – <site name>" (the site name alone when `title` is empty),
 * so each page is told apart in tabs, history and screen readers.
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} – ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
