/**
 * A day's questions as its students see them (docs/facilitators.md#answers-in-context):
 * `GET /api/facilitator/days/{day}/questions/`, one per input in lesson order, read from the day's lesson
 * the first time it is asked for (scripts/questions/questions.ts). Every facilitator's: the week is not a
 * class's. A draft day answers 404.
 */
import { Type } from 'typebox';
import { HttpError } from '../../errors.ts';
import type { ConsoleApp, ConsoleContext } from './context.ts';
import { dayParam, errorReplies, pathIds } from './schemas.ts';

/** The 200 body: what each input of a day asks, in lesson order. */
const dayQuestions = Type.Object(
  {
    day: Type.Integer({ minimum: 1, description: "The published day's number." }),
    questions: Type.Array(
      Type.Object(
        {
          path: Type.String({ description: "The answers path of the input's field, as the day's answers and the CSV name it (e.g. `worksheet.2`)." }),
          prompt: Type.String({ description: 'What the lesson asks beside the input; a blank shows as ____ in its sentence.' }),
          part: Type.String({ description: 'The heading of the part of the lesson it sits in; empty before the first.' }),
          kind: Type.Enum(['free_text', 'blank_choice', 'table_cell', 'ordering'], { description: 'What kind of input the student answers in.' }),
          options: Type.Optional(Type.Array(Type.String(), { description: 'The choices offered (a blank, a select cell); absent for other inputs.' })),
        },
        { additionalProperties: false },
      ),
      { description: 'One entry per input, in the order the lesson shows them.' },
    ),
  },
  { additionalProperties: false, description: "The day's questions as its students see them." },
);

/** Declares the questions route on the console's app. */
export function questionRoutes(app: ConsoleApp, { answersValidator, guards, week, questions }: ConsoleContext): void {
  app.get(
    '/api/facilitator/days/:day/questions/',
    {
      ...guards.staff,
      schema: {
        summary: 'Every question of a published day as its students see them, one per input, in lesson order',
        params: pathIds({ day: dayParam(answersValidator.lastDay) }),
        response: { 200: dayQuestions, ...errorReplies },
      },
    },
    async (request) => {
      const { day } = request.params;
      const asked = week.some((each) => each.day === day) ? questions(day) : null;
      if (asked === null) throw new HttpError('not_found', `Day ${day} is not published.`);
      return { day, questions: asked };
    },
  );
}
