import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zstdDecompressSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveAnswers } from '../answers/store.ts';
import { dayAnswers } from '../db/schema.ts';
import { loadAnswersValidator } from '../answers/validators.ts';
import { FIXTURE_DAY_FOLDERS, FIXTURE_DAYS_DIR } from '../../test/fixture-days.ts';
import { bearer, createTestApp, DATABASE_KINDS, useTestApp, signUp } from '../test/harness.ts';

// The server serves the fixture days (test/fixture-days/): these tests are about how any day's answers
// are checked, repaired and stored, not about the week's lessons.
const detailUrl = (day: number | string) => `/api/student/modules/${day}/response/detail/`;
const saveUrl = (day: number | string) => `/api/student/modules/${day}/response/`;
/** A day past the last fixture day with a schema: no such day. */
const DAY_AFTER_THE_FIXTURES = String(loadAnswersValidator(FIXTURE_DAYS_DIR).lastDay + 1);
/** Fixture Day 1's four blanks, none chosen. */
const EMPTY_BLANKS = ['', '', '', ''];
/** Fixture Day 1's ordering exercise as its schema's default gives it. */
const STEPS_DEFAULT = {
  available: ['Third step', 'First step', 'Second step'],
  ordered: ['', '', ''],
  orderSize: 3,
};

describe.each(DATABASE_KINDS)('a day\'s answers (%s)', (kind) => {
  const server = useTestApp(kind, { config: () => FIXTURE_DAY_FOLDERS });

  describe('GET /api/student/modules/:day/response/detail/', () => {
    it('answers 404 not_found before anything is saved', async () => {
      const { access } = await signUp(server.app, 'nothing-saved');
      const response = await server.app.inject({ method: 'GET', url: detailUrl(2), headers: bearer(access) });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Nothing is saved for day 2 yet.', code: 'not_found' });
    });

    it('answers 401 not_authenticated without a token', async () => {
      const response = await server.app.inject({ method: 'GET', url: detailUrl(1) });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('not_authenticated');
    });

    it.each([['0'], [DAY_AFTER_THE_FIXTURES], ['abc'], ['1.5'], ['-1']])('answers 400 invalid_request for day %s', async (day) => {
      const { access } = await signUp(server.app, `bad-day-get-${day}`);
      const response = await server.app.inject({ method: 'GET', url: detailUrl(day), headers: bearer(access) });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_request');
      expect(response.json().detail).toMatch(/^params\/day must be /);
    });
  });

  describe('POST /api/student/modules/:day/response/', () => {
    it("saves the answers in today's shape, keeping what was sent, and loads them back, with revision 1 and updated_at", async () => {
      const { access } = await signUp(server.app, 'round-trip');
      const answers = {
        opening: 'An answer in my own words. “Quotes”, émojis 🧬 and\nnew lines survive.',
        blanks: ['one', 'three', '', 'eight'],
        wrap: { reflection: 'a reflection' },
        notInTheSchemaYet: { nested: [1, 2, { deep: true }] },
      };
      const before = Date.now();
      const saved = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers } });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ answers: expect.any(Object), updated_at: expect.any(String), revision: 1 });
      expect(saved.json().answers).toMatchObject(answers);
      // Normalised against test/fixture-days/day-1.schema.json: wrap.nextStep and the fields not sent get their defaults.
      expect(saved.json().answers).toMatchObject({ wrap: { nextStep: '' }, steps: STEPS_DEFAULT, inquiry: { think: '' }, pace: '' });
      const updatedAt = Date.parse(saved.json().updated_at);
      expect(updatedAt).toBeGreaterThanOrEqual(before - 1000);
      expect(updatedAt).toBeLessThanOrEqual(Date.now() + 1000);

      const loaded = await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) });
      expect(loaded.statusCode).toBe(200);
      expect(loaded.json()).toEqual(saved.json());
    });

    it('answers exactly the answers stored, as JSON with Cache-Control no-store, on the save and on the load', async () => {
      const { access } = await signUp(server.app, 'exactly-stored');
      const answers = { opening: 'Quotes " and \\ backslashes, \u2028, 🧬 and\nnew lines', blanks: ['1', '2', '3', '4'], oldField: { kept: [1, 2.5, 1e21, -0.001, null, true] } };
      const saved = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers } });
      const loaded = await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) });
      const userId = (await server.app.inject({ method: 'GET', url: '/api/student/profile/', headers: bearer(access) })).json().id as number;
      const rows = await server.database.database.db
        .select({ answers: dayAnswers.answers, revision: dayAnswers.revision, updatedAt: dayAnswers.updatedAt })
        .from(dayAnswers)
        .where(and(eq(dayAnswers.userId, userId), eq(dayAnswers.day, 1)));
      expect(rows).toHaveLength(1);
      for (const response of [saved, loaded]) {
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.json()).toEqual({ answers: rows[0]!.answers, updated_at: rows[0]!.updatedAt.toISOString(), revision: rows[0]!.revision });
      }
      expect(loaded.json().answers).toMatchObject(answers);
    });

    it('sends a browser a day of 30 KB compressed in one piece, with its length, and the same answers', async () => {
      const { access } = await signUp(server.app, 'large-day');
      // Fixture Day 1's text fields at their 4,000 characters: about 30 KB of answers.
      const long = (label: string) => `${label}: ${'a long answer '.repeat(300)}`.slice(0, 4000);
      const answers = {
        opening: long('opening'),
        blanks: ['1', '2', '3', '4'].map((blank) => long(`blank ${blank}`)),
        inquiry: { think: long('think') },
        wrap: { reflection: long('reflection'), nextStep: long('next step') },
      };
      expect((await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers } })).statusCode).toBe(200);
      const plain = await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) });
      expect(plain.rawPayload.length).toBeGreaterThan(28 * 1024);
      // What Chromium offers on every request.
      const compressed = await server.app.inject({ method: 'GET', url: detailUrl(1), headers: { ...bearer(access), 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(compressed.statusCode).toBe(200);
      expect(compressed.headers['content-encoding']).toBe('zstd');
      expect(compressed.headers['transfer-encoding']).toBeUndefined();
      expect(Number(compressed.headers['content-length'])).toBe(compressed.rawPayload.length);
      expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
      expect(JSON.parse(zstdDecompressSync(compressed.rawPayload).toString('utf8'))).toEqual(plain.json());
    });

    it('replaces the answers and increments the revision on every save', async () => {
      const { access } = await signUp(server.app, 'revisions');
      await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'first', wrap: { reflection: 'r' } } } });
      const first = await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) });
      const second = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'second' } } });
      const third = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'third' } } });
      expect(second.json().revision).toBe(2);
      expect(third.json()).toMatchObject({ answers: { opening: 'third' }, revision: 3 });
      expect(Date.parse(third.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(first.json().updated_at));
      const loaded = await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) });
      expect(loaded.json()).toEqual(third.json());
    });

    it('keeps each day separate', async () => {
      const { access } = await signUp(server.app, 'two-days');
      await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'day one' } } });
      await server.app.inject({ method: 'POST', url: saveUrl(2), headers: bearer(access), payload: { answers: { recap: { summary: 'day two' } } } });
      expect((await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json().answers).toMatchObject({ opening: 'day one' });
      expect((await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json().answers).not.toHaveProperty('recap');
      expect((await server.app.inject({ method: 'GET', url: detailUrl(2), headers: bearer(access) })).json().answers).toMatchObject({ recap: { summary: 'day two' } });
      expect((await server.app.inject({ method: 'GET', url: detailUrl(2), headers: bearer(access) })).json().answers).not.toHaveProperty('opening');
    });

    it('answers 400 invalid_answers naming the first bad path, and keeps the stored answers unchanged', async () => {
      const { access } = await signUp(server.app, 'invalid-answers');
      const good = { opening: 'kept', blanks: EMPTY_BLANKS };
      await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: good } });
      const stored = (await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json();

      const bad = { opening: 'lost', blanks: ['', '', '', ['a list']] };
      const response = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: bad } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'answers/blanks/3 must be string', code: 'invalid_answers' });

      const after = await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) });
      expect(after.json()).toEqual(stored);
    });

    it('says how many more problems there are', async () => {
      const { access } = await signUp(server.app, 'many-problems');
      const response = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: [1], wrap: { reflection: { text: 2 } } } } });
      expect(response.json()).toEqual({ detail: 'answers/opening must be string (and 1 more problem)', code: 'invalid_answers' });
    });

    it.each([
      ['an array', []],
      ['a string', 'answers'],
      ['null', null],
    ])('answers 400 invalid_request when answers is %s', async (_label, answers) => {
      const { access } = await signUp(server.app, `answers-not-object-${String(_label).replace(/\s/g, '-')}`);
      const response = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'body/answers must be object', code: 'invalid_request' });
    });

    it('answers 400 invalid_request without answers', async () => {
      const { access } = await signUp(server.app, 'no-answers');
      const response = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { opening: 'at the top level' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: "body must have required property 'answers'", code: 'invalid_request' });
    });

    it.each([['0'], [DAY_AFTER_THE_FIXTURES], ['abc']])('answers 400 invalid_request for day %s and stores nothing', async (day) => {
      const { access } = await signUp(server.app, `bad-day-post-${day}`);
      const response = await server.app.inject({ method: 'POST', url: saveUrl(day), headers: bearer(access), payload: { answers: {} } });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_request');
    });

    it('answers 400 malformed_json for a body that is not JSON, and keeps the stored answers', async () => {
      const { access } = await signUp(server.app, 'malformed');
      await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'kept' } } });
      const response = await server.app.inject({
        method: 'POST',
        url: saveUrl(1),
        headers: { ...bearer(access), 'content-type': 'application/json' },
        payload: '{"answers": {"opening": "half',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'The request body is not valid JSON.', code: 'malformed_json' });
      expect((await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json()).toMatchObject({ answers: { opening: 'kept' }, revision: 1 });
    });

    it('answers 413 body_too_large over 256 KB and stores nothing', async () => {
      const { access } = await signUp(server.app, 'too-large');
      const response = await server.app.inject({
        method: 'POST',
        url: saveUrl(1),
        headers: bearer(access),
        payload: { answers: { opening: 'x'.repeat(256 * 1024) } },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ detail: 'The request body is larger than 256 KB.', code: 'body_too_large' });
      expect((await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).statusCode).toBe(404);
    });

    it("accepts an answer up to its field's maxLength of 4000 characters and refuses a longer one (issue 11), storing nothing", async () => {
      const { access } = await signUp(server.app, 'long-answer');
      const accepted = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'y'.repeat(4000) } } });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().answers.opening).toHaveLength(4000);
      const refused = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'y'.repeat(200 * 1024) } } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ code: 'invalid_answers', detail: 'answers/opening must NOT have more than 4000 characters' });
      expect((await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json().revision).toBe(1);
    });

    it('answers 415 unsupported_media_type for a body that is not JSON by content type', async () => {
      const { access } = await signUp(server.app, 'form-encoded');
      const response = await server.app.inject({
        method: 'POST',
        url: saveUrl(1),
        headers: { ...bearer(access), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'answers=1',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().code).toBe('unsupported_media_type');
    });

    it.each([
      ['U+0000', '{"answers": {"opening": "before\\u0000after"}}', 'body/answers/opening contains the character U+0000 (NUL), which cannot be stored'],
      ['a lone surrogate', '{"answers": {"opening": "half \\ud83e"}}', 'body/answers/opening contains a lone UTF-16 surrogate (half of an emoji or other character), which cannot be stored'],
      ['nesting 100 levels deep', `{"answers": {"opening": ${'['.repeat(100)}${']'.repeat(100)}}}`, `body/answers/opening${'/0'.repeat(62)} is nested more than 64 levels deep`],
    ])('answers 400 invalid_request for answers holding %s, which the database cannot store, and keeps the stored answers', async (_label, payload, detail) => {
      const { access } = await signUp(server.app, `unstorable-${_label.replace(/\W/g, '')}`);
      await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'kept' } } });
      const response = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: { ...bearer(access), 'content-type': 'application/json' }, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail, code: 'invalid_request' });
      expect((await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json()).toMatchObject({ answers: { opening: 'kept' }, revision: 1 });
    });

    it('answers 401 not_authenticated without a token, before looking at the body', async () => {
      const response = await server.app.inject({ method: 'POST', url: saveUrl(1), payload: { answers: { opening: 1 } } });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('not_authenticated');
    });
  });

  describe('saving answers of an older shape (issue 6, "no lost work")', () => {
    it('answers 200 for 2 blanks, no ordering and an unknown key, and GET returns every blank with the 2 kept and the unknown key kept', async () => {
      const { access } = await signUp(server.app, 'old-shape');
      const answers = { blanks: ['one', 'three'], opening: 'mine', renamedLastWeek: 'text from an old field' };
      const saved = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers } });
      expect(saved.statusCode).toBe(200);

      const loaded = await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) });
      expect(loaded.json().answers.blanks).toEqual(['one', 'three', '', '']);
      expect(loaded.json().answers).toMatchObject({ opening: 'mine', renamedLastWeek: 'text from an old field', steps: STEPS_DEFAULT });
      expect(loaded.json()).toEqual(saved.json());
    });

    it('accepts lists longer than today, values outside enum or const, and renamed values, and stores them trimmed and repaired', async () => {
      const { access } = await signUp(server.app, 'old-lengths');
      const answers = { blanks: ['1', '2', '3', '4', '5', '6'], pace: 'medium', steps: { orderSize: 7, ordered: ['Step two'] } };
      const saved = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers } });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().answers.blanks).toEqual(['1', '2', '3', '4']);
      expect(saved.json().answers.pace).toBe('');
      // "Step two" is an older page's wording of "Second step" (the schema's x-value-aliases).
      expect(saved.json().answers.steps).toEqual({ ...STEPS_DEFAULT, ordered: ['Second step', '', ''] });
    });

    it('answers 400 invalid_answers for a wrong type and leaves the stored answers unchanged', async () => {
      const { access } = await signUp(server.app, 'old-shape-wrong-type');
      await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'kept' } } });
      const stored = (await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json();

      const response = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { blanks: ['a', {}], opening: 'lost' } } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'answers/blanks/1 must be string', code: 'invalid_answers' });
      expect((await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json()).toEqual(stored);
    });

    it("returns a row stored before a content change in today's shape", async () => {
      const { access } = await signUp(server.app, 'old-row');
      const userId = (await server.app.inject({ method: 'GET', url: '/api/student/profile/', headers: bearer(access) })).json().id as number;
      await saveAnswers(server.database.database.db, userId, 1, { blanks: ['one'], oldField: 'kept' });

      const loaded = await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) });
      expect(loaded.json()).toMatchObject({ revision: 1, answers: { oldField: 'kept', steps: STEPS_DEFAULT } });
      expect(loaded.json().answers.blanks).toEqual(['one', ...EMPTY_BLANKS.slice(1)]);
    });

    it("answers a row the server would not have stored (wrong types, a list that is not one, a field gone) in today's shape, and a conflict with it too", async () => {
      const { access } = await signUp(server.app, 'bad-row');
      await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'replaced below' } } });
      const userId = (await server.app.inject({ method: 'GET', url: '/api/student/profile/', headers: bearer(access) })).json().id as number;
      const bad = { blanks: 'not a list', opening: 5, wrap: null, steps: { orderSize: 'five' }, oldField: 'kept' };
      await server.database.database.db.execute(sql`update module_responses set answers = ${JSON.stringify(bad)}::jsonb where user_id = ${userId} and day = 1`);

      const loaded = await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) });
      expect(loaded.statusCode).toBe(200);
      expect(loaded.json()).toMatchObject({ revision: 1, answers: { opening: '5', oldField: 'kept', wrap: { reflection: '', nextStep: '' }, steps: STEPS_DEFAULT } });
      expect(loaded.json().answers.blanks).toEqual(EMPTY_BLANKS);
      expect(loaded.json().updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

      const conflict = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'stale' }, base_revision: 7 } });
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json()).toMatchObject({ code: 'revision_conflict', revision: 1, updated_at: loaded.json().updated_at, answers: loaded.json().answers });
    });

    it('moves a renamed field with the schema\'s x-migrations, on save and on load', async () => {
      // test/fixture-days/day-2.schema.json moves "summary", where older pages saved it, into "recap".
      const { access } = await signUp(server.app, 'migrated');
      const saved = await server.app.inject({ method: 'POST', url: saveUrl(2), headers: bearer(access), payload: { answers: { summary: 'it moved' } } });
      expect(saved.json().answers.recap).toEqual({ summary: 'it moved' });
      expect(saved.json().answers).not.toHaveProperty('summary');

      const userId = (await server.app.inject({ method: 'GET', url: '/api/student/profile/', headers: bearer(access) })).json().id as number;
      await saveAnswers(server.database.database.db, userId, 2, { summary: 'stored by last week\'s server' });
      const loaded = await server.app.inject({ method: 'GET', url: detailUrl(2), headers: bearer(access) });
      expect(loaded.json().answers.recap).toEqual({ summary: "stored by last week's server" });
      expect(loaded.json().answers).not.toHaveProperty('summary');
    });
  });

  describe('answers holding __proto__, constructor or prototype', () => {
    it.each([
      ['__proto__', '{"answers": {"wrap": {"__proto__": {"reflection": "x"}}}}', { detail: 'The request body is not valid JSON.', code: 'malformed_json' }],
      ['constructor.prototype', '{"answers": {"constructor": {"prototype": {"x": 1}}}}', { detail: 'The request body is not valid JSON.', code: 'malformed_json' }],
      [
        'constructor',
        '{"answers": {"wrap": {"constructor": "x"}}}',
        { detail: 'answers/wrap/constructor: the property names __proto__, constructor, prototype are refused', code: 'invalid_answers' },
      ],
      [
        'prototype',
        '{"answers": {"blanks": [{"prototype": 1}]}}',
        { detail: 'answers/blanks/0/prototype: the property names __proto__, constructor, prototype are refused', code: 'invalid_answers' },
      ],
    ])('answers 400 for %s and leaves the stored answers unchanged', async (label, payload, body) => {
      const { access } = await signUp(server.app, `reserved-${label.replace(/\W/g, '')}`);
      await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'kept' } } });
      const stored = (await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json();

      const response = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: { ...bearer(access), 'content-type': 'application/json' }, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(body);
      expect((await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json()).toEqual(stored);
    });
  });

  describe('a day without a schema file', () => {
    // A SCHEMAS_DIR with Day 4's schema alone, so these tests do not depend on which days have a schema
    // in the repository: Day 3, before it, has none.
    let schemasDir: string;
    let schemalessApp: FastifyInstance;

    beforeAll(async () => {
      schemasDir = mkdtempSync(join(tmpdir(), 'helix-no-schemas-'));
      writeFileSync(join(schemasDir, 'day-4.schema.json'), JSON.stringify({ type: 'object', default: {}, description: 'Day 4.', properties: {} }));
      ({ app: schemalessApp } = await createTestApp(server.database, { answersValidator: loadAnswersValidator(schemasDir) }));
    });

    afterAll(async () => {
      await schemalessApp?.close();
      rmSync(schemasDir, { recursive: true, force: true });
    });

    it('accepts any answers object and stores it as sent', async () => {
      const { access } = await signUp(schemalessApp, 'no-schema-day');
      const answers = { step1: { title: 42 }, list: [1, 'two', null] };
      const response = await schemalessApp.inject({ method: 'POST', url: saveUrl(3), headers: bearer(access), payload: { answers } });
      expect(response.statusCode).toBe(200);
      expect(response.json().answers).toEqual(answers);
      expect((await schemalessApp.inject({ method: 'GET', url: detailUrl(3), headers: bearer(access) })).json().answers).toEqual(answers);
    });

    it('still refuses constructor and prototype, and stores nothing', async () => {
      const { access } = await signUp(schemalessApp, 'reserved-no-schema');
      const response = await schemalessApp.inject({
        method: 'POST',
        url: saveUrl(3),
        headers: { ...bearer(access), 'content-type': 'application/json' },
        payload: '{"answers": {"prototype": {}}}',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'answers/prototype: the property names __proto__, constructor, prototype are refused', code: 'invalid_answers' });
      expect((await schemalessApp.inject({ method: 'GET', url: detailUrl(3), headers: bearer(access) })).statusCode).toBe(404);
    });
  });

  describe('revisions (issue 6, "Revisions")', () => {
    describe('saving without base_revision', () => {
      it('saves over whatever is stored, as the spec payload does', async () => {
        const { access } = await signUp(server.app, 'no-base');
        await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'one' } } });
        const response = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'two' } } });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ answers: { opening: 'two' }, revision: 2 });
      });
    });

    describe('saving with the stored revision as base_revision', () => {
      it('saves and answers the next revision', async () => {
        const { access } = await signUp(server.app, 'base-matches');
        await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'one' } } });
        const response = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'two' }, base_revision: 1 } });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ answers: { opening: 'two' }, revision: 2 });
        expect((await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json()).toEqual(response.json());
      });
    });

    describe('saving with a stale base_revision', () => {
      it('answers 409 with the stored answers and changes nothing', async () => {
        const { access } = await signUp(server.app, 'base-stale');
        await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'one' } } });
        await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'from the other tab' } } });
        const stored = (await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json();

        const response = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'stale tab' }, base_revision: 1 } });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({
          detail: 'Your answers for day 1 were saved from somewhere else since this page loaded them: it sent base_revision 1, the stored revision is 2.',
          code: 'revision_conflict',
          answers: stored.answers,
          revision: 2,
          updated_at: stored.updated_at,
        });
        expect((await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json()).toEqual(stored);
      });

      it('answers 409 for a base_revision ahead of the stored one', async () => {
        const { access } = await signUp(server.app, 'base-ahead');
        await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'one' } } });
        const response = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'x' }, base_revision: 7 } });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ code: 'revision_conflict', revision: 1, answers: { opening: 'one' } });
      });

      it('answers 409 with revision 0, the default answers and updated_at null when nothing is stored, and stores nothing', async () => {
        const { access } = await signUp(server.app, 'base-nothing-stored');
        const response = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'x' }, base_revision: 3 } });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ code: 'revision_conflict', revision: 0, updated_at: null, answers: { opening: '', blanks: EMPTY_BLANKS } });
        expect((await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).statusCode).toBe(404);
      });
    });

    describe.each([[0], [null]])('saving with base_revision %j ("I saw nothing stored")', (base) => {
      it('saves revision 1 when nothing is stored', async () => {
        const { access } = await signUp(server.app, `base-${String(base)}-first`);
        const response = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'first' }, base_revision: base } });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ answers: { opening: 'first' }, revision: 1 });
      });

      it('answers 409 with the stored answers when something is stored, and changes nothing', async () => {
        const { access } = await signUp(server.app, `base-${String(base)}-stored`);
        await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'stored' } } });
        const stored = (await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json();
        const response = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'defaults' }, base_revision: base } });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ code: 'revision_conflict', answers: stored.answers, revision: 1, updated_at: stored.updated_at });
        expect((await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json()).toEqual(stored);
      });
    });

    describe('two saves at once with the same base_revision', () => {
      it('lets exactly one win over a stored revision; the other gets 409 with the winner', async () => {
        const { access } = await signUp(server.app, 'race-update');
        await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'base' } } });
        const responses = await Promise.all(
          ['tab A', 'tab B'].map((opening) => server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening }, base_revision: 1 } })),
        );
        expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
        const winner = responses.find((response) => response.statusCode === 200)!.json();
        const loser = responses.find((response) => response.statusCode === 409)!.json();
        expect(winner.revision).toBe(2);
        expect(loser).toMatchObject({ code: 'revision_conflict', revision: 2, answers: winner.answers });
        expect((await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json()).toEqual(winner);
      });

      it('lets exactly one win the first save (base_revision 0 and null)', async () => {
        const { access } = await signUp(server.app, 'race-insert');
        const responses = await Promise.all(
          [0, null].map((base) => server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: `base ${base}` }, base_revision: base } })),
        );
        expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
        const winner = responses.find((response) => response.statusCode === 200)!.json();
        expect(winner.revision).toBe(1);
        expect((await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json()).toEqual(winner);
      });
    });

    it.each([[-1], [1.5], ['abc'], [{}]])('answers 400 invalid_request for base_revision %j and changes nothing', async (base) => {
      const { access } = await signUp(server.app, `bad-base-${JSON.stringify(base).replace(/\W/g, '')}`);
      await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'kept' } } });
      const stored = (await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json();
      const response = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'lost' }, base_revision: base } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: expect.stringMatching(/^body\/base_revision /), code: 'invalid_request' });
      expect((await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(access) })).json()).toEqual(stored);
    });

    it('checks the answers before the revision: wrong types answer 400 even with a stale base_revision', async () => {
      const { access } = await signUp(server.app, 'bad-answers-and-base');
      await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: 'kept' } } });
      const response = await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(access), payload: { answers: { opening: { text: 5 } }, base_revision: 9 } });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_answers');
    });
  });

  describe('between students', () => {
    it('a student only ever sees their own answers', async () => {
      const alice = await signUp(server.app, 'alice');
      const bob = await signUp(server.app, 'bob');
      await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(alice.access), payload: { answers: { opening: "alice's" } } });

      const bobBefore = await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(bob.access) });
      expect(bobBefore.statusCode).toBe(404);

      await server.app.inject({ method: 'POST', url: saveUrl(1), headers: bearer(bob.access), payload: { answers: { opening: "bob's" } } });
      const aliceAfter = await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(alice.access) });
      const bobAfter = await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(bob.access) });
      expect(aliceAfter.json()).toMatchObject({ answers: { opening: "alice's" }, revision: 1 });
      expect(bobAfter.json()).toMatchObject({ answers: { opening: "bob's" }, revision: 1 });
    });

    it('ignores a user id smuggled into the request', async () => {
      const mallory = await signUp(server.app, 'mallory');
      const victim = await signUp(server.app, 'victim');
      const victimId = (await server.app.inject({ method: 'GET', url: '/api/student/profile/', headers: bearer(victim.access) })).json().id as number;
      await server.app.inject({
        method: 'POST',
        url: `${saveUrl(1)}?user_id=${victimId}`,
        headers: bearer(mallory.access),
        payload: { answers: { opening: 'overwritten?' }, user_id: victimId },
      });
      expect((await server.app.inject({ method: 'GET', url: detailUrl(1), headers: bearer(victim.access) })).statusCode).toBe(404);
    });
  });

  it('never answered 5xx', () => {
    expect(server.errors).toEqual([]);
  });
});
