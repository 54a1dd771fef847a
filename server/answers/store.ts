/**
 * Reading and saving a student's answers for a day (`module_responses`). Every save adds 1 to the
 * row's revision; a save may name the revision it was based on and then only happens if that is
 * still the stored one (optimistic concurrency: docs/decisions/005-revisions-and-drafts.md).
 */
import { and, eq, fillPlaceholders, inArray, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/index.ts';
import { countAnswered, type Answers } from '../../engine/schema/index.ts';
import { answersJson, type AnswersValidator } from './validators.ts';
import { dayAnswers } from '../db/schema.ts';

/**
 * A day's stored answers as the database returns them: their JSON text, not parsed. A load answers
 * that text as it is when the answers are in today's shape (`AnswersValidator.repairJson`), and a save
 * answers the text of what it stored, so neither parses the answers into objects only for Fastify to
 * serialise them again (about 12 µs of a load's CPU and 17 µs of a save's in a `--cpu-prof` profile
 * of `npm run bench:api`).
 */
export interface StoredAnswers {
  /**
   * The answers' JSON text as PostgreSQL writes a jsonb value (keys in jsonb's order, a space after
   * each `:` and `,`), e.g. `{"geneQ1": "DNA", "fillBlanks": ["", ""]}`.
   */
  answersJson: string;
  /** When they were last saved: ISO 8601 in UTC with milliseconds, as `Date#toISOString` writes it. */
  updatedAt: string;
  /** 1 after the first save, +1 on every save. */
  revision: number;
}

/** The outcome of {@link saveAnswersIfRevision}: what is now stored, or, on a conflict, what was stored instead (null: nothing). */
export type ConditionalSave = { saved: StoredAnswers; conflict: null } | { saved: null; conflict: StoredAnswers | null };

/**
 * The columns every statement returns: the answers and the time as PostgreSQL's text (the same
 * output functions pg's text protocol runs for jsonb and timestamptz, so the database does the same
 * work), which the rows hand over unparsed.
 */
const returnedColumns = {
  answersJson: sql<string>`${dayAnswers.answers}::text`.as('answersJson'),
  updatedAtText: sql<string>`${dayAnswers.updatedAt}::text`.as('updatedAtText'),
  revision: dayAnswers.revision,
};

const userIdPlaceholder = sql.placeholder('userId');
const dayPlaceholder = sql.placeholder('day');
/**
 * The answers go to the database as their JSON text (`answersJson`: the text `prepare` measured), in
 * place of drizzle's jsonb encoding, which would serialise them a second time; PostgreSQL reads the
 * text into the jsonb column as it would the encoded value.
 */
const answersPlaceholder = sql`${sql.placeholder('answers')}`;
const baseRevisionPlaceholder = sql.placeholder('baseRevision');
const answeredPlaceholder = sql.placeholder('answered');
/** The language the student was reading at the save; null (the client did not say) keeps the one stored. */
const languagePlaceholder = sql.placeholder('language');

/** The name of each statement, prepared once per pooled connection on PostgreSQL. */
const STATEMENT_NAMES = {
  load: 'helix_load_answers',
  save: 'helix_save_answers',
  insertFirst: 'helix_insert_first_answers',
  updateOver: 'helix_update_answers_over',
} as const;

/** A row of {@link returnedColumns}: drizzle names its fields by key, pg by column alias, and each alias is its key. */
interface ReturnedRow {
  answersJson: string;
  updatedAtText: string;
  revision: number;
}

/** One of this module's statements, ready to run with its placeholders' values. */
interface Statement {
  execute(values: Record<string, unknown>): Promise<StoredAnswers[]>;
}

/** `2026-11-26 09:07:00.123456+00`: PostgreSQL's ISO output of a timestamptz in UTC (DateStyle ISO, TimeZone UTC). */
const POSTGRES_UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamptz as PostgreSQL writes it, in ISO 8601 UTC with milliseconds, exactly as
 * `new Date(text).toISOString()` gives it (the fraction cut, not rounded, to milliseconds). The
 * common case (a server in UTC) is rewritten as text; any other offset or DateStyle goes through `Date`.
 *
 * @param text - PostgreSQL's text of a timestamptz, e.g. `2026-11-26 09:07:00.123456+00`
 * @returns e.g. `2026-11-26T09:07:00.123Z`
 * @throws RangeError when `text` is not a time `Date` can read
 * @example isoTimestamp('2026-11-26 10:07:00.5+01') // '2026-11-26T09:07:00.500Z'
 */
export function isoTimestamp(text: string): string {
  const parts = POSTGRES_UTC_TIMESTAMP.exec(text);
  if (parts === null) return new Date(text).toISOString();
  const fraction = parts[3] ?? '';
  const milliseconds = fraction.length >= 3 ? fraction.slice(0, 3) : fraction.padEnd(3, '0');
  return `${parts[1]}T${parts[2]}.${milliseconds}Z`;
}

function toStoredAnswers(row: ReturnedRow): StoredAnswers {
  return { answersJson: row.answersJson, updatedAt: isoTimestamp(row.updatedAtText), revision: row.revision };
}

/**
 * A statement drizzle built (its SQL text and parameters), run on the pg pool itself: the same named
 * prepared statement with the same values, with pg's own parsers (the answers and the time arrive as
 * text: {@link returnedColumns}). What drizzle adds around the same driver call on every request
 * (tracing spans, its cache check, row mapping through each column) is left out; only its placeholder
 * filling is kept. A driver error is thrown as the driver's, not wrapped in drizzle's (callers look for
 * its SQLSTATE through `cause` either way).
 */
function runOnPool(pool: pg.Pool, name: string, query: { sql: string; params: unknown[] }): Statement {
  return {
    async execute(values) {
      const result = await pool.query<ReturnedRow>({ name, text: query.sql, values: fillPlaceholders(query.params, values) });
      return result.rows.map(toStoredAnswers);
    },
  };
}

/** A statement drizzle prepared, for PGlite. */
function runOnDrizzle(prepared: { execute(values: Record<string, unknown>): Promise<unknown> }): Statement {
  return {
    async execute(values) {
      return ((await prepared.execute(values)) as ReturnedRow[]).map(toStoredAnswers);
    },
  };
}

/**
 * The four statements of this module, built once per database handle and run as prepared statements
 * (building the SQL with drizzle on every request cost about 13 % of a load's CPU in
 * `npm run bench:api`). On PostgreSQL each is a named statement, parsed once per pooled connection,
 * and run on the pool directly ({@link runOnPool}); on PGlite through drizzle.
 */
function prepareStatements(db: Database): Record<'load' | 'save' | 'insertFirst' | 'updateOver', Statement> {
  const built = buildStatements(db);
  const client: unknown = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) {
    return { load: runOnDrizzle(built.load), save: runOnDrizzle(built.save), insertFirst: runOnDrizzle(built.insertFirst), updateOver: runOnDrizzle(built.updateOver) };
  }
  const onPool = (statement: keyof typeof built) => runOnPool(client, STATEMENT_NAMES[statement], built[statement].getQuery());
  return { load: onPool('load'), save: onPool('save'), insertFirst: onPool('insertFirst'), updateOver: onPool('updateOver') };
}

/** The statements as drizzle builds and runs them. */
function buildStatements(db: Database) {
  return {
    load: db
      .select(returnedColumns)
      .from(dayAnswers)
      .where(and(eq(dayAnswers.userId, userIdPlaceholder), eq(dayAnswers.day, dayPlaceholder)))
      .limit(1)
      .prepare(STATEMENT_NAMES.load),
    save: db
      .insert(dayAnswers)
      .values({ userId: userIdPlaceholder, day: dayPlaceholder, answers: answersPlaceholder, answeredFields: answeredPlaceholder, language: languagePlaceholder, revision: 1, updatedAt: sql`now()` })
      .onConflictDoUpdate({
        target: [dayAnswers.userId, dayAnswers.day],
        set: {
          answers: sql`excluded.answers`,
          answeredFields: sql`excluded.answered_fields`,
          language: sql`coalesce(excluded.language, ${dayAnswers.language})`,
          revision: sql`${dayAnswers.revision} + 1`,
          updatedAt: sql`now()`,
        },
      })
      .returning(returnedColumns)
      .prepare(STATEMENT_NAMES.save),
    insertFirst: db
      .insert(dayAnswers)
      .values({ userId: userIdPlaceholder, day: dayPlaceholder, answers: answersPlaceholder, answeredFields: answeredPlaceholder, language: languagePlaceholder, revision: 1, updatedAt: sql`now()` })
      .onConflictDoNothing({ target: [dayAnswers.userId, dayAnswers.day] })
      .returning(returnedColumns)
      .prepare(STATEMENT_NAMES.insertFirst),
    updateOver: db
      .update(dayAnswers)
      .set({
        answers: answersPlaceholder,
        answeredFields: sql`${answeredPlaceholder}`,
        language: sql`coalesce(${languagePlaceholder}::text, ${dayAnswers.language})`,
        revision: sql`${dayAnswers.revision} + 1`, updatedAt: sql`now()` })
      .where(and(eq(dayAnswers.userId, userIdPlaceholder), eq(dayAnswers.day, dayPlaceholder), eq(dayAnswers.revision, baseRevisionPlaceholder)))
      .returning(returnedColumns)
      .prepare(STATEMENT_NAMES.updateOver),
  };
}

const statementsByDatabase = new WeakMap<Database, ReturnType<typeof prepareStatements>>();

function statements(db: Database): ReturnType<typeof prepareStatements> {
  let prepared = statementsByDatabase.get(db);
  if (prepared === undefined) {
    prepared = prepareStatements(db);
    statementsByDatabase.set(db, prepared);
  }
  return prepared;
}

/**
 * Loads one student's answers for one day, as stored: their JSON text is not parsed, nor brought to
 * today's shape (`AnswersValidator.repairJson` does that).
 *
 * @returns the stored answers, or null when nothing was saved yet
 */
export async function loadAnswers(db: Database, userId: number, day: number): Promise<StoredAnswers | null> {
  const [row] = await statements(db).load.execute({ userId, day });
  return row ?? null;
}

/**
 * Stores a day's answers whole, replacing what was there, in one upsert that increments the revision
 * (unconditional: the API contract's payload without `base_revision`, docs/requirements.md#api-calls).
 *
 * @param answered - how many of the day's fields the answers fill in (`AnswersValidator.prepare`), kept
 *   beside them for the class progress (server/facilitator/progress.ts); null for a day without a schema
 * @param language - the language the student was reading (the save's `Content-Language`, one of the
 *   site's languages), kept for the class's CSV; null keeps the one stored
 * @returns what is now stored, its answers as the database's JSON text of what was sent
 * @throws the driver's foreign-key error (SQLSTATE 23503) when the account `userId` no longer exists
 */
export async function saveAnswers(db: Database, userId: number, day: number, answers: Answers, answered: number | null = null, language: string | null = null): Promise<StoredAnswers> {
  const [row] = await statements(db).save.execute({ userId, day, answers: answersJson(answers), answered, language });
  if (row === undefined) throw new Error('INSERT ... ON CONFLICT ... RETURNING returned no row');
  return row;
}

/**
 * Stores a day's answers only if the stored revision is still `baseRevision`, atomically
 * (docs/decisions/005-revisions-and-drafts.md). `0` means "I saw nothing stored": it saves only while no
 * row exists (`INSERT … ON CONFLICT DO NOTHING RETURNING`). Any other value saves only over that revision
 * (`UPDATE … WHERE revision = $base RETURNING`, which PostgreSQL re-checks after waiting on a concurrent
 * update). Of two concurrent saves on the same base, exactly one wins.
 *
 * @param baseRevision - the revision the client's answers were based on, integer >= 0
 * @param answered - as for {@link saveAnswers}
 * @param language - as for {@link saveAnswers}
 * @returns `{ saved }` with what is now stored, or `{ conflict }` with what is stored instead, unparsed
 *   (`conflict: null` when nothing is stored, i.e. a base above 0 for a day never saved); nothing is
 *   changed on a conflict
 * @throws the driver's foreign-key error (SQLSTATE 23503) when `baseRevision` is 0 and the account
 *   `userId` no longer exists
 */
export async function saveAnswersIfRevision(
  db: Database,
  userId: number,
  day: number,
  answers: Answers,
  baseRevision: number,
  answered: number | null = null,
  language: string | null = null,
): Promise<ConditionalSave> {
  const prepared = statements(db);
  const [row] =
    baseRevision === 0
      ? await prepared.insertFirst.execute({ userId, day, answers: answersJson(answers), answered, language })
      : await prepared.updateOver.execute({ userId, day, answers: answersJson(answers), baseRevision, answered, language });
  if (row !== undefined) return { saved: row, conflict: null };
  return { saved: null, conflict: await loadAnswers(db, userId, day) };
}

/**
 * Counts the answered fields of rows stored before the count existed (`answered_fields` null), for
 * days with a schema. Run at start-up; one query when there is nothing to do.
 *
 * @returns how many rows were counted
 */
export async function fillAnsweredFields(db: Database, validator: Pick<AnswersValidator, 'daysWithSchema' | 'fields' | 'repair'>): Promise<number> {
  if (validator.daysWithSchema.length === 0) return 0;
  const pending = await db
    .select({ userId: dayAnswers.userId, day: dayAnswers.day, answers: dayAnswers.answers })
    .from(dayAnswers)
    .where(and(isNull(dayAnswers.answeredFields), inArray(dayAnswers.day, [...validator.daysWithSchema])));
  for (const row of pending) {
    const answered = countAnswered(validator.fields(row.day), validator.repair(row.day, row.answers));
    await db
      .update(dayAnswers)
      .set({ answeredFields: answered })
      .where(and(eq(dayAnswers.userId, row.userId), eq(dayAnswers.day, row.day)));
  }
  return pending.length;
}
