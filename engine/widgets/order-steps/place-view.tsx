import type { CSSProperties, HTMLAttributes, ReactNode, Ref } from 'react';
import messages from '../../../content/locales/en/engine.json';
import { useMessages } from '../../i18n/messages.ts';

/** What a place of the ordering exercise shows; the drag layer (./sortable.tsx) adds refs, handle props and a style. */
export interface PlaceViewProps {
  /** The place's id (`stepId` or `slot-N`), the prefix of its buttons' `data-focus`. */
  id: string;
  /** The step as the answers store it, or "" for an empty slot. */
  step: string;
  /** What the student sees and hears for the step (its label, OrderSteps' `stepLabels`); the step itself when absent. */
  text?: string;
  /** In "Your order", the slot's number from 1; absent in "Steps". */
  slot?: number;
  readOnly: boolean;
  /** The buttons shown with the step (Add, Move up, Move down, Remove). */
  children?: ReactNode;
  /** The card's ref: the node that moves while dragged. */
  cardRef?: Ref<HTMLDivElement>;
  /** The handle's ref: the node a drag starts from. */
  handleRef?: Ref<HTMLButtonElement>;
  /** Attributes and listeners of the handle <button> (dnd-kit's, or the plain ones before it loads). */
  handleProps?: HTMLAttributes<HTMLButtonElement>;
  /** Extra classes of the card, e.g. `order-steps__card--dragging`. */
  cardClasses?: readonly string[];
  /** The card's inline style (a drag's transform and transition). */
  style?: CSSProperties;
}

/**
 * One list item of the ordering exercise: a step card, or (in "Your order", `slot` = its number from 1) an
 * empty slot reading "Drop step N here". The card moves, so the slot's number stays put; the handle is a
 * <button> named by the step's text (`text`), and drag attributes go on it, not on the <li>, where their
 * role="button" would break the list for axe. The same markup before and after the drag layer loads, so
 * nothing moves on screen when it does. Its texts are `orderSteps.*` in content/locales/LOCALE/engine.json.
 */
export function PlaceView({ id, step, text = step, slot, readOnly, children, cardRef, handleRef, handleProps, cardClasses = [], style }: PlaceViewProps) {
  const t = useMessages(messages);
  const classes = [step ? 'order-steps__card' : 'order-steps__placeholder', ...cardClasses];
  return (
    <li className={slot === undefined ? 'order-steps__place' : 'order-steps__place order-steps__place--slot'}>
      {slot === undefined ? null : (
        <span className="order-steps__number" aria-hidden="true">
          {slot}
        </span>
      )}
      <div ref={cardRef} className={classes.join(' ')} style={style}>
        {step && readOnly ? (
          <span className="order-steps__handle">
            <span className="order-steps__text">{text}</span>
          </span>
        ) : step ? (
          <>
            <button type="button" ref={handleRef} className="order-steps__handle" {...handleProps} data-focus={`${id}-handle`}>
              <Grip />
              <span className="order-steps__text">{text}</span>
            </button>
            {children ? <span className="order-steps__actions">{children}</span> : null}
          </>
        ) : readOnly ? (
          t('orderSteps.slotEmpty', { slot })
        ) : (
          t('orderSteps.dropInSlot', { slot })
        )}
      </div>
    </li>
  );
}

/** The place after the last step of "Steps"; `index` is the number of steps in it. */
export function EndOfStepsView({ index, nodeRef, isOver = false }: { index: number; nodeRef?: Ref<HTMLDivElement>; isOver?: boolean }) {
  const t = useMessages(messages);
  return (
    <div ref={nodeRef} className={isOver ? 'order-steps__end order-steps__over' : 'order-steps__end'}>
      {index === 0 ? t('orderSteps.endAllPlaced') : t('orderSteps.endDrop')}
    </div>
  );
}

/** The six dots of a drag handle. */
export function Grip() {
  return (
    <svg className="order-steps__grip" viewBox="0 0 10 16" width="10" height="16" aria-hidden="true" focusable="false">
      {[3, 8, 13].map((y) => (
        <g key={y}>
          <circle cx="2.5" cy={y} r="1.5" />
          <circle cx="7.5" cy={y} r="1.5" />
        </g>
      ))}
    </svg>
  );
}
