import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createTestDatabase, DATABASE_KINDS, signUp, type TestDatabase } from '../test/harness.ts';

const detailUrl = (day: number | string) => `/api/student/modules/${day}/response/detail/`;
const saveUrl = (day: number | string) => `/api/student/modules/${day}/response/`;

describe.each(DATABASE_KINDS)('a day\'s answers (%s)', (kind) => {
  let testDatabase: TestDatabase;
  let app: FastifyInstance;
  let serverErrors: string[];

  beforeAll(async () => {
    testDatabase = await createTestDatabase(kind);
    ({ app, serverErrors } = await createTestApp(testDatabase));
  });

  afterAll(async () => {
    await app?.close();
    await testDatabase?.destroy();
  });

  describe('GET /api/student/modules/:day/response/detail/', () => {
    it('answers 404 not_found before anything is saved', async () => {
      const { access } = await signUp(app, 'nothing-saved');
      const response = await app.inject({ method: 'GET', url: detailUrl(2), headers: bearer(access) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Nothing is saved for day 2 yet.', code: 'not_found' });
    });

    it('answers 401 not_authenticated without a token', async () => {
      const response = await app.inject({ method: 'GET', url: detailUrl(1) });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('not_authenticated');
    });

    it.each([['0'], ['6'], ['abc'], ['1.5'], ['-1']])('answers 400 invalid_request for day %s', async (day) => {
      const { access } = await signUp(app, `bad-day-get-${day}`);
      const response = await app.inject({ method: 'GET', url: detailUrl(day), headers: bearer(access) });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_request');
      expect(response.json().detail).toMatch(/^params\/day must be /);
    });
  });

  describe('POST /api/student/modules/:day/response/', () => {
    it('saves the answers whole and loads them back, with revision 1 and updated_at', async () => {
      const { access } = await signUp(app, 'round-trip');
      const answers = {
        geneQ1: 'Expression is making the product; regulation is deciding when. “Quotes”, émojis 🧬 and\nnew lines survive.',
        fillBlanks: ['DNA', 'transcription', '', '', '', '', '', '', '', '', '', '', 'protein'],
        sim: { gene1: ['a', 'b', 'c', 'd', 'e'] },
        notInTheSchemaYet: { nested: [1, 2, { deep: true }] },
      };
      const before = Date.now();
      const saved = await app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers } });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ answers, updated_at: expect.any(String), revision: 1 });
      const updatedAt = Date.parse(saved.json().updated_at);
      expect(updatedAt).toBeGreaterThanOrEqual(before - 1000);
      expect(updatedAt).toBeLessThanOrEqual(Date.now() + 1000);

      const loaded = await app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) });
      expect(loaded.statusCode).toBe(200);
      expect(loaded.json()).toEqual(saved.json());
    });

    it('replaces the answers and increments the revision on every save', async () => {
      const { access } = await signUp(app, 'revisions');
      await app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { geneQ1: 'first', wrap: { reflection: 'r' } } } });
      const first = await app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) });
      const second = await app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { geneQ1: 'second' } } });
      const third = await app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { geneQ1: 'third' } } });
      expect(second.json().revision).toBe(2);
      expect(third.json()).toMatchObject({ answers: { geneQ1: 'third' }, revision: 3 });
      expect(Date.parse(third.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(first.json().updated_at));
      const loaded = await app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) });
      expect(loaded.json()).toEqual(third.json());
    });

    it('keeps each day separate', async () => {
      const { access } = await signUp(app, 'two-days');
      await app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { geneQ1: 'day one' } } });
      await app.inject({ method: 'POST', url: saveUrl(4), headers: bearer(access), payload: { answers: { recap: { regWrong: 'day four' } } } });
      expect((await app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json().answers).toEqual({ geneQ1: 'day one' });
      expect((await app.inject({ method: 'GET', url: detailUrl(4), headers: bearer(access) })).json().answers).toEqual({ recap: { regWrong: 'day four' } });
    });

    it('accepts any answers object for a day whose schema is not written yet', async () => {
      // Day 5 has no schemas/day-5.schema.json yet; when it gets one, pick another day or drop this test.
      const { access } = await signUp(app, 'no-schema-day');
      const response = await app.inject({ method: 'POST', url: saveUrl(5), headers: bearer(access), payload: { answers: { step1: { title: 42 } } } });
      expect(response.statusCode).toBe(200);
    });

    it('answers 400 invalid_answers naming the first bad path, and keeps the stored answers unchanged', async () => {
      const { access } = await signUp(app, 'invalid-answers');
      const good = { geneQ1: 'kept', fillBlanks: ['', '', '', '', '', '', '', '', '', '', '', '', ''] };
      await app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: good } });
      const stored = (await app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json();

      const bad = { geneQ1: 'lost', fillBlanks: ['', '', '', 7, '', '', '', '', '', '', '', '', ''] };
      const response = await app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: bad } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'answers/fillBlanks/3 must be string', code: 'invalid_answers' });

      const after = await app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) });
      expect(after.json()).toEqual(stored);
    });

    it('says how many more problems there are', async () => {
      const { access } = await signUp(app, 'many-problems');
      const response = await app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { geneQ1: 1, wrap: { reflection: 2 } } } });
      expect(response.json()).toEqual({ detail: 'answers/geneQ1 must be string (and 1 more problem)', code: 'invalid_answers' });
    });

    it.each([
      ['an array', []],
      ['a string', 'answers'],
      ['null', null],
    ])('answers 400 invalid_request when answers is %s', async (_label, answers) => {
      const { access } = await signUp(app, `answers-not-object-${String(_label).replace(/\s/g, '-')}`);
      const response = await app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'body/answers must be object', code: 'invalid_request' });
    });

    it('answers 400 invalid_request without answers', async () => {
      const { access } = await signUp(app, 'no-answers');
      const response = await app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { geneQ1: 'at the top level' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: "body must have required property 'answers'", code: 'invalid_request' });
    });

    it.each([['0'], ['6'], ['abc']])('answers 400 invalid_request for day %s and stores nothing', async (day) => {
      const { access } = await signUp(app, `bad-day-post-${day}`);
      const response = await app.inject({ method: 'POST', url: saveUrl(day), headers: bearer(access), payload: { answers: {} } });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_request');
    });

    it('answers 400 malformed_json for a body that is not JSON, and keeps the stored answers', async () => {
      const { access } = await signUp(app, 'malformed');
      await app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { geneQ1: 'kept' } } });
      const response = await app.inject({
        method: 'POST',
        url: saveUrl(1),
        headers: { ...bearer(access), 'content-type': 'application/json' },
        payload: '{"answers": {"geneQ1": "half',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'The request body is not valid JSON.', code: 'malformed_json' });
      expect((await app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json()).toMatchObject({ answers: { geneQ1: 'kept' }, revision: 1 });
    });

    it('answers 413 body_too_large over 256 KB and stores nothing', async () => {
      const { access } = await signUp(app, 'too-large');
      const response = await app.inject({
        method: 'POST',
        url: saveUrl(1),
        headers: bearer(access),
        payload: { answers: { geneQ1: 'x'.repeat(256 * 1024) } },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ detail: 'The request body is larger than 256 KB.', code: 'body_too_large' });
      expect((await app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).statusCode).toBe(404);
    });

    it('accepts one answer of 200 KB: answer strings have no length limit of their own (spec section 5)', async () => {
      const { access } = await signUp(app, 'long-answer');
      const response = await app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { geneQ1: 'y'.repeat(200 * 1024) } } });
      expect(response.statusCode).toBe(200);
      expect(response.json().answers.geneQ1).toHaveLength(200 * 1024);
    });

    it('answers 415 unsupported_media_type for a body that is not JSON by content type', async () => {
      const { access } = await signUp(app, 'form-encoded');
      const response = await app.inject({
        method: 'POST',
        url: saveUrl(1),
        headers: { ...bearer(access), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'answers=1',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().code).toBe('unsupported_media_type');
    });

    it.each([
      ['U+0000', '{"answers": {"geneQ1": "before\\u0000after"}}', 'body/answers/geneQ1 contains the character U+0000 (NUL), which cannot be stored'],
      ['a lone surrogate', '{"answers": {"geneQ1": "half \\ud83e"}}', 'body/answers/geneQ1 contains a lone UTF-16 surrogate (half of an emoji or other character), which cannot be stored'],
      ['nesting 100 levels deep', `{"answers": {"geneQ1": ${'['.repeat(100)}${']'.repeat(100)}}}`, `body/answers/geneQ1${'/0'.repeat(62)} is nested more than 64 levels deep`],
    ])('answers 400 invalid_request for answers holding %s, which the database cannot store, and keeps the stored answers', async (_label, payload, detail) => {
      const { access } = await signUp(app, `unstorable-${_label.replace(/\W/g, '')}`);
      await app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { geneQ1: 'kept' } } });
      const response = await app.inject({ method: 'POST', url: saveUrl(1), headers: { ...bearer(access), 'content-type': 'application/json' }, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail, code: 'invalid_request' });
      expect((await app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json()).toMatchObject({ answers: { geneQ1: 'kept' }, revision: 1 });
    });

    it('answers 401 not_authenticated without a token, before looking at the body', async () => {
      const response = await app.inject({ method: 'POST', url: saveUrl(1), payload: { answers: { geneQ1: 1 } } });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('not_authenticated');
    });
  });

  describe('between students', () => {
    it('a student only ever sees their own answers', async () => {
      const alice = await signUp(app, 'alice');
      const bob = await signUp(app, 'bob');
      await app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(alice.access), payload: { answers: { geneQ1: "alice's" } } });

      const bobBefore = await app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(bob.access) });
      expect(bobBefore.statusCode).toBe(404);

      await app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(bob.access), payload: { answers: { geneQ1: "bob's" } } });
      const aliceAfter = await app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(alice.access) });
      const bobAfter = await app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(bob.access) });
      expect(aliceAfter.json()).toMatchObject({ answers: { geneQ1: "alice's" }, revision: 1 });
      expect(bobAfter.json()).toMatchObject({ answers: { geneQ1: "bob's" }, revision: 1 });
    });

    it('ignores a user id smuggled into the request', async () => {
      const mallory = await signUp(app, 'mallory');
      const victim = await signUp(app, 'victim');
      const victimId = (await app.inject({ method: 'GET', url: '/api/student/profile/', headers: bearer(victim.access) })).json().id as number;
      await app.inject({
        method: 'POST',
        url: `${saveUrl(1)}?user_id=${victimId}`,
        headers: bearer(mallory.access),
        payload: { answers: { geneQ1: 'overwritten?' }, user_id: victimId },
      });
      expect((await app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(victim.access) })).statusCode).toBe(404);
    });
  });

  it('never answered 5xx', () => {
    expect(serverErrors).toEqual([]);
  });
});
