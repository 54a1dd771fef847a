import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { createAutosave, type Autosave, type SaveAnswers } from '../autosave/autosave.ts';
import type { DraftStore } from '../autosave/drafts.ts';
import { RevisionConflictError } from '../autosave/save-errors.ts';
import { changedFields, mergeAnswers } from '../schema/merge.ts';
import { repairAnswers } from '../schema/repair.ts';
import type { Answers, AnswersSchema } from '../schema/types.ts';
import { AnswersContext, type AnswersContextValue } from './answers-context.ts';

export interface AnswersFormProps {
  /** The day's answers schema. */
  schema: AnswersSchema;
  /** The answers to show, already normalised (see `restoreAnswers`): the form's starting values. */
  answers: Answers;
  /** When the loaded answers were saved; the pill then reads "Saved • time" (spec section 4). */
  savedAt?: Date | null;
  /** What the server last confirmed, that `answers` are based on. Default: `answers`. */
  base?: Answers;
  /** The revision of `base`: null when the saved answers could not be loaded; omit where revisions are not used (stories). */
  baseRevision?: number | null;
  /** Start dirty and save soon: `answers` hold restored drafts the server does not have yet. */
  dirty?: boolean;
  /** This page's drafts on the device (see `openDraftStore`); omit to keep nothing on the device. */
  drafts?: DraftStore | null;
  /** Drafts restored into `answers`, removed once a save including them is confirmed. */
  restoredDraftIds?: readonly string[];
  /** Groups this page's saves so a page opened next can wait for them (see `waitForPendingSaves`). */
  scope?: string;
  /** Sends the whole answers object; see {@link SaveAnswers}. */
  save: SaveAnswers;
  /** Overrides for tests and stories: autosave debounce and repeat, ms. */
  debounceMs?: number;
  intervalMs?: number;
  children: ReactNode;
}

/**
 * Binds one answers object to react-hook-form and autosaves it (spec section 4, "Save state"; issue 6,
 * "No lost work"). Widgets inside bind by name with `useAnswerField`.
 *
 * Every edit made through a widget marks the answers dirty, is written at once to the device's draft,
 * and schedules a silent save. The page also saves when the tab becomes hidden (with `keepalive`, so the
 * request outlives a closing tab), when the browser comes back `online` after a failure, and when the
 * form unmounts (an in-app link clicked right after typing): that last save completes after the page is
 * gone. While dirty, the browser warns before the page is closed or reloaded.
 *
 * After a revision conflict, the merged answers are written into the fields that changed, without
 * touching a field the student changed here and without counting as an edit.
 *
 * Mount it once per day, after the answers are loaded: the loaded answers become the form's defaults.
 */
export function AnswersForm({
  schema,
  answers,
  savedAt = null,
  base,
  baseRevision,
  dirty = false,
  drafts = null,
  restoredDraftIds,
  scope,
  save,
  debounceMs,
  intervalMs,
  children,
}: AnswersFormProps) {
  const form = useForm<Answers>({ defaultValues: answers });
  const saveRef = useRef(save);
  const applying = useRef(false);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const [autosave] = useState<Autosave>(() =>
    createAutosave({
      getAnswers: () => structuredClone(form.getValues()),
      // What the server sends back may be in an older shape (another tab on old content): repair it first.
      async save(values, options) {
        try {
          const confirmed = await saveRef.current(values, options);
          return confirmed ? { ...confirmed, answers: repairAnswers(schema, confirmed.answers) } : confirmed;
        } catch (error) {
          if (error instanceof RevisionConflictError) throw new RevisionConflictError(repairAnswers(schema, error.answers), error.revision, error.savedAt);
          throw error;
        }
      },
      savedAt,
      base: base ?? structuredClone(answers),
      baseRevision,
      merge: (mergeBase, local, server) => mergeAnswers(schema, mergeBase, local, server),
      applyAnswers(merged) {
        applying.current = true;
        try {
          for (const [path, value] of changedFields(form.getValues(), merged)) {
            if (path === '') form.reset(structuredClone(merged));
            else form.setValue(path, structuredClone(value));
          }
        } finally {
          applying.current = false;
        }
      },
      drafts,
      restoredDraftIds,
      scope,
      debounceMs,
      intervalMs,
    }),
  );

  useEffect(() => {
    // Every change of any field, including resets through setValue, is an edit to autosave; a merge
    // written in by autosave itself is not.
    // eslint-disable-next-line react-hooks/incompatible-library -- watch's callback form subscribes without re-rendering
    const subscription = form.watch(() => {
      if (!applying.current) autosave.edit();
    });
    return () => subscription.unsubscribe();
  }, [form, autosave]);

  useEffect(() => {
    // Restored drafts: the server does not have them yet.
    if (dirty) autosave.edit();
  }, [dirty, autosave]);

  useEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden' && autosave.getState().dirty) void autosave.flush({ keepalive: true });
    };
    const onOnline = () => {
      if (autosave.getState().dirty) void autosave.save({ silent: true });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!autosave.getState().dirty) return;
      event.preventDefault();
      // Older browsers need returnValue set to show the unsaved-changes warning.
      event.returnValue = '';
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('online', onOnline);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [autosave]);

  useEffect(() => {
    autosave.start();
    return () => {
      // Leaving the page (an in-app link, logout, another day): send what is unsaved, then stop the timers.
      if (autosave.getState().dirty) void autosave.flush();
      autosave.dispose();
    };
  }, [autosave]);

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
