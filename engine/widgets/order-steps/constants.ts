/** Mouse drag starts after this much movement, px (docs/requirements.md#constants, "drag"). */
export const DRAG_START_DISTANCE_PX = 5;
/** Touch drag starts after a long press this long, ms (docs/requirements.md#constants, "drag"). */
export const TOUCH_LONG_PRESS_MS = 120;
/** A finger may wander this far during the long press before it counts as a scroll, px. */
export const TOUCH_TOLERANCE_PX = 5;
/** Drop animation, ms (docs/requirements.md#constants: 0.33 to 0.55 s): the middle of the range. */
export const DROP_ANIMATION_MS = 400;
/** Auto-scroll starts when the dragged step is within this fraction of the edge (docs/requirements.md#constants). */
export const AUTO_SCROLL_THRESHOLD = 0.25;
/**
 * Fastest auto-scroll, px per step (docs/requirements.md#constants: at most 28 px per step). dnd-kit
 * ramps the speed linearly from 0 at the threshold to this at the edge and cannot cap it earlier, so it
 * is 22 px at 5% of the edge rather than full speed there: the cap wins over the ramp.
 */
export const AUTO_SCROLL_MAX_STEP_PX = 28;
/** One auto-scroll step, ms: about one frame, so 28 px per step is about 28 px per frame. */
export const AUTO_SCROLL_INTERVAL_MS = 16;
