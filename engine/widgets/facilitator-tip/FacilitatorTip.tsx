import type { ReactNode } from 'react';
import messages from '../../../content/locales/en/engine.json';
import { useMessages } from '../../i18n/messages.ts';
import './FacilitatorTip.css';

/**
 * A facilitator tip: guidance for the adult running the session, shown as text only (docs/requirements.md#users).
 * Its label is `facilitatorTip.label` in content/locales/LOCALE/engine.json.
 */
export function FacilitatorTip({ children }: { children: ReactNode }) {
  const t = useMessages(messages);
  const label = t('facilitatorTip.label');
  return (
    <aside className="facilitator-tip" aria-label={label}>
      <p className="facilitator-tip__label">{label}</p>
      {children}
    </aside>
  );
}
