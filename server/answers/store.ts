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

/** A day's stored answers. */
export interface SavedAnswers {
  answers: Answers;
  /** When they were last saved. */
  updatedAt: Date;
  /** 1 after the first save, +1 on every save. */
  revision: number;
}

/** The outcome of {@link saveAnswersIfRevision}: what is now stored, or, on a conflict, what was stored instead (null: nothing). */
export type ConditionalSave = { saved: SavedAnswers; conflict: null } | { saved: null; conflict: SavedAnswers | null };

const returnedColumns = { answers: dayAnswers.answers, updatedAt: dayAnswers.updatedAt, revision: dayAnswers.revision };

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

/** The name of each statement, prepared once per pooled connection on PostgreSQL. */
const STATEMENT_NAMES = {
  load: 'helix_load_answers',
  save: 'helix_save_answers',
  insertFirst: 'helix_insert_first_answers',
  updateOver: 'helix_update_answers_over',
} as const;

/** One of this module's statements, ready to run with its placeholders' values. */
interface Statement {
  execute(values: Record<string, unknown>): Promise<SavedAnswers[]>;
}

/** pg's parsers, but `timestamptz` kept as PostgreSQL's text, which {@link runOnPool} turns into a Date as drizzle does. */
const TIMESTAMP_AS_TEXT = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') => (typeId === pg.types.builtins.TIMESTAMPTZ ? (text: string) => text : pg.types.getTypeParser(typeId, format)),
};

/**
 * A statement drizzle built (its SQL text and parameters), run on the pg pool itself: the same named
 * prepared statement with the same values, and rows mapped as drizzle maps them (`updated_at`
 * through `new Date(text)`, the jsonb parsed by pg, `revision` an integer). What drizzle adds around
 * the same driver call on every request (tracing spans, its cache check, row mapping through each
 * column) is left out; only its placeholder filling is kept. A driver error is thrown as the driver's,
 * not wrapped in drizzle's (callers look for its SQLSTATE through `cause` either way).
 */
function runOnPool(pool: pg.Pool, name: string, query: { sql: string; params: unknown[] }): Statement {
  return {
    async execute(values) {
      // Rows as arrays, as drizzle asks for them: pg then builds no object per row.
      const result = await pool.query<[unknown, unknown, unknown]>({
        name,
        text: query.sql,
        values: fillPlaceholders(query.params, values),
        types: TIMESTAMP_AS_TEXT,
        rowMode: 'array',
      });
      const column = (wanted: string) => result.fields.findIndex((field) => field.name === wanted);
      const [answers, updatedAt, revision] = [column('answers'), column('updated_at'), column('revision')];
      return result.rows.map((row) => ({ answers: row[answers] as Answers, updatedAt: new Date(row[updatedAt] as string), revision: row[revision] as number }));
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
  if (!(client instanceof pg.Pool)) return built;
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
      .values({ userId: userIdPlaceholder, day: dayPlaceholder, answers: answersPlaceholder, answeredFields: answeredPlaceholder, revision: 1, updatedAt: sql`now()` })
      .onConflictDoUpdate({
        target: [dayAnswers.userId, dayAnswers.day],
        set: { answers: sql`excluded.answers`, answeredFields: sql`excluded.answered_fields`, revision: sql`${dayAnswers.revision} + 1`, updatedAt: sql`now()` },
      })
      .returning(returnedColumns)
      .prepare(STATEMENT_NAMES.save),
    insertFirst: db
      .insert(dayAnswers)
      .values({ userId: userIdPlaceholder, day: dayPlaceholder, answers: answersPlaceholder, answeredFields: answeredPlaceholder, revision: 1, updatedAt: sql`now()` })
      .onConflictDoNothing({ target: [dayAnswers.userId, dayAnswers.day] })
      .returning(returnedColumns)
      .prepare(STATEMENT_NAMES.insertFirst),
    updateOver: db
      .update(dayAnswers)
      .set({ answers: answersPlaceholder, answeredFields: sql`${answeredPlaceholder}`, revision: sql`${dayAnswers.revision} + 1`, updatedAt: sql`now()` })
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

/** Loads one student's answers for one day, or null when nothing was saved yet. */
export async function loadAnswers(db: Database, userId: number, day: number): Promise<SavedAnswers | null> {
  const [row] = await statements(db).load.execute({ userId, day });
  return row ?? null;
}

/**
 * Stores a day's answers whole, replacing what was there, in one upsert that increments the revision
 * (unconditional: the API contract's payload without `base_revision`, docs/requirements.md#api-calls).
 *
 * @param answered - how many of the day's fields the answers fill in (`AnswersValidator.prepare`), kept
 *   beside them for the class progress (server/facilitator/progress.ts); null for a day without a schema
 * @returns what is now stored
 * @throws the driver's foreign-key error (SQLSTATE 23503) when the account `userId` no longer exists
 */
export async function saveAnswers(db: Database, userId: number, day: number, answers: Answers, answered: number | null = null): Promise<SavedAnswers> {
  const [row] = await statements(db).save.execute({ userId, day, answers: answersJson(answers), answered });
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
 * @returns `{ saved }` with what is now stored, or `{ conflict }` with what is stored instead
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
): Promise<ConditionalSave> {
  const prepared = statements(db);
  const [row] =
    baseRevision === 0
      ? await prepared.insertFirst.execute({ userId, day, answers: answersJson(answers), answered })
      : await prepared.updateOver.execute({ userId, day, answers: answersJson(answers), baseRevision, answered });
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
