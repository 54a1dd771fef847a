import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { answerFeedback } from '../db/schema.ts';
import type { FeedbackResponse } from '../facilitator/feedback.ts';
import { addStaff, signUpStudent, type Tokens } from '../test/console-people.ts';
import { bearer, DATABASE_KINDS, useTestApp } from '../test/harness.ts';

describe.each(DATABASE_KINDS)('feedback on answers (%s)', (kind) => {
  const server = useTestApp(kind);
  let rivera: Tokens;
  let okafor: Tokens;
  let admin: Tokens;
  let ana: Tokens & { id: number };
  let ben: Tokens & { id: number };
  let classId: number;

  beforeAll(async () => {
    rivera = await addStaff(server, 'rivera', 'facilitator', 'Rivera');
    okafor = await addStaff(server, 'okafor', 'facilitator', 'Okafor');
    admin = await addStaff(server, 'head', 'admin', 'Admin');
    const created = await server.app.inject({ method: 'POST', url: '/api/facilitator/classes/', headers: bearer(rivera.access), payload: { name: 'Bio 10A' } });
    classId = created.json<{ id: number }>().id;
    await server.app.inject({ method: 'POST', url: '/api/facilitator/classes/', headers: bearer(okafor.access), payload: { name: 'Chemistry 9' } });
    ana = await signUpStudent(server.app, 'ana', 'Bio 10A', 'Ana');
    ben = await signUpStudent(server.app, 'ben', 'Bio 10A', 'Ben');
  });

  const onAna = (day = 1) => `/api/facilitator/classes/${classId}/students/${ana.id}/days/${day}/feedback/`;
  const write = (payload: unknown, token = rivera.access, url = onAna()) => server.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
  const studentFeedback = async (token: string, day?: number) => {
    const response = await server.app.inject({ url: day === undefined ? '/api/student/feedback/' : `/api/student/modules/${day}/feedback/`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json<{ results: FeedbackResponse[] }>().results;
  };
  const stored = () => server.database.database.db.select().from(answerFeedback);

  it("reaches only the student it is about, signed with the teacher's name, unread until the lesson shows it", async () => {
    const written = await write({ field: 'geneQ1', body: '  Good start: now say what turns the gene on.  ' });
    expect(written.statusCode).toBe(201);
    const feedback = written.json<FeedbackResponse>();
    expect(feedback).toMatchObject({ student_id: ana.id, day: 1, field: 'geneQ1', body: 'Good start: now say what turns the gene on.', author: { first_name: 'Ms', last_name: 'Rivera' }, read_at: null, is_mine: true });

    const anas = await studentFeedback(ana.access);
    expect(anas).toEqual([{ ...feedback, is_mine: false }]);
    expect(await studentFeedback(ana.access, 1)).toEqual(anas);
    expect(await studentFeedback(ana.access, 2)).toEqual([]);
    expect(await studentFeedback(ben.access)).toEqual([]);

    // Ben cannot mark Ana's feedback read: 404, as for feedback that does not exist.
    const bens = await server.app.inject({ method: 'PATCH', url: `/api/student/modules/1/feedback/${feedback.id}/read/`, headers: bearer(ben.access) });
    expect(bens.statusCode).toBe(404);
    expect((await studentFeedback(ana.access))[0]!.read_at).toBeNull();

    const read = await server.app.inject({ method: 'PATCH', url: `/api/student/modules/1/feedback/${feedback.id}/read/`, headers: bearer(ana.access) });
    expect(read.statusCode).toBe(200);
    const readAt = read.json<FeedbackResponse>().read_at;
    expect(readAt).not.toBeNull();
    // Read again (a second tab): the first time it was read stays.
    const again = await server.app.inject({ method: 'PATCH', url: `/api/student/modules/1/feedback/${feedback.id}/read/`, headers: bearer(ana.access), payload: {} });
    expect(again.json<FeedbackResponse>().read_at).toBe(readAt);
    // The wrong day in the path finds nothing.
    expect((await server.app.inject({ method: 'PATCH', url: `/api/student/modules/2/feedback/${feedback.id}/read/`, headers: bearer(ana.access) })).statusCode).toBe(404);

    const teachers = await server.app.inject({ url: onAna(), headers: bearer(rivera.access) });
    expect(teachers.json<{ results: FeedbackResponse[] }>().results).toEqual([{ ...feedback, read_at: readAt }]);
    const byQuestion = await server.app.inject({ url: `/api/facilitator/classes/${classId}/days/1/feedback/`, headers: bearer(rivera.access) });
    expect(byQuestion.json<{ results: FeedbackResponse[] }>().results.map(({ id }) => id)).toEqual([feedback.id]);
  });

  it('keeps HTML as the text the teacher typed', async () => {
    const written = await write({ field: 'worksheet.2', body: '<img src=x onerror=alert(1)> & <b>bold</b>' });
    expect(written.statusCode).toBe(201);
    expect((await studentFeedback(ana.access, 1)).find(({ id }) => id === written.json<FeedbackResponse>().id)?.body).toBe('<img src=x onerror=alert(1)> & <b>bold</b>');
  });

  it("refuses a field the day's schema lacks, a blank or too long body, and stores nothing", async () => {
    const before = await stored();
    const unknown = await write({ field: 'noSuchQuestion', body: 'Hello' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ code: 'unknown_field', detail: expect.stringContaining('Day 1 has no answer field "noSuchQuestion"') });
    for (const body of ['   ', '', 'x'.repeat(2_001)]) {
      const refused = await write({ field: 'geneQ1', body });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ code: string }>().code).toBe('invalid_request');
    }
    expect((await write({ field: 'geneQ1' })).statusCode).toBe(400);
    expect((await write({ field: 'geneQ1', body: 'x'.repeat(2_000) })).statusCode).toBe(201);
    expect(await stored()).toHaveLength(before.length + 1);
  });

  it('lets only its author change it, which makes it unread again, or delete it', async () => {
    const feedback = (await write({ field: 'geneQ1', body: 'First try.' })).json<FeedbackResponse>();
    const one = `${onAna()}${feedback.id}/`;
    await server.app.inject({ method: 'PATCH', url: `/api/student/modules/1/feedback/${feedback.id}/read/`, headers: bearer(ana.access) });

    // An admin reads every class, but changes only their own feedback.
    for (const method of ['PATCH', 'DELETE'] as const) {
      const refused = await server.app.inject({ method, url: one, headers: bearer(admin.access), payload: method === 'PATCH' ? { body: 'Not mine.' } : undefined });
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ code: string }>().code).toBe('forbidden');
    }

    const edited = await server.app.inject({ method: 'PATCH', url: one, headers: bearer(rivera.access), payload: { body: 'Second try.' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<FeedbackResponse>()).toMatchObject({ body: 'Second try.', read_at: null, created_at: feedback.created_at });
    expect(Date.parse(edited.json<FeedbackResponse>().updated_at)).toBeGreaterThanOrEqual(Date.parse(feedback.created_at));
    expect((await studentFeedback(ana.access, 1)).find(({ id }) => id === feedback.id)).toMatchObject({ body: 'Second try.', read_at: null });

    expect((await server.app.inject({ method: 'DELETE', url: one, headers: bearer(rivera.access) })).statusCode).toBe(204);
    expect((await studentFeedback(ana.access, 1)).some(({ id }) => id === feedback.id)).toBe(false);
    expect((await server.app.inject({ method: 'DELETE', url: one, headers: bearer(rivera.access) })).statusCode).toBe(404);
  });

  it("is out of reach of students, of another class's facilitator, and of a request without a token", async () => {
    const feedback = (await write({ field: 'geneQ1', body: 'Mine.' })).json<FeedbackResponse>();
    const routes = [
      { method: 'GET', url: onAna() },
      { method: 'POST', url: onAna(), payload: { field: 'geneQ1', body: 'Sneaky.' } },
      { method: 'PATCH', url: `${onAna()}${feedback.id}/`, payload: { body: 'Sneaky.' } },
      { method: 'DELETE', url: `${onAna()}${feedback.id}/` },
      { method: 'GET', url: `/api/facilitator/classes/${classId}/days/1/feedback/` },
    ] as const;
    const before = JSON.stringify(await stored());
    for (const route of routes) {
      expect((await server.app.inject({ ...route, headers: bearer(ana.access) })).statusCode, `${route.method} ${route.url} with a student's token`).toBe(403);
      expect((await server.app.inject({ ...route, headers: bearer(okafor.access) })).statusCode, `${route.method} ${route.url} by another class's facilitator`).toBe(404);
      expect((await server.app.inject(route)).statusCode, `${route.method} ${route.url} without a token`).toBe(401);
    }
    for (const url of ['/api/student/feedback/', '/api/student/modules/1/feedback/']) expect((await server.app.inject({ url })).statusCode).toBe(401);
    // A student who is not on the class's roster is not found, even by the class's facilitator.
    const outsider = await signUpStudent(server.app, 'olly', 'Chemistry 9', 'Olly');
    const outsidersDay = `/api/facilitator/classes/${classId}/students/${outsider.id}/days/1/feedback/`;
    expect((await write({ field: 'geneQ1', body: 'Hi' }, rivera.access, outsidersDay)).statusCode).toBe(404);
    expect((await server.app.inject({ url: outsidersDay, headers: bearer(rivera.access) })).json()).toEqual({ detail: 'This student is not in this class.', code: 'not_found' });
    expect(JSON.stringify(await stored())).toBe(before);
  });

  it("reads a student's day of feedback, with the access checks, in one query", async () => {
    await write({ field: 'geneQ2', body: 'Counted.' });
    const expected = (await stored()).filter(({ studentId, day }) => studentId === ana.id && day === 1).map(({ id }) => id).sort((a, b) => a - b);
    // The driver's client (a pg Pool or a PGlite): drizzle sends every statement through its `query`.
    const client = (server.database.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const queries = vi.spyOn(client, 'query');
    try {
      const response = await server.app.inject({ url: onAna(), headers: bearer(rivera.access) });
      expect(response.json<{ results: FeedbackResponse[] }>().results.map(({ id }) => id)).toEqual(expected);
      expect(queries).toHaveBeenCalledTimes(1);
    } finally {
      queries.mockRestore();
    }
  });

  it('goes with the class when an admin deletes it', async () => {
    const before = await stored();
    expect(before.some(({ studentId }) => studentId === ana.id)).toBe(true);
    const deleted = await server.app.inject({ method: 'DELETE', url: `/api/facilitator/classes/${classId}/`, headers: bearer(admin.access), payload: { confirm: 'Bio 10A' } });
    expect(deleted.statusCode).toBe(204);
    expect(await server.database.database.db.select().from(answerFeedback).where(eq(answerFeedback.studentId, ana.id))).toEqual([]);
  });
});
