import { useId, useState, type ReactNode } from 'react';
import './Inquiry.css';

export interface InquiryProps {
  /** Three `<InquiryItem>`s, as every day has (docs/requirements.md#day-pages). */
  children: ReactNode;
}

/**
 * Expandable inquiry questions with their answers (docs/requirements.md#day-pages).
 * Any number may be open at once; each question is a button that expands its answer (WAI-ARIA accordion
 * pattern, each item a disclosure). Plain buttons and state, no library: the questions sit on every day,
 * where the first visit's JavaScript counts (docs/decisions/011-first-visit-javascript.md).
 */
export function Inquiry({ children }: InquiryProps) {
  return <div className="inquiry">{children}</div>;
}

export interface InquiryItemProps {
  /** The question, shown on the button. */
  question: string;
  /** The answer, revealed when the question is expanded. */
  children: ReactNode;
}

/**
 * One question and answer inside an {@link Inquiry}: a heading holding a button with `aria-expanded`,
 * and the answer as a region named by the question, rendered only while open.
 */
export function InquiryItem({ question, children }: InquiryItemProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="inquiry__item" data-state={open ? 'open' : 'closed'}>
      <h3 className="inquiry__header">
        <button type="button" className="inquiry__trigger" id={`${id}-question`} aria-expanded={open} aria-controls={`${id}-answer`} onClick={() => setOpen(!open)}>
          <span>{question}</span>
          <span className="inquiry__chevron" aria-hidden="true" />
        </button>
      </h3>
      {open ? (
        <div className="inquiry__answer" id={`${id}-answer`} role="region" aria-labelledby={`${id}-question`}>
          {children}
        </div>
      ) : null}
    </div>
  );
}
