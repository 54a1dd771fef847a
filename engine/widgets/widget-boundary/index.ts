export { LessonFileContext, WIDGET_PROBLEM_MESSAGE, WidgetBoundary, withWidgetBoundary, type WidgetBoundaryProps } from './WidgetBoundary.tsx';
