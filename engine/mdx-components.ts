import type { ComponentType } from 'react';
import { AnswersTable } from './widgets/answers-table/index.ts';
import { AtlasViewer } from './widgets/atlas-viewer/index.ts';
import { Banner } from './widgets/banner/index.ts';
import { BlankChoice } from './widgets/blank-choice/index.ts';
import { Card } from './widgets/card/index.ts';
import { EmbedPanel } from './widgets/embed-panel/index.ts';
import { FacilitatorTip } from './widgets/facilitator-tip/index.ts';
import { FreeText } from './widgets/free-text/index.ts';
import { ImageGallery } from './widgets/image-gallery/index.ts';
import { ImageOverlay } from './widgets/image-overlay/index.ts';
import { Inquiry, InquiryItem } from './widgets/inquiry/index.ts';
import { InteractiveOverlay } from './widgets/interactive-overlay/index.ts';
import { OrderSteps } from './widgets/order-steps/index.ts';
import { MarkPastes } from './widgets/paste-mark/index.ts';
import { ResetButton } from './widgets/reset-button/index.ts';
import { SaveButton } from './widgets/save-button/index.ts';
import { ThinkRespond } from './widgets/think-respond/index.ts';
import { withWidgetBoundary } from './widgets/widget-boundary/index.ts';
import { LessonSection } from './lesson/LessonSection.tsx';

/** The widget components by MDX tag name, before each gets its error boundary. */
const widgets = {
  AnswersTable,
  AtlasViewer,
  Banner,
  BlankChoice,
  Card,
  EmbedPanel,
  FacilitatorTip,
  FreeText,
  ImageGallery,
  ImageOverlay,
  Inquiry,
  InquiryItem,
  InteractiveOverlay,
  MarkPastes,
  OrderSteps,
  ResetButton,
  SaveButton,
  ThinkRespond,
};

/**
 * Every widget tag a lesson may use in MDX, by tag name. The app passes these to `MDXProvider`, so
 * lesson files need no imports (design card: "a generic renderer maps them to widgets").
 * Adding a widget: build it in `engine/widgets/<name>/` with a story and a test, then list it here.
 *
 * Each tag renders inside its own error boundary (`WidgetBoundary`): a widget an author got wrong
 * shows what is wrong in development and a calm message to students, and the rest of the lesson keeps
 * working. `section` renders the lesson's parts ({@link LessonSection}).
 */
export const lessonComponents = {
  ...(Object.fromEntries(Object.entries(widgets).map(([name, Widget]) => [name, withWidgetBoundary(name, Widget as ComponentType<object>)])) as typeof widgets),
  // Not a tag authors write: the sections vite.config.ts makes of the headings, rendered part by part.
  section: LessonSection,
};
