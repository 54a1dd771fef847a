import { useId, type ReactNode } from 'react';
import messages from '../../../content/locales/en/engine.json';
import { useMessages } from '../../i18n/messages.ts';
import { FreeText } from '../free-text/FreeText.tsx';
import './ThinkRespond.css';

export interface ThinkRespondProps {
  /** Dotted path of the answer field, usually `inquiry.think` (docs/requirements.md#answer-fields). */
  name: string;
  /** Label of the answer box. Default "Think and Respond: your answer" (`thinkRespond.defaultLabel`, in the reader's language). */
  label?: string;
  /** The scenario and question. */
  children: ReactNode;
}

/**
 * The "Think and Respond" box every day ends its inquiry with (docs/requirements.md#day-pages). Its
 * heading and default label are `thinkRespond.*` in content/locales/LOCALE/engine.json.
 */
export function ThinkRespond({ name, label, children }: ThinkRespondProps) {
  const t = useMessages(messages);
  const headingId = useId();
  return (
    <section className="think-respond" aria-labelledby={headingId}>
      <h3 className="think-respond__title" id={headingId}>
        {t('thinkRespond.title')}
      </h3>
      <div className="think-respond__prompt">{children}</div>
      <FreeText name={name} label={label ?? t('thinkRespond.defaultLabel')} rows={5} />
    </section>
  );
}
