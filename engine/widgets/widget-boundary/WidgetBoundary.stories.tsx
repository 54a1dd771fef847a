import type { Meta, StoryObj } from '@storybook/react-vite';
import { storySchema, storyText } from '../../storybook/story-schema.ts';
import { withAnswers } from '../../storybook/with-answers.tsx';
import { FreeText } from '../free-text/FreeText.tsx';
import { LessonFileContext, WidgetBoundary } from './WidgetBoundary.tsx';

const schema = storySchema({ note: storyText('A note.') });

/** A lesson with one widget bound to a field the schema lacks, between two that work. */
function LessonWithABrokenWidget({ authorErrors }: { authorErrors: boolean }) {
  return (
    <LessonFileContext.Provider value="content/days/day-9.mdx">
      <FreeText name="note" label="A question that works" />
      <WidgetBoundary widget="FreeText" authorErrors={authorErrors}>
        <FreeText name="missing.field" label="A question bound to a field the schema lacks" />
      </WidgetBoundary>
      <p>The rest of the lesson carries on.</p>
    </LessonFileContext.Provider>
  );
}

const meta = {
  title: 'Engine/WidgetBoundary',
  component: LessonWithABrokenWidget,
  decorators: [withAnswers(schema)],
} satisfies Meta<typeof LessonWithABrokenWidget>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What an author sees in development and in Storybook: the file, the widget, the field and the fix. */
export const AuthorView: Story = { args: { authorErrors: true } };

/** What a student sees in a production build: a calm message; the other widgets keep working. */
export const StudentView: Story = { args: { authorErrors: false } };
