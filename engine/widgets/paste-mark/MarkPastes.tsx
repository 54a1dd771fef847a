import { useMemo, type ReactNode } from 'react';
import { PasteMarkContext } from './paste-mark-context.ts';

export interface MarkPastesProps {
  /** The lesson content whose text fields should mark pastes: Markdown and widget tags. */
  children?: ReactNode;
  /**
   * The note shown under a field after a paste. Default: "Pasted text: make sure this answer is in your
   * own words." in the reader's language (`markPastes.note` in content/locales/LOCALE/engine.json).
   */
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
export function MarkPastes({ children, note }: MarkPastesProps) {
  const settings = useMemo(() => ({ note }), [note]);
  return <PasteMarkContext.Provider value={settings}>{children}</PasteMarkContext.Provider>;
}
