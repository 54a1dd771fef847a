import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { shortDescription, type Answers, type AnswersSchema } from '../../engine/index.ts';
import * as dayStories from '../days/DayLessons.stories.tsx';
import type { DayContent } from '../days/registry.ts';
import '../styles.css';
import { fixtureFeedback } from './fixtures.ts';
import { StudentDayView, type StudentDayData } from './StudentDayPage.tsx';

// Fixtures: a class of three, the middle student open.
const ROSTER = {
  class: { id: 3, name: 'Biology A (period 2)' },
  students: [
    { id: 16, username: 'abyron', first_name: 'Ada', last_name: 'Byron' },
    { id: 17, username: 'ghopper', first_name: 'Grace', last_name: 'Hopper' },
    { id: 18, username: 'aturing', first_name: 'Alan', last_name: 'Turing' },
  ],
};

/**
 * A day's answers with every text written: each empty text default becomes a two-line sample naming
 * the field, each choice its first option; rows keep their preset cells and fields with no input or
 * whose parts only make sense together (`x-merge: atomic`) keep their defaults.
 */
function filled(schema: AnswersSchema, value: unknown = schema.default): unknown {
  if (schema['x-no-input'] === true || schema['x-merge'] === 'atomic') return value;
  if (schema.type === 'string') {
    if (value !== '' && value !== undefined) return value;
    const options = (schema.enum ?? []).filter((option) => option !== '');
    return options.length > 0 ? options[0] : `${shortDescription(schema.description ?? 'An answer')}: a sample answer.\nAnd a second line.`;
  }
  if (schema.type === 'array' && schema.items) {
    const items = Array.isArray(value) ? value : [];
    const length = Math.max(items.length, schema.minItems ?? 0);
    return Array.from({ length }, (_, index) => filled(schema.items!, items[index] ?? schema.items!.default));
  }
  if (schema.properties) {
    const object = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(schema.properties).map(([key, part]) => [key, filled(part, object[key] ?? part.default)]));
  }
  return value;
}

const samples = [dayStories.Day1WithSampleAnswers, dayStories.Day2WithSampleAnswers, dayStories.Day3WithSampleAnswers, dayStories.Day4RestoredFromAliasedRows, dayStories.Day5WithSampleAnswers];

/** Day `day`'s lesson (from the day lesson stories) with every field answered, that story's sample answers on top. */
function dayData(day: number): StudentDayData {
  const { Lesson, schema, saved } = samples[day - 1]!.args as { Lesson: DayContent['Lesson']; schema: AnswersSchema; saved?: Answers };
  const answers = { ...(filled(schema) as Answers), ...saved };
  return {
    answers: { student: ROSTER.students[1]!, day, answers, revision: 4, updated_at: '2026-11-23T10:07:00Z', language: 'en' },
    content: { Lesson, locale: 'en', schema },
    roster: ROSTER,
    feedback: [],
    questions: [],
  };
}

const inRouter: Decorator = (Story) => (
  <MemoryRouter>
    <Story />
  </MemoryRouter>
);

const meta = {
  title: 'Facilitator/Student day (read-only)',
  component: StudentDayView,
  decorators: [inRouter],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof StudentDayView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Day 1 as a facilitator reads it: every answer in place, nothing editable, no save pill. */
export const Day1: Story = { args: { classId: 3, day: 1, data: dayData(1) } };

/**
 * Day 1 with feedback: one note on Grace's answer to the gene-regulation question that she has read, one
 * on a worksheet question she has not, and Write feedback under every other answer.
 */
export const Day1WithFeedback: Story = {
  args: {
    classId: 3,
    day: 1,
    data: {
      ...dayData(1),
      feedback: [
        fixtureFeedback(1, { studentId: 17, day: 1, field: 'geneQ1' }, 'Good start. Now add an example: a skin cell and a nerve cell have the same genes.', '2026-11-23T09:45:00Z'),
        fixtureFeedback(2, { studentId: 17, day: 1, field: 'worksheet.2' }, 'Which molecule blocks the operator when there is no lactose?', null),
      ],
    },
  },
};

/** Day 2, read-only. */
export const Day2: Story = { args: { classId: 3, day: 2, data: dayData(2) } };

/** Day 3, read-only: the categorisation table's selects disabled, its notes read-only. */
export const Day3: Story = { args: { classId: 3, day: 3, data: dayData(3) } };

/** Day 4, read-only. */
export const Day4: Story = { args: { classId: 3, day: 4, data: dayData(4) } };

/** Day 5, read-only. */
export const Day5: Story = { args: { classId: 3, day: 5, data: dayData(5) } };

/** A student who has saved nothing yet: the defaults, "nothing saved yet", and no links between students (the progress failed). */
export const NothingSaved: Story = {
  args: {
    classId: 3,
    day: 2,
    data: { ...dayData(2), answers: { ...dayData(2).answers, answers: {}, revision: 0, updated_at: null, language: null }, roster: null },
  },
};
