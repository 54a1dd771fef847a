import type { ReactNode } from 'react';
import './FacilitatorTip.css';

/** A facilitator tip: guidance for the adult running the session, shown as text only (docs/requirements.md#users). */
export function FacilitatorTip({ children }: { children: ReactNode }) {
  return (
    <aside className="facilitator-tip" aria-label="Facilitator tip">
      <p className="facilitator-tip__label">Facilitator tip</p>
      {children}
    </aside>
  );
}
