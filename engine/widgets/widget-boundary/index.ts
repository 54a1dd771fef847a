export { LessonFileContext, withWidgetBoundary } from './WidgetBoundary.tsx';
