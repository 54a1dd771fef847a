import type { AnswersSchema } from '../../schema/types.ts';
import { storySchema, storyText, storyTextList } from '../../storybook/story-schema.ts';

/** The five steps of the stories and tests: Day 1's default order steps (docs/requirements.md#answer-fields). */
export const STORY_STEPS = ['RNA polymerase binds to the positive transcription factor', 'Transcription', 'mRNA is created', 'Translation', 'Protein is created'];

/** A small answers schema with one ordering exercise `dnd` of five steps and five slots. */
export const orderStepsStorySchema: AnswersSchema = storySchema({
  dnd: {
    type: 'object',
    description: 'An ordering exercise of five steps.',
    default: {},
    properties: {
      available: { type: 'array', description: 'Steps not yet placed.', minItems: 0, maxItems: 5, default: STORY_STEPS, items: storyText('A step.') },
      ordered: storyTextList(5, 'The five slots, "" when empty.'),
      orderSize: { type: 'integer', const: 5, description: 'How many slots.', default: 5 },
    },
  },
});
