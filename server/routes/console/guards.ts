/**
 * Who may use the facilitator console's routes (docs/facilitators.md#api), in one place. Every console
 * and admin route runs `authenticate` and then one of two pre-handlers, {@link ConsoleGuards.staff} or
 * {@link ConsoleGuards.admin}; the two reads a page asks for most, the progress and a student's day of
 * feedback, read the role in their one SQL query and decide through the same {@link decideAccess}
 * (docs/decisions/019-console-bench-load.md). The answers, in the order they are checked:
 *
 * - no access token: 401 `not_authenticated` (`authenticate`);
 * - a valid token of an account deleted since it was issued: 401 `invalid_token` with
 *   {@link ACCOUNT_GONE_DETAIL} (docs/security.md#sessions-and-tokens: a token is checked without the database);
 * - a student on any console route, or a facilitator on an admin's: 403 `forbidden`;
 * - a class the facilitator does not facilitate, or a student not on that class's roster: 404
 *   `not_found`, so that nothing reveals that it exists (an admin sees every class);
 * - adding a co-facilitator: 403 `forbidden` for anyone but the class's creator or an admin.
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ACCOUNT_GONE_DETAIL } from '../../auth/authenticate.ts';
import type { Database } from '../../db/index.ts';
import type { Role } from '../../db/schema.ts';
import { HttpError } from '../../errors.ts';
import { findAccount, rosterStudent, visibleClass, type ClassRow, type Person, type Staff } from '../../facilitator/classes.ts';

/** What a route needs: a facilitator or an admin (`staff`), or an admin. */
export type Needed = 'staff' | 'admin';

/** The `detail` of the 403 answered to a student on a console route. */
export const STAFF_ONLY_DETAIL = 'Only facilitators and admins may use the facilitator console.';
/** The `detail` of the 403 answered to a facilitator (or a student) on an admin's route. */
export const ADMIN_ONLY_DETAIL = 'Only an admin may do this.';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in facilitator or admin, set by the console's `preHandler`; null elsewhere. */
    staff: Staff | null;
  }
}

/**
 * The console's rule: may a user of `role` use a route that needs `needed`?
 *
 * @param role - the signed-in user's role as stored now; null when their account no longer exists
 * @returns null when they may, else the error to throw: 401 `invalid_token` ({@link ACCOUNT_GONE_DETAIL})
 *   for a deleted account, 403 `forbidden` for a student, or for a facilitator when `needed` is `admin`
 * @example
 * const refused = decideAccess(progress.role, 'staff');
 * if (refused !== null) throw refused;
 */
export function decideAccess(role: Role | null, needed: Needed): HttpError | null {
  if (role === null) return new HttpError('invalid_token', ACCOUNT_GONE_DETAIL);
  if (needed === 'admin' && role !== 'admin') return new HttpError('forbidden', ADMIN_ONLY_DETAIL);
  if (role === 'student') return new HttpError('forbidden', STAFF_ONLY_DETAIL);
  return null;
}

/**
 * The id of the user a request's access token names.
 *
 * @throws {@link HttpError} 401 `not_authenticated` when `authenticate` did not run or found no token
 */
export function signedInUserId(request: FastifyRequest): number {
  if (request.user === null) throw new HttpError('not_authenticated');
  return request.user.id;
}

/** The 404 of a class the signed-in facilitator may not see, or that does not exist: the two look alike. */
export function classNotFound(): HttpError {
  return new HttpError('not_found', 'No class with this id is yours.');
}

/** The 404 of a student who is not on the class's roster (or does not exist). */
export function studentNotFound(): HttpError {
  return new HttpError('not_found', 'This student is not in this class.');
}

/** A pre-handler of the console: runs after `authenticate`, throws the rule's error or lets the request through. */
type Guard = (request: FastifyRequest) => Promise<void>;

/** The route options that protect a console route: spread them into the route's options. */
export interface GuardOptions {
  /** The app's `authenticate`: the access token, checked before any body is read. */
  onRequest: onRequestAsyncHookHandler;
  /** The role, checked against the database once the request is valid. */
  preHandler: Guard;
}

/** The console's access checks, bound to a database and to the app's `authenticate`. */
export interface ConsoleGuards {
  /** A facilitator's or an admin's route: `{...guards.staff, schema}`. Sets `request.staff`. */
  staff: GuardOptions;
  /** An admin's route: `{...guards.admin, schema}`. Sets `request.staff`. */
  admin: GuardOptions;
  /** The signed-in staff member, set by a guard; 401 `not_authenticated` on a route without one. */
  staffOf(request: FastifyRequest): Staff;
  /** The class `classId` if the signed-in staff member may see it, else 404 `not_found`. */
  classOf(request: FastifyRequest, classId: number): Promise<ClassRow>;
  /** The student `studentId` if they are on the class's roster, else 404 `not_found`. */
  studentOf(classRow: Pick<ClassRow, 'id' | 'nameKey'>, studentId: number): Promise<Person>;
  /** Throws 403 `forbidden` unless `staff` created the class or is an admin (who may add a co-facilitator). */
  requireCreatorOrAdmin(staff: Staff, classRow: Pick<ClassRow, 'createdBy'>): void;
}

/**
 * The console's guards on `db`. One query per guarded request: the signed-in user's role and name.
 *
 * @param authenticate - the app's access token check (server/auth/authenticate.ts), run as `onRequest`
 *   so that no body of an anonymous request is read
 */
export function consoleGuards(db: Database, authenticate: onRequestAsyncHookHandler): ConsoleGuards {
  const guard =
    (needed: Needed): Guard =>
    async (request) => {
      const account = await findAccount(db, signedInUserId(request));
      const refused = decideAccess(account?.role ?? null, needed);
      if (refused !== null) throw refused;
      // decideAccess let through neither a missing account nor a student.
      request.staff = account as Staff;
    };
  const staffOf = (request: FastifyRequest): Staff => {
    if (request.staff === null) throw new HttpError('not_authenticated');
    return request.staff;
  };
  return {
    staff: { onRequest: authenticate, preHandler: guard('staff') },
    admin: { onRequest: authenticate, preHandler: guard('admin') },
    staffOf,
    async classOf(request, classId) {
      const found = await visibleClass(db, staffOf(request), classId);
      if (found === null) throw classNotFound();
      return found;
    },
    async studentOf(classRow, studentId) {
      const student = await rosterStudent(db, classRow, studentId);
      if (student === null) throw studentNotFound();
      return student;
    },
    requireCreatorOrAdmin(staff, classRow) {
      if (staff.role !== 'admin' && classRow.createdBy !== staff.id) throw new HttpError('forbidden', "Only the class's creator or an admin may add a co-facilitator.");
    },
  };
}
