import { Accordion } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import './Inquiry.css';

export interface InquiryProps {
  /** Three `<InquiryItem>`s, as every day has (docs/requirements.md#day-pages). */
  children: ReactNode;
}

/**
 * Expandable inquiry questions with their answers (docs/requirements.md#day-pages).
 * Any number may be open at once; each question is a button that expands its answer (WAI-ARIA accordion).
 */
export function Inquiry({ children }: InquiryProps) {
  return (
    <Accordion.Root type="multiple" className="inquiry">
      {children}
    </Accordion.Root>
  );
}

export interface InquiryItemProps {
  /** The question, shown on the button. */
  question: string;
  /** The answer, revealed when the question is expanded. */
  children: ReactNode;
}

/** One question and answer inside an {@link Inquiry}. */
export function InquiryItem({ question, children }: InquiryItemProps) {
  const value = useId();
  return (
    <Accordion.Item value={value} className="inquiry__item">
      <Accordion.Header className="inquiry__header">
        <Accordion.Trigger type="button" className="inquiry__trigger">
          <span>{question}</span>
          <span className="inquiry__chevron" aria-hidden="true" />
        </Accordion.Trigger>
      </Accordion.Header>
      <Accordion.Content className="inquiry__answer">{children}</Accordion.Content>
    </Accordion.Item>
  );
}
