import { Component, createContext, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import messages from '../../../content/locales/en/engine.json';
import { BesideAnswer, UnknownAnswerFieldError } from '../../answers/AnswersForm.tsx';
import { useMessages } from '../../i18n/messages.ts';
import './WidgetBoundary.css';

/**
 * What a student sees in place of a widget that failed (docs/authoring.md, "What the checker checks"):
 * "This part of the lesson has a problem; your answers are safe.", in the reader's language
 * (`widgetBoundary.problem` in content/locales/LOCALE/engine.json).
 */
function WidgetProblemMessage() {
  return useMessages(messages)('widgetBoundary.problem');
}

/** The lesson file being shown, e.g. `content/days/day-3.mdx`, named in authors' error messages. */
export const LessonFileContext = createContext<string | null>(null);

export interface WidgetBoundaryProps {
  /** The widget's tag name, e.g. `FreeText`. */
  widget: string;
  /**
   * Show the author's message (file, widget, field, fix) instead of the student's. Default: in
   * development and in Storybook (`import.meta.env.DEV`), not in a production build.
   */
  authorErrors?: boolean;
  children: ReactNode;
}

interface WidgetBoundaryState {
  error: Error | null;
}

const logged = new WeakSet<Error>();

/**
 * Keeps one broken widget from taking the lesson down with it: the widget is replaced by a short
 * message and every other widget keeps working and saving. An author sees what is wrong and
 * how to fix it; a student sees {@link WidgetProblemMessage}. Each error is logged once to the console.
 * The author's message is English, as the lesson files are: it shows only in development and Storybook.
 */
export class WidgetBoundary extends Component<WidgetBoundaryProps, WidgetBoundaryState> {
  static override contextType = LessonFileContext;
  declare context: string | null;
  override state: WidgetBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): WidgetBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (logged.has(error)) return;
    logged.add(error);
    console.error(`<${this.props.widget}> failed in ${this.context ?? 'a lesson'}:`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const authorErrors = this.props.authorErrors ?? import.meta.env.DEV;
    if (!authorErrors) {
      return (
        <div className="widget-problem" role="note">
          <WidgetProblemMessage />
        </div>
      );
    }
    const field = error instanceof UnknownAnswerFieldError ? error : null;
    return (
      <div className="widget-problem widget-problem--author" role="alert">
        <p className="widget-problem__title">
          Lesson problem in {this.context ?? 'this lesson'}: &lt;{field?.widget ?? this.props.widget}&gt;
          {field ? ` bound to "${field.field}"` : ''}
        </p>
        <p className="widget-problem__detail">{error.message}</p>
        {field ? <p className="widget-problem__detail">Fix: {field.fix}</p> : null}
        <p className="widget-problem__detail">
          Students see instead: “<WidgetProblemMessage />”
        </p>
      </div>
    );
  }
}

/**
 * Wraps a lesson widget in its own {@link WidgetBoundary}, as every MDX tag is (engine/mdx-components.ts).
 *
 * @param widget - the tag name shown in messages
 * @param Widget - the component
 * @param options.beside - it binds the field its `name` prop names: show the form's `beside` for that
 *   field after it ({@link BesideAnswer}), outside the boundary, so a note stays readable when the widget fails
 */
export function withWidgetBoundary<Props extends object>(widget: string, Widget: ComponentType<Props>, { beside = false }: { beside?: boolean } = {}): ComponentType<Props> {
  function Bounded(props: Props) {
    const name = beside && 'name' in props && typeof props.name === 'string' ? props.name : null;
    return (
      <>
        <WidgetBoundary widget={widget}>
          <Widget {...props} />
        </WidgetBoundary>
        {name === null ? null : <BesideAnswer name={name} />}
      </>
    );
  }
  Bounded.displayName = `WidgetBoundary(${widget})`;
  return Bounded;
}
