import type { AnswersSchema } from '../schema/types.ts';

/** A string field for story schemas. */
export const storyText = (description: string): AnswersSchema => ({ type: 'string', description, default: '' });

/** A fixed-length list of strings for story schemas. */
export const storyTextList = (length: number, description: string): AnswersSchema => ({
  type: 'array',
  description,
  minItems: length,
  maxItems: length,
  default: Array<string>(length).fill(''),
  items: storyText('One entry.'),
});

/** A small answers schema for a story, holding just the fields its widget binds to. */
export function storySchema(properties: Record<string, AnswersSchema>): AnswersSchema {
  return { type: 'object', description: 'Answers of a story.', default: {}, properties };
}
