import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCorners,
  defaultDropAnimationSideEffects,
  pointerWithin,
  rectIntersection,
  useDroppable,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type AutoScrollOptions,
  type CollisionDetection,
  type DragEndEvent,
  type DropAnimation,
  type Over,
} from '@dnd-kit/core';
import {
  SortableContext,
  hasSortableData,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
  type SortingStrategy,
} from '@dnd-kit/sortable';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAnswerField } from '../../answers/AnswersForm.tsx';
import type { AnswersSchema } from '../../schema/types.ts';
import {
  AUTO_SCROLL_INTERVAL_MS,
  AUTO_SCROLL_MAX_STEP_PX,
  AUTO_SCROLL_THRESHOLD,
  DRAG_START_DISTANCE_PX,
  DROP_ANIMATION_MS,
  TOUCH_LONG_PRESS_MS,
  TOUCH_TOLERANCE_PX,
} from './constants.ts';
import { locateStep, moveStep, normalizeOrderValue, stepId, type OrderValue, type StepList, type StepLocation } from './move-step.ts';
import './OrderSteps.css';

export interface OrderStepsProps {
  /**
   * Dotted path of the exercise's field in the answers, e.g. `dnd`. The field is an object
   * `{ available: string[], ordered: string[], orderSize: number }`: the steps not yet placed, and
   * `orderSize` slots holding a step text or "" (docs/requirements.md#answer-fields). The schema's
   * default `available` list is the exercise's full list of steps.
   */
  name: string;
  /** The instruction shown above both lists; it also names the group, e.g. "Put the steps in order". */
  label: string;
}

/** Thrown when `name` is not an ordering-exercise field: an authoring mistake, reported with what was found. */
export class OrderStepsFieldError extends Error {
  constructor(name: string, schema: AnswersSchema) {
    const found = schema.properties ? `an object with ${Object.keys(schema.properties).map((key) => `"${key}"`).join(', ') || 'no properties'}` : `a field of type "${schema.type ?? 'unknown'}"`;
    super(
      `<OrderSteps name="${name}">: the field "${name}" must be an object with "available" (string[]), "ordered" (string[]) ` +
        `and "orderSize" (integer) (spec section 3, "Day answers"); found ${found}.`,
    );
    this.name = 'OrderStepsFieldError';
  }
}

/** The name of the list of steps not yet placed. */
export const STEPS_LIST_NAME = 'Steps';
/** The name of the list of ordered slots. */
export const ORDER_LIST_NAME = 'Your order';

/** Read to screen readers with every drag handle (docs/requirements.md#ordering-exercise). */
export const ORDER_STEPS_INSTRUCTIONS =
  'To move this step, press Space to pick it up. Use the arrow keys to move it to another place, in either list. ' +
  'Press Space again to drop it, or Escape to cancel. The buttons with each step do the same without dragging.';

const END_OF_STEPS_ID = 'steps-end';
/** A read-only exercise listens to no pointer and no key: nothing can be dragged. */
const NO_SENSORS: never[] = [];
const emptySlotId = (index: number) => `slot-${index}`;
const stepOf = (entry: Active | Over) => (entry.data.current as { step?: string } | undefined)?.step ?? '';

/** Where an item or drop place is: the sortable list and index, or the end of "Steps". */
function placeOf(entry: Active | Over | null): StepLocation | null {
  if (hasSortableData(entry)) return { list: entry.data.current.sortable.containerId as StepList, index: entry.data.current.sortable.index };
  return (entry?.data.current as { location?: StepLocation } | undefined)?.location ?? null;
}

/** A place in words, for announcements: "slot 2 of Your order", "place 1 of Steps", "the end of Steps". */
function describePlace(location: StepLocation, availableCount: number): string {
  if (location.list === 'ordered') return `slot ${location.index + 1} of ${ORDER_LIST_NAME}`;
  if (location.index >= availableCount) return `the end of ${STEPS_LIST_NAME}`;
  return `place ${location.index + 1} of ${STEPS_LIST_NAME}`;
}

/** A keyboard drag starts and drops with Space or Enter; Escape cancels (docs/requirements.md#ordering-exercise). Tab does not drop. */
const keyboardCodes = { start: ['Space', 'Enter'], cancel: ['Escape'], end: ['Space', 'Enter'] };

// dnd-kit scrolls linearly from 0 at the threshold to `acceleration` at the edge, and has no cap, so the
// speed is 28 px per step at the very edge (and 22 px at 5%): never more than
// docs/requirements.md#constants allows.
const autoScroll: AutoScrollOptions = {
  threshold: { x: AUTO_SCROLL_THRESHOLD, y: AUTO_SCROLL_THRESHOLD },
  acceleration: AUTO_SCROLL_MAX_STEP_PX,
  interval: AUTO_SCROLL_INTERVAL_MS,
};

const dropAnimation: DropAnimation = {
  duration: DROP_ANIMATION_MS,
  easing: 'cubic-bezier(0.2, 0, 0, 1)',
  sideEffects: defaultDropAnimationSideEffects({ styles: { active: { opacity: '0.4' } } }),
};

// The slots of "Your order" stay put while a step is dragged over them (the place is outlined instead):
// moved, an empty slot would read "Drop step 4 here" beside the number 2.
const keepSlotsInPlace: SortingStrategy = () => null;

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The keyboard goes to the place the arrow points at; a pointer drops on what is under it, else what the step overlaps. */
const collisionDetection: CollisionDetection = (args) => {
  if (!args.pointerCoordinates) return closestCorners(args);
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : rectIntersection(args);
};

/**
 * A drag-to-order exercise (docs/requirements.md#ordering-exercise) on `@dnd-kit/sortable`: a list
 * "Steps" of steps not yet placed and a numbered list "Your order" of `orderSize` slots. Steps move
 * within either list or between them; dropping onto an empty slot fills it; a drop outside both lists
 * or onto the step's own place does nothing. The rules live in {@link moveStep}; every write keeps
 * `ordered` padded to `orderSize` with "" and holds each step exactly once. A step of the schema's
 * default list missing from a saved order is shown back in "Steps" ({@link normalizeOrderValue}).
 *
 * Input (docs/requirements.md#ordering-exercise):
 * - mouse: drag starts after 5 px of movement; touch: after a 120 ms long press;
 * - keyboard, on a step's handle: Space picks it up, arrows move it to the next place in that
 *   direction, Space drops, Escape cancels;
 * - buttons with each step (Add, Move up, Move down, Remove) do the same with single clicks, for
 *   anyone who cannot drag (WCAG 2.2, 2.5.7 Dragging Movements).
 *
 * Screen readers hear the step's text and the place ("Transcription is over slot 2 of Your order."),
 * never an internal id. The page auto-scrolls when a step is dragged within 25% of the window's edge,
 * at most 28 px per step of 16 ms; the drop animates for 400 ms, or not at all when the student asks
 * for reduced motion.
 *
 * In a read-only form both lists show the saved order as plain text: no drag handle, no buttons, no
 * drop places, and empty slots read "Slot N: empty".
 *
 * @throws UnknownAnswerFieldError when the day's schema has no field `name`
 * @throws OrderStepsFieldError when the field is not `{ available, ordered, orderSize }`
 * @example <OrderSteps name="dnd" label="Put the steps in order" />
 */
export function OrderSteps({ name, label }: OrderStepsProps) {
  const { value: raw, readOnly, onChange, schema } = useAnswerField<unknown>(name, 'OrderSteps');
  if (!schema.properties?.available || !schema.properties.ordered) throw new OrderStepsFieldError(name, schema);
  const schemaSteps = schema.properties.available.default;
  const defaultSteps = useMemo(() => (Array.isArray(schemaSteps) ? schemaSteps.filter((step) => typeof step === 'string') : []), [schemaSteps]);
  const value = useMemo(() => normalizeOrderValue(raw, defaultSteps), [raw, defaultSteps]);
  const idOf = (step: string) => stepId(step, defaultSteps);
  const labelId = useId();
  const stepsId = useId();
  const orderId = useId();
  const [dragged, setDragged] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const rootRef = useRef<HTMLDivElement | null>(null);
  const valueRef = useRef<OrderValue>(value);
  const movedAway = useRef(false);
  const dropAnnouncement = useRef('');
  const focusRequest = useRef<{ id: string; control: string } | null>(null);

  useEffect(() => {
    valueRef.current = value;
    const request = focusRequest.current;
    focusRequest.current = null;
    const find = (control: string) => rootRef.current?.querySelector<HTMLButtonElement>(`[data-focus="${request?.id}-${control}"]:not(:disabled)`);
    if (request) (find(request.control) ?? find('handle'))?.focus();
  }, [value]);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: DRAG_START_DISTANCE_PX } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_LONG_PRESS_MS, tolerance: TOUCH_TOLERANCE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, keyboardCodes }),
  );

  const announcements = useMemo<Announcements>(() => {
    const where = (location: StepLocation | null) => (location ? describePlace(location, valueRef.current.available.length) : 'no list');
    return {
      onDragStart: ({ active }) => `Picked up ${stepOf(active)}. It is in ${where(placeOf(active))}.`,
      onDragOver: ({ active, over }) => {
        // The first "over" is the step's own place: stay quiet so "Picked up…" is not cut off.
        if (!movedAway.current && over?.id === active.id) return undefined;
        movedAway.current = true;
        return over ? `${stepOf(active)} is over ${where(placeOf(over))}.` : `${stepOf(active)} is not over a place to drop it.`;
      },
      onDragEnd: () => dropAnnouncement.current,
      onDragCancel: ({ active }) => `Cancelled. ${stepOf(active)} is back where it was.`,
    };
  }, []);

  /** Writes a move to the answers; returns the step's new place in words, or null when nothing moved. */
  function move(step: string, to: StepLocation | null): string | null {
    const current = valueRef.current;
    const from = locateStep(current, step);
    const next = from ? moveStep(current, from, to) : current;
    const place = locateStep(next, step);
    if (next === current || !place) return null;
    onChange(next);
    return describePlace(place, next.available.length);
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    setDragged(null);
    const step = stepOf(active);
    const place = move(step, placeOf(over));
    dropAnnouncement.current = place ? `${step} dropped into ${place}.` : `${step} was not moved.`;
  }

  /** A move made with a button: the same rules as a drop, then focus follows the step. */
  function moveWithButton(step: string, to: StepLocation, control: string) {
    const place = move(step, to);
    if (!place) return;
    focusRequest.current = { id: idOf(step), control };
    setStatus(`${step} moved to ${place}.`);
  }

  const firstEmptySlot = value.ordered.indexOf('');
  const orderIds = value.ordered.map((step, index) => (step ? idOf(step) : emptySlotId(index)));

  return (
    <div className={dragged ? 'order-steps order-steps--dragging' : 'order-steps'} data-state={dragged ? 'dragging' : 'idle'} role="group" aria-labelledby={labelId} ref={rootRef}>
      <p className="order-steps__label" id={labelId}>
        {label}
      </p>
      <DndContext
        sensors={readOnly ? NO_SENSORS : sensors}
        collisionDetection={collisionDetection}
        autoScroll={autoScroll}
        accessibility={{ announcements, screenReaderInstructions: { draggable: ORDER_STEPS_INSTRUCTIONS } }}
        onDragStart={({ active }) => {
          setDragged(stepOf(active));
          setStatus('');
          movedAway.current = false;
        }}
        onDragEnd={handleDragEnd}
        onDragCancel={() => setDragged(null)}
      >
        <div className="order-steps__columns">
          <div className="order-steps__column">
            <p className="order-steps__heading" id={stepsId}>
              {STEPS_LIST_NAME}
            </p>
            <SortableContext id="available" items={value.available.map(idOf)} strategy={verticalListSortingStrategy}>
              <ul className="order-steps__list" aria-labelledby={stepsId}>
                {value.available.map((step) => (
                  <Place key={idOf(step)} id={idOf(step)} step={step} readOnly={readOnly}>
                    {firstEmptySlot !== -1 && !readOnly ? (
                      <ActionButton id={idOf(step)} control="add" label={`Add ${step} to ${ORDER_LIST_NAME}`} onClick={() => moveWithButton(step, { list: 'ordered', index: firstEmptySlot }, 'handle')}>
                        Add
                      </ActionButton>
                    ) : null}
                  </Place>
                ))}
              </ul>
            </SortableContext>
            {readOnly ? null : <EndOfSteps index={value.available.length} />}
          </div>
          <div className="order-steps__column">
            <p className="order-steps__heading" id={orderId}>
              {ORDER_LIST_NAME}
            </p>
            <SortableContext id="ordered" items={orderIds} strategy={keepSlotsInPlace}>
              <ol className="order-steps__list" aria-labelledby={orderId}>
                {value.ordered.map((step, index) => (
                  <Place key={orderIds[index]} id={orderIds[index]!} step={step} slot={index + 1} readOnly={readOnly}>
                    {readOnly ? null : (
                      <>
                        <ActionButton id={idOf(step)} control="up" label={`Move ${step} up`} disabled={index === 0} onClick={() => moveWithButton(step, { list: 'ordered', index: index - 1 }, 'up')}>
                          <Arrow direction="up" />
                        </ActionButton>
                        <ActionButton
                          id={idOf(step)}
                          control="down"
                          label={`Move ${step} down`}
                          disabled={index === value.orderSize - 1}
                          onClick={() => moveWithButton(step, { list: 'ordered', index: index + 1 }, 'down')}
                        >
                          <Arrow direction="down" />
                        </ActionButton>
                        <ActionButton id={idOf(step)} control="remove" label={`Remove ${step}`} onClick={() => moveWithButton(step, { list: 'available', index: value.available.length }, 'handle')}>
                          Remove
                        </ActionButton>
                      </>
                    )}
                  </Place>
                ))}
              </ol>
            </SortableContext>
          </div>
        </div>
        <DragOverlay dropAnimation={prefersReducedMotion() ? null : dropAnimation}>
          {dragged ? (
            <div className="order-steps__card order-steps__card--overlay" aria-hidden="true">
              <span className="order-steps__handle">
                <Grip />
                <span className="order-steps__text">{dragged}</span>
              </span>
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}

/**
 * One list item: a step card, or (in "Your order", `slot` = its number from 1) an empty slot reading
 * "Drop step N here". The card is the sortable node, so the slot's number stays put while steps move;
 * dnd-kit's attributes and listeners go on the handle <button> named by the step's text, not on the
 * <li>, where their role="button" would break the list for axe.
 */
function Place({ id, step, slot, readOnly, children }: { id: string; step: string; slot?: number; readOnly: boolean; children?: ReactNode }) {
  const data = useMemo(() => ({ step }), [step]);
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging, isOver } = useSortable({
    id,
    data,
    disabled: readOnly ? true : { draggable: !step, droppable: false },
    attributes: { roleDescription: 'draggable step' },
  });
  const classes = [step ? 'order-steps__card' : 'order-steps__placeholder'];
  if (isDragging) classes.push('order-steps__card--dragging');
  // In "Steps" the places step aside (transform) to show the drop; a place that stays put is outlined.
  if (isOver && !isDragging && !transform) classes.push('order-steps__over');
  return (
    <li className={slot === undefined ? 'order-steps__place' : 'order-steps__place order-steps__place--slot'}>
      {slot === undefined ? null : (
        <span className="order-steps__number" aria-hidden="true">
          {slot}
        </span>
      )}
      <div ref={setNodeRef} className={classes.join(' ')} style={{ transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined, transition }}>
        {step && readOnly ? (
          <span className="order-steps__handle">
            <span className="order-steps__text">{step}</span>
          </span>
        ) : step ? (
          <>
            <button type="button" ref={setActivatorNodeRef} className="order-steps__handle" {...attributes} {...listeners} data-focus={`${id}-handle`}>
              <Grip />
              <span className="order-steps__text">{step}</span>
            </button>
            {children ? <span className="order-steps__actions">{children}</span> : null}
          </>
        ) : readOnly ? (
          `Slot ${slot}: empty`
        ) : (
          `Drop step ${slot} here`
        )}
      </div>
    </li>
  );
}

/** A button that moves a step without dragging; `data-focus` lets focus follow the step after the move. */
function ActionButton({ id, control, label, disabled, onClick, children }: { id: string; control: string; label: string; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  const icon = control === 'up' || control === 'down';
  return (
    <button
      type="button"
      className={icon ? 'order-steps__action order-steps__action--icon' : 'order-steps__action'}
      aria-label={label}
      title={icon ? label : undefined}
      disabled={disabled}
      data-focus={`${id}-${control}`}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** The place after the last step of "Steps": drops here go to the end of the list. */
function EndOfSteps({ index }: { index: number }) {
  const location: StepLocation = { list: 'available', index };
  const { setNodeRef, isOver } = useDroppable({ id: END_OF_STEPS_ID, data: { location } });
  return (
    <div ref={setNodeRef} className={isOver ? 'order-steps__end order-steps__over' : 'order-steps__end'}>
      {index === 0 ? 'Every step is in your order. Drop a step here to take it out.' : 'Drop here to put a step at the end'}
    </div>
  );
}

function Grip() {
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

function Arrow({ direction }: { direction: 'up' | 'down' }) {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={direction === 'up' ? 'M8 3 L14 10 H10 V13 H6 V10 H2 Z' : 'M8 13 L14 6 H10 V3 H6 V6 H2 Z'} fill="currentColor" />
    </svg>
  );
}
