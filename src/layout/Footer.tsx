import messages from '../../content/locales/en/shell.json';
import { useMessages } from '../../engine/index.ts';
import { SITE_NAME } from '../site/site.ts';

/** The copyright line on every page, with the current year (docs/requirements.md#routes), in the reader's language. */
export function Footer() {
  const t = useMessages(messages);
  return (
    <footer className="site-footer">
      <p>{t('footer.copyright', { year: new Date().getFullYear(), site: SITE_NAME })}</p>
    </footer>
  );
}
