import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerFeedback, inboxMessages, dayAnswers, users } from './db/schema.ts';
import { addStaff, signUpStudent, type Tokens } from './test/console-people.ts';
import { forgeTokens } from './test/fuzz-arbitraries.ts';
import { bearer, createTestApp, createTestDatabase, DATABASE_KINDS, signUp, useTestApp, type TestDatabase } from './test/harness.ts';

/** Every API route, with a request a student may send: each is tried with every kind of credential below. */
const ROUTES: readonly { route: string; request: (ids: { messageId: number }) => InjectOptions }[] = [
  { route: 'GET /api/student/profile/', request: () => ({ method: 'GET', url: '/api/student/profile/' }) },
  { route: 'GET /api/student/inbox/', request: () => ({ method: 'GET', url: '/api/student/inbox/' }) },
  { route: 'PATCH /api/student/inbox/:id/read/', request: ({ messageId }) => ({ method: 'PATCH', url: `/api/student/inbox/${messageId}/read/`, payload: { is_read: true } }) },
  { route: 'GET /api/student/modules/:day/response/detail/', request: () => ({ method: 'GET', url: '/api/student/modules/1/response/detail/' }) },
  { route: 'POST /api/student/modules/:day/response/', request: () => ({ method: 'POST', url: '/api/student/modules/1/response/', payload: { answers: { geneQ1: 'overwritten' } } }) },
  { route: 'GET /api/workbooks/workbooks/', request: () => ({ method: 'GET', url: '/api/workbooks/workbooks/' }) },
  { route: 'GET /api/workbooks/workbooks/:id/', request: () => ({ method: 'GET', url: '/api/workbooks/workbooks/1/' }) },
];

const WELCOME = [
  { fileName: '01-welcome.md', subject: 'Welcome', body: 'Hello.', order: 1, translations: {} },
  { fileName: '02-day-1.md', subject: 'Day 1', body: 'Genes.', order: 2, translations: {} },
];

for (const kind of DATABASE_KINDS) {
  /** Another student's answers, messages and tokens are out of reach (docs/security.md#bad-input-and-authorisation). */
  describe(`authorisation on every route (${kind})`, () => {
    let testDatabase: TestDatabase;
    let app: FastifyInstance;
    let serverErrors: string[];
    /** Ada is the victim; Bob is the classmate trying to reach her work. */
    let ada: { id: number; access: string; refresh: string };
    let bob: { id: number; access: string; refresh: string };
    let adaMessageIds: number[];
    const responses: LightMyRequestResponse[] = [];

    const send = async (options: InjectOptions) => {
      const response = await app.inject(options);
      responses.push(response);
      return response;
    };
    const adaStored = async () => {
      const { db } = testDatabase.database;
      return JSON.stringify([
        await db.select().from(dayAnswers).orderBy(dayAnswers.userId, dayAnswers.day),
        await db.select().from(inboxMessages).orderBy(inboxMessages.id),
        await db.select().from(users).orderBy(users.id),
      ]);
    };

    beforeAll(async () => {
      testDatabase = await createTestDatabase(kind);
      ({ app, serverErrors } = await createTestApp(testDatabase, { welcomeMessages: WELCOME }));
      const adaTokens = await signUp(app, 'ada');
      const bobTokens = await signUp(app, 'bob');
      ada = { ...adaTokens, id: Number(decodeJwt(adaTokens.access).sub) };
      bob = { ...bobTokens, id: Number(decodeJwt(bobTokens.access).sub) };
      await send({ method: 'POST', url: '/api/student/modules/1/response/', headers: bearer(ada.access), payload: { answers: { geneQ1: "Ada's own words" } } });
      adaMessageIds = (await send({ method: 'GET', url: '/api/student/inbox/', headers: bearer(ada.access) })).json<{ results: { id: number }[] }>().results.map((message) => message.id);
    });

    afterAll(async () => {
      await app?.close();
      await testDatabase?.destroy();
    });

    it("Bob reads only his own answers, never Ada's", async () => {
      const response = await send({ method: 'GET', url: '/api/student/modules/1/response/detail/', headers: bearer(bob.access) });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("Ada's own words");
    });

    it("Bob's saves change only his own answers", async () => {
      await send({ method: 'POST', url: '/api/student/modules/1/response/', headers: bearer(bob.access), payload: { answers: { geneQ1: 'Bob was here' }, base_revision: 1 } });
      await send({ method: 'POST', url: '/api/student/modules/1/response/', headers: bearer(bob.access), payload: { answers: { geneQ1: 'Bob was here' } } });
      const adas = await send({ method: 'GET', url: '/api/student/modules/1/response/detail/', headers: bearer(ada.access) });
      expect(adas.json()).toMatchObject({ answers: { geneQ1: "Ada's own words" }, revision: 1 });
    });

    it("Bob cannot mark Ada's messages read: 404, as for a message that does not exist, and they stay unread", async () => {
      for (const id of adaMessageIds) {
        const response = await send({ method: 'PATCH', url: `/api/student/inbox/${id}/read/`, headers: bearer(bob.access), payload: { is_read: true } });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: 'No such message.', code: 'not_found' });
      }
      const inbox = await send({ method: 'GET', url: '/api/student/inbox/', headers: bearer(ada.access) });
      expect(inbox.json<{ results: { is_read: boolean }[] }>().results.map((message) => message.is_read)).toEqual([false, false]);
    });

    it("Bob's inbox lists only his own messages", async () => {
      const inbox = await send({ method: 'GET', url: '/api/student/inbox/', headers: bearer(bob.access) });
      const ids = inbox.json<{ results: { id: number }[] }>().results.map((message) => message.id);
      expect(ids).toHaveLength(2);
      expect(ids.filter((id) => adaMessageIds.includes(id))).toEqual([]);
    });

    it("Bob's profile is his, and the tokens he gets name him only", async () => {
      expect((await send({ method: 'GET', url: '/api/student/profile/', headers: bearer(bob.access) })).json()).toMatchObject({ id: bob.id, username: 'bob' });
      const refreshed = await send({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: bob.refresh } });
      expect(refreshed.statusCode).toBe(200);
      for (const token of Object.values(refreshed.json<Record<string, string>>())) expect(decodeJwt(token).sub).toBe(String(bob.id));
      bob.refresh = refreshed.json<{ refresh: string }>().refresh;
    });

    it("no forged, tampered or other-kind token reaches Ada's data on any route, and nothing of hers changes", async () => {
      const before = await adaStored();
      const tampered = `${ada.access.slice(0, -2)}${ada.access.endsWith('A') ? 'B' : 'A'}A`;
      const credentials = [...(await forgeTokens(ada.id)), ada.refresh, tampered, `${ada.access}x`];
      for (const { route, request } of ROUTES) {
        for (const token of credentials) {
          const options = request({ messageId: adaMessageIds[0]! });
          const response = await send({ ...options, headers: bearer(token) });
          expect(response.statusCode, `${route} with ${token.slice(0, 24)}…`).toBe(401);
          expect(response.json().code).toBe('invalid_token');
        }
        const anonymous = await send(request({ messageId: adaMessageIds[0]! }));
        expect(anonymous.statusCode, `${route} without a token`).toBe(401);
      }
      expect(await adaStored()).toBe(before);
    });

    it("Ada's access token is not a refresh token, and Bob's logout does not end Ada's login", async () => {
      const asRefresh = await send({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: ada.access } });
      expect(asRefresh.statusCode).toBe(401);
      const logout = await send({ method: 'POST', url: '/api/token/logout/', headers: bearer(bob.access), payload: {} });
      expect(logout.statusCode).toBe(204);
      const adaRefresh = await send({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: ada.refresh } });
      expect(adaRefresh.statusCode).toBe(200);
    });

    it('no response anywhere carries a password hash', async () => {
      const hashes = (await testDatabase.database.db.select({ hash: users.passwordHash }).from(users)).map((row) => row.hash);
      expect(hashes.length).toBeGreaterThanOrEqual(2);
      for (const { route, request } of ROUTES) {
        for (const student of [ada, bob]) responses.push(await app.inject({ ...request({ messageId: adaMessageIds[0]! }), headers: bearer(student.access) }));
        expect(route).toBeTruthy();
      }
      responses.push(await app.inject({ method: 'POST', url: '/api/token/', payload: { username: 'ada', password: 'correct horse battery staple' } }));
      expect(responses.length).toBeGreaterThan(50);
      for (const response of responses) {
        expect(response.body).not.toMatch(/\$argon2/);
        for (const hash of hashes) expect(response.body).not.toContain(hash);
        // The profile's `password_change_required` and `has_password` flags name a password without holding one.
        expect(response.body.replaceAll('"password_change_required":', '').replaceAll('"has_password":', '')).not.toMatch(/password/i);
      }
    });

    it('answered no 5xx', () => {
      expect(serverErrors).toEqual([]);
    });
  });
}

/** The feedback routes (docs/facilitators.md#feedback), each with a request its rightful caller may send. */
const FEEDBACK_ROUTES = (ids: { classId: number; studentId: number; feedbackId: number }): readonly InjectOptions[] => {
  const studentDay = `/api/facilitator/classes/${ids.classId}/students/${ids.studentId}/days/1/feedback/`;
  return [
    { method: 'GET', url: `/api/facilitator/classes/${ids.classId}/days/1/feedback/` },
    { method: 'GET', url: studentDay },
    { method: 'POST', url: studentDay, payload: { field: 'geneQ1', body: 'Sneaky.' } },
    { method: 'PATCH', url: `${studentDay}${ids.feedbackId}/`, payload: { body: 'Sneaky.' } },
    { method: 'DELETE', url: `${studentDay}${ids.feedbackId}/` },
  ];
};

for (const kind of DATABASE_KINDS) {
  /** Ms Rivera runs Ada's class and wrote her feedback; Mr Okafor runs another class; Bob is Ada's classmate. */
  describe(`authorisation on the feedback routes (${kind})`, () => {
    const server = useTestApp(kind);
    let rivera: Tokens;
    let okafor: Tokens;
    let ada: Tokens & { id: number };
    let bob: Tokens & { id: number };
    let ids: { classId: number; studentId: number; feedbackId: number };
    const stored = async () => JSON.stringify(await server.database.database.db.select().from(answerFeedback).orderBy(answerFeedback.id));

    beforeAll(async () => {
      rivera = await addStaff(server, 'rivera', 'facilitator', 'Rivera');
      okafor = await addStaff(server, 'okafor', 'facilitator', 'Okafor');
      const classId = (await server.app.inject({ method: 'POST', url: '/api/facilitator/classes/', headers: bearer(rivera.access), payload: { name: 'Bio 10A' } })).json<{ id: number }>().id;
      await server.app.inject({ method: 'POST', url: '/api/facilitator/classes/', headers: bearer(okafor.access), payload: { name: 'Chemistry 9' } });
      ada = await signUpStudent(server.app, 'ada', 'Bio 10A', 'Ada');
      bob = await signUpStudent(server.app, 'bob', 'Bio 10A', 'Bob');
      const written = await server.app.inject({
        method: 'POST',
        url: `/api/facilitator/classes/${classId}/students/${ada.id}/days/1/feedback/`,
        headers: bearer(rivera.access),
        payload: { field: 'geneQ1', body: 'For Ada only.' },
      });
      ids = { classId, studentId: ada.id, feedbackId: written.json<{ id: number }>().id };
    });

    it("refuses every console feedback route to a student's token (403), to another class's facilitator (404) and to no token (401), changing nothing", async () => {
      const before = await stored();
      for (const route of FEEDBACK_ROUTES(ids)) {
        const what = `${route.method} ${route.url}`;
        for (const student of [ada, bob]) expect((await server.app.inject({ ...route, headers: bearer(student.access) })).statusCode, `${what} with a student's token`).toBe(403);
        expect((await server.app.inject({ ...route, headers: bearer(okafor.access) })).statusCode, `${what} by another class's facilitator`).toBe(404);
        expect((await server.app.inject(route)).statusCode, `${what} without a token`).toBe(401);
      }
      expect(await stored()).toBe(before);
    });

    it("keeps Ada's feedback from Bob: his lists hold none of it, and marking it read is 404", async () => {
      for (const url of ['/api/student/feedback/', '/api/student/modules/1/feedback/']) {
        const bobs = await server.app.inject({ url, headers: bearer(bob.access) });
        expect(bobs.json()).toEqual({ results: [] });
        expect((await server.app.inject({ url })).statusCode).toBe(401);
      }
      const before = await stored();
      const read = await server.app.inject({ method: 'PATCH', url: `/api/student/modules/1/feedback/${ids.feedbackId}/read/`, headers: bearer(bob.access) });
      expect(read.statusCode).toBe(404);
      expect((await server.app.inject({ method: 'PATCH', url: `/api/student/modules/1/feedback/${ids.feedbackId}/read/` })).statusCode).toBe(401);
      // A facilitator's token on the student's route finds none of its own, and reads nothing of Ada's.
      expect((await server.app.inject({ method: 'PATCH', url: `/api/student/modules/1/feedback/${ids.feedbackId}/read/`, headers: bearer(rivera.access) })).statusCode).toBe(404);
      expect(await stored()).toBe(before);
    });
  });
}
