import messages from '../../content/locales/en/shell.json';
import { useMessages } from '../../engine/index.ts';

/**
 * The Loading view shown while the current user (and, on day pages, the saved answers) are fetched
 * (docs/requirements.md#routes), "Loading…" in the reader's language (`loading.text` of
 * content/locales/LOCALE/app.json). A polite live region, so screen readers announce it once.
 */
export function Loading() {
  const t = useMessages(messages);
  return (
    <div className="loading" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      <span>{t('loading.text')}</span>
    </div>
  );
}
