import { getRefreshToken, type AuthTokens } from '../auth/tokens.ts';
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
}

/** What the sign-up form sends (docs/requirements.md#records). */
export interface SignupDetails {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Optional: an empty string when the student left it blank. */
  classroomName: string;
}

/**
 * A sign-in or sign-up refused with 429 and a `Retry-After` of at most this, ms, is retried after that
 * wait, while the form shows "Signing in…" (docs/security.md: the server slows repeated failures down rather
 * than locking out; a student whose classmate typed wrong passwords for their name gets in within the
 * minute instead of reading "Invalid credentials").
 */
/** The signed-in user's profile (docs/requirements.md#api-calls). */
export const PROFILE_PATH = '/api/student/profile/';

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

export const RATE_LIMIT_RETRY_MAX_WAIT_MS = 30_000;
/** Most waiting in all for one sign-in or sign-up, ms; past it the 429 is the answer. */
export const RATE_LIMIT_RETRY_TOTAL_MS = 60_000;

/** Waits `ms`; tests pass their own. */
export type Sleep = (ms: number) => Promise<void>;
const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `call`, waiting out and retrying 429s as {@link RATE_LIMIT_RETRY_MAX_WAIT_MS} allows. */
async function waitingOutRateLimits<T>(call: () => Promise<T>, wait: Sleep): Promise<T> {
  let waited = 0;
  for (;;) {
    try {
      return await call();
    } catch (error) {
      const retryAfter = error instanceof ApiError && error.status === 429 ? error.retryAfterMs : null;
      if (retryAfter === null || retryAfter > RATE_LIMIT_RETRY_MAX_WAIT_MS || waited + retryAfter > RATE_LIMIT_RETRY_TOTAL_MS) throw error;
      waited += retryAfter;
      await wait(retryAfter);
    }
  }
}

/**
 * Logs in with a username and password: `POST /api/token/`. A 429 asking for a short wait is waited
 * out and retried ({@link RATE_LIMIT_RETRY_MAX_WAIT_MS}).
 *
 * @returns both tokens (the caller stores them)
 * @throws {@link ApiError} 401 on bad credentials, 429 when held back longer, or any other failure
 */
export async function login(username: string, password: string, client: ApiClient = apiClient, wait: Sleep = sleep): Promise<AuthTokens> {
  const body = await waitingOutRateLimits(() => client.request<unknown>('/api/token/', { method: 'POST', body: { username, password }, auth: false }), wait);
  return toTokens(body);
}

/** Longest wait for the server to end the login at logout, ms: a slow or failed call never holds up the sign-out (docs/security.md). */
export const LOGOUT_REQUEST_TIMEOUT_MS = 3_000;

/**
 * Ends the current login on the server: `POST /api/token/logout/` with the stored refresh token, so
 * that it cannot be used again (docs/security.md). Does nothing without a refresh token. Call it after the
 * final save and before the tokens are removed (docs/requirements.md#authentication).
 *
 * @throws {@link ApiError} on any failure, including no answer within {@link LOGOUT_REQUEST_TIMEOUT_MS};
 *   the caller signs out anyway
 */
export async function revokeLogin(client: ApiClient = apiClient): Promise<void> {
  const refresh = getRefreshToken();
  if (!refresh) return;
  await client.request<unknown>('/api/token/logout/', { method: 'POST', body: { refresh }, auth: false, timeoutMs: LOGOUT_REQUEST_TIMEOUT_MS });
}

/**
 * Creates a student account: `POST /api/student/signup/` with the snake_case payload of docs/requirements.md#records. A 429
 * asking for a short wait (a whole school signing up at once) is waited out and retried.
 *
 * @returns both tokens of the new account (the caller stores them)
 * @throws {@link ApiError} 409 when the username is taken, 400 on invalid details, 429 when held back
 *   longer, or any other failure
 */
export async function signup(details: SignupDetails, client: ApiClient = apiClient, wait: Sleep = sleep): Promise<AuthTokens> {
  const body = await waitingOutRateLimits(
    () =>
      client.request<unknown>('/api/student/signup/', {
        method: 'POST',
        auth: false,
        body: {
          username: details.username,
          password: details.password,
          first_name: details.firstName,
          last_name: details.lastName,
          classroom_name: details.classroomName,
        },
      }),
    wait,
  );
  return toTokens(body);
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

/** The name shown for a student: first name, falling back to username (docs/requirements.md#records). */
export function displayName(user: Pick<UserProfile, 'firstName' | 'username'>): string {
  return user.firstName.trim() || user.username;
}

function toTokens(body: unknown): AuthTokens {
  if (isRecord(body) && typeof body.access === 'string' && typeof body.refresh === 'string' && body.access && body.refresh) {
    return { accessToken: body.access, refreshToken: body.refresh };
  }
  throw new ApiError(200, 'invalid_response', 'The server did not send both tokens.');
}

function classroomNameOf(body: Record<string, unknown>): string | null {
  if (typeof body.classroom_name === 'string' && body.classroom_name.trim()) return body.classroom_name;
  if (isRecord(body.classroom) && typeof body.classroom.name === 'string') return body.classroom.name;
  const first: unknown = Array.isArray(body.classrooms) ? body.classrooms[0] : undefined;
  if (isRecord(first) && typeof first.name === 'string') return first.name;
  return null;
}
