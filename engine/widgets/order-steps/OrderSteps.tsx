import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  closestCenter,
  defaultDropAnimationSideEffects,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Active,
  type Announcements,
  type AutoScrollOptions,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type DropAnimation,
  type KeyboardCoordinateGetter,
  type Over,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAnswerField } from '../../form/use-answer-field.ts';
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
import { locateStep, moveStep, nextKeyboardLocation, normalizeOrderValue, type OrderValue, type StepLocation } from './move-step.ts';
import './OrderSteps.css';

export interface OrderStepsProps {
  /**
   * Dotted path of the exercise's field in the answers, e.g. `dnd`. The field is an object
   * `{ available: string[], ordered: string[], orderSize: number }`: the steps not yet placed, and
   * `orderSize` slots holding a step text or "" (spec section 3, Day 1 `dnd`).
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

/** Read to screen readers with every drag handle (spec section 4: Space starts, arrows move, Space drops, Escape cancels). */
export const ORDER_STEPS_INSTRUCTIONS =
  'To move this step, press Space to pick it up. Use the arrow keys to choose a place: Up and Down go through the places, ' +
  `Right goes to ${ORDER_LIST_NAME}, Left goes back to ${STEPS_LIST_NAME}. Press Space again to drop it, or Escape to cancel. ` +
  'The buttons beside each step do the same without dragging.';

const screenReaderInstructions: ScreenReaderInstructions = { draggable: ORDER_STEPS_INSTRUCTIONS };

/** What a draggable step carries. */
interface DragData {
  step: string;
}
/** What a drop place carries. */
interface DropData {
  location: StepLocation;
}

const dropId = (location: StepLocation) => `${location.list}-${location.index}`;
const draggableId = (step: string) => `step:${step}`;
const stepOf = (active: Active) => (active.data.current as DragData | undefined)?.step ?? '';
const locationOf = (over: Over | null) => (over?.data.current as DropData | undefined)?.location ?? null;

/** A place in words, for announcements: "slot 2 of Your order", "place 1 of Steps", "the end of Steps". */
function describePlace(location: StepLocation, availableCount: number): string {
  if (location.list === 'ordered') return `slot ${location.index + 1} of ${ORDER_LIST_NAME}`;
  if (location.index >= availableCount) return `the end of ${STEPS_LIST_NAME}`;
  return `place ${location.index + 1} of ${STEPS_LIST_NAME}`;
}

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

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

type FocusControl = 'handle' | 'up' | 'down' | 'add' | 'remove';

/**
 * A drag-to-order exercise (spec section 4, "Ordering exercise"): a list "Steps" of steps not yet
 * placed and a numbered list "Your order" of `orderSize` slots. Steps move within either list or
 * between them; dropping onto an empty slot fills it; a drop outside both lists or onto the step's own
 * place does nothing. The rules live in {@link moveStep}; every write keeps `ordered` padded to
 * `orderSize` with "" and holds each step exactly once.
 *
 * Input (spec section 4 and section 9, "Drag"):
 * - mouse: drag starts after 5 px of movement; touch: after a 120 ms long press;
 * - keyboard, on a step's handle: Space picks it up, arrows move (Up/Down through the places,
 *   Right to "Your order", Left to "Steps"), Space drops, Escape cancels;
 * - buttons beside each step (Add, Move up, Move down, Remove) do the same with single clicks, for
 *   anyone who cannot drag (WCAG 2.2, 2.5.7 Dragging Movements).
 *
 * Screen readers hear the step's text and the place ("Boil the water is over slot 2 of Your order."),
 * never an internal id. The page auto-scrolls when a step is dragged within 25% of the window's edge,
 * at most 28 px per step of about 16 ms; the drop animates for 330 ms, or not at all when the student
 * asks for reduced motion.
 *
 * @throws UnknownAnswerFieldError when the day's schema has no field `name`
 * @throws OrderStepsFieldError when the field is not `{ available, ordered, orderSize }`
 * @example <OrderSteps name="dnd" label="Put the steps in order" />
 */
export function OrderSteps({ name, label }: OrderStepsProps) {
  const { value: raw, onChange, schema } = useAnswerField<unknown>(name, 'OrderSteps');
  if (!schema.properties?.available || !schema.properties.ordered) throw new OrderStepsFieldError(name, schema);
  const value = useMemo(() => normalizeOrderValue(raw), [raw]);
  const labelId = useId();
  const stepsId = useId();
  const orderId = useId();
  const [dragged, setDragged] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const rootRef = useRef<HTMLDivElement | null>(null);
  const valueRef = useRef<OrderValue>(value);
  // Where a keyboard drag is over: the arrow keys walk the places in a fixed order (nextKeyboardLocation),
  // so keyboard moves do not depend on the layout (two columns, or stacked on a phone).
  const keyboardPlace = useRef<StepLocation | null>(null);
  const dropAnnouncement = useRef('');
  const dragOrigin = useRef<{ id: string | null; movedAway: boolean }>({ id: null, movedAway: false });
  const focusRequest = useRef<{ step: string; control: FocusControl } | null>(null);

  useEffect(() => {
    valueRef.current = value;
    const request = focusRequest.current;
    if (!request) return;
    focusRequest.current = null;
    const controls = [...(rootRef.current?.querySelectorAll<HTMLButtonElement>('button[data-step]') ?? [])].filter(
      (button) => button.dataset.step === request.step && !button.disabled,
    );
    (controls.find((button) => button.dataset.control === request.control) ?? controls.find((button) => button.dataset.control === 'handle'))?.focus();
  }, [value]);

  const coordinateGetter = useMemo<KeyboardCoordinateGetter>(
    () =>
      (event, { context, currentCoordinates }) => {
        const current = keyboardPlace.current;
        if (!current || !event.code.startsWith('Arrow')) return undefined;
        event.preventDefault();
        const { available, orderSize } = valueRef.current;
        const next = nextKeyboardLocation(current, event.code, available.length, orderSize);
        if (!next) return undefined;
        keyboardPlace.current = next;
        const rect = context.droppableRects.get(dropId(next));
        const dragging = context.collisionRect;
        if (!rect || !dragging) return currentCoordinates;
        // Centre the dragged step on the new place.
        return { x: rect.left + rect.width / 2 - dragging.width / 2, y: rect.top + rect.height / 2 - dragging.height / 2 };
      },
    [],
  );

  const collisionDetection = useMemo<CollisionDetection>(
    () => (args) => {
      const place = keyboardPlace.current;
      if (!args.pointerCoordinates && place) {
        const id = dropId(place);
        if (args.droppableContainers.some((container) => container.id === id)) return [{ id }];
        return closestCenter(args);
      }
      // A pointer drop lands on what is under the pointer, else on what the dragged step overlaps, else nowhere.
      const underPointer = pointerWithin(args);
      return underPointer.length > 0 ? underPointer : rectIntersection(args);
    },
    [],
  );

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: DRAG_START_DISTANCE_PX } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_LONG_PRESS_MS, tolerance: TOUCH_TOLERANCE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter, keyboardCodes: { start: ['Space', 'Enter'], cancel: ['Escape'], end: ['Space', 'Enter'] } }),
  );

  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: ({ active }) => `Picked up step ${stepOf(active)}.`,
      onDragOver: ({ active, over }) => {
        // The first "over" is the step's own place: stay quiet so "Picked up…" is not cut off.
        if (!dragOrigin.current.movedAway && over?.id === dragOrigin.current.id) return undefined;
        dragOrigin.current.movedAway = true;
        const location = locationOf(over);
        if (!location) return `${stepOf(active)} is not over a place to drop it.`;
        return `${stepOf(active)} is over ${describePlace(location, valueRef.current.available.length)}.`;
      },
      onDragEnd: () => dropAnnouncement.current,
      onDragCancel: ({ active }) => `Cancelled. ${stepOf(active)} is back where it was.`,
    }),
    [],
  );

  function endDrag() {
    setDragged(null);
    keyboardPlace.current = null;
  }

  function handleDragStart({ active, activatorEvent }: DragStartEvent) {
    const step = stepOf(active);
    setDragged(step);
    setStatus('');
    const origin = locateStep(valueRef.current, step);
    dragOrigin.current = { id: origin ? dropId(origin) : null, movedAway: false };
    keyboardPlace.current = activatorEvent instanceof KeyboardEvent ? origin : null;
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    const step = stepOf(active);
    const current = valueRef.current;
    const from = locateStep(current, step);
    const next = from ? moveStep(current, from, locationOf(over)) : current;
    const place = locateStep(next, step);
    dropAnnouncement.current =
      next === current || !place ? `${step} was not moved.` : `${step} dropped into ${describePlace(place, next.available.length)}.`;
    endDrag();
    if (next !== current) onChange(next);
  }

  /** A move made with a button: the same rules as a drop, then focus follows the step. */
  function moveWithButton(step: string, to: StepLocation, control: FocusControl) {
    const from = locateStep(value, step);
    if (!from) return;
    const next = moveStep(value, from, to);
    const place = locateStep(next, step);
    if (next === value || !place) return;
    focusRequest.current = { step, control };
    setStatus(`${step} moved to ${describePlace(place, next.available.length)}.`);
    onChange(next);
  }

  const firstEmptySlot = value.ordered.indexOf('');

  return (
    <div className={dragged ? 'order-steps order-steps--dragging' : 'order-steps'} role="group" aria-labelledby={labelId} ref={rootRef}>
      <p className="order-steps__label" id={labelId}>
        {label}
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        autoScroll={autoScroll}
        accessibility={{ announcements, screenReaderInstructions }}
        onDragStart={handleDragStart}
        onDragEnd={handleDragEnd}
        onDragCancel={endDrag}
      >
        <div className="order-steps__columns">
          <div className="order-steps__column">
            <p className="order-steps__heading" id={stepsId}>
              {STEPS_LIST_NAME}
            </p>
            <ul className="order-steps__list" aria-labelledby={stepsId}>
              {value.available.map((step, index) => (
                <DropPlace key={step} location={{ list: 'available', index }}>
                  <DraggableStep step={step}>
                    {firstEmptySlot !== -1 ? (
                      <button
                        type="button"
                        className="order-steps__action"
                        aria-label={`Add ${step} to ${ORDER_LIST_NAME}`}
                        data-step={step}
                        data-control="add"
                        onClick={() => moveWithButton(step, { list: 'ordered', index: firstEmptySlot }, 'handle')}
                      >
                        Add
                      </button>
                    ) : null}
                  </DraggableStep>
                </DropPlace>
              ))}
            </ul>
            <EndOfSteps index={value.available.length} />
          </div>
          <div className="order-steps__column">
            <p className="order-steps__heading" id={orderId}>
              {ORDER_LIST_NAME}
            </p>
            <ol className="order-steps__list" aria-labelledby={orderId}>
              {value.ordered.map((step, index) => (
                <DropPlace key={index} location={{ list: 'ordered', index }} slot={index + 1} empty={!step}>
                  {step ? (
                    <DraggableStep key={step} step={step}>
                      <button
                        type="button"
                        className="order-steps__action order-steps__action--icon"
                        aria-label={`Move ${step} up`}
                        title="Move up"
                        disabled={index === 0}
                        data-step={step}
                        data-control="up"
                        onClick={() => moveWithButton(step, { list: 'ordered', index: index - 1 }, 'up')}
                      >
                        <Arrow direction="up" />
                      </button>
                      <button
                        type="button"
                        className="order-steps__action order-steps__action--icon"
                        aria-label={`Move ${step} down`}
                        title="Move down"
                        disabled={index === value.orderSize - 1}
                        data-step={step}
                        data-control="down"
                        onClick={() => moveWithButton(step, { list: 'ordered', index: index + 1 }, 'down')}
                      >
                        <Arrow direction="down" />
                      </button>
                      <button
                        type="button"
                        className="order-steps__action"
                        aria-label={`Remove ${step}`}
                        data-step={step}
                        data-control="remove"
                        onClick={() => moveWithButton(step, { list: 'available', index: value.available.length }, 'handle')}
                      >
                        Remove
                      </button>
                    </DraggableStep>
                  ) : (
                    <span className="order-steps__placeholder">Drop step {index + 1} here</span>
                  )}
                </DropPlace>
              ))}
            </ol>
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

/** A list item that takes drops: a step of "Steps", or a slot of "Your order" (`slot` = its number, from 1). */
function DropPlace({ location, slot, empty = false, children }: { location: StepLocation; slot?: number; empty?: boolean; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: dropId(location), data: { location } satisfies DropData });
  const classes = ['order-steps__place'];
  if (slot !== undefined) classes.push('order-steps__place--slot');
  if (empty) classes.push('order-steps__place--empty');
  if (isOver) classes.push('order-steps__place--over');
  return (
    <li ref={setNodeRef} className={classes.join(' ')}>
      {slot !== undefined ? (
        <span className="order-steps__number" aria-hidden="true">
          {slot}
        </span>
      ) : null}
      {children}
    </li>
  );
}

/** The place after the last step of "Steps": drops here go to the end of the list. */
function EndOfSteps({ index }: { index: number }) {
  const location: StepLocation = { list: 'available', index };
  const { setNodeRef, isOver } = useDroppable({ id: dropId(location), data: { location } satisfies DropData });
  return (
    <div ref={setNodeRef} className={isOver ? 'order-steps__end order-steps__end--over' : 'order-steps__end'}>
      {index === 0 ? 'Every step is in your order. Drop a step here to take it out.' : 'Drop here to put a step at the end'}
    </div>
  );
}

/**
 * A step card: the drag handle, a <button> named by the step's text (dnd-kit's attributes and listeners
 * go on it, not on the <li>: shared/STACK.md T8), and the step's buttons.
 */
function DraggableStep({ step, children }: { step: string; children: ReactNode }) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: draggableId(step),
    data: { step } satisfies DragData,
    attributes: { roleDescription: 'draggable step' },
  });
  return (
    <div ref={setNodeRef} className={isDragging ? 'order-steps__card order-steps__card--dragging' : 'order-steps__card'}>
      <button type="button" ref={setActivatorNodeRef} className="order-steps__handle" {...attributes} {...listeners} data-step={step} data-control="handle">
        <Grip />
        <span className="order-steps__text">{step}</span>
      </button>
      {children ? <span className="order-steps__actions">{children}</span> : null}
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
