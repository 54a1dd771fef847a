/**
 * A class's progress (docs/facilitators.md#progress): per student and day, how many of the day's
 * answer fields are answered. One SQL query per request: the access check, the class, its facilitators,
 * its roster and the counts kept beside each day's answers (`module_responses.answered_fields`, counted
 * at every save) come back together, so the table a facilitator's page polls stays cheap
 * (`npm run bench:api`, "progress"). A poll that already holds the table asks {@link readProgressVersion}
 * first: one smaller query with the same access check that fingerprints what the table would show, so an
 * unchanged class answers 304 without building the table ("progress-304").
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { classFacilitators, dayAnswers, users, type Role } from '../db/schema.ts';
import { rosterIds, visibleClassScope, type Person } from './classes.ts';

/** A day of the progress table: its number and how many answer fields it has. */
export interface ProgressDay {
  day: number;
  fields: number;
}

/**
 * What the progress query found. `role` null: the user no longer exists. `class` null: no such class
 * visible to them. `studentsJson` is the response's `students` array as JSON text, built by PostgreSQL
 * (docs/facilitators.md#api): `[{"id", "username", "first_name", "last_name", "classroom_name", "language",
 * "last_activity" (ISO 8601 UTC or null), "days": [{"day", "answered", "state"}]}]`, by last then first name.
 */
export interface ProgressRows {
  role: Role | null;
  class: { id: number; name: string; createdBy: number | null; facilitators: Person[] } | null;
  studentsJson: string;
  /** The version of this very answer, as {@link readProgressVersion} computes it; null with no class. */
  version: string | null;
}

/**
 * What the version query found. `role` and `found` as {@link ProgressRows}' `role` and `class`;
 * `version` a 32-character hex fingerprint (MD5) of everything the progress body shows for the signed-in
 * user, null when the class is not found (see {@link versionOf}).
 */
export interface ProgressVersion {
  role: Role | null;
  found: boolean;
  version: string | null;
}

interface FacilitatorJson {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
}

/** The query's one row (none when the user no longer exists). */
interface Row extends Record<string, unknown> {
  role: Role | null;
  class_id: number | null;
  class_name: string | null;
  created_by: number | null;
  /** JSON text of {@link FacilitatorJson}s. */
  facilitators: string | null;
  /** JSON text of the students; null for no class or an empty roster. */
  students: string | null;
  /** {@link versionOf}: null when there is no class. */
  version: string | null;
}

const userId = sql.placeholder('userId');
const classId = sql.placeholder('classId');
const days = sql`${sql.placeholder('days')}::int[]`;

/**
 * The CTEs both queries share: `me` and `visible` ({@link visibleClassScope}: the user's role, and the
 * class when they may see it), `c` (that class with its facilitators as JSON text) and `roster` ({@link rosterIds}).
 */
const scope = sql`${visibleClassScope(userId, classId)},
    c as (
      select v.*,
        (select json_agg(json_build_object('id', f.id, 'username', f.username, 'first_name', f.first_name, 'last_name', f.last_name) order by f.last_name, f.first_name)
           from ${classFacilitators} cf join ${users} f on f.id = cf.user_id where cf.class_id = v.id)::text as facilitators
      from visible v
    ),
    roster as (
      select ${users.id} as id, ${users.username} as username, ${users.firstName} as first_name, ${users.lastName} as last_name,
        ${users.classroomName} as classroom_name, ${users.language} as language
      from c
      cross join lateral ${rosterIds(sql`c.id`, sql`c.name_key`)} as ids(id)
      join ${users} on ${users.id} = ids.id
    )`;

/**
 * The version of a class's progress, an SQL expression over {@link scope}'s `c` and `roster`: the MD5 of
 * every value the body is built from, so it changes whenever the body would. The class's name, whether
 * the user created it (`is_creator`), its facilitators' ids and names, each roster student's id, names and language,
 * and each of their rows of the days shown with its revision (every save increments it), answered count
 * (start-up may fill it in without a save) and `updated_at` (`last_activity`). The days' titles and field
 * counts are not in it: they come from the content, fixed while a server runs, and the route adds them to
 * the ETag. Computed from the data alone, so every server sharing a database computes the same version.
 */
const versionOf = sql`md5(json_build_array(c.name, c.created_by is not distinct from ${userId}, c.facilitators,
      (select json_agg(json_build_array(s.id, s.username, s.first_name, s.last_name, s.classroom_name, s.language, r.day, r.revision, r.answered_fields, r.updated_at) order by s.id, r.day)
         from roster s left join ${dayAnswers} r on r.user_id = s.id and r.day = any(${days}))
    )::text)`;

/**
 * The version query as a prepared statement, one per database handle: the role, whether the class is
 * visible, and {@link versionOf}, with none of the progress query's per-day JSON. Parameters: `userId`,
 * `classId`, `days` (int array).
 */
function prepareVersion(db: Database) {
  return db
    .select({
      role: sql<Role | null>`x.role`,
      class_id: sql<number | null>`x.class_id`,
      version: sql<string | null>`x.version`,
    })
    .from(
      sql`(
    with ${scope}
    select me.role, c.id as class_id, ${versionOf} as version
    from me
    left join c on true) as x`,
    )
    .prepare('helix_class_progress_version');
}

/**
 * The progress query as a prepared statement (named on PostgreSQL: parsed and planned once per pooled
 * connection; planning was 0.7 ms of the 1.1 ms the first version took on the server), one per database
 * handle. Parameters: `userId`, `classId`, and `days` and `fields` (int arrays of equal length). The
 * students' JSON is built by PostgreSQL, so the server only passes it on: parsing and serialising it
 * again was most of the route's CPU in `npm run bench:api`.
 */
function prepareProgress(db: Database) {
  const column = <T>(name: keyof Row) => sql<T>`${sql.raw(`x.${name}`)}`;
  return db
    .select({
      role: column<Row['role']>('role'),
      class_id: column<Row['class_id']>('class_id'),
      class_name: column<Row['class_name']>('class_name'),
      created_by: column<Row['created_by']>('created_by'),
      facilitators: column<Row['facilitators']>('facilitators'),
      students: column<Row['students']>('students'),
      version: column<Row['version']>('version'),
    })
    .from(
      sql`(
    with ${scope},
    week as (select * from unnest(${days}, ${sql.placeholder('fields')}::int[]) as w(day, fields)),
    cells as (
      select s.id, w.day, coalesce(r.answered_fields, 0) as answered, w.fields, r.updated_at
      from roster s cross join week w
      left join ${dayAnswers} r on r.user_id = s.id and r.day = w.day
    ),
    per_student as (
      select s.id, s.username, s.first_name, s.last_name, s.classroom_name, s.language,
        max(cells.updated_at) as last_activity,
        json_agg(json_build_object('day', cells.day, 'answered', cells.answered,
            'state', case when cells.answered <= 0 then 'not_started' when cells.answered >= cells.fields then 'complete' else 'in_progress' end)
          order by cells.day) as days
      from roster s join cells on cells.id = s.id
      group by s.id, s.username, s.first_name, s.last_name, s.classroom_name, s.language
    )
    select me.role, c.id as class_id, c.name as class_name, c.created_by, c.facilitators,
      (select json_agg(json_build_object('id', p.id, 'username', p.username, 'first_name', p.first_name, 'last_name', p.last_name,
          'classroom_name', p.classroom_name, 'language', p.language,
          'last_activity', to_char(p.last_activity at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'days', p.days)
        order by p.last_name, p.first_name, p.id) from per_student p)::text as students,
      ${versionOf} as version
    from me
    left join c on true) as x`,
    )
    .prepare('helix_class_progress');
}

const preparedByDatabase = new WeakMap<Database, { progress: ReturnType<typeof prepareProgress>; version: ReturnType<typeof prepareVersion> }>();

/** The two prepared statements of `db`, prepared on first use. */
function statementsOf(db: Database) {
  let prepared = preparedByDatabase.get(db);
  if (prepared === undefined) {
    prepared = { progress: prepareProgress(db), version: prepareVersion(db) };
    preparedByDatabase.set(db, prepared);
  }
  return prepared;
}

/**
 * Reads a class's progress as `userId` may see it, in one query, with its version.
 *
 * @param userId - the signed-in user (any role: the role comes back, so the route can answer 403)
 * @param classId - the class asked for
 * @param week - the days shown and their answer fields, in order; a day with no fields is never complete
 */
export async function readProgress(db: Database, userId: number, classId: number, week: readonly ProgressDay[]): Promise<ProgressRows> {
  const days = week.map(({ day }) => day);
  // A day without fields counts as complete once saved at all (answered 0 >= 0 never happens: not started).
  const fields = week.map((each) => Math.max(1, each.fields));
  const rows = (await statementsOf(db).progress.execute({ userId, classId, days, fields })) as Row[];
  const first = rows[0];
  if (first === undefined) return { role: null, class: null, studentsJson: '[]', version: null };
  if (first.class_id === null || first.class_name === null) return { role: first.role, class: null, studentsJson: '[]', version: null };
  const facilitators = (first.facilitators === null ? [] : JSON.parse(first.facilitators)) as FacilitatorJson[];
  return {
    role: first.role,
    class: {
      id: first.class_id,
      name: first.class_name,
      createdBy: first.created_by,
      facilitators: facilitators.map((f) => ({ id: f.id, username: f.username, firstName: f.first_name, lastName: f.last_name })),
    },
    studentsJson: first.students ?? '[]',
    version: first.version,
  };
}

/**
 * Reads only the version of a class's progress as `userId` may see it, in one query that builds none of
 * the table: the same role and class check as {@link readProgress}, and the same version its answer
 * would carry, read from the same rows. A poll with an `ETag` asks this first, and reads the whole
 * progress only when the version moved on (docs/facilitators.md#progress).
 *
 * @param userId - the signed-in user (any role)
 * @param classId - the class asked for
 * @param week - the days shown, as for {@link readProgress} (only their numbers count here)
 * @returns `role` null when the account is gone; `found` false (and `version` null) when the class does
 *   not exist or is not theirs
 */
export async function readProgressVersion(db: Database, userId: number, classId: number, week: readonly ProgressDay[]): Promise<ProgressVersion> {
  const days = week.map(({ day }) => day);
  const rows = (await statementsOf(db).version.execute({ userId, classId, days })) as { role: Role | null; class_id: number | null; version: string | null }[];
  const first = rows[0];
  if (first === undefined) return { role: null, found: false, version: null };
  return { role: first.role, found: first.class_id !== null, version: first.class_id === null ? null : first.version };
}
