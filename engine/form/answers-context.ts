import { createContext, useContext } from 'react';
import type { Autosave } from '../autosave/autosave.ts';
import type { Answers, AnswersSchema } from '../schema/types.ts';

/** What {@link AnswersForm} shares with the widgets inside it. */
export interface AnswersContextValue {
  schema: AnswersSchema;
  autosave: Autosave;
  /** The day's answers as loaded and normalised, for widgets that reset fields to their defaults. */
  initialAnswers: Answers;
}

export const AnswersContext = createContext<AnswersContextValue | null>(null);

/**
 * The answers context of the enclosing {@link AnswersForm}.
 *
 * @param widget - the calling widget's name, used in the error
 * @throws Error naming the widget when it is used outside an AnswersForm (an authoring mistake)
 */
export function useAnswersContext(widget: string): AnswersContextValue {
  const context = useContext(AnswersContext);
  if (!context) throw new Error(`${widget} must be placed inside an <AnswersForm>: a lesson binds its widgets to one answers object.`);
  return context;
}

/**
 * The autosave controller of the enclosing {@link AnswersForm}, or null outside a lesson. The app shell
 * calls `flush()` on it before logout (spec section 4, "Authentication").
 */
export function useOptionalAutosave(): Autosave | null {
  return useContext(AnswersContext)?.autosave ?? null;
}
