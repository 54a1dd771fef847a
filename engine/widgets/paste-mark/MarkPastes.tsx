import { useMemo, type ReactNode } from 'react';
import { PasteMarkContext } from './paste-mark-context.ts';

/** The note under a field a student pasted into (pasting only marks the field: docs/requirements.md#validation). */
export const PASTE_NOTE = 'Pasted text: make sure this answer is in your own words.';

export interface MarkPastesProps {
  /** The lesson content whose text fields should mark pastes: Markdown and widget tags. */
  children?: ReactNode;
  /** The note shown under a field after a paste. Default {@link PASTE_NOTE}. */
  note?: string;
}

/**
 * Marks pastes into every text field inside it; nothing is blocked (docs/requirements.md#validation). It
 * renders its children only, with no element or layout of its own; fields opt in through
 * {@link usePasteMark} (FreeText does).
 *
 * @example
 * <MarkPastes>
 *
 * ## Wrap-up
 *
 * <FreeText name="wrapUp.0" label="What surprised you today?" />
 *
 * </MarkPastes>
 */
export function MarkPastes({ children, note = PASTE_NOTE }: MarkPastesProps) {
  const settings = useMemo(() => ({ note }), [note]);
  return <PasteMarkContext.Provider value={settings}>{children}</PasteMarkContext.Provider>;
}
