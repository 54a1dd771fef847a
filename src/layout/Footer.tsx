import { SITE_NAME } from '../site/site.ts';

/** The copyright line on every page, with the current year (spec section 2). */
export function Footer() {
  return (
    <footer className="site-footer">
      <p>
        © {new Date().getFullYear()} {SITE_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
