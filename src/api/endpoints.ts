import { apiClient, ApiError, isRecord, type ApiClient } from './client.ts';

/**
 * Who a signed-in user is (docs/decisions/009-facilitator-console.md): a student works through the week;
 * a facilitator runs classes in the console at `/facilitator`; an admin also sees every class and the
 * admin page.
 */
export type UserRole = 'student' | 'facilitator' | 'admin';

/** The signed-in user (docs/requirements.md#records), in the app's own names. */
export interface UserProfile {
  id: string | number | null;
  /** The profile's `role`; "student" when the server sends none or one the app does not know. */
  role: UserRole;
  username: string;
  firstName: string;
  lastName: string;
  /** The classroom's name, or null when the student has none. */
  classroomName: string | null;
  /** The language the user reads in (Helix's `language`), or null until they choose one (docs/decisions/023-the-reader-s-language.md). */
  language?: string | null;
  /** Helix's `password_change_required`: the user signed in with a one-time password and must choose their own (docs/decisions/024-class-join-links.md). */
  passwordChangeRequired?: boolean;
  /** Helix's `has_password`: false for an account that signs in only through a school's provider (docs/decisions/025-school-sign-in.md). */
  hasPassword?: boolean;
}

/** What the sign-up form sends (docs/requirements.md#records). */
export interface SignupDetails {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Optional: an empty string when the student left it blank. */
  classroomName: string;
  /** Helix's addition: the code of the class's join link the student came through (docs/decisions/024-class-join-links.md); it names the class instead. */
  joinCode?: string;
}

/** The signed-in user's profile (docs/requirements.md#api-calls). */
export const PROFILE_PATH = '/api/student/profile/';

/**
 * Stores the signed-in user's reading language on their account: `PATCH /api/student/profile/` with
 * `{language}` (docs/decisions/023-the-reader-s-language.md).
 *
 * @param language - one of the site's languages
 * @throws {@link ApiError} on any failure (status 0 offline: the device keeps the choice meanwhile)
 */
export async function saveLanguage(language: string, client: ApiClient = apiClient): Promise<void> {
  await client.request<unknown>(PROFILE_PATH, { method: 'PATCH', body: { language } });
}

/**
 * Where a day's saved answers are read (`GET`, `detail`) and saved (`POST`, `save`)
 * (docs/requirements.md#api-calls).
 *
 * @param day - the day number, a positive whole number
 * @throws RangeError for anything else
 */
export function dayAnswersPaths(day: number): { detail: string; save: string } {
  if (!Number.isInteger(day) || day < 1) throw new RangeError(`The day must be a positive whole number; got ${String(day)}.`);
  return { detail: `/api/student/modules/${day}/response/detail/`, save: `/api/student/modules/${day}/response/` };
}

/**
 * Fetches the signed-in student: `GET /api/student/profile/`. Besides `classroom_name`, a `classroom`
 * `{name}` object or a `classrooms` list whose first item has a name are accepted (docs/requirements.md#records).
 *
 * @throws {@link ApiError} on any failure, including a body without a username
 */
export async function fetchProfile(client: ApiClient = apiClient): Promise<UserProfile> {
  const body = await client.request<unknown>(PROFILE_PATH);
  if (!isRecord(body) || typeof body.username !== 'string') throw new ApiError(200, 'invalid_response', 'The profile has no username.');
  return {
    id: typeof body.id === 'string' || typeof body.id === 'number' ? body.id : null,
    role: roleOf(body.role),
    username: body.username,
    firstName: typeof body.first_name === 'string' ? body.first_name : '',
    lastName: typeof body.last_name === 'string' ? body.last_name : '',
    classroomName: classroomNameOf(body),
    language: typeof body.language === 'string' ? body.language : null,
    passwordChangeRequired: body.password_change_required === true,
    hasPassword: body.has_password !== false,
  };
}

/** A `role` as the profile sends it: "facilitator" or "admin", anything else (or nothing) "student". */
export function roleOf(value: unknown): UserRole {
  return value === 'facilitator' || value === 'admin' ? value : 'student';
}

/**
 * Where a user starts after signing in, and where a path they may not open sends them: the console
 * (`/facilitator`) for a facilitator or an admin, `/` for a student (docs/decisions/009-facilitator-console.md).
 */
export function homePathFor(role: UserRole): string {
  return role === 'student' ? '/' : '/facilitator';
}

/**
 * Where a user goes once signed in: the profile page while they must replace a one-time password
 * (docs/decisions/024-class-join-links.md), else {@link homePathFor} their role.
 */
export function startPathFor(user: Pick<UserProfile, 'role' | 'passwordChangeRequired'>): string {
  return user.passwordChangeRequired ? '/student_profile' : homePathFor(user.role);
}

/** The name shown for a student: first name, falling back to username (docs/requirements.md#records). */
export function displayName(user: Pick<UserProfile, 'firstName' | 'username'>): string {
  return user.firstName.trim() || user.username;
}

function classroomNameOf(body: Record<string, unknown>): string | null {
  if (typeof body.classroom_name === 'string' && body.classroom_name.trim()) return body.classroom_name;
  if (isRecord(body.classroom) && typeof body.classroom.name === 'string') return body.classroom.name;
  const first: unknown = Array.isArray(body.classrooms) ? body.classrooms[0] : undefined;
  if (isRecord(first) && typeof first.name === 'string') return first.name;
  return null;
}
