/**
 * A class's live progress (docs/facilitators.md#progress): `GET /api/facilitator/classes/{id}/progress/`,
 * which every open class page asks for every 15 s. One SQL query reads the signed-in user's role, the
 * class and the counts together (server/facilitator/progress.ts), and the role is judged by the
 * console's one rule, {@link decideAccess}, as the other routes' pre-handlers judge it. The body is sent
 * as the JSON text PostgreSQL built, with an `ETag` made of the progress's version (a fingerprint of the
 * rows the body is built from, read in the same query) and of the days shown. A request with
 * `If-None-Match` first runs the smaller version query (`readProgressVersion`, with the same role check
 * and 404): the same ETag answers 304 from that one query; another one runs the progress query as well.
 */
import { createHash } from 'node:crypto';
import { Type, type Static } from 'typebox';
import { readProgress, readProgressVersion } from '../../facilitator/progress.ts';
import { toPersonResponse } from '../../facilitator/classes.ts';
import type { ConsoleApp, ConsoleContext } from './context.ts';
import { classNotFound, decideAccess, signedInUserId } from './guards.ts';
import { CLASS_ID, errorReplies, isoTime, noContent, nullable, pathIds, person, personProperties } from './schemas.ts';

/** The 200 body: the class, the days shown, and one row per student on its roster. */
const classProgress = Type.Object(
  {
    class: Type.Object({
      id: Type.Integer({ description: 'The class id.' }),
      name: Type.String({ description: "The class's name." }),
      is_creator: Type.Boolean({ description: 'Whether the signed-in facilitator created it.' }),
      facilitators: Type.Array(person, { description: 'Who facilitates it, by last then first name.' }),
    }),
    days: Type.Array(
      Type.Object({
        day: Type.Integer({ minimum: 1, description: "A published day's number." }),
        title: Type.String({ description: "The day's title, from its lesson's front matter." }),
        fields: Type.Integer({ minimum: 0, description: "How many answer fields the day's schema has." }),
      }),
      { description: 'The published days, in order.' },
    ),
    students: Type.Array(
      Type.Object({
        ...personProperties,
        classroom_name: nullable(Type.String({ description: 'The Classroom Name the student gave at sign-up, or null.' })),
        language: nullable(Type.String({ description: "The language the student reads in (one of the site's languages), or null until they choose one." })),
        last_activity: nullable(isoTime('The latest save of any day, or null when the student never saved.')),
        days: Type.Array(
          Type.Object({
            day: Type.Integer({ minimum: 1, description: "A published day's number." }),
            answered: Type.Integer({ minimum: 0, description: 'How many of its answer fields are answered.' }),
            state: Type.Enum(['not_started', 'in_progress', 'complete'], {
              description: '`not_started`: nothing answered; `complete`: every field answered; else `in_progress`.',
            }),
          }),
          { description: 'One entry per published day, in order.' },
        ),
      }),
      { description: 'The students on its roster, by last name, then first name.' },
    ),
  },
  { description: "The class's progress: answered fields per student and day. Its `ETag` header names this version." },
);

/**
 * The progress body, typed as its schema says. PostgreSQL writes the students' JSON and the route joins
 * it with the rest as text; Fastify sends a string as it is, without the schema's serialiser, so nothing
 * is parsed again or dropped (server/routes/console/console.test.ts checks the text against the schema).
 */
function asClassProgress(json: string): Static<typeof classProgress> {
  return json as unknown as Static<typeof classProgress>;
}

/** Declares the progress route on the console's app. */
export function progressRoutes(app: ConsoleApp, { db, answersValidator, guards, week }: ConsoleContext): void {
  // The week as the progress table shows it, computed once: each day's title and answer fields.
  const shownWeek = week.map(({ day, title }) => ({ day, title, fields: answersValidator.fields(day).length }));
  const weekJson = JSON.stringify(shownWeek);
  // The days shown are fixed while the server runs, so they enter the ETag as one digest; a server with
  // other content (a new day published) answers other ETags.
  const weekTag = createHash('sha256').update(weekJson).digest('base64url').slice(0, 11);
  const etagOf = (version: string) => `"${weekTag}.${version}"`;

  app.get(
    '/api/facilitator/classes/:id/progress/',
    {
      // The role is read by the progress query itself, so the route runs `authenticate` alone.
      onRequest: guards.staff.onRequest,
      schema: {
        summary: "A class's progress: answered fields per student and day (ETag; If-None-Match answers 304)",
        params: pathIds({ id: CLASS_ID }),
        headers: Type.Object({
          'if-none-match': Type.Optional(Type.String({ description: 'The `ETag` of the progress the client holds: 304 while it is still current.' })),
        }),
        response: {
          200: classProgress,
          304: noContent('Not modified: the progress is still the one of the `ETag` sent in `If-None-Match`.'),
          ...errorReplies,
        },
      },
    },
    async (request, reply) => {
      const userId = signedInUserId(request);
      const held = request.headers['if-none-match'];
      if (held !== undefined) {
        const current = await readProgressVersion(db, userId, request.params.id, shownWeek);
        const refused = decideAccess(current.role, 'staff');
        if (refused !== null) throw refused;
        if (current.version === null) throw classNotFound();
        const etag = etagOf(current.version);
        if (held === etag) return reply.header('etag', etag).code(304).send();
      }
      const progress = await readProgress(db, userId, request.params.id, shownWeek);
      const refused = decideAccess(progress.role, 'staff');
      if (refused !== null) throw refused;
      if (progress.class === null || progress.version === null) throw classNotFound();
      const classJson = JSON.stringify({
        id: progress.class.id,
        name: progress.class.name,
        is_creator: progress.class.createdBy === userId,
        facilitators: progress.class.facilitators.map(toPersonResponse),
      });
      const body = `{"class":${classJson},"days":${weekJson},"students":${progress.studentsJson}}`;
      // The version was read with the body, so the ETag names this very body even if a save landed after
      // the version query above.
      void reply.header('etag', etagOf(progress.version));
      return reply.type('application/json; charset=utf-8').send(asClassProgress(body));
    },
  );
}
