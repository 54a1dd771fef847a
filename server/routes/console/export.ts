/**
 * A class's answers as CSV (docs/facilitators.md#export): `GET /api/facilitator/classes/{id}/export.csv`,
 * every published day or one (`?day=N`), each export recorded in the audit log. The file is written by
 * server/facilitator/export.ts as a stream and sent as `text/csv`, never through a JSON serialiser.
 */
import type { Readable } from 'node:stream';
import { Type } from 'typebox';
import { recordAudit } from '../../facilitator/audit.ts';
import { rosterOf } from '../../facilitator/classes.ts';
import { answersCsv, type ExportColumn } from '../../facilitator/export.ts';
import { listFeedback } from '../../facilitator/feedback.ts';
import { answersOf } from './answers.ts';
import type { ConsoleApp, ConsoleContext } from './context.ts';
import { CLASS_ID, errorReplies, pathIds } from './schemas.ts';

/** A quoted `filename` for Content-Disposition: the class name's letters, digits and dashes only. */
function csvFileName(className: string, day: number | null): string {
  const base = className.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'class';
  return `${base}-${day === null ? 'all-days' : `day-${day}`}.csv`;
}

/** Declares the export route on the console's app. */
export function exportRoutes(app: ConsoleApp, { db, answersValidator, guards, week, questions }: ConsoleContext): void {
  const readableDays = week.map(({ day }) => day);

  app.get(
    '/api/facilitator/classes/:id/export.csv',
    {
      ...guards.staff,
      schema: {
        summary: "The class's answers as CSV: one row a student, one column an answer field (UTF-8 with BOM)",
        params: pathIds({ id: CLASS_ID }),
        querystring: Type.Object(
          { day: Type.Optional(Type.Integer({ minimum: 1, maximum: answersValidator.lastDay, description: 'One day; omitted: every day.' })) },
          { additionalProperties: false },
        ),
        response: {
          200: {
            description:
              'A CSV file (`Content-Disposition: attachment`, named after the class and the day): UTF-8 with a byte-order mark, a header row of the questions as the lesson asks them, a second of the fields\' paths (`day1.worksheet.2`), then one row per student on the roster. Each day\'s columns open with the language the student was reading at its last save (`day1.language`). A field with feedback is followed by a column of it (`day1.geneQ1.feedback`).',
            // Written as a stream (typed so), documented as the text it is.
            content: { 'text/csv': { schema: Type.Unsafe<Readable>(Type.String({ description: 'The CSV text.' })) } },
          },
          ...errorReplies,
        },
      },
    },
    async (request, reply) => {
      const classRow = await guards.classOf(request, request.params.id);
      const day = request.query.day ?? null;
      const days = day === null ? readableDays : [day];
      const roster = await rosterOf(db, classRow);
      const saved = await answersOf(
        db,
        answersValidator,
        roster.map(({ id }) => id),
        days,
      );
      await recordAudit(db, guards.staffOf(request), [{ action: 'export', classRow, day }]);
      const columns: ExportColumn[] = days.flatMap((each) => {
        // In lesson order, each headed by its question; a field the lesson does not ask (none, by scripts/questions/questions.test.ts) keeps the schema's place and description.
        const asked = new Map((questions(each) ?? []).map((question, index) => [question.path, { index, question }]));
        return answersValidator
          .fields(each)
          .map((field, index) => ({ day: each, field, question: asked.get(field.path)?.question ?? null, order: asked.get(field.path)?.index ?? asked.size + index }))
          .sort((a, b) => a.order - b.order)
          .map(({ order: _order, ...column }) => column);
      });
      const students = roster.map((student) => ({
        ...student,
        answers: new Map([...(saved.get(student.id)?.entries() ?? [])].map(([each, stored]) => [each, stored.answers])),
        languages: new Map([...(saved.get(student.id)?.entries() ?? [])].map(([each, stored]) => [each, stored.language])),
      }));
      // The feedback on these answers, each in the column after its field's (docs/facilitators.md#feedback).
      const usernames = new Map(roster.map(({ id, username }) => [id, username]));
      const feedback = (await listFeedback(db, day === null ? { studentIds: [...usernames.keys()] } : { studentIds: [...usernames.keys()], day }))
        .filter((row) => days.includes(row.day))
        .map((row) => ({ username: usernames.get(row.studentId) ?? '', day: row.day, field: row.field, author: `${row.authorFirstName} ${row.authorLastName}`.trim(), body: row.body, readAt: row.readAt }));
      void reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${csvFileName(classRow.name, day)}"`);
      return reply.send(answersCsv(columns, students, feedback));
    },
  );
}
