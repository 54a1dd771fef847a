import messages from '../../content/locales/en/console.json';
import { useMessages } from '../../engine/index.ts';

/**
 * What a console page shows where data failed to load: a sentence naming it and a Try again button
 * (`loadFailed.*` and `common.tryAgain` in content/locales/LOCALE/console.json).
 *
 * @param message - the whole sentence, in the reader's language, e.g. "Unable to load your classes. Check the connection, then try again."
 * @param retry - loads it again
 */
export function LoadFailed({ message, retry }: { message: string; retry(): void }) {
  const t = useMessages(messages);
  return (
    <div className="console-failed">
      <p className="form-alert" role="alert">
        {message}
      </p>
      <p>
        <button type="button" className="button" onClick={retry}>
          {t('common.tryAgain')}
        </button>
      </p>
    </div>
  );
}
