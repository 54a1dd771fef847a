import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import messages from '../../../content/locales/en/engine.json';
import { useAnswerField } from '../../answers/AnswersForm.tsx';
import { useMessages, type Translate } from '../../i18n/messages.ts';
import type { AnswersSchema } from '../../schema/types.ts';
import { locateStep, moveStep, normalizeOrderValue, stepId, type OrderValue, type StepLocation } from './move-step.ts';
import { EndOfStepsView, PlaceView } from './place-view.tsx';
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
  /**
   * What a student sees and hears for each step, by the step as the answers store it, e.g.
   * `{ "Translation": "Traducción" }` in a translated day (docs/authoring.md, "Translating a day"). The
   * answers keep the stored step, so they are one object whatever the language. Absent, or a step without
   * a non-empty label: the step is shown as stored.
   */
  stepLabels?: Readonly<Record<string, string>>;
}

/**
 * The text shown for a stored step: its label in `stepLabels`, or the step itself.
 *
 * @example stepLabel({ Translation: 'Traducción' }, 'Translation') // 'Traducción'
 */
function stepLabel(stepLabels: Readonly<Record<string, string>> | undefined, step: string): string {
  const label = stepLabels && Object.hasOwn(stepLabels, step) ? stepLabels[step] : undefined;
  return typeof label === 'string' && label.trim() !== '' ? label : step;
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

const emptySlotId = (index: number) => `slot-${index}`;

/**
 * A place in words, for announcements: "slot 2 of Your order", "place 1 of Steps", "the end of Steps"
 * (`orderSteps.place.*`, with the lists' names `orderSteps.orderList` and `orderSteps.stepsList`).
 */
function describePlace(location: StepLocation, availableCount: number, t: Translate<typeof messages>): string {
  if (location.list === 'ordered') return t('orderSteps.place.slot', { number: location.index + 1, list: t('orderSteps.orderList') });
  if (location.index >= availableCount) return t('orderSteps.place.end', { list: t('orderSteps.stepsList') });
  return t('orderSteps.place.step', { number: location.index + 1, list: t('orderSteps.stepsList') });
}

/** The drag layer, a chunk of its own (./sortable.tsx). */
const loadSortable = () => import('./sortable.tsx');
type Sortable = Awaited<ReturnType<typeof loadSortable>>;

/** Before the drag layer arrives, the lists are plain: the same markup, moved by the buttons only. */
const PlainList = ({ children }: { id: string; items: string[]; children: ReactNode }) => children;

/**
 * The drag layer once loaded: asked for when the exercise comes within {@link SORTABLE_LOAD_MARGIN} of
 * the screen, or is pointed at or focused first (where the browser cannot tell, when it is next idle,
 * within {@link SORTABLE_IDLE_TIMEOUT_MS} ms), so a day whose exercise is far down the page does not
 * load and draw it while the lesson opens. Never in a read-only form. It is put in place only while the
 * student is not using the exercise (no pointer pressed on it, no focus in it): the lists re-render with
 * it, and a button pressed at that moment would lose its click. Until then the buttons move steps.
 */
function useDragLayer(root: RefObject<HTMLDivElement | null>, enabled: boolean): Sortable | null {
  const [sortable, setSortable] = useState<Sortable | null>(null);
  useEffect(() => {
    const node = root.current;
    if (!enabled || !node) return;
    let placed = false;
    let pressed = false;
    let arrived: Sortable | null = null;
    const place = () => {
      if (placed || !arrived || pressed || node.contains(document.activeElement)) return;
      placed = true;
      setSortable(arrived);
    };
    let asked = false;
    const load = () => {
      if (asked) return;
      asked = true;
      loadSortable().then(
        (module) => {
          arrived = module;
          place();
        },
        // Offline without the chunk: the buttons keep working, as they do before it arrives.
        () => undefined,
      );
    };
    const onPointerDown = () => {
      pressed = true;
      load();
    };
    const onPointerUp = () => {
      pressed = false;
      window.setTimeout(place, 0);
    };
    const onFocusOut = () => window.setTimeout(place, 0);
    const near =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && load(), { rootMargin: SORTABLE_LOAD_MARGIN })
        : null;
    near?.observe(node);
    const idle = near ? undefined : typeof requestIdleCallback === 'function' ? requestIdleCallback(load, { timeout: SORTABLE_IDLE_TIMEOUT_MS }) : window.setTimeout(load, 0);
    node.addEventListener('pointerdown', onPointerDown);
    node.addEventListener('pointerover', load);
    node.addEventListener('focusin', load);
    node.addEventListener('focusout', onFocusOut);
    window.addEventListener('pointerup', onPointerUp);
    window.addEventListener('pointercancel', onPointerUp);
    return () => {
      placed = true;
      near?.disconnect();
      if (idle !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      window.clearTimeout(idle);
      node.removeEventListener('pointerdown', onPointerDown);
      node.removeEventListener('pointerover', load);
      node.removeEventListener('focusin', load);
      node.removeEventListener('focusout', onFocusOut);
      window.removeEventListener('pointerup', onPointerUp);
      window.removeEventListener('pointercancel', onPointerUp);
    };
  }, [root, enabled]);
  return sortable;
}

/** How long the drag layer waits for an idle moment at most, in ms, before it loads anyway (no IntersectionObserver). */
const SORTABLE_IDLE_TIMEOUT_MS = 3000;

/** How near the screen the exercise comes before its drag layer loads: within 800 px above or below it. */
const SORTABLE_LOAD_MARGIN = '800px 0px';

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
 * never an internal id. With `stepLabels`, every text naming a step (the card, its handle's and buttons'
 * names, the announcements) is its label, while the answers store the step. The page auto-scrolls when a
 * step is dragged within 25% of the window's edge, at most 28 px per step of 16 ms; the drop animates for
 * 400 ms, or not at all when the student asks for reduced motion.
 *
 * In a read-only form both lists show the saved order as plain text: no drag handle, no buttons, no
 * drop places, and empty slots read "Slot N: empty".
 *
 * Every text of its own is in the reader's language: the lists' names, the buttons, the instructions
 * read with each handle (docs/requirements.md#ordering-exercise), the announcements and the empty places
 * (`orderSteps.*` in content/locales/LOCALE/engine.json). The steps are the lesson's.
 *
 * The drag layer (./sortable.tsx, dnd-kit) is a chunk of its own, loaded when the page is idle and put in
 * place while the student is not using the exercise; until then the same lists show and the buttons
 * move steps (docs/decisions/011-first-visit-javascript.md). The root says `data-drag="ready"` once it
 * is in place.
 *
 * @throws UnknownAnswerFieldError when the day's schema has no field `name`
 * @throws OrderStepsFieldError when the field is not `{ available, ordered, orderSize }`
 * @example <OrderSteps name="dnd" label="Put the steps in order" />
 * @example <OrderSteps name="dnd" label="Ordena los pasos" stepLabels={{ "Translation": "Traducción", "Transcription": "Transcripción" }} />
 */
export function OrderSteps({ name, label, stepLabels }: OrderStepsProps) {
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
  const focusRequest = useRef<{ id: string; control: string } | null>(null);
  const instructionsId = useId();
  const sortable = useDragLayer(rootRef, !readOnly);
  const t = useMessages(messages);
  const labelOf = useCallback((step: string) => stepLabel(stepLabels, step), [stepLabels]);
  const describe = useCallback((location: StepLocation) => describePlace(location, valueRef.current.available.length, t), [t]);
  const stepsListName = t('orderSteps.stepsList');
  const orderListName = t('orderSteps.orderList');
  const instructions = t('orderSteps.instructions');

  useEffect(() => {
    valueRef.current = value;
    const request = focusRequest.current;
    focusRequest.current = null;
    const find = (control: string) => rootRef.current?.querySelector<HTMLButtonElement>(`[data-focus="${request?.id}-${control}"]:not(:disabled)`);
    if (request) (find(request.control) ?? find('handle'))?.focus();
  }, [value]);

  /** Writes a move to the answers; returns the step's new place in words, or null when nothing moved. */
  function move(step: string, to: StepLocation | null): string | null {
    const current = valueRef.current;
    const from = locateStep(current, step);
    const next = from ? moveStep(current, from, to) : current;
    const place = locateStep(next, step);
    if (next === current || !place) return null;
    onChange(next);
    return describePlace(place, next.available.length, t);
  }

  /** A move made with a button: the same rules as a drop, then focus follows the step. */
  function moveWithButton(step: string, to: StepLocation, control: string) {
    const place = move(step, to);
    if (!place) return;
    focusRequest.current = { id: idOf(step), control };
    setStatus(t('orderSteps.moved', { step: labelOf(step), place }));
  }

  const firstEmptySlot = value.ordered.indexOf('');
  const orderIds = value.ordered.map((step, index) => (step ? idOf(step) : emptySlotId(index)));
  // Before the drag layer arrives: plain places whose handles carry the same description and role.
  const Place = sortable?.SortablePlace ?? PlaceView;
  const List = sortable?.SortableList ?? PlainList;
  const plainHandle = { 'aria-roledescription': t('orderSteps.roleDescription'), 'aria-describedby': instructionsId };

  const lists = (
    <div className="order-steps__columns">
      <div className="order-steps__column">
        <p className="order-steps__heading" id={stepsId}>
          {stepsListName}
        </p>
        <List id="available" items={value.available.map(idOf)}>
          <ul className="order-steps__list" aria-labelledby={stepsId}>
            {value.available.map((step) => (
              <Place key={idOf(step)} id={idOf(step)} step={step} text={labelOf(step)} readOnly={readOnly} handleProps={plainHandle}>
                {firstEmptySlot !== -1 && !readOnly ? (
                  <ActionButton id={idOf(step)} control="add" label={t('orderSteps.addLabel', { step: labelOf(step), list: orderListName })} onClick={() => moveWithButton(step, { list: 'ordered', index: firstEmptySlot }, 'handle')}>
                    {t('orderSteps.add')}
                  </ActionButton>
                ) : null}
              </Place>
            ))}
          </ul>
        </List>
        {readOnly ? null : sortable ? <sortable.SortableEndOfSteps index={value.available.length} /> : <EndOfStepsView index={value.available.length} />}
      </div>
      <div className="order-steps__column">
        <p className="order-steps__heading" id={orderId}>
          {orderListName}
        </p>
        <List id="ordered" items={orderIds}>
          <ol className="order-steps__list" aria-labelledby={orderId}>
            {value.ordered.map((step, index) => (
              <Place key={orderIds[index]} id={orderIds[index]!} step={step} text={labelOf(step)} slot={index + 1} readOnly={readOnly} handleProps={plainHandle}>
                {readOnly ? null : (
                  <>
                    <ActionButton id={idOf(step)} control="up" label={t('orderSteps.moveUpLabel', { step: labelOf(step) })} disabled={index === 0} onClick={() => moveWithButton(step, { list: 'ordered', index: index - 1 }, 'up')}>
                      <Arrow direction="up" />
                    </ActionButton>
                    <ActionButton
                      id={idOf(step)}
                      control="down"
                      label={t('orderSteps.moveDownLabel', { step: labelOf(step) })}
                      disabled={index === value.orderSize - 1}
                      onClick={() => moveWithButton(step, { list: 'ordered', index: index + 1 }, 'down')}
                    >
                      <Arrow direction="down" />
                    </ActionButton>
                    <ActionButton id={idOf(step)} control="remove" label={t('orderSteps.removeLabel', { step: labelOf(step) })} onClick={() => moveWithButton(step, { list: 'available', index: value.available.length }, 'handle')}>
                      {t('orderSteps.remove')}
                    </ActionButton>
                  </>
                )}
              </Place>
            ))}
          </ol>
        </List>
      </div>
    </div>
  );

  return (
    <div
      className={dragged ? 'order-steps order-steps--dragging' : 'order-steps'}
      data-state={dragged ? 'dragging' : 'idle'}
      data-drag={sortable ? 'ready' : undefined}
      role="group"
      aria-labelledby={labelId}
      ref={rootRef}
    >
      <p className="order-steps__label" id={labelId}>
        {label}
      </p>
      {sortable ? (
        <sortable.DragArea
          readOnly={readOnly}
          instructions={instructions}
          labelOf={labelOf}
          describePlace={describe}
          onMove={move}
          onDragging={(step) => {
            setDragged(step);
            if (step) setStatus('');
          }}
        >
          {lists}
        </sortable.DragArea>
      ) : (
        <>
          {lists}
          <p hidden id={instructionsId}>
            {instructions}
          </p>
        </>
      )}
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </div>
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

function Arrow({ direction }: { direction: 'up' | 'down' }) {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={direction === 'up' ? 'M8 3 L14 10 H10 V13 H6 V10 H2 Z' : 'M8 13 L14 6 H10 V3 H6 V6 H2 Z'} fill="currentColor" />
    </svg>
  );
}
