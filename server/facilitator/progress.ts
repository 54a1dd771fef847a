/**
 * A class's progress (docs/facilitators.md#progress): per student and day, how many of the day's
 * answer fields are answered. One SQL query per request: the access check, the class, its facilitators,
 * its roster and the counts kept beside each day's answers (`module_responses.answered_fields`, counted
 * at every save) come back together, so the table a facilitator's page polls stays cheap
 * (`npm run bench:api`, "progress").
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { classes, classFacilitators, dayAnswers, users, type Role } from '../db/schema.ts';
import { rosterIds, type Person } from './classes.ts';

/** A day of the progress table: its number and how many answer fields it has. */
export interface ProgressDay {
  day: number;
  fields: number;
}

/**
 * What the progress query found. `role` null: the user no longer exists. `class` null: no such class
 * visible to them. `studentsJson` is the response's `students` array as JSON text, built by PostgreSQL
 * (docs/facilitators.md#api): `[{"id", "username", "first_name", "last_name", "classroom_name",
 * "last_activity" (ISO 8601 UTC or null), "days": [{"day", "answered", "state"}]}]`, by last then first name.
 */
export interface ProgressRows {
  role: Role | null;
  class: { id: number; name: string; createdBy: number | null; facilitators: Person[] } | null;
  studentsJson: string;
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
}

/**
 * The progress query as a prepared statement (named on PostgreSQL: parsed and planned once per pooled
 * connection; planning was 0.7 ms of the 1.1 ms the first version took on the server), one per database
 * handle. Parameters: `userId`, `classId`, and `days` and `fields` (int arrays of equal length). The
 * students' JSON is built by PostgreSQL, so the server only passes it on: parsing and serialising it
 * again was most of the route's CPU in `npm run bench:api`.
 */
function prepareProgress(db: Database) {
  const userId = sql.placeholder('userId');
  const classId = sql.placeholder('classId');
  const column = <T>(name: keyof Row) => sql<T>`${sql.raw(`x.${name}`)}`;
  return db
    .select({
      role: column<Row['role']>('role'),
      class_id: column<Row['class_id']>('class_id'),
      class_name: column<Row['class_name']>('class_name'),
      created_by: column<Row['created_by']>('created_by'),
      facilitators: column<Row['facilitators']>('facilitators'),
      students: column<Row['students']>('students'),
    })
    .from(
      sql`(
    with me as (select role from ${users} where id = ${userId}),
    c as (
      select cl.id, cl.name, cl.name_key, cl.created_by,
        (select json_agg(json_build_object('id', f.id, 'username', f.username, 'first_name', f.first_name, 'last_name', f.last_name) order by f.last_name, f.first_name)
           from ${classFacilitators} cf join ${users} f on f.id = cf.user_id where cf.class_id = cl.id)::text as facilitators
      from ${classes} cl, me
      where cl.id = ${classId}
        and (me.role = 'admin' or (me.role = 'facilitator'
             and exists (select 1 from ${classFacilitators} mine where mine.class_id = cl.id and mine.user_id = ${userId})))
    ),
    roster as (
      select ${users.id} as id, ${users.username} as username, ${users.firstName} as first_name, ${users.lastName} as last_name,
        ${users.classroomName} as classroom_name
      from c
      cross join lateral ${rosterIds(sql`c.id`, sql`c.name_key`)} as ids(id)
      join ${users} on ${users.id} = ids.id
    ),
    week as (select * from unnest(${sql.placeholder('days')}::int[], ${sql.placeholder('fields')}::int[]) as w(day, fields)),
    cells as (
      select s.id, w.day, coalesce(r.answered_fields, 0) as answered, w.fields, r.updated_at
      from roster s cross join week w
      left join ${dayAnswers} r on r.user_id = s.id and r.day = w.day
    ),
    per_student as (
      select s.id, s.username, s.first_name, s.last_name, s.classroom_name,
        max(cells.updated_at) as last_activity,
        json_agg(json_build_object('day', cells.day, 'answered', cells.answered,
            'state', case when cells.answered <= 0 then 'not_started' when cells.answered >= cells.fields then 'complete' else 'in_progress' end)
          order by cells.day) as days
      from roster s join cells on cells.id = s.id
      group by s.id, s.username, s.first_name, s.last_name, s.classroom_name
    )
    select me.role, c.id as class_id, c.name as class_name, c.created_by, c.facilitators,
      (select json_agg(json_build_object('id', p.id, 'username', p.username, 'first_name', p.first_name, 'last_name', p.last_name,
          'classroom_name', p.classroom_name,
          'last_activity', to_char(p.last_activity at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'days', p.days)
        order by p.last_name, p.first_name, p.id) from per_student p)::text as students
    from me
    left join c on true) as x`,
    )
    .prepare('helix_class_progress');
}

const preparedByDatabase = new WeakMap<Database, ReturnType<typeof prepareProgress>>();

/**
 * Reads a class's progress as `userId` may see it, in one query.
 *
 * @param userId - the signed-in user (any role: the role comes back, so the route can answer 403)
 * @param classId - the class asked for
 * @param week - the days shown and their answer fields, in order; a day with no fields is never complete
 */
export async function readProgress(db: Database, userId: number, classId: number, week: readonly ProgressDay[]): Promise<ProgressRows> {
  let prepared = preparedByDatabase.get(db);
  if (prepared === undefined) {
    prepared = prepareProgress(db);
    preparedByDatabase.set(db, prepared);
  }
  const days = week.map(({ day }) => day);
  // A day without fields counts as complete once saved at all (answered 0 >= 0 never happens: not started).
  const fields = week.map((each) => Math.max(1, each.fields));
  const rows = (await prepared.execute({ userId, classId, days, fields })) as Row[];
  const first = rows[0];
  if (first === undefined) return { role: null, class: null, studentsJson: '[]' };
  if (first.class_id === null || first.class_name === null) return { role: first.role, class: null, studentsJson: '[]' };
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
  };
}
