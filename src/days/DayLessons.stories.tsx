/// <reference types="mdx" />
import { MDXProvider } from '@mdx-js/react';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import type { MDXContent } from 'mdx/types';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { MemoryRouter } from 'react-router';
import day1Schema from '../../schemas/day-1.schema.json';
import day2Schema from '../../schemas/day-2.schema.json';
import day3Schema from '../../schemas/day-3.schema.json';
import day4Schema from '../../schemas/day-4.schema.json';
import day5Schema from '../../schemas/day-5.schema.json';
import Day1 from '../../content/days/day-1.mdx';
import Day2 from '../../content/days/day-2.mdx';
import Day3 from '../../content/days/day-3.mdx';
import Day4 from '../../content/days/day-4.mdx';
import Day5 from '../../content/days/day-5.mdx';
import Day1Es from '../../content/days/day-1.es.mdx';
import Day2Es from '../../content/days/day-2.es.mdx';
import Day3Es from '../../content/days/day-3.es.mdx';
import Day4Es from '../../content/days/day-4.es.mdx';
import Day5Es from '../../content/days/day-5.es.mdx';
import {
  AnswersForm,
  createAnswersSession,
  DEFAULT_LOCALE,
  LessonFileContext,
  lessonComponents,
  SavePill,
  useLocale,
  type Answers,
  type AnswersSchema,
  type AnswersTransport,
} from '../../engine/index.ts';
import { PageNav } from '../layout/PageNav.tsx';
import '../styles.css';
import './DayLessons.stories.css';
import { LessonLink } from '../layout/LessonLink.tsx';

const components = { ...lessonComponents, PageNav, a: LessonLink };

/** Stories never reach a server: a save takes 300 ms and succeeds. */
const storyTransport: AnswersTransport = {
  load: () => Promise.resolve(null),
  save: (answers) => new Promise((resolve) => setTimeout(() => resolve({ answers, revision: 1, savedAt: null }), 300)),
};

/** The answers object as it is now, for reviewers to see what each widget writes. */
function AnswersView() {
  const answers = useWatch();
  return (
    <aside className="day-story__answers" aria-label="The answers object this lesson produces">
      <h2>Answers object</h2>
      <pre tabIndex={0}>{JSON.stringify(answers, null, 2)}</pre>
    </aside>
  );
}

interface DayLessonProps {
  /** The day number, for the file name shown in authors' errors. */
  day: number;
  Lesson: MDXContent;
  /** The lesson in other languages (`content/days/day-N.es.mdx`), shown when the toolbar's Language is one of them. */
  translations?: Readonly<Record<string, MDXContent>>;
  schema: AnswersSchema;
  /** Answers as a server might hold them, in any older shape: they are repaired like a real load. */
  saved?: Answers;
}

/**
 * A day's lesson exactly as students get it (the MDX, every widget bound to the day's schema, the save
 * pill), with the answers object it produces beside it, in the toolbar's language when the day has a
 * translation into it: switching keeps the answers, as the app does.
 */
function DayLesson({ day, Lesson, translations, schema, saved }: DayLessonProps) {
  const locale = useLocale();
  const Shown = translations?.[locale] ?? Lesson;
  const shownLocale = translations?.[locale] ? locale : DEFAULT_LOCALE;
  const [session] = useState(() => {
    const created = createAnswersSession({ schema, transport: storyTransport });
    created.restore(saved ? { answers: saved, revision: 0, savedAt: null } : null);
    return created;
  });
  return (
    <AnswersForm session={session}>
      <div className="day-story">
        <main className="lesson" lang={shownLocale}>
          <LessonFileContext.Provider value={`content/days/day-${day}${shownLocale === DEFAULT_LOCALE ? '' : `.${shownLocale}`}.mdx`}>
            <MDXProvider components={components}>
              <Shown />
            </MDXProvider>
          </LessonFileContext.Provider>
        </main>
        <AnswersView />
      </div>
      <SavePill />
    </AnswersForm>
  );
}

const inRouter: Decorator = (Story) => (
  <MemoryRouter>
    <Story />
  </MemoryRouter>
);

const meta = {
  title: 'Days/Lessons',
  component: DayLesson,
  decorators: [inRouter],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof DayLesson>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Day 1 with a few blanks chosen, a free text and a half-done ordering exercise. */
export const Day1WithSampleAnswers: Story = {
  args: {
    day: 1,
    Lesson: Day1,
    translations: { es: Day1Es },
    schema: day1Schema as AnswersSchema,
    saved: {
      fillBlanks: ['protein', 'transcription', 'translation'],
      geneQ1: 'Expression is making the product; regulation decides when and how much.',
      dnd: { available: ['Translation', 'Protein is created'], ordered: ['A transcription factor binds the DNA, then RNA polymerase attaches at the promoter', 'Transcription', 'mRNA is created', '', ''], orderSize: 5 },
    },
  },
};

/** Day 2 with the cell-cycle phases answered. */
export const Day2WithSampleAnswers: Story = {
  args: { day: 2, Lesson: Day2, translations: { es: Day2Es }, schema: day2Schema as AnswersSchema, saved: { cellCycle: { phasesTwo: ['Interphase', 'Mitosis'] } } },
};

/** Day 3 with two genes sorted, one with a note. */
export const Day3WithSampleAnswers: Story = {
  args: {
    day: 3,
    Lesson: Day3,
    translations: { es: Day3Es },
    schema: day3Schema as AnswersSchema,
    saved: {
      compare: {
        table: [
          { gene: 'HK1', category: 'typical', notes: '' },
          { gene: 'GAPDH', category: 'typical', notes: '' },
          { gene: 'BRCA1', category: 'suspicious', notes: 'Much lower in every tumour sample.' },
          { gene: 'BRCA2', category: '', notes: '' },
          { gene: 'TP53', category: '', notes: '' },
          { gene: 'MYC', category: '', notes: '' },
        ],
      },
    },
  },
};

/** Day 3 restored from an older save: the table and the inquiry were missing and come back as the schema names them. */
export const Day3RestoredFromOldShape: Story = {
  args: { day: 3, Lesson: Day3, translations: { es: Day3Es }, schema: day3Schema as AnswersSchema, saved: { compare: { table: 'not a list', patterns: 'kept' } } },
};

/** Day 4 restored from rows saved as TP53 and MYC, shown as EGFR and RAS (docs/requirements.md#records). */
export const Day4RestoredFromAliasedRows: Story = {
  args: {
    day: 4,
    Lesson: Day4,
    translations: { es: Day4Es },
    schema: day4Schema as AnswersSchema,
    saved: { viz: { geneTable: [{ gene: 'TP53', normalFunction: 'A growth signal receptor.', whyMatters: '' }, { gene: 'MYC', normalFunction: '', whyMatters: '' }] } },
  },
};

/** Day 5 with a title and two sources. */
export const Day5WithSampleAnswers: Story = {
  args: {
    day: 5,
    Lesson: Day5,
    translations: { es: Day5Es },
    schema: day5Schema as AnswersSchema,
    saved: { step1: { title: 'BRCA1: the gene that guards our DNA' }, step3: { topSources: ['National Cancer Institute', 'Cancer Research UK'] } },
  },
};
