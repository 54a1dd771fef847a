import { createContext, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { FormProvider, useController, useForm, type UseControllerReturn } from 'react-hook-form';
import { changedFields, schemaAt, type Answers, type AnswersSchema } from '../schema/index.ts';
import type { AnswersSession, SaveState } from './session.ts';

/** What {@link AnswersForm} shares with the widgets inside it. */
export interface AnswersContextValue {
  schema: AnswersSchema;
  /** The day's answers session (read-only or not); null when a story provides the context with no session. */
  session: AnswersSession | null;
  /**
   * True when the answers are only shown (`createReadOnlySession`): widgets show their values but
   * no control changes them, and save and reset controls are not rendered. Absent means false.
   */
  readOnly?: boolean;
  /** What the page shows under each widget that binds a field (see {@link AnswersFormProps.beside}); absent: nothing. */
  beside?: (name: string) => ReactNode;
}

/** The context {@link AnswersForm} provides; stories may provide it directly with a stand-in session. */
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

const NO_SESSION_STATE: SaveState = { dirty: false, saving: false, savedAt: null, failure: null, tooLarge: null, onDevice: false, fromDevice: false };
const noSubscription = () => () => undefined;

/**
 * The enclosing lesson's save state, re-rendering on every change.
 * @param widget - the calling widget's name, for the error when used outside an AnswersForm
 */
export function useSaveState(widget: string): SaveState {
  const { session } = useAnswersContext(widget);
  return useSyncExternalStore(session?.subscribe ?? noSubscription, session?.getState ?? (() => NO_SESSION_STATE), session?.getState ?? (() => NO_SESSION_STATE));
}

/** Thrown when a widget names a field the day's schema does not declare: an authoring mistake. */
export class UnknownAnswerFieldError extends Error {
  /** The widget's tag name, e.g. `FreeText`. */
  readonly widget: string;
  /** The field it named, e.g. `blanks.13`. */
  readonly field: string;
  /** What the author should do about it. */
  readonly fix: string;

  constructor(widget: string, name: string) {
    const fix = 'Add the field to schemas/day-N.schema.json, or fix the name (a dotted path such as "blanks.0").';
    super(`<${widget} name="${name}">: the day's answers schema has no field "${name}". ${fix}`);
    this.name = 'UnknownAnswerFieldError';
    this.widget = widget;
    this.field = name;
    this.fix = fix;
  }
}

/**
 * True when the enclosing {@link AnswersForm} only shows answers: the calling widget renders its value
 * with no control that changes it (text boxes `readOnly`, selects and editing buttons disabled or absent).
 *
 * @param widget - the calling widget's name, for the error when used outside an AnswersForm
 * @throws Error when used outside an AnswersForm
 */
export function useAnswersReadOnly(widget: string): boolean {
  return useAnswersContext(widget).readOnly === true;
}

/** What {@link useAnswerField} gives a widget. */
export type AnswerField<Value> = UseControllerReturn & {
  /** The field's current value in the answers. */
  value: Value;
  /** True in a read-only form: render the value with no control that changes it. */
  readOnly: boolean;
  /** Writes a new value: the answers become dirty and an autosave is scheduled. Does nothing in a read-only form. */
  onChange: (value: Value) => void;
  /** Marks the field touched. */
  onBlur: () => void;
  /** Give to the focusable element, so react-hook-form can focus it. */
  inputRef: (element: HTMLElement | null) => void;
  /** The field's node in the day's schema (its default, description, length rules). */
  schema: AnswersSchema;
};

/**
 * Binds a widget to one field of the answers object through react-hook-form.
 *
 * @param name - dotted path into the answers, for example `blanks.0`, `plan.step2.3` or `order`
 * @param widget - the widget's name, for error messages
 * @returns the field's value, `onChange`, `onBlur`, `inputRef` and schema node (plus react-hook-form's
 *   controller as `field` and `fieldState`)
 * @throws UnknownAnswerFieldError when the schema has no such field
 * @throws Error when used outside an AnswersForm
 */
export function useAnswerField<Value = unknown>(name: string, widget: string): AnswerField<Value> {
  const { schema, readOnly = false } = useAnswersContext(widget);
  const node = schemaAt(schema, name);
  if (!node) throw new UnknownAnswerFieldError(widget, name);
  const controller = useController({ name });
  const { field } = controller;
  const onChange = readOnly ? ignoreChange : field.onChange;
  return { ...controller, value: field.value as Value, readOnly, onChange, onBlur: field.onBlur, inputRef: field.ref, schema: node };
}

const ignoreChange = () => undefined;

export interface AnswersFormProps {
  /**
   * The day's answers session (see `createAnswersSession`), already opened or restored; or a
   * read-only one (`createReadOnlySession`), which makes the whole form read-only.
   */
  session: AnswersSession;
  /**
   * What the page shows under each widget that binds a field, in the lesson's flow after the widget
   * (never over it): called with the widget's `name`, the path of the field it binds (a text field, or a
   * table's list of rows whose cells are `name.0.column`). The app shows a facilitator's feedback there
   * (docs/facilitators.md#feedback). Return null for nothing.
   */
  beside?: (name: string) => ReactNode;
  children: ReactNode;
}

/**
 * Binds a day's answers session to react-hook-form (docs/decisions/007-one-answers-session.md). Widgets
 * inside bind by name with {@link useAnswerField}; the form starts from `session.current()`.
 *
 * Every change of a field is an edit of the session (draft, autosave). The page also saves when the tab
 * becomes hidden (with `keepalive`, so the request outlives a closing tab), when the browser comes back
 * `online`, and when the form unmounts (an in-app link clicked right after typing): that save completes
 * after the page is gone. While dirty, the browser warns before the page is closed or reloaded. After a
 * revision conflict the session's merged answers are written into the fields that changed, without
 * counting as an edit.
 *
 * With a read-only session (`session.readOnly`) none of that happens: no edit reaches the session, no
 * save, no warning before leaving. Every widget shows its value read-only (see
 * {@link useAnswersReadOnly}), the save button, reset buttons and save pill are not rendered, and the
 * `<form>` carries `data-state="read-only"`.
 */
export function AnswersForm({ session, beside, children }: AnswersFormProps) {
  const [initial] = useState(() => structuredClone(session.current()));
  const form = useForm<Answers>({ defaultValues: initial });
  const applying = useRef(false);

  useEffect(() => {
    if (session.readOnly) return;
    // Every change of any field, including resets through setValue, is an edit; a merge written in by the session is not.
    // eslint-disable-next-line react-hooks/incompatible-library -- watch's callback form subscribes without re-rendering
    const subscription = form.watch(() => {
      if (!applying.current) session.edit(structuredClone(form.getValues()));
    });
    const stopMerged = session.onMerged((merged) => {
      applying.current = true;
      try {
        for (const [path, value] of changedFields(form.getValues(), merged)) {
          if (path === '') form.reset(structuredClone(merged));
          else form.setValue(path, structuredClone(value));
        }
      } finally {
        applying.current = false;
      }
    });
    return () => {
      subscription.unsubscribe();
      stopMerged();
    };
  }, [form, session]);

  useEffect(() => {
    if (session.readOnly) return;
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden' && session.getState().dirty) void session.flush({ keepalive: true });
    };
    const onOnline = () => {
      if (session.getState().dirty) void session.save({ silent: true });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!session.getState().dirty) return;
      event.preventDefault();
      // Older browsers need returnValue set to show the unsaved-changes warning.
      event.returnValue = '';
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('online', onOnline);
    window.addEventListener('beforeunload', onBeforeUnload);
    session.resume();
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('beforeunload', onBeforeUnload);
      // Leaving the page (an in-app link, logout, another day): send what is unsaved, then stop the timers.
      if (session.getState().dirty) void session.flush();
      session.pause();
    };
  }, [session]);

  const context = useMemo<AnswersContextValue>(() => ({ schema: session.schema, session, readOnly: session.readOnly, beside }), [session, beside]);

  return (
    <FormProvider {...form}>
      <AnswersContext.Provider value={context}>
        <form className="lesson-form" onSubmit={(event) => event.preventDefault()} noValidate data-state={session.readOnly ? 'read-only' : undefined}>
          {children}
        </form>
      </AnswersContext.Provider>
    </FormProvider>
  );
}

/**
 * What the enclosing {@link AnswersForm}'s `beside` shows for the field `name`: rendered by the lesson
 * renderer after every widget that binds a field (engine/mdx-components.ts). Nothing outside a form or
 * without `beside`.
 */
export function BesideAnswer({ name }: { name: string }) {
  const context = useContext(AnswersContext);
  return context?.beside?.(name) ?? null;
}
