import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dayAnswers, users } from '../db/schema.ts';
import { addStaff, signUpStudent } from '../test/console-people.ts';
import { FIXTURE_DAY_FOLDERS } from '../../test/fixture-days.ts';
import { bearer, DATABASE_KINDS, useTestApp } from '../test/harness.ts';

// The reader's language on the server (docs/decisions/023-the-reader-s-language.md): the student's choice
// on their account, a class's default for the students who sign up into it, and the language each day was
// last saved in, for the teacher.

describe.each(DATABASE_KINDS)("the reader's language (%s)", (kind) => {
  const server = useTestApp(kind, { config: () => FIXTURE_DAY_FOLDERS });

  const profile = async (token: string) => (await server.app.inject({ url: '/api/student/profile/', headers: bearer(token) })).json<{ language: string | null }>();
  const setLanguage = (token: string, payload: unknown) => server.app.inject({ method: 'PATCH', url: '/api/student/profile/', headers: bearer(token), payload: payload as object });

  it('keeps the language a student chooses on their account, and refuses one the site does not have, changing nothing', async () => {
    const lina = await signUpStudent(server.app, 'lina', null);
    expect((await profile(lina.access)).language).toBeNull();

    expect((await setLanguage(lina.access, { language: 'es' })).statusCode).toBe(204);
    expect((await profile(lina.access)).language).toBe('es');

    for (const payload of [{ language: 'fr' }, { language: '' }, {}, { language: null }]) {
      const refused = await setLanguage(lina.access, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'invalid_request', detail: expect.any(String) });
    }
    expect((await profile(lina.access)).language).toBe('es');
    expect((await server.app.inject({ method: 'PATCH', url: '/api/student/profile/', payload: { language: 'en' } })).statusCode).toBe(401);
  });

  it("starts a student who signs up into a class in the class's language, which its facilitator sets; the progress shows it", async () => {
    const teacher = await addStaff(server, 'garcia', 'facilitator', 'García');
    const created = await server.app.inject({ method: 'POST', url: '/api/facilitator/classes/', headers: bearer(teacher.access), payload: { name: 'Biología 9B' } });
    const classId = created.json<{ id: number }>().id;
    const early = await signUpStudent(server.app, 'early', 'Biología 9B');

    const set = await server.app.inject({ method: 'PATCH', url: `/api/facilitator/classes/${classId}/`, headers: bearer(teacher.access), payload: { language: 'es' } });
    expect(set.statusCode).toBe(204);
    const refused = await server.app.inject({ method: 'PATCH', url: `/api/facilitator/classes/${classId}/`, headers: bearer(teacher.access), payload: { language: 'de' } });
    expect(refused.statusCode).toBe(400);
    const list = await server.app.inject({ url: '/api/facilitator/classes/', headers: bearer(teacher.access) });
    expect(list.json<{ results: { id: number; language: string | null }[] }>().results.find(({ id }) => id === classId)?.language).toBe('es');

    const newcomer = await signUpStudent(server.app, 'newcomer', ' biología 9b ');
    expect((await profile(newcomer.access)).language).toBe('es');
    // A student who signed up before keeps their own (none yet): the class's language is where new students start.
    expect((await profile(early.access)).language).toBeNull();
    const outsider = await signUpStudent(server.app, 'outsider', 'Chemistry 9');
    expect((await profile(outsider.access)).language).toBeNull();

    const progress = await server.app.inject({ url: `/api/facilitator/classes/${classId}/progress/`, headers: bearer(teacher.access) });
    const students = progress.json<{ students: { username: string; language: string | null }[] }>().students;
    expect(Object.fromEntries(students.map(({ username, language }) => [username, language]))).toEqual({ early: null, newcomer: 'es' });

    const other = await addStaff(server, 'stranger', 'facilitator', 'Stranger');
    const foreign = await server.app.inject({ method: 'PATCH', url: `/api/facilitator/classes/${classId}/`, headers: bearer(other.access), payload: { language: 'en' } });
    expect(foreign.statusCode).toBe(404);
  });

  it("records the language of each save (its Content-Language), keeps it when a save does not say, and the class's CSV shows it per day", async () => {
    const teacher = await addStaff(server, 'okoro', 'facilitator', 'Okoro');
    const classId = (await server.app.inject({ method: 'POST', url: '/api/facilitator/classes/', headers: bearer(teacher.access), payload: { name: 'Period 4' } })).json<{ id: number }>().id;
    const sam = await signUpStudent(server.app, 'sam', 'Period 4');
    const save = (headers: Record<string, string>) =>
      server.app.inject({ method: 'POST', url: '/api/student/modules/1/response/', headers: { ...bearer(sam.access), ...headers }, payload: { answers: {} } });
    const stored = async () => (await server.database.database.db.select({ language: dayAnswers.language }).from(dayAnswers).where(and(eq(dayAnswers.userId, sam.id), eq(dayAnswers.day, 1))))[0]?.language;

    expect((await save({ 'content-language': 'es-419' })).statusCode).toBe(200);
    expect(await stored()).toBe('es');
    expect((await save({})).statusCode).toBe(200);
    expect(await stored()).toBe('es');
    expect((await save({ 'content-language': 'klingon' })).statusCode).toBe(200);
    expect(await stored()).toBe('es');
    expect((await save({ 'content-language': 'en' })).statusCode).toBe(200);
    expect(await stored()).toBe('en');

    const csv = await server.app.inject({ url: `/api/facilitator/classes/${classId}/export.csv`, headers: bearer(teacher.access) });
    const [header, paths, row] = parse(csv.body.replace(/^\uFEFF/, '')) as string[][];
    const column = paths!.indexOf('day1.language');
    expect(column).toBeGreaterThan(2);
    expect(header![column]).toBe('Day 1 · Language');
    expect(row![column]).toBe('en');
    // A day never saved has an empty language cell.
    const dayTwo = paths!.indexOf('day2.language');
    if (dayTwo !== -1) expect(row![dayTwo]).toBe('');
    const [student] = await server.database.database.db.select({ language: users.language }).from(users).where(eq(users.id, sam.id));
    expect(student?.language).toBeNull();
  });
});
