import { useId, type ReactNode } from 'react';
import { FreeText } from '../free-text/FreeText.tsx';
import './ThinkRespond.css';

export interface ThinkRespondProps {
  /** Dotted path of the answer field, usually `inquiry.think` (docs/requirements.md#answer-fields). */
  name: string;
  /** Label of the answer box. Default "Think and Respond: your answer". */
  label?: string;
  /** The scenario and question. */
  children: ReactNode;
}

/** The "Think and Respond" box every day ends its inquiry with (docs/requirements.md#day-pages). */
export function ThinkRespond({ name, label = 'Think and Respond: your answer', children }: ThinkRespondProps) {
  const headingId = useId();
  return (
    <section className="think-respond" aria-labelledby={headingId}>
      <h3 className="think-respond__title" id={headingId}>
        Think and Respond
      </h3>
      <div className="think-respond__prompt">{children}</div>
      <FreeText name={name} label={label} rows={5} />
    </section>
  );
}
