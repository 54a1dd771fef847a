import type { AnswersSchema } from '../../schema/types.ts';
import { storySchema, storyText, storyTextList } from '../../storybook/story-schema.ts';

/** The five steps of the stories and tests: Day 1's default order steps (docs/requirements.md#answer-fields). */
export const STORY_STEPS = ['RNA polymerase binds to the positive transcription factor', 'Transcription', 'mRNA is created', 'Translation', 'Protein is created'];

/** Spanish labels of {@link STORY_STEPS}, by the step the answers store: what a translated day passes as `stepLabels`. */
export const STORY_STEP_LABELS: Readonly<Record<string, string>> = {
  'RNA polymerase binds to the positive transcription factor': 'La ARN polimerasa se une al factor de transcripción positivo',
  Transcription: 'Transcripción',
  'mRNA is created': 'Se fabrica el ARNm',
  Translation: 'Traducción',
  'Protein is created': 'Se fabrica la proteína',
};

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
