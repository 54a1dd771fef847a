/**
 * The console's classes (docs/facilitators.md#classes): the list, creating a class, deleting one with its
 * students (admins only), and adding a co-facilitator (the class's creator or an admin).
 */
import QRCode from 'qrcode';
import { Type } from 'typebox';
import { usernameKey } from '../../auth/credentials.ts';
import { HttpError } from '../../errors.ts';
import { recordAudit } from '../../facilitator/audit.ts';
import { addFacilitator, ClassNameTakenError, createClass, deleteClassAndStudents, facilitatorsOf, findUserWithRole, listClasses, setClassLanguage, toPersonResponse } from '../../facilitator/classes.ts';
import { closeJoinLink, openJoinLink } from '../../facilitator/join-codes.ts';
import { LOCALES } from '../../locales.ts';
import { publicBase } from '../../public-urls.ts';
import { MAX_NAME_LENGTH } from '../schemas.ts';
import type { ConsoleApp, ConsoleContext } from './context.ts';
import { CLASS_ID, errorReplies, noContent, pathIds, person, personReply, usernameBody } from './schemas.ts';

/** A class's default language: one of the site's languages, or null (docs/decisions/023-the-reader-s-language.md). */
const classLanguage = Type.Union([Type.Unsafe<string>({ type: 'string', enum: [...LOCALES] }), Type.Null()], {
  description: "The language a student who signs up into the class starts in, one of the site's languages; null: the student's browser decides.",
});

const classSummary = Type.Object({
  id: Type.Integer({ description: 'The class id.' }),
  name: Type.String({ description: "The class's name as its creator typed it." }),
  student_count: Type.Integer({ minimum: 0, description: 'How many students are on its roster.' }),
  facilitators: Type.Array(person, { description: 'Who facilitates it, by last then first name.' }),
  is_creator: Type.Boolean({ description: 'Whether the signed-in facilitator created it: only its creator, or an admin, adds a co-facilitator.' }),
  language: classLanguage,
  join_code: Type.Union([Type.String(), Type.Null()], {
    description: "The code of the class's join link, `/join/CODE` (docs/decisions/024-class-join-links.md); null while it is closed.",
  }),
});

/** Declares the class routes on the console's app. */
export function classRoutes(app: ConsoleApp, { db, guards, publicUrl }: ConsoleContext): void {
  app.get(
    '/api/facilitator/classes/',
    {
      ...guards.staff,
      schema: {
        summary: 'List the classes the facilitator runs (an admin: every class)',
        response: {
          200: Type.Object(
            { results: Type.Array(classSummary, { description: 'By name.' }) },
            { description: "The classes the signed-in facilitator facilitates; an admin's: every class." },
          ),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const staff = guards.staffOf(request);
      const found = await listClasses(db, staff);
      const facilitators = await facilitatorsOf(
        db,
        found.map(({ id }) => id),
      );
      return {
        results: found.map((each) => ({
          id: each.id,
          name: each.name,
          student_count: each.studentCount,
          facilitators: (facilitators.get(each.id) ?? []).map(toPersonResponse),
          is_creator: each.createdBy === staff.id,
          language: each.language,
          join_code: each.joinCode,
        })),
      };
    },
  );

  app.post(
    '/api/facilitator/classes/',
    {
      ...guards.staff,
      schema: {
        summary: 'Create a class',
        body: Type.Object(
          {
            name: Type.String({
              minLength: 1,
              maxLength: MAX_NAME_LENGTH,
              pattern: '\\S',
              description: "The class's name, unique in the deployment (trimmed, NFKC, case-insensitive).",
            }),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object(
            { id: Type.Integer({ description: 'The new class id.' }), name: Type.String({ description: 'Its name, trimmed and NFKC-normalised.' }) },
            { description: 'The class, created with its creator as its facilitator.' },
          ),
          ...errorReplies,
        },
      },
    },
    async (request, reply) => {
      const name = request.body.name.normalize('NFKC').trim();
      try {
        const created = await createClass(db, guards.staffOf(request), name);
        return await reply.code(201).send({ id: created.id, name: created.name });
      } catch (error) {
        if (error instanceof ClassNameTakenError) throw new HttpError('class_name_taken', `A class named "${name}" already exists. Choose another name.`);
        throw error;
      }
    },
  );

  app.patch(
    '/api/facilitator/classes/:id/',
    {
      ...guards.staff,
      schema: {
        summary: "Set the class's default language (any of its facilitators)",
        params: pathIds({ id: CLASS_ID }),
        body: Type.Object({ language: classLanguage }, { additionalProperties: false }),
        response: { 204: noContent('Stored: students who sign up into the class from now on start in it; students already in it keep their own choice.'), ...errorReplies },
      },
    },
    async (request, reply) => {
      const classRow = await guards.classOf(request, request.params.id);
      await setClassLanguage(db, classRow.id, request.body.language);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/facilitator/classes/:id/join-link/',
    {
      ...guards.staff,
      schema: {
        summary: "The class's join link: its code, its address and its QR code (any of its facilitators)",
        params: pathIds({ id: CLASS_ID }),
        response: {
          200: Type.Object(
            {
              join_code: Type.Union([Type.String(), Type.Null()], { description: 'The code, or null while the link is closed.' }),
              url: Type.Union([Type.String(), Type.Null()], { description: 'The link, `<PUBLIC_URL>/join/CODE` (the request origin without PUBLIC_URL); null while closed.' }),
              qr_svg: Type.Union([Type.String(), Type.Null()], { description: 'The link as a QR code, an SVG document drawn on the server (no service sees it); null while closed.' }),
            },
            { description: "The class's join link (docs/decisions/024-class-join-links.md)." },
          ),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const classRow = await guards.classOf(request, request.params.id);
      if (classRow.joinCode === null) return { join_code: null, url: null, qr_svg: null };
      const url = `${publicBase(request, publicUrl)}/join/${classRow.joinCode}`;
      return { join_code: classRow.joinCode, url, qr_svg: await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) };
    },
  );

  app.post(
    '/api/facilitator/classes/:id/join-link/',
    {
      ...guards.staff,
      schema: {
        summary: "Open the class's join link with a new code (any of its facilitators)",
        params: pathIds({ id: CLASS_ID }),
        response: {
          200: Type.Object(
            { join_code: Type.String({ description: 'The new code: 6 characters without look-alikes; the link is `/join/CODE`. Any code the class had stops working.' }) },
            { description: 'The link is open.' },
          ),
          ...errorReplies,
        },
      },
    },
    async (request) => {
      const classRow = await guards.classOf(request, request.params.id);
      return { join_code: await openJoinLink(db, classRow.id) };
    },
  );

  app.delete(
    '/api/facilitator/classes/:id/join-link/',
    {
      ...guards.staff,
      schema: {
        summary: "Close the class's join link (any of its facilitators)",
        params: pathIds({ id: CLASS_ID }),
        response: { 204: noContent('Closed: the code no longer lets anyone join; students already in the class stay.'), ...errorReplies },
      },
    },
    async (request, reply) => {
      const classRow = await guards.classOf(request, request.params.id);
      await closeJoinLink(db, classRow.id);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/facilitator/classes/:id/',
    {
      ...guards.admin,
      schema: {
        summary: "Delete a class with its students' accounts and answers (admins only)",
        params: pathIds({ id: CLASS_ID }),
        body: Type.Object(
          { confirm: Type.String({ maxLength: MAX_NAME_LENGTH, description: "The class's exact name, typed." }) },
          { additionalProperties: false },
        ),
        response: { 204: noContent('Deleted, with the accounts, answers, inboxes and logins of the students on its roster.'), ...errorReplies },
      },
    },
    async (request, reply) => {
      const staff = guards.staffOf(request);
      const classRow = await guards.classOf(request, request.params.id);
      if (request.body.confirm !== classRow.name) throw new HttpError('confirmation_mismatch', `Type the class's name exactly, "${classRow.name}", to delete it.`);
      const deleted = await deleteClassAndStudents(db, classRow);
      await recordAudit(db, staff, [{ action: 'delete_class', classRow }]);
      request.log.info({ classId: classRow.id, deletedStudents: deleted }, 'class deleted');
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/facilitator/classes/:id/facilitators/',
    {
      ...guards.staff,
      schema: {
        summary: 'Add a co-facilitator to the class (its creator or an admin)',
        params: pathIds({ id: CLASS_ID }),
        body: usernameBody("The co-facilitator's username, in any letter case."),
        response: { 201: personReply('The co-facilitator, who now sees the class.'), ...errorReplies },
      },
    },
    async (request, reply) => {
      const staff = guards.staffOf(request);
      const classRow = await guards.classOf(request, request.params.id);
      guards.requireCreatorOrAdmin(staff, classRow);
      const facilitator = await findUserWithRole(db, usernameKey(request.body.username), ['facilitator', 'admin']);
      if (facilitator === null) throw new HttpError('no_such_facilitator', `No facilitator has the username "${request.body.username.trim()}".`);
      await addFacilitator(db, classRow.id, facilitator.id);
      return reply.code(201).send(toPersonResponse(facilitator));
    },
  );
}
