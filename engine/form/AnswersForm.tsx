import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { createAutosave, type Autosave, type SaveAnswers } from '../autosave/autosave.ts';
import type { Answers, AnswersSchema } from '../schema/types.ts';
import { AnswersContext, type AnswersContextValue } from './answers-context.ts';

export interface AnswersFormProps {
  /** The day's answers schema. */
  schema: AnswersSchema;
  /** The loaded answers, already normalised with `normalize(schema, saved)`. */
  answers: Answers;
  /** When the loaded answers were saved; the pill then reads "Saved • h:mm" (spec section 4). */
  savedAt?: Date | null;
  /** Sends the whole answers object; rejects on failure. */
  save: SaveAnswers;
  /** Overrides for tests and stories: autosave debounce and repeat, ms. */
  debounceMs?: number;
  intervalMs?: number;
  children: ReactNode;
}

/**
 * Binds one answers object to react-hook-form and autosaves it (spec section 4, "Save state").
 *
 * Every edit made through a widget marks the answers dirty and schedules a silent save; the page also
 * saves when the tab becomes hidden while dirty, and asks the browser to warn before leaving while
 * dirty. Widgets inside bind by name with `useAnswerField`.
 *
 * Mount it once per day, after the answers are loaded: the loaded answers become the form's defaults.
 */
export function AnswersForm({ schema, answers, savedAt = null, save, debounceMs, intervalMs, children }: AnswersFormProps) {
  const form = useForm<Answers>({ defaultValues: answers });
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const [autosave] = useState<Autosave>(() =>
    createAutosave({
      getAnswers: () => form.getValues(),
      save: (values, options) => saveRef.current(values, options),
      savedAt,
      debounceMs,
      intervalMs,
    }),
  );

  useEffect(() => {
    // Every change of any field, including resets through setValue, is an edit to autosave.
    // eslint-disable-next-line react-hooks/incompatible-library -- watch's callback form subscribes without re-rendering
    const subscription = form.watch(() => autosave.edit());
    return () => subscription.unsubscribe();
  }, [form, autosave]);

  useEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden' && autosave.getState().dirty) void autosave.flush({ keepalive: true });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!autosave.getState().dirty) return;
      event.preventDefault();
      // Older browsers need returnValue set to show the unsaved-changes warning.
      event.returnValue = '';
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [autosave]);

  useEffect(() => () => autosave.dispose(), [autosave]);

  const context = useMemo<AnswersContextValue>(() => ({ schema, autosave, initialAnswers: answers }), [schema, autosave, answers]);

  return (
    <FormProvider {...form}>
      <AnswersContext.Provider value={context}>
        <form className="lesson-form" onSubmit={(event) => event.preventDefault()} noValidate>
          {children}
        </form>
      </AnswersContext.Provider>
    </FormProvider>
  );
}
