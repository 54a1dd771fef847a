import { SITE_NAME } from '../site/site.ts';

/** The copyright line on every page, with the current year (docs/requirements.md#routes). */
export function Footer() {
  return (
    <footer className="site-footer">
      <p>
        © {new Date().getFullYear()} {SITE_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
