import { createContext } from 'react';

/** What {@link MarkPastes} tells the text fields inside it; `null` outside any MarkPastes. */
export interface PasteMarkSettings {
  /** The note shown under a field after a paste; undefined: the engine's own (`markPastes.note`), in the reader's language. */
  note: string | undefined;
}

/** Whether pastes are marked here: set by `<MarkPastes>`, read by `usePasteMark()`. */
export const PasteMarkContext = createContext<PasteMarkSettings | null>(null);
