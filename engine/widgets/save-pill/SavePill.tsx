import { useSaveState } from '../../autosave/use-save-state.ts';
import type { SaveState } from '../../autosave/autosave.ts';
import './SavePill.css';

/**
 * The pill's text for a save state (spec section 4, "Save state"): "Autosaving…" while a save runs,
 * "(unsaved)" while dirty and no save runs, "Saved • h:mm" after a save or a load, "Ready" before any.
 */
export function savePillText(state: SaveState): string {
  if (state.saving) return 'Autosaving…';
  if (state.dirty) return '(unsaved)';
  if (state.savedAt) return `Saved • ${formatClock(state.savedAt)}`;
  return 'Ready';
}

/** h:mm on a 12-hour clock, in the student's time zone, e.g. "9:05". */
function formatClock(date: Date): string {
  const hours = date.getHours() % 12 || 12;
  return `${hours}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/**
 * The floating save-status pill at the bottom right of a day page (spec section 2, "Day pages, shared
 * layout"). A polite live region, so a screen reader hears "Saved • 9:05" without losing its place.
 */
export function SavePill() {
  const state = useSaveState('SavePill');
  const tone = state.saving ? 'saving' : state.dirty ? 'dirty' : state.savedAt ? 'saved' : 'ready';
  return (
    <div className={`save-pill save-pill--${tone}`} role="status" aria-live="polite">
      {savePillText(state)}
    </div>
  );
}
