import { isPlainObject } from '../../schema/normalize.ts';

/**
 * The answers of an ordering exercise (spec section 3, Day 1 `dnd`): the steps not yet placed, and
 * the ordered slots, padded with "" (an empty slot) up to `orderSize`.
 */
export interface OrderValue {
  /** Step texts not yet placed, in the order shown. */
  available: string[];
  /** Exactly `orderSize` slots, each a step text or "" for an empty slot. */
  ordered: string[];
  /** How many ordered slots there are (spec section 9: 5 on Day 1). */
  orderSize: number;
}

/** Which of the two lists: "Steps" (`available`) or "Your order" (`ordered`). */
export type StepList = 'available' | 'ordered';

/** A place in one of the two lists: an index into `available` or a slot index (0-based) into `ordered`. */
export interface StepLocation {
  list: StepList;
  index: number;
}

const isStep = (item: unknown): item is string => typeof item === 'string' && item !== '';

/**
 * Repairs any stored value to a valid {@link OrderValue}, losing no step and keeping no duplicate.
 *
 * - `orderSize` is taken from the value, or else from the length of `ordered`;
 * - `ordered` is padded with "" or trimmed to `orderSize`; steps in trimmed slots move to `available`;
 * - a step found twice is kept once, where it was placed first (the student's order wins);
 * - anything that is not a non-empty string is dropped from `available` and is "" in `ordered`.
 *
 * @param raw - whatever the answers hold for the field
 * @returns a fresh, valid value (never `raw` itself)
 */
export function normalizeOrderValue(raw: unknown): OrderValue {
  const source = isPlainObject(raw) ? raw : {};
  const rawOrdered = Array.isArray(source.ordered) ? (source.ordered as unknown[]) : [];
  const rawAvailable = Array.isArray(source.available) ? (source.available as unknown[]) : [];
  const orderSize = Number.isInteger(source.orderSize) && (source.orderSize as number) > 0 ? (source.orderSize as number) : rawOrdered.length;

  const seen = new Set<string>();
  const ordered: string[] = [];
  const overflow: string[] = [];
  rawOrdered.forEach((item, index) => {
    const step = isStep(item) && !seen.has(item) ? item : '';
    if (index >= orderSize) {
      if (step) overflow.push(step);
      return;
    }
    if (step) seen.add(step);
    ordered.push(step);
  });
  while (ordered.length < orderSize) ordered.push('');

  const available: string[] = [];
  for (const item of [...rawAvailable, ...overflow]) {
    if (!isStep(item) || seen.has(item)) continue;
    seen.add(item);
    available.push(item);
  }
  return { available, ordered, orderSize };
}

/** The step at a location, or "" for an empty slot or a place that does not exist. */
export function stepAt(value: OrderValue, location: StepLocation): string {
  return value[location.list][location.index] ?? '';
}

/** Where a step is, or `null` when the value does not hold it. */
export function locateStep(value: OrderValue, step: string): StepLocation | null {
  const inOrder = value.ordered.indexOf(step);
  if (inOrder !== -1) return { list: 'ordered', index: inOrder };
  const inSteps = value.available.indexOf(step);
  return inSteps === -1 ? null : { list: 'available', index: inSteps };
}

/**
 * Moves one step, as a drop does (spec section 4, "Ordering exercise"). Pure: returns a new value, or
 * `value` itself when nothing moves, so callers can skip writing the answers.
 *
 * Rules:
 * - no destination (`to` is null), the same place, an empty source slot or a place out of range:
 *   nothing moves;
 * - within "Steps": the step is taken out and put back in at `to.index` (a plain list reorder);
 *   `to.index` may be `available.length`, the end of the list;
 * - onto an empty slot of "Your order": the step fills it (its old slot, if any, becomes empty);
 * - onto an occupied slot, from elsewhere in "Your order": a list reorder, so the steps in between
 *   shift one slot toward the slot it left;
 * - onto an occupied slot, from "Steps": the step takes the slot and the following steps shift down
 *   into the next empty slot below; when there is none below, the earlier steps shift up into the
 *   nearest empty slot above; when every slot is full, the step that was there goes back to "Steps"
 *   where the moved step came from (a swap);
 * - from "Your order" into "Steps": the slot becomes empty and the step is inserted at `to.index`.
 *
 * Every result keeps `ordered` exactly `orderSize` long, and holds each step exactly once.
 *
 * @param value - a valid value (see {@link normalizeOrderValue})
 * @param from - where the moved step is
 * @param to - where it was dropped, or `null` for a drop outside any list
 * @example moveStep(value, { list: 'available', index: 1 }, { list: 'ordered', index: 0 })
 */
export function moveStep(value: OrderValue, from: StepLocation, to: StepLocation | null): OrderValue {
  const moved = applyMove(value, from, to);
  return sameLists(moved, value) ? value : moved;
}

function sameLists(a: OrderValue, b: OrderValue): boolean {
  const same = (x: string[], y: string[]) => x.length === y.length && x.every((item, index) => item === y[index]);
  return same(a.available, b.available) && same(a.ordered, b.ordered);
}

function applyMove(value: OrderValue, from: StepLocation, to: StepLocation | null): OrderValue {
  if (!to) return value;
  if (from.list === to.list && from.index === to.index) return value;
  const step = stepAt(value, from);
  if (!step) return value;
  const fromLength = value[from.list].length;
  if (from.index < 0 || from.index >= fromLength) return value;
  const toMaximum = to.list === 'ordered' ? value.orderSize - 1 : value.available.length;
  if (to.index < 0 || to.index > toMaximum) return value;

  const available = [...value.available];
  const ordered = [...value.ordered];

  if (to.list === 'available') {
    if (from.list === 'available') available.splice(from.index, 1);
    else ordered[from.index] = '';
    available.splice(Math.min(to.index, available.length), 0, step);
    return { available, ordered, orderSize: value.orderSize };
  }

  if (from.list === 'ordered') {
    if (ordered[to.index] === '') {
      ordered[from.index] = '';
      ordered[to.index] = step;
    } else {
      ordered.splice(from.index, 1);
      ordered.splice(to.index, 0, step);
    }
    return { available, ordered, orderSize: value.orderSize };
  }

  available.splice(from.index, 1);
  if (ordered[to.index] === '') {
    ordered[to.index] = step;
    return { available, ordered, orderSize: value.orderSize };
  }
  const emptyBelow = ordered.indexOf('', to.index + 1);
  const emptyAbove = to.index === 0 ? -1 : ordered.lastIndexOf('', to.index - 1);
  if (emptyBelow !== -1) {
    ordered.splice(emptyBelow, 1);
    ordered.splice(to.index, 0, step);
  } else if (emptyAbove !== -1) {
    ordered.splice(emptyAbove, 1);
    ordered.splice(to.index, 0, step);
  } else {
    const displaced = ordered[to.index] ?? '';
    ordered[to.index] = step;
    available.splice(from.index, 0, displaced);
  }
  return { available, ordered, orderSize: value.orderSize };
}

/**
 * Where a step goes next when moved with the keyboard during a drag (spec section 4: "arrows move").
 *
 * The places are, in reading order: each step of "Steps" (0 to `available.length` - 1), the end of
 * "Steps" (index `available.length`), then the slots of "Your order". Down and Up walk that order, so
 * a phone's stacked layout reads naturally; Right jumps to the same row of "Your order" and Left back
 * to the same row of "Steps", as the two columns sit side by side on wider screens.
 *
 * @param current - where the dragged step is over now
 * @param key - `KeyboardEvent.code`: ArrowDown, ArrowUp, ArrowRight or ArrowLeft
 * @param availableCount - how many steps "Steps" holds (including the dragged one, if it is there)
 * @param orderSize - how many slots "Your order" has
 * @returns the next place, or `null` when the key does not move (an edge, or another key)
 */
export function nextKeyboardLocation(current: StepLocation, key: string, availableCount: number, orderSize: number): StepLocation | null {
  const lastSlot = orderSize - 1;
  const inSteps = current.list === 'available';
  switch (key) {
    case 'ArrowDown':
      if (inSteps) return current.index < availableCount ? { list: 'available', index: current.index + 1 } : orderSize > 0 ? { list: 'ordered', index: 0 } : null;
      return current.index < lastSlot ? { list: 'ordered', index: current.index + 1 } : null;
    case 'ArrowUp':
      if (inSteps) return current.index > 0 ? { list: 'available', index: current.index - 1 } : null;
      return current.index > 0 ? { list: 'ordered', index: current.index - 1 } : { list: 'available', index: availableCount };
    case 'ArrowRight':
      return inSteps && orderSize > 0 ? { list: 'ordered', index: Math.min(current.index, lastSlot) } : null;
    case 'ArrowLeft':
      return inSteps ? null : { list: 'available', index: Math.min(current.index, availableCount) };
    default:
      return null;
  }
}
