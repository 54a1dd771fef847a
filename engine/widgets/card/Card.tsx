import { useId, type ReactNode } from 'react';
import './Card.css';

export interface CardProps {
  /** The card's title, e.g. "Objective" or "Core concepts". */
  title: string;
  /** Colour of the card: `info` (objectives), `tip`, `note`. Default `note`. */
  tone?: 'info' | 'tip' | 'note';
  children: ReactNode;
}

/** A boxed block of lesson text with a title: objectives, core concepts, takeaways. */
export function Card({ title, tone = 'note', children }: CardProps) {
  const titleId = useId();
  return (
    <section className={`card card--${tone}`} data-tone={tone} aria-labelledby={titleId}>
      <p className="card__title" id={titleId}>
        {title}
      </p>
      <div className="card__body">{children}</div>
    </section>
  );
}
