import { beforeAll, describe, expect, it, vi } from 'vitest';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { parse } from 'csv-parse/sync';
import { classes, classFacilitators, users } from '../../db/schema.ts';
import { OPENAPI_PATH } from '../../openapi.ts';
import { addStaff, logIn, signUpStudent, TEST_PASSWORD as PASSWORD, type Tokens } from '../../test/console-people.ts';
import { answerFields } from '../../../engine/schema/index.ts';
import { FIXTURE_DAY_FOLDERS, fixtureDays, fixtureSchema, publishedFixtureDays } from '../../../test/fixture-days.ts';
import { bearer, createTestApp, DATABASE_KINDS, testConfig, useTestApp } from '../../test/harness.ts';

/**
 * The week the console shows: the published fixture days (test/fixture-days/), as their lessons' front
 * matter names them. Fixture Day 3 is a draft, which the console leaves out.
 */
const WEEK = publishedFixtureDays.map(({ day, title }) => ({ day, title }));

function save(app: FastifyInstance, token: string, day: number, answers: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: `/api/student/modules/${day}/response/`, headers: bearer(token), payload: { answers } });
}

describe.each(DATABASE_KINDS)('the facilitator console API (%s)', (kind) => {
  const server = useTestApp(kind, { config: () => FIXTURE_DAY_FOLDERS });
  let rivera: Tokens;
  let okafor: Tokens;
  let admin: Tokens;
  let ana: Tokens & { id: number };
  let ben: Tokens & { id: number };
  let outsider: Tokens & { id: number };
  let classId: number;
  let otherClassId: number;

  beforeAll(async () => {
    rivera = await addStaff(server, 'rivera', 'facilitator', 'Rivera');
    okafor = await addStaff(server, 'okafor', 'facilitator', 'Okafor');
    admin = await addStaff(server, 'head', 'admin', 'Admin');
    // Ana signs up before the class exists, Ben after; both match by Classroom Name.
    ana = await signUpStudent(server.app, 'ana', '  Bio 10A ', 'Ana');
    outsider = await signUpStudent(server.app, 'olly', 'Chemistry 9', 'Olly');
    const created = await server.app.inject({ method: 'POST', url: '/api/facilitator/classes/', headers: bearer(rivera.access), payload: { name: 'Bio 10A' } });
    expect(created.statusCode).toBe(201);
    classId = created.json<{ id: number }>().id;
    ben = await signUpStudent(server.app, 'ben', 'ＢＩＯ 10a', 'Ben'); // full-width letters: NFKC matches
    const other = await server.app.inject({ method: 'POST', url: '/api/facilitator/classes/', headers: bearer(okafor.access), payload: { name: 'Chemistry 9' } });
    otherClassId = other.json<{ id: number }>().id;
  });

  const progress = async (token = rivera.access, headers: Record<string, string> = {}) =>
    server.app.inject({ url: `/api/facilitator/classes/${classId}/progress/`, headers: { ...bearer(token), ...headers } });

  it('refuses a class name already used, whatever its case or spaces', async () => {
    const again = await server.app.inject({ method: 'POST', url: '/api/facilitator/classes/', headers: bearer(okafor.access), payload: { name: ' bio 10a' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'class_name_taken', detail: expect.stringContaining('already exists') });
    const blank = await server.app.inject({ method: 'POST', url: '/api/facilitator/classes/', headers: bearer(okafor.access), payload: { name: '   ' } });
    expect(blank.statusCode).toBe(400);
  });

  it('lists a facilitator their own classes only, and an admin every class', async () => {
    const mine = await server.app.inject({ url: '/api/facilitator/classes/', headers: bearer(rivera.access) });
    expect(mine.json<{ results: { name: string; student_count: number; is_creator: boolean }[] }>().results).toEqual([
      expect.objectContaining({ name: 'Bio 10A', student_count: 2, is_creator: true }),
    ]);
    const all = await server.app.inject({ url: '/api/facilitator/classes/', headers: bearer(admin.access) });
    expect(all.json<{ results: { name: string }[] }>().results.map(({ name }) => name)).toEqual(['Bio 10A', 'Chemistry 9']);
  });

  it('counts answered fields per day and answers 304 while nothing changed', async () => {
    const first = await progress();
    expect(first.statusCode).toBe(200);
    const body = first.json<{ days: { day: number; title: string; fields: number }[]; students: { username: string; days: { day: number; answered: number; state: string }[] }[] }>();
    expect(body.students.map(({ username }) => username).sort()).toEqual(['ana', 'ben']);
    expect(body.days.map(({ day, title }) => ({ day, title }))).toEqual(WEEK);
    const etag = first.headers.etag as string;
    expect((await progress(rivera.access, { 'if-none-match': etag })).statusCode).toBe(304);

    expect((await save(server.app, ana.access, 1, { opening: 'The opening, answered.', blanks: ['one', '', '  ', ''] })).statusCode).toBe(200);
    const after = await progress(rivera.access, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    const anaRow = after.json<typeof body>().students.find(({ username }) => username === 'ana')!;
    // opening and blanks.0; spaces only do not count.
    expect(anaRow.days[0]).toEqual({ day: 1, answered: 2, state: 'in_progress' });
    expect(anaRow.days[1]).toEqual({ day: 2, answered: 0, state: 'not_started' });
  });

  it('answers the same ETag from a second server on the same database, so polling across servers gets 304s', async () => {
    const first = await progress();
    const second = await createTestApp(server.database, { config: testConfig({ dataDir: server.database.dataDir, ...FIXTURE_DAY_FOLDERS }) });
    try {
      const response = await second.app.inject({
        url: `/api/facilitator/classes/${classId}/progress/`,
        headers: { ...bearer(rivera.access), 'if-none-match': first.headers.etag as string },
      });
      expect(response.statusCode).toBe(304);
    } finally {
      await second.app.close();
    }
  });

  describe('the progress ETag', () => {
    const etag = async (token = rivera.access) => {
      const response = await progress(token);
      expect(response.statusCode).toBe(200);
      return response.headers.etag as string;
    };
    const rename = (table: 'class' | 'student', name: string) =>
      table === 'class'
        ? server.database.database.db.update(classes).set({ name }).where(eq(classes.id, classId))
        : server.database.database.db.update(users).set({ firstName: name }).where(eq(users.id, ana.id));

    it('answers a 304 from one SQL query, without the query that builds the table', async () => {
      const held = await etag();
      // The driver's client (a pg Pool or a PGlite): drizzle sends every statement through its `query`.
      const client = (server.database.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
      const queries = vi.spyOn(client, 'query');
      try {
        const response = await progress(rivera.access, { 'if-none-match': held });
        expect(response.statusCode).toBe(304);
        expect(response.headers.etag).toBe(held);
        expect(queries).toHaveBeenCalledTimes(1);
        // Only the progress query builds the students' rows, `last_activity` among them.
        expect(JSON.stringify(queries.mock.calls[0])).not.toContain('last_activity');
      } finally {
        queries.mockRestore();
      }
    });

    it('gives the 200 the ETag a later conditional request computes, and the same one while nothing changed', async () => {
      const held = await etag();
      expect(await etag()).toBe(held);
      // A save by a student on no roster of this class, and a feedback note, show nowhere in the table.
      expect((await save(server.app, outsider.access, 1, { opening: 'Elsewhere.' })).statusCode).toBe(200);
      const noted = await server.app.inject({
        method: 'POST',
        url: `/api/facilitator/classes/${classId}/students/${ana.id}/days/1/feedback/`,
        headers: bearer(rivera.access),
        payload: { field: 'opening', body: 'Good start.' },
      });
      expect(noted.statusCode).toBe(201);
      expect(await etag()).toBe(held);
      expect((await progress(rivera.access, { 'if-none-match': held })).statusCode).toBe(304);
      const deleted = await server.app.inject({
        method: 'DELETE',
        url: `/api/facilitator/classes/${classId}/students/${ana.id}/days/1/feedback/${noted.json<{ id: number }>().id}/`,
        headers: bearer(rivera.access),
      });
      expect(deleted.statusCode).toBe(204);
    });

    it('changes after a save by a student on the roster, even one that answers nothing new', async () => {
      const held = await etag();
      expect((await save(server.app, ana.access, 2, {})).statusCode).toBe(200);
      const afterFirst = await progress(rivera.access, { 'if-none-match': held });
      expect(afterFirst.statusCode).toBe(200);
      const changed = afterFirst.headers.etag as string;
      expect(changed).not.toBe(held);
      // Ana's last activity moved, though her counts did not.
      expect((await save(server.app, ana.access, 2, {})).statusCode).toBe(200);
      expect(await etag()).not.toBe(changed);
    });

    it('changes after the class or a student on its roster is renamed, and comes back when the name does', async () => {
      const held = await etag();
      await rename('class', 'Bio 10A (renamed)');
      const renamedClass = await progress(rivera.access, { 'if-none-match': held });
      expect(renamedClass.statusCode).toBe(200);
      expect(renamedClass.json<{ class: { name: string } }>().class.name).toBe('Bio 10A (renamed)');
      await rename('class', 'Bio 10A');
      expect(await etag()).toBe(held);
      await rename('student', 'Anabel');
      expect((await progress(rivera.access, { 'if-none-match': held })).statusCode).toBe(200);
      await rename('student', 'Ana');
      expect((await progress(rivera.access, { 'if-none-match': held })).statusCode).toBe(304);
    });

    it('changes after a roster change and after a co-facilitator joins', async () => {
      const held = await etag();
      const added = await server.app.inject({ method: 'POST', url: `/api/facilitator/classes/${classId}/students/`, headers: bearer(rivera.access), payload: { username: 'olly' } });
      expect(added.statusCode).toBe(201);
      const withOlly = await etag();
      expect(withOlly).not.toBe(held);
      const removed = await server.app.inject({ method: 'DELETE', url: `/api/facilitator/classes/${classId}/students/${outsider.id}/`, headers: bearer(rivera.access) });
      expect(removed.statusCode).toBe(204);
      // The same table as before Olly joined, so the same ETag.
      const withoutOlly = await etag();
      expect(withoutOlly).toBe(held);
      const co = await server.app.inject({ method: 'POST', url: `/api/facilitator/classes/${classId}/facilitators/`, headers: bearer(rivera.access), payload: { username: 'head' } });
      expect(co.statusCode).toBe(201);
      expect((await progress(rivera.access, { 'if-none-match': withoutOlly })).statusCode).toBe(200);
      // The admin sees the same class but did not create it: `is_creator` differs, so does the ETag.
      const byAdmin = await progress(admin.access);
      expect(byAdmin.json<{ class: { is_creator: boolean } }>().class.is_creator).toBe(false);
      expect(byAdmin.headers.etag).not.toBe(await etag());
      await server.database.database.db.delete(classFacilitators).where(and(eq(classFacilitators.classId, classId), eq(classFacilitators.userId, byAdmin.json<{ class: { facilitators: { id: number; username: string }[] } }>().class.facilitators.find(({ username }) => username === 'head')!.id)));
      expect((await progress(rivera.access, { 'if-none-match': withoutOlly })).statusCode).toBe(304);
    });

    it('answers a conditional request for a class not theirs 404, and a student 403, as without one', async () => {
      const held = await etag();
      const foreign = await server.app.inject({ url: `/api/facilitator/classes/${otherClassId}/progress/`, headers: { ...bearer(rivera.access), 'if-none-match': held } });
      expect(foreign.statusCode).toBe(404);
      const byStudent = await progress(ana.access, { 'if-none-match': held });
      expect(byStudent.statusCode).toBe(403);
    });
  });

  it("shows a student's day in today's shape and records who looked", async () => {
    const response = await server.app.inject({ url: `/api/facilitator/classes/${classId}/students/${ana.id}/days/1/`, headers: bearer(rivera.access) });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ student: { username: string }; answers: { opening: string; blanks: string[] }; revision: number }>();
    expect(body.student.username).toBe('ana');
    expect(body.answers.opening).toBe('The opening, answered.');
    expect(body.answers.blanks).toEqual(['one', '', '  ', '']);
    expect(body.revision).toBe(1);
    const unsaved = await server.app.inject({ url: `/api/facilitator/classes/${classId}/students/${ben.id}/days/2/`, headers: bearer(rivera.access) });
    expect(unsaved.json()).toMatchObject({ revision: 0, updated_at: null });

    const audit = await server.app.inject({ url: '/api/facilitator/audit/', headers: bearer(admin.access) });
    expect(audit.json<{ results: unknown[] }>().results).toContainEqual(
      expect.objectContaining({ action: 'view_day', day: 1, facilitator: expect.objectContaining({ username: 'rivera' }), student: expect.objectContaining({ username: 'ana' }) }),
    );
  });

  it('gives every student an answer for the by-question view', async () => {
    const response = await server.app.inject({ url: `/api/facilitator/classes/${classId}/days/1/answers/`, headers: bearer(rivera.access) });
    const students = response.json<{ students: { username: string; answers: { opening: string } }[] }>().students;
    expect(students.map(({ username, answers }) => [username, answers.opening])).toEqual(
      expect.arrayContaining([
        ['ana', 'The opening, answered.'],
        ['ben', ''],
      ]),
    );
  });

  it("lists a published day's questions as its lesson shows them, one per input in lesson order, and no draft's", async () => {
    const response = await server.app.inject({ url: '/api/facilitator/days/2/questions/', headers: bearer(okafor.access) });
    expect(response.statusCode).toBe(200);
    const { day, questions } = response.json<{ day: number; questions: { path: string; prompt: string; part: string; kind: string; options?: string[] }[] }>();
    expect(day).toBe(2);
    expect(questions[0]).toEqual({ path: 'table.0.group', prompt: 'Sort each fixture item. (Alpha: Group)', part: 'Sort the table', kind: 'table_cell', options: ['Group A', 'Group B'] });
    for (const { day: published } of publishedFixtureDays) {
      const listed = await server.app.inject({ url: `/api/facilitator/days/${published}/questions/`, headers: bearer(rivera.access) });
      expect(listed.json<{ questions: unknown[] }>().questions).toHaveLength(answerFields(fixtureSchema(published)).length);
    }
    const draft = fixtureDays.find(({ published }) => !published)!;
    const refused = await server.app.inject({ url: `/api/facilitator/days/${draft.day}/questions/`, headers: bearer(rivera.access) });
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([404, 'not_found']);
  });

  it('exports CSV with a BOM, each field headed by its question in lesson order, a row of paths for scripts, and formulas made inert', async () => {
    await save(server.app, ben.access, 1, { opening: '=HYPERLINK("http://evil.example")', wrap: { reflection: 'Café, "quoted"\nsecond line' } });
    const response = await server.app.inject({ url: `/api/facilitator/classes/${classId}/export.csv?day=1`, headers: bearer(rivera.access) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="bio-10a-day-1.csv"');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, paths, ...students] = parse(response.rawPayload, { bom: true }) as string[][];
    const questions = (await server.app.inject({ url: '/api/facilitator/days/1/questions/', headers: bearer(rivera.access) })).json<{ questions: { path: string; part: string; prompt: string }[] }>().questions;
    expect(paths).toEqual(['username', 'first_name', 'last_name', 'day1.language', ...questions.map(({ path }) => `day1.${path}`)]);
    expect(header!.slice(3)).toEqual(['Day 1 · Language', ...questions.map(({ part, prompt }) => `Day 1 · ${part}: ${prompt}`)]);
    expect(header![paths!.indexOf('day1.opening')]).toBe('Day 1 · Opening: Opening question');
    expect(header![paths!.indexOf('day1.blanks.1')]).toBe('Day 1 · Blanks: A fixture sentence has [Blank 1], ____, [Blank 3] and [Blank 4] in it.');
    const column = (path: string) => paths!.indexOf(`day1.${path}`);
    const benRow = students.find((row) => row[0] === 'ben')!;
    expect(benRow[column('opening')]).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(benRow[column('wrap.reflection')]).toBe('Café, "quoted"\nsecond line');
    expect(students.find((row) => row[0] === 'ana')![column('opening')]).toBe('The opening, answered.');

    const allDays = await server.app.inject({ url: `/api/facilitator/classes/${classId}/export.csv`, headers: bearer(rivera.access) });
    const allPaths = (parse(allDays.rawPayload, { bom: true }) as string[][])[1]!;
    for (const { day } of WEEK) expect(allPaths.some((cell) => cell.startsWith(`day${day}.`)), `Day ${day}`).toBe(true);
    for (const { day } of fixtureDays.filter(({ published }) => !published)) expect(allPaths.some((cell) => cell.startsWith(`day${day}.`)), `draft Day ${day}`).toBe(false);
  });

  it("delivers a message to the chosen students' inboxes as unread, and shows who read it", async () => {
    const sent = await server.app.inject({
      method: 'POST',
      url: `/api/facilitator/classes/${classId}/messages/`,
      headers: bearer(rivera.access),
      payload: { subject: 'Bring your poster', body: 'Read **page 3**.<script>alert(1)</script>', student_ids: [ana.id] },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ recipients: 1 });
    const inbox = await server.app.inject({ url: '/api/student/inbox/', headers: bearer(ana.access) });
    const message = inbox.json<{ results: { id: number; subject: string; is_read: boolean; sender: string; body_html: string }[] }>().results[0]!;
    expect(message).toMatchObject({ subject: 'Bring your poster', is_read: false, sender: 'Ms Rivera', body_html: '<p>Read <strong>page 3</strong>.</p>' });
    const benInbox = await server.app.inject({ url: '/api/student/inbox/', headers: bearer(ben.access) });
    expect(benInbox.json<{ results: { subject: string }[] }>().results.map(({ subject }) => subject)).not.toContain('Bring your poster');

    await server.app.inject({ method: 'PATCH', url: `/api/student/inbox/${message.id}/read/`, headers: bearer(ana.access), payload: { is_read: true } });
    const list = await server.app.inject({ url: `/api/facilitator/classes/${classId}/messages/`, headers: bearer(rivera.access) });
    expect(list.json<{ results: { recipients: { username: string; is_read: boolean }[] }[] }>().results[0]!.recipients).toEqual([
      expect.objectContaining({ username: 'ana', is_read: true }),
    ]);

    const stranger = await server.app.inject({
      method: 'POST',
      url: `/api/facilitator/classes/${classId}/messages/`,
      headers: bearer(rivera.access),
      payload: { subject: 'Hi', body: 'Hello', student_ids: [outsider.id] },
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ code: 'not_in_class' });
  });

  it('resets a password: the new one signs in, the old one and the old login are refused', async () => {
    const carol = await signUpStudent(server.app, 'carol', 'bio 10a', 'Carol');
    const reset = await server.app.inject({ method: 'POST', url: `/api/facilitator/classes/${classId}/students/${carol.id}/password/`, headers: bearer(rivera.access) });
    expect(reset.statusCode).toBe(200);
    const { password } = reset.json<{ password: string }>();
    expect(password).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
    expect((await server.app.inject({ method: 'POST', url: '/api/token/', payload: { username: 'carol', password: PASSWORD } })).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: carol.refresh } })).statusCode).toBe(401);
    const fresh = await logIn(server.app, 'carol', password);

    // Carol changes it herself: her current login stays, her other logins end.
    const other = await logIn(server.app, 'carol', password);
    const wrong = await server.app.inject({ method: 'POST', url: '/api/account/password/', headers: bearer(fresh.access), payload: { current_password: 'nope', new_password: 'my own secret' } });
    expect(wrong.json()).toMatchObject({ code: 'wrong_password' });
    const short = await server.app.inject({ method: 'POST', url: '/api/account/password/', headers: bearer(fresh.access), payload: { current_password: password, new_password: 'short' } });
    expect(short.statusCode).toBe(400);
    const changed = await server.app.inject({ method: 'POST', url: '/api/account/password/', headers: bearer(fresh.access), payload: { current_password: password, new_password: 'my own secret' } });
    expect(changed.statusCode).toBe(204);
    expect((await server.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: fresh.refresh } })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: other.refresh } })).statusCode).toBe(401);
    await logIn(server.app, 'carol', 'my own secret');
  });

  it('adds and removes students by username, and lets only the creator add a co-facilitator', async () => {
    const added = await server.app.inject({ method: 'POST', url: `/api/facilitator/classes/${classId}/students/`, headers: bearer(rivera.access), payload: { username: 'OLLY' } });
    expect(added.statusCode).toBe(201);
    const usernames = async () => (await progress()).json<{ students: { username: string }[] }>().students.map(({ username }) => username);
    expect(await usernames()).toContain('olly');
    const removed = await server.app.inject({ method: 'DELETE', url: `/api/facilitator/classes/${classId}/students/${ben.id}/`, headers: bearer(rivera.access) });
    expect(removed.statusCode).toBe(204);
    expect(await usernames()).not.toContain('ben');
    const unknown = await server.app.inject({ method: 'POST', url: `/api/facilitator/classes/${classId}/students/`, headers: bearer(rivera.access), payload: { username: 'nobody' } });
    expect(unknown.json()).toMatchObject({ code: 'no_such_student' });

    const co = await server.app.inject({ method: 'POST', url: `/api/facilitator/classes/${otherClassId}/facilitators/`, headers: bearer(okafor.access), payload: { username: 'rivera' } });
    expect(co.statusCode).toBe(201);
    // Rivera now facilitates Chemistry 9 too, but did not create it.
    const byCo = await server.app.inject({ method: 'POST', url: `/api/facilitator/classes/${otherClassId}/facilitators/`, headers: bearer(rivera.access), payload: { username: 'head' } });
    expect(byCo.statusCode).toBe(403);
    expect((await server.app.inject({ url: `/api/facilitator/classes/${otherClassId}/progress/`, headers: bearer(rivera.access) })).statusCode).toBe(200);
  });

  it('lets an admin create facilitators, list students in no class, and delete a class with its students after a typed confirmation', async () => {
    const created = await server.app.inject({ method: 'POST', url: '/api/facilitator/facilitators/', headers: bearer(admin.access), payload: { username: 'visiting', first_name: 'Dr', last_name: 'Visitor' } });
    expect(created.statusCode).toBe(201);
    await logIn(server.app, 'visiting', created.json<{ password: string }>().password);
    const byFacilitator = await server.app.inject({ method: 'POST', url: '/api/facilitator/facilitators/', headers: bearer(rivera.access), payload: { username: 'x1', first_name: 'X', last_name: 'Y' } });
    expect(byFacilitator.statusCode).toBe(403);

    await signUpStudent(server.app, 'lonely', 'No Such Class');
    const unassigned = await server.app.inject({ url: '/api/facilitator/unassigned/', headers: bearer(admin.access) });
    expect(unassigned.json<{ results: { username: string }[] }>().results.map(({ username }) => username)).toEqual(expect.arrayContaining(['lonely', 'ben']));

    const doomed = await server.app.inject({ method: 'POST', url: '/api/facilitator/classes/', headers: bearer(rivera.access), payload: { name: 'Summer 2026' } });
    const doomedId = doomed.json<{ id: number }>().id;
    const kid = await signUpStudent(server.app, 'summerkid', 'summer 2026');
    const byOwner = await server.app.inject({ method: 'DELETE', url: `/api/facilitator/classes/${doomedId}/`, headers: bearer(rivera.access), payload: { confirm: 'Summer 2026' } });
    expect(byOwner.statusCode).toBe(403);
    const mistyped = await server.app.inject({ method: 'DELETE', url: `/api/facilitator/classes/${doomedId}/`, headers: bearer(admin.access), payload: { confirm: 'summer 2026' } });
    expect(mistyped.json()).toMatchObject({ code: 'confirmation_mismatch' });
    const deleted = await server.app.inject({ method: 'DELETE', url: `/api/facilitator/classes/${doomedId}/`, headers: bearer(admin.access), payload: { confirm: 'Summer 2026' } });
    expect(deleted.statusCode).toBe(204);
    expect((await server.app.inject({ method: 'POST', url: '/api/token/', payload: { username: 'summerkid', password: PASSWORD } })).statusCode).toBe(401);
    expect((await server.app.inject({ url: '/api/student/profile/', headers: bearer(kid.access) })).statusCode).toBe(401);
  });

  describe('authorisation', () => {
    const routes = (): [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object][] => [
      ['GET', '/api/facilitator/classes/'],
      ['POST', '/api/facilitator/classes/', { name: 'Sneaky' }],
      ['DELETE', `/api/facilitator/classes/${classId}/`, { confirm: 'Bio 10A' }],
      ['PATCH', `/api/facilitator/classes/${classId}/`, { language: 'es' }],
      ['GET', `/api/facilitator/classes/${classId}/progress/`],
      ['POST', `/api/facilitator/classes/${classId}/students/`, { username: 'olly' }],
      ['DELETE', `/api/facilitator/classes/${classId}/students/${ana.id}/`],
      ['POST', `/api/facilitator/classes/${classId}/facilitators/`, { username: 'okafor' }],
      ['GET', `/api/facilitator/classes/${classId}/students/${ana.id}/days/1/`],
      ['GET', `/api/facilitator/classes/${classId}/days/1/answers/`],
      ['GET', `/api/facilitator/classes/${classId}/export.csv?day=1`],
      ['GET', '/api/facilitator/days/1/questions/'],
      ['GET', `/api/facilitator/classes/${classId}/messages/`],
      ['POST', `/api/facilitator/classes/${classId}/messages/`, { subject: 'x', body: 'y' }],
      ['POST', `/api/facilitator/classes/${classId}/students/${ana.id}/password/`],
      ['GET', '/api/facilitator/facilitators/'],
      ['POST', '/api/facilitator/facilitators/', { username: 'sneaky', first_name: 'S', last_name: 'N' }],
      ['POST', '/api/facilitator/facilitators/1/password/'],
      ['GET', '/api/facilitator/unassigned/'],
      ['GET', '/api/facilitator/audit/'],
      ['GET', `/api/facilitator/classes/${classId}/days/1/feedback/`],
      ['GET', `/api/facilitator/classes/${classId}/students/${ana.id}/days/1/feedback/`],
      ['POST', `/api/facilitator/classes/${classId}/students/${ana.id}/days/1/feedback/`, { field: 'opening', body: 'Sneaky.' }],
      ['PATCH', `/api/facilitator/classes/${classId}/students/${ana.id}/days/1/feedback/1/`, { body: 'Sneaky.' }],
      ['DELETE', `/api/facilitator/classes/${classId}/students/${ana.id}/days/1/feedback/1/`],
      ['GET', `/api/facilitator/classes/${classId}/join-link/`],
      ['POST', `/api/facilitator/classes/${classId}/join-link/`],
      ['DELETE', `/api/facilitator/classes/${classId}/join-link/`],
      ['POST', `/api/facilitator/classes/${classId}/roster/`, { csv: 'Sly,Fox,sly-fox' }],
    ];

    it('answers 401 without a token and 403 to a student on every route', async () => {
      for (const [method, url, payload] of routes()) {
        const anonymous = await server.app.inject({ method, url, payload });
        expect([url, anonymous.statusCode]).toEqual([url, 401]);
        const student = await server.app.inject({ method, url, payload, headers: bearer(ana.access) });
        expect([url, student.statusCode, student.json<{ code: string }>().code]).toEqual([url, 403, 'forbidden']);
      }
    });

    it("answers 404 to another facilitator on every route of a class, and 403 on the admin's", async () => {
      for (const [method, url, payload] of routes()) {
        const response = await server.app.inject({ method, url, payload, headers: bearer(okafor.access) });
        const adminOnly = url.includes('/facilitators/') || url.endsWith('/unassigned/') || url.endsWith('/audit/') || method === 'DELETE';
        if (url === '/api/facilitator/classes/') continue; // a facilitator's own list and create
        if (url.startsWith('/api/facilitator/days/')) continue; // the week's, not a class's: every facilitator's
        if (url.endsWith(`/classes/${classId}/`) && method === 'DELETE') expect([url, response.statusCode]).toEqual([url, 403]);
        else if (adminOnly && !url.includes(`/classes/${classId}/`)) expect([url, response.statusCode]).toEqual([url, 403]);
        else expect([url, response.statusCode, response.json<{ code: string }>().code]).toEqual([url, 404, 'not_found']);
      }
    });

    it('answers 404 for a student of another class, even to their own facilitator', async () => {
      const response = await server.app.inject({ url: `/api/facilitator/classes/${classId}/students/${outsider.id}/days/1/`, headers: bearer(okafor.access) });
      expect(response.statusCode).toBe(404);
      const own = await server.app.inject({ url: `/api/facilitator/classes/${otherClassId}/students/${ana.id}/days/1/`, headers: bearer(okafor.access) });
      expect(own.statusCode).toBe(404);
    });

    it('never answers a password hash', async () => {
      for (const [method, url, payload] of routes()) {
        if (method !== 'GET') continue;
        const response = await server.app.inject({ method, url, payload, headers: bearer(admin.access) });
        expect(response.body).not.toMatch(/argon2|password_hash|passwordHash/);
      }
    });
  });

  it('answered no request with a 5xx', () => {
    expect(server.errors).toEqual([]);
  });
});

describe.each(DATABASE_KINDS)("the console's access rules (%s)", (kind) => {
  const server = useTestApp(kind, { config: () => FIXTURE_DAY_FOLDERS });
  /** Every kind of caller, by what they are; `gone` is a facilitator whose account was deleted after signing in. */
  const callers: Record<'anonymous' | 'student' | 'gone' | 'otherFacilitator' | 'facilitator' | 'admin', string | null> = {
    anonymous: null,
    student: null,
    gone: null,
    otherFacilitator: null,
    facilitator: null,
    admin: null,
  };
  let classId: number;

  beforeAll(async () => {
    callers.facilitator = (await addStaff(server, 'rivera', 'facilitator', 'Rivera')).access;
    callers.otherFacilitator = (await addStaff(server, 'okafor', 'facilitator', 'Okafor')).access;
    callers.admin = (await addStaff(server, 'head', 'admin', 'Admin')).access;
    callers.gone = (await addStaff(server, 'gone', 'facilitator', 'Gone')).access;
    callers.student = (await signUpStudent(server.app, 'ana', 'Bio 10A', 'Ana')).access;
    const created = await server.app.inject({ method: 'POST', url: '/api/facilitator/classes/', headers: bearer(callers.facilitator), payload: { name: 'Bio 10A' } });
    classId = created.json<{ id: number }>().id;
    await server.database.database.db.delete(users).where(eq(users.username, 'gone'));
  });

  const answer = async (url: string, token: string | null) => {
    const response = await server.app.inject({ url, headers: token === null ? {} : bearer(token) });
    return [response.statusCode, response.statusCode === 200 ? 'ok' : response.json<{ code: string }>().code];
  };

  it('answers each caller of a class route as the table says, with the same answer from the progress query as from the pre-handler', async () => {
    const expected = {
      anonymous: [401, 'not_authenticated'],
      student: [403, 'forbidden'],
      gone: [401, 'invalid_token'],
      otherFacilitator: [404, 'not_found'],
      facilitator: [200, 'ok'],
      admin: [200, 'ok'],
    };
    for (const [caller, token] of Object.entries(callers)) {
      const progress = await answer(`/api/facilitator/classes/${classId}/progress/`, token);
      const messages = await answer(`/api/facilitator/classes/${classId}/messages/`, token);
      expect({ caller, progress, messages }).toEqual({ caller, progress: expected[caller as keyof typeof expected], messages: expected[caller as keyof typeof expected] });
    }
  });

  it('lets only an admin through an admin route, and answers a deleted account 401 there too', async () => {
    const expected = {
      anonymous: [401, 'not_authenticated'],
      student: [403, 'forbidden'],
      gone: [401, 'invalid_token'],
      otherFacilitator: [403, 'forbidden'],
      facilitator: [403, 'forbidden'],
      admin: [200, 'ok'],
    };
    for (const [caller, token] of Object.entries(callers)) {
      expect({ caller, audit: await answer('/api/facilitator/audit/', token) }).toEqual({ caller, audit: expected[caller as keyof typeof expected] });
    }
  });

  it('answered no request with a 5xx', () => {
    expect(server.errors).toEqual([]);
  });
});

/**
 * A response schema of the OpenAPI document made strict for checking an answer against it: its `$ref`s
 * replaced by the components they name, and every object that lists its properties closed to others, so
 * that a field the handler sends but the document does not describe fails the check.
 */
function closedSchema(schema: unknown, components: Record<string, unknown>): unknown {
  if (Array.isArray(schema)) return schema.map((each) => closedSchema(each, components));
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = schema as Record<string, unknown>;
  if (typeof node.$ref === 'string') return closedSchema(components[node.$ref.replace('#/components/schemas/', '')], components);
  const copy: Record<string, unknown> = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, key === 'enum' || key === 'required' ? value : closedSchema(value, components)]));
  if (copy.type === 'object' && copy.properties !== undefined && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}

describe.each(DATABASE_KINDS)("the console's contract (%s)", (kind) => {
  const server = useTestApp(kind, { config: () => FIXTURE_DAY_FOLDERS });
  /** What the handler of the request being answered returned, before Fastify serialised it; unset for a string or a stream. */
  let returned: { payload: unknown } | null = null;
  /** The console's operations called, as `METHOD /path/{param}/ status`. */
  const called = new Set<string>();
  let document: OpenAPIV3_1.Document;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);

  beforeAll(async () => {
    server.app.addHook('preSerialization', async (_request, _reply, payload) => {
      returned = { payload };
      return payload;
    });
    document = (await server.app.inject({ url: OPENAPI_PATH })).json<OpenAPIV3_1.Document>();
  });

  /**
   * Sends a console request and checks its answer against the OpenAPI document: a 2xx the route declares;
   * a JSON body that holds exactly what the handler returned (Fastify's serialiser drops what a response
   * schema does not list) and nothing the schema does not describe; a CSV as text/csv; no body for 204 and 304.
   */
  const call = async (route: string, options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> => {
    returned = null;
    const response = await server.app.inject(options);
    const [method, path] = route.split(' ') as [string, string];
    const label = `${route} → ${response.statusCode} ${response.body.slice(0, 200)}`;
    expect(response.statusCode, label).toBeLessThan(400);
    const declared = document.paths?.[path]?.[method.toLowerCase() as OpenAPIV3_1.HttpMethods]?.responses?.[String(response.statusCode)] as OpenAPIV3_1.ResponseObject | undefined;
    expect(declared, `${label}: no such response in the document`).toBeDefined();
    called.add(`${route} ${response.statusCode}`);
    if (response.statusCode === 204 || response.statusCode === 304) {
      expect([response.body, declared!.content], label).toEqual(['', undefined]);
    } else if (String(response.headers['content-type']).startsWith('text/csv')) {
      expect(declared!.content?.['text/csv']?.schema, label).toMatchObject({ type: 'string' });
    } else {
      const body: unknown = response.json();
      // Set by the preSerialization hook while the request was answered.
      const handed = returned as { payload: unknown } | null;
      if (handed !== null) expect(body, `${label}: a field the response schema does not list was dropped`).toEqual(JSON.parse(JSON.stringify(handed.payload)));
      const schema = closedSchema(declared!.content?.['application/json']?.schema, (document.components?.schemas ?? {}) as Record<string, unknown>);
      const valid = ajv.validate(schema as object, body);
      expect(valid ? 'as documented' : ajv.errorsText(ajv.errors), label).toBe('as documented');
    }
    return response;
  };

  it("answers every console route as its OpenAPI document says, and Fastify's serialiser drops nothing a handler returns", async () => {
    const rivera = await addStaff(server, 'rivera', 'facilitator', 'Rivera');
    const admin = await addStaff(server, 'head', 'admin', 'Admin');
    const gone = await addStaff(server, 'gone', 'facilitator', 'Gone');
    await addStaff(server, 'okafor', 'facilitator', 'Okafor');
    const ana = await signUpStudent(server.app, 'ana', 'Bio 10A', 'Ana');
    const ben = await signUpStudent(server.app, 'ben', 'Bio 10A', 'Ben');
    const olly = await signUpStudent(server.app, 'olly', 'Chemistry 9', 'Olly');
    const classId = (await call('POST /api/facilitator/classes/', { method: 'POST', url: '/api/facilitator/classes/', headers: bearer(rivera.access), payload: { name: 'Bio 10A' } })).json<{ id: number }>().id;
    const classUrl = `/api/facilitator/classes/${classId}`;
    // A facilitator who sends a message and reads a day, then leaves: a message without a sender, an audit row without an id.
    await call('POST /api/facilitator/classes/{id}/facilitators/', { method: 'POST', url: `${classUrl}/facilitators/`, headers: bearer(rivera.access), payload: { username: 'gone' } });
    await call('POST /api/facilitator/classes/{id}/messages/', { method: 'POST', url: `${classUrl}/messages/`, headers: bearer(gone.access), payload: { subject: 'Welcome', body: 'See you *tomorrow*.' } });
    await call('GET /api/facilitator/classes/{id}/students/{studentId}/days/{day}/', { url: `${classUrl}/students/${ben.id}/days/1/`, headers: bearer(gone.access) });
    await server.database.database.db.delete(users).where(eq(users.username, 'gone'));
    expect((await save(server.app, ana.access, 1, { opening: 'The opening, answered.', blanks: ['one', '', '', ''] })).statusCode).toBe(200);

    const staff = bearer(rivera.access);
    await call('PATCH /api/facilitator/classes/{id}/', { method: 'PATCH', url: `${classUrl}/`, headers: staff, payload: { language: 'es' } });
    await call('POST /api/facilitator/classes/{id}/join-link/', { method: 'POST', url: `${classUrl}/join-link/`, headers: staff });
    await call('GET /api/facilitator/classes/{id}/join-link/', { url: `${classUrl}/join-link/`, headers: staff });
    await call('POST /api/facilitator/classes/{id}/roster/', { method: 'POST', url: `${classUrl}/roster/`, headers: staff, payload: { csv: 'Rosa,Parks,rosa-roster' } });
    await call('DELETE /api/facilitator/classes/{id}/join-link/', { method: 'DELETE', url: `${classUrl}/join-link/`, headers: staff });
    await call('GET /api/facilitator/classes/', { url: '/api/facilitator/classes/', headers: staff });
    const progress = await call('GET /api/facilitator/classes/{id}/progress/', { url: `${classUrl}/progress/`, headers: staff });
    await call('GET /api/facilitator/classes/{id}/progress/', { url: `${classUrl}/progress/`, headers: { ...staff, 'if-none-match': progress.headers.etag as string } });
    await call('POST /api/facilitator/classes/{id}/students/', { method: 'POST', url: `${classUrl}/students/`, headers: staff, payload: { username: 'olly' } });
    await call('DELETE /api/facilitator/classes/{id}/students/{studentId}/', { method: 'DELETE', url: `${classUrl}/students/${olly.id}/`, headers: staff });
    await call('GET /api/facilitator/days/{day}/questions/', { url: '/api/facilitator/days/2/questions/', headers: staff });
    await call('GET /api/facilitator/classes/{id}/students/{studentId}/days/{day}/', { url: `${classUrl}/students/${ana.id}/days/1/`, headers: staff });
    await call('GET /api/facilitator/classes/{id}/days/{day}/answers/', { url: `${classUrl}/days/1/answers/`, headers: staff });
    await call('GET /api/facilitator/classes/{id}/export.csv', { url: `${classUrl}/export.csv?day=1`, headers: staff });
    await call('POST /api/facilitator/classes/{id}/messages/', { method: 'POST', url: `${classUrl}/messages/`, headers: staff, payload: { subject: 'Posters', body: 'Bring **yours**.', student_ids: [ana.id] } });
    const sent = await call('GET /api/facilitator/classes/{id}/messages/', { url: `${classUrl}/messages/`, headers: staff });
    expect(sent.json<{ results: { sender: unknown }[] }>().results.map(({ sender }) => sender)).toEqual([expect.objectContaining({ username: 'rivera' }), null]);
    await call('POST /api/facilitator/classes/{id}/students/{studentId}/password/', { method: 'POST', url: `${classUrl}/students/${ben.id}/password/`, headers: staff });
    const feedbackUrl = `${classUrl}/students/${ana.id}/days/1/feedback/`;
    const written = await call('POST /api/facilitator/classes/{id}/students/{studentId}/days/{day}/feedback/', { method: 'POST', url: feedbackUrl, headers: staff, payload: { field: 'opening', body: 'Say more.' } });
    await call('GET /api/facilitator/classes/{id}/students/{studentId}/days/{day}/feedback/', { url: feedbackUrl, headers: staff });
    await call('GET /api/facilitator/classes/{id}/days/{day}/feedback/', { url: `${classUrl}/days/1/feedback/`, headers: staff });
    const feedbackId = written.json<{ id: number }>().id;
    await call('PATCH /api/facilitator/classes/{id}/students/{studentId}/days/{day}/feedback/{feedbackId}/', { method: 'PATCH', url: `${feedbackUrl}${feedbackId}/`, headers: staff, payload: { body: 'Say a little more.' } });
    await call('GET /api/facilitator/classes/{id}/export.csv', { url: `${classUrl}/export.csv`, headers: staff });
    await call('DELETE /api/facilitator/classes/{id}/students/{studentId}/days/{day}/feedback/{feedbackId}/', { method: 'DELETE', url: `${feedbackUrl}${feedbackId}/`, headers: staff });

    const head = bearer(admin.access);
    const visiting = await call('POST /api/facilitator/facilitators/', { method: 'POST', url: '/api/facilitator/facilitators/', headers: head, payload: { username: 'visiting', first_name: 'Dr', last_name: 'Visitor' } });
    await call('POST /api/facilitator/facilitators/{id}/password/', { method: 'POST', url: `/api/facilitator/facilitators/${visiting.json<{ id: number }>().id}/password/`, headers: head });
    await call('GET /api/facilitator/facilitators/', { url: '/api/facilitator/facilitators/', headers: head });
    await call('GET /api/facilitator/unassigned/', { url: '/api/facilitator/unassigned/', headers: head });
    const audit = await call('GET /api/facilitator/audit/', { url: '/api/facilitator/audit/', headers: head });
    expect(audit.json<{ results: { facilitator: { id: number | null; username: string } }[] }>().results).toContainEqual(expect.objectContaining({ facilitator: { id: null, username: 'gone', first_name: '', last_name: '' } }));
    await call('DELETE /api/facilitator/classes/{id}/', { method: 'DELETE', url: `${classUrl}/`, headers: head, payload: { confirm: 'Bio 10A' } });
    await call('POST /api/token/logout/', { method: 'POST', url: '/api/token/logout/', headers: staff, payload: {} });

    // Every console route was called above and answered a 2xx.
    const consoleOperations = Object.entries(document.paths ?? {})
      .filter(([path]) => path.startsWith('/api/facilitator/') || path === '/api/token/logout/')
      .flatMap(([path, item]) => Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path}`));
    const calledOperations = new Set([...called].map((each) => each.split(' ').slice(0, 2).join(' ')));
    expect(consoleOperations.filter((operation) => !calledOperations.has(operation))).toEqual([]);
    expect(consoleOperations.length).toBeGreaterThanOrEqual(20);
  });

  it('answered no request with a 5xx', () => {
    expect(server.errors).toEqual([]);
  });
});
