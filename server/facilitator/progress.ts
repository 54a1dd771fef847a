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
import { onRoster, type Person } from './classes.ts';

/** A cell of the progress table. */
export type DayState = 'not_started' | 'in_progress' | 'complete';

/** The state of a day with `answered` of `fields` answered: none is not started, all is complete. */
export function dayState(answered: number, fields: number): DayState {
  if (answered <= 0) return 'not_started';
  return answered >= fields ? 'complete' : 'in_progress';
}

/** What the progress query found. `role` null: the user no longer exists. `class` null: no such class visible to them. */
export interface ProgressRows {
  role: Role | null;
  class: { id: number; name: string; createdBy: number | null; facilitators: Person[] } | null;
  students: {
    id: number;
    username: string;
    firstName: string;
    lastName: string;
    classroomName: string | null;
    /** Answered fields by day; a day never saved is absent. */
    answered: Map<number, number>;
    lastActivity: Date | null;
  }[];
}

interface FacilitatorJson {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
}

/** A student as the query's JSON gives them. */
interface StudentJson {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  classroom_name: string | null;
  /** The days saved and, at the same positions, their answered fields; null when none. */
  days: number[] | null;
  answered: number[] | null;
  /** Milliseconds since the epoch of the latest save; null when none. */
  last_ms: number | null;
}

/** The query's one row (none when the user no longer exists). */
interface Row extends Record<string, unknown> {
  role: Role | null;
  class_id: number | null;
  class_name: string | null;
  created_by: number | null;
  /** JSON text of {@link FacilitatorJson}s. */
  facilitators: string | null;
  /** JSON text of {@link StudentJson}s in name order; null for no class or an empty roster. */
  students: string | null;
}

/**
 * The progress query as a prepared statement (named on PostgreSQL: parsed and planned once per pooled
 * connection; planning was 0.7 ms of the 1.1 ms the query took on the server), one per database handle.
 * Parameters: `userId`, `classId`.
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
      from ${users}, c
      where ${onRoster(sql`c.id`, sql`c.name_key`, sql`${users.id}`)}
    ),
    per_student as (
      select s.id, s.username, s.first_name, s.last_name, s.classroom_name,
        array_agg(r.day order by r.day) filter (where r.day is not null) as days,
        array_agg(coalesce(r.answered_fields, 0) order by r.day) filter (where r.day is not null) as answered,
        (extract(epoch from max(r.updated_at)) * 1000)::bigint as last_ms
      from roster s
      left join ${dayAnswers} r on r.user_id = s.id
      group by s.id, s.username, s.first_name, s.last_name, s.classroom_name
    )
    select me.role, c.id as class_id, c.name as class_name, c.created_by, c.facilitators,
      (select json_agg(json_build_object('id', p.id, 'username', p.username, 'first_name', p.first_name, 'last_name', p.last_name,
          'classroom_name', p.classroom_name, 'days', p.days, 'answered', p.answered, 'last_ms', p.last_ms)
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
 */
export async function readProgress(db: Database, userId: number, classId: number): Promise<ProgressRows> {
  let prepared = preparedByDatabase.get(db);
  if (prepared === undefined) {
    prepared = prepareProgress(db);
    preparedByDatabase.set(db, prepared);
  }
  const rows = (await prepared.execute({ userId, classId })) as Row[];
  const first = rows[0];
  if (first === undefined) return { role: null, class: null, students: [] };
  if (first.class_id === null || first.class_name === null) return { role: first.role, class: null, students: [] };
  const students = ((first.students === null ? [] : JSON.parse(first.students)) as StudentJson[]).map((student) => {
    const answered = new Map<number, number>();
    student.days?.forEach((day, index) => answered.set(day, student.answered?.[index] ?? 0));
    return {
      id: student.id,
      username: student.username,
      firstName: student.first_name,
      lastName: student.last_name,
      classroomName: student.classroom_name,
      answered,
      lastActivity: student.last_ms === null ? null : new Date(student.last_ms),
    };
  });
  return {
    role: first.role,
    class: {
      id: first.class_id,
      name: first.class_name,
      createdBy: first.created_by,
      facilitators: ((first.facilitators === null ? [] : JSON.parse(first.facilitators)) as FacilitatorJson[]).map((f) => ({
        id: f.id,
        username: f.username,
        firstName: f.first_name,
        lastName: f.last_name,
      })),
    },
    students,
  };
}
