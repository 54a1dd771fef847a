/**
 * Classes and their rosters (docs/facilitators.md). A class's roster is computed, never copied: the
 * students whose Classroom Name matches the class's name (trimmed, NFKC, case-insensitive, before or
 * after the class was created), plus the students a facilitator added by username, minus those removed.
 */
import { and, asc, eq, inArray, isNotNull, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { classes, classFacilitators, classRosterChanges, users, type Role } from '../db/schema.ts';
import { classKey } from '../auth/credentials.ts';
import { isUniqueViolation } from '../auth/users.ts';

/** A signed-in facilitator or admin, as the console's routes need them. */
export interface Staff {
  id: number;
  role: Exclude<Role, 'student'>;
  username: string;
  firstName: string;
  lastName: string;
}

/** A person as the console shows them: never more than these columns (no password hash). */
export interface Person {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
}

/** The columns of a {@link Person}, for selects. */
export const personColumns = { id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName };

/** The API shape of a {@link Person}. */
export function toPersonResponse(person: Person): { id: number; username: string; first_name: string; last_name: string } {
  return { id: person.id, username: person.username, first_name: person.firstName, last_name: person.lastName };
}

/** What a user is called in messages and the audit log: first and last name, or the username when both are empty. */
export function displayName(person: Pick<Person, 'username' | 'firstName' | 'lastName'>): string {
  return `${person.firstName} ${person.lastName}`.trim() || person.username;
}

/** Loads a user's name and role, whatever the role; null for an account that does not exist (any more). */
export async function findAccount(db: Database, userId: number): Promise<(Person & { role: Role }) | null> {
  const [row] = await db
    .select({ ...personColumns, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** Loads a user's role and name; null for a student or a deleted account. */
export async function findStaff(db: Database, userId: number): Promise<Staff | null> {
  const row = await findAccount(db, userId);
  if (row === null || row.role === 'student') return null;
  return { ...row, role: row.role };
}

/** A class as stored. */
export type ClassRow = typeof classes.$inferSelect;

/**
 * SQL: the ids of the students on the roster of the class `classId` whose name key is `nameKey` (both
 * SQL expressions or values). The rule of this module's comment, in one place for every query that
 * needs it, written as a union so that each half uses an index (`users_classroom_key_idx`, the roster
 * changes' primary key) instead of reading every user: a deployment holds many schools' students.
 */
export function rosterIds(classId: SQL | number, nameKey: SQL | string): SQL {
  return sql`(select matched.id from ${users} matched
      where matched.classroom_key = ${nameKey} and matched.role = 'student'
        and not exists (select 1 from ${classRosterChanges} removed where removed.class_id = ${classId} and removed.user_id = matched.id and not removed.included)
    union
    select added.user_id from ${classRosterChanges} added join ${users} student on student.id = added.user_id
      where added.class_id = ${classId} and added.included and student.role = 'student')`;
}

/** SQL condition: the user `userId` (an SQL expression) is on the roster of the class `classId` ({@link rosterIds}). */
export function onRoster(classId: SQL | number, nameKey: SQL | string, userId: SQL): SQL {
  return sql`${userId} in ${rosterIds(classId, nameKey)}`;
}

/**
 * SQL: two common table expressions for a query that must judge access itself in the same round trip:
 * `me` (the role of the user `userId`; no row once their account is gone) and `visible` (the class
 * `classId` with `id`, `name`, `name_key` and `created_by`, only when `me` may see it: an admin every
 * class, a facilitator the classes they facilitate, as {@link visibleClass} decides). Follow it with the
 * query's own CTEs and judge `me.role` with `decideAccess` (server/routes/console/guards.ts).
 *
 * @param userId - the signed-in user's id (an SQL expression or placeholder)
 * @param classId - the class asked for (an SQL expression or placeholder)
 */
export function visibleClassScope(userId: SQL | Placeholder, classId: SQL | Placeholder): SQL {
  return sql`me as (select role from ${users} where id = ${userId}),
    visible as (
      select cl.id, cl.name, cl.name_key, cl.created_by
      from ${classes} cl, me
      where cl.id = ${classId}
        and (me.role = 'admin' or (me.role = 'facilitator'
             and exists (select 1 from ${classFacilitators} mine where mine.class_id = cl.id and mine.user_id = ${userId})))
    )`;
}

/**
 * The class `classId` if `staff` may see it: an admin sees every class, a facilitator the classes they
 * facilitate. Null otherwise, so that the route answers 404 and never reveals another's class.
 */
export async function visibleClass(db: Database, staff: Staff, classId: number): Promise<ClassRow | null> {
  const condition =
    staff.role === 'admin'
      ? eq(classes.id, classId)
      : and(eq(classes.id, classId), sql`exists (select 1 from ${classFacilitators} cf where cf.class_id = ${classes.id} and cf.user_id = ${staff.id})`);
  const [row] = await db.select().from(classes).where(condition).limit(1);
  return row ?? null;
}

/** The student `studentId` if they are on the class's roster ({@link rosterIds}); null otherwise. */
export async function rosterStudent(db: Database, classRow: Pick<ClassRow, 'id' | 'nameKey'>, studentId: number): Promise<Person | null> {
  const [student] = await db
    .select(personColumns)
    .from(users)
    .where(and(eq(users.id, studentId), onRoster(classRow.id, classRow.nameKey, sql`${users.id}`)))
    .limit(1);
  return student ?? null;
}

/** The students on a class's roster, by last then first name. */
export async function rosterOf(db: Database, classRow: Pick<ClassRow, 'id' | 'nameKey'>): Promise<(Person & { classroomName: string | null })[]> {
  return db
    .select({ ...personColumns, classroomName: users.classroomName })
    .from(users)
    .where(onRoster(classRow.id, classRow.nameKey, sql`${users.id}`))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** The facilitators of some classes, by class id. */
export async function facilitatorsOf(db: Database, classIds: readonly number[]): Promise<Map<number, Person[]>> {
  const byClass = new Map<number, Person[]>(classIds.map((id) => [id, []]));
  if (classIds.length === 0) return byClass;
  const rows = await db
    .select({ classId: classFacilitators.classId, ...personColumns })
    .from(classFacilitators)
    .innerJoin(users, eq(users.id, classFacilitators.userId))
    .where(inArray(classFacilitators.classId, [...classIds]))
    .orderBy(asc(users.lastName), asc(users.firstName));
  for (const { classId, ...person } of rows) byClass.get(classId)?.push(person);
  return byClass;
}

/** The classes `staff` may see, by name, each with its roster's size. */
export async function listClasses(db: Database, staff: Staff): Promise<(ClassRow & { studentCount: number })[]> {
  const studentCount = sql<number>`(select count(*)::int from ${rosterIds(sql`${classes.id}`, sql`${classes.nameKey}`)} as roster)`;
  const query = db
    .select({ id: classes.id, name: classes.name, nameKey: classes.nameKey, createdBy: classes.createdBy, createdAt: classes.createdAt, language: classes.language, joinCode: classes.joinCode, studentCount })
    .from(classes);
  const visible =
    staff.role === 'admin'
      ? query
      : query.where(sql`exists (select 1 from ${classFacilitators} cf where cf.class_id = ${classes.id} and cf.user_id = ${staff.id})`);
  return visible.orderBy(asc(classes.name));
}

/** Thrown by {@link createClass} when a class of that name (by {@link classKey}) exists. */
export class ClassNameTakenError extends Error {
  constructor(name: string) {
    super(`A class named "${name}" already exists.`);
    this.name = 'ClassNameTakenError';
  }
}

/**
 * Creates a class facilitated by its creator.
 *
 * @param name - trimmed by the caller, not empty
 * @throws {@link ClassNameTakenError} when the name's key exists (the unique index decides)
 */
export async function createClass(db: Database, creator: Staff, name: string): Promise<ClassRow> {
  try {
    return await db.transaction(async (tx) => {
      const [created] = await tx.insert(classes).values({ name, nameKey: classKey(name), createdBy: creator.id }).returning();
      if (created === undefined) throw new Error('INSERT ... RETURNING returned no row');
      await tx.insert(classFacilitators).values({ classId: created.id, userId: creator.id });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ClassNameTakenError(name);
    throw error;
  }
}

/**
 * Sets the language a student who signs up into the class starts in (docs/decisions/023-the-reader-s-language.md).
 *
 * @param language - one of content/site/site.json's `locales` (the route checks it), or null for none
 */
export async function setClassLanguage(db: Database, classId: number, language: string | null): Promise<void> {
  await db.update(classes).set({ language }).where(eq(classes.id, classId));
}

/** Adds (`included` true) or removes a student from a roster, replacing an earlier change for them. */
export async function changeRoster(db: Database, classId: number, studentId: number, included: boolean): Promise<void> {
  await db
    .insert(classRosterChanges)
    .values({ classId, userId: studentId, included })
    .onConflictDoUpdate({ target: [classRosterChanges.classId, classRosterChanges.userId], set: { included } });
}

/** Finds a user of one of `roles` by username as typed (the sign-in rule); null when there is none. */
export async function findUserWithRole(db: Database, usernameKeyValue: string, roles: readonly Role[]): Promise<Person | null> {
  const [row] = await db
    .select(personColumns)
    .from(users)
    .where(and(eq(users.usernameKey, usernameKeyValue), inArray(users.role, [...roles])))
    .limit(1);
  return row ?? null;
}

/** Makes `facilitatorId` a facilitator of the class too (idempotent). */
export async function addFacilitator(db: Database, classId: number, facilitatorId: number): Promise<void> {
  await db.insert(classFacilitators).values({ classId, userId: facilitatorId }).onConflictDoNothing();
}

/**
 * Deletes a class and every account on its roster, with their answers, inbox and logins (the foreign
 * keys cascade), in one transaction.
 *
 * @returns how many student accounts were deleted
 */
export async function deleteClassAndStudents(db: Database, classRow: Pick<ClassRow, 'id' | 'nameKey'>): Promise<number> {
  return db.transaction(async (tx) => {
    const roster = await tx
      .select({ id: users.id })
      .from(users)
      .where(onRoster(classRow.id, classRow.nameKey, sql`${users.id}`));
    const ids = roster.map(({ id }) => id);
    if (ids.length > 0) await tx.delete(users).where(inArray(users.id, ids));
    await tx.delete(classes).where(eq(classes.id, classRow.id));
    return ids.length;
  });
}

/**
 * Students on no class's roster: their Classroom Name matches no class (or they were removed from the
 * one it matches) and no facilitator added them to another.
 */
export async function unassignedStudents(db: Database): Promise<(Person & { classroomName: string | null })[]> {
  return db
    .select({ ...personColumns, classroomName: users.classroomName })
    .from(users)
    .where(
      and(
        eq(users.role, 'student'),
        sql`not exists (select 1 from ${classes} c where c.name_key = ${users.classroomKey}
              and not exists (select 1 from ${classRosterChanges} removed where removed.class_id = c.id and removed.user_id = ${users.id} and not removed.included))`,
        sql`not exists (select 1 from ${classRosterChanges} added where added.user_id = ${users.id} and added.included)`,
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/**
 * Keys the Classroom Names stored before classes existed (`classroom_key`). Run at start-up; cheap when
 * there is nothing to do (one query).
 *
 * @returns how many students were keyed
 */
export async function fillClassroomKeys(db: Database): Promise<number> {
  const pending = await db
    .select({ id: users.id, classroomName: users.classroomName })
    .from(users)
    .where(and(isNull(users.classroomKey), isNotNull(users.classroomName)));
  for (const { id, classroomName } of pending) {
    await db
      .update(users)
      .set({ classroomKey: classKey(classroomName ?? '') })
      .where(eq(users.id, id));
  }
  return pending.length;
}
