import { Immer } from 'immer';
import { isPlainObject } from '../../schema/normalize.ts';

/**
 * The answers of an ordering exercise (docs/requirements.md#answer-fields, `dnd`): the steps not yet
 * placed, and the ordered slots, padded with "" (an empty slot) up to `orderSize`.
 */
export interface OrderValue {
  /** Step texts not yet placed, in the order shown. */
  available: string[];
  /** Exactly `orderSize` slots, each a step text or "" for an empty slot. */
  ordered: string[];
  /** How many ordered slots there are (5 on Day 1: docs/requirements.md#constants). */
  orderSize: number;
}

/** Which of the two lists: "Steps" (`available`) or "Your order" (`ordered`). */
export type StepList = 'available' | 'ordered';

/** A place in one of the two lists: an index into `available` or a slot index (0-based) into `ordered`. */
export interface StepLocation {
  list: StepList;
  index: number;
}

// Without autoFreeze: the moved value goes into the answers, which react-hook-form and the merges go on using.
const immer = new Immer({ autoFreeze: false });

const isStep = (item: unknown): item is string => typeof item === 'string' && item !== '';

/**
 * Repairs any stored value to a valid {@link OrderValue}, losing no step and keeping no duplicate.
 *
 * - `orderSize` is taken from the value, or else from the length of `ordered`;
 * - `ordered` is padded with "" or trimmed to `orderSize`; steps in trimmed slots move to `available`;
 * - a step found twice is kept once, where it was placed first (the student's order wins);
 * - anything that is not a non-empty string is dropped from `available` and is "" in `ordered`;
 * - a step of `defaultSteps` found in neither list (lost from a saved order) is added to the end of
 *   `available`, so the exercise can always be completed.
 *
 * @param raw - whatever the answers hold for the field
 * @param defaultSteps - the exercise's steps, the schema's default `available` list
 * @returns a fresh, valid value (never `raw` itself)
 */
export function normalizeOrderValue(raw: unknown, defaultSteps: readonly string[] = []): OrderValue {
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
  for (const item of [...rawAvailable, ...overflow, ...defaultSteps]) {
    if (!isStep(item) || seen.has(item)) continue;
    seen.add(item);
    available.push(item);
  }
  return { available, ordered, orderSize };
}

/**
 * A stable id for a step, for React keys and dnd-kit (not the step's text, which may repeat or change):
 * `step-N` for the N-th step of `defaultSteps`, or `step-h<hash of the text>` for a step the schema no
 * longer lists.
 */
export function stepId(step: string, defaultSteps: readonly string[]): string {
  const index = defaultSteps.indexOf(step);
  if (index !== -1) return `step-${index}`;
  let hash = 0;
  for (let position = 0; position < step.length; position += 1) hash = (Math.imul(hash, 31) + step.charCodeAt(position)) | 0;
  return `step-h${(hash >>> 0).toString(36)}`;
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
 * A list reorder in place: the item at `from` is taken out and put back at `to`, the items in between
 * shifting one place toward `from` (what dnd-kit's `arrayMove` does, on an immer draft, without loading
 * dnd-kit with the day: docs/decisions/011-first-visit-javascript.md).
 */
function moveWithin(list: string[], from: number, to: number): void {
  const [item] = list.splice(from, 1);
  list.splice(to, 0, item!);
}

/**
 * Moves one step, as a drop does (docs/requirements.md#ordering-exercise). Pure (immer `produce`):
 * returns a new value, or `value` itself when nothing moves, so callers can skip writing the answers.
 *
 * Rules:
 * - no destination (`to` is null), the same place, an empty source slot or a place out of range:
 *   nothing moves;
 * - within "Steps": a list reorder ({@link moveWithin}); `to.index` may be `available.length`, the end;
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
  const step = stepAt(value, from);
  if (!to || !step || (from.list === to.list && from.index === to.index)) return value;
  if (to.index < 0 || to.index > (to.list === 'ordered' ? value.orderSize - 1 : value.available.length)) return value;

  const moved = immer.produce(value, (draft) => {
    const { available, ordered } = draft;
    if (to.list === 'ordered' && ordered[to.index] === '') {
      if (from.list === 'ordered') ordered[from.index] = '';
      else available.splice(from.index, 1);
      ordered[to.index] = step;
    } else if (from.list === to.list) {
      moveWithin(draft[to.list], from.index, to.index);
    } else if (to.list === 'available') {
      ordered[from.index] = '';
      available.splice(to.index, 0, step);
    } else {
      available.splice(from.index, 1);
      const emptyBelow = ordered.indexOf('', to.index + 1);
      const empty = emptyBelow !== -1 ? emptyBelow : ordered.lastIndexOf('', to.index);
      if (empty === -1) available.splice(from.index, 0, ordered[to.index]!);
      else moveWithin(ordered, empty, to.index);
      ordered[to.index] = step;
    }
  });
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((item, index) => item === b[index]);
  return same(moved.available, value.available) && same(moved.ordered, value.ordered) ? value : moved;
}
