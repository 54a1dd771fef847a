import type { ApiAnswer, ApiRequestBody } from './api-contract.ts';
import { apiClient, type ApiClient } from './client.ts';
import type { components } from './openapi.gen.ts';
import { requestConditional, requestFile, type ConditionalResponse, type DownloadedFile } from './raw-requests.ts';

// The facilitator console's API (docs/decisions/009-facilitator-console.md). The types are the server's
// JSON as it sends it (snake_case), generated from the routes' own schemas (src/api/openapi.gen.ts,
// docs/decisions/016-console-contract.md). Every call needs a facilitator's or an admin's token: a
// student's answers 403 `forbidden`; a class or a student the facilitator cannot see answers 404 `not_found`.

/** A user as the console's API names one. */
export type Person = components['schemas']['person'];

/** A class in the list of `GET /api/facilitator/classes/`. */
export type ClassSummary = ApiAnswer<'/api/facilitator/classes/', 'get'>['results'][number];

/** `GET /api/facilitator/classes/{id}/progress/`: students sorted by last name, then first name. */
export type ClassProgress = ApiAnswer<'/api/facilitator/classes/{id}/progress/', 'get'>;

/** One student's row of the progress. */
export type StudentProgress = ClassProgress['students'][number];

/** How far a student is with one day. */
export type DayState = StudentProgress['days'][number]['state'];

/** A message the class was sent, with who has read it (`sender` null once their account is deleted). */
export type SentMessage = ApiAnswer<'/api/facilitator/classes/{id}/messages/', 'get'>['results'][number];

/** What the message composer sends: `student_ids` omitted for the whole class. */
export type MessageDraft = ApiRequestBody<'/api/facilitator/classes/{id}/messages/', 'post'>;

/** A facilitator or an admin, in the admin page's list. */
export type StaffMember = ApiAnswer<'/api/facilitator/facilitators/', 'get'>['results'][number];

/** A student in no class, with the Classroom Name they gave. */
export type UnassignedStudent = ApiAnswer<'/api/facilitator/unassigned/', 'get'>['results'][number];

/** One row of the audit log. */
export type AuditEntry = ApiAnswer<'/api/facilitator/audit/', 'get'>['results'][number];

const CLASSES = '/api/facilitator/classes/';
const classPath = (classId: number) => `${CLASSES}${classId}/`;

/**
 * The signed-in facilitator's classes (an admin's: every class), sorted by name.
 *
 * @throws {@link ApiError} on any failure
 */
export async function fetchClasses(client: ApiClient = apiClient): Promise<ClassSummary[]> {
  return (await client.request<ApiAnswer<'/api/facilitator/classes/', 'get'>>(CLASSES)).results;
}

/**
 * Creates a class: `POST /api/facilitator/classes/`.
 *
 * @throws {@link ApiError} 409 `class_name_taken` when a class has this name (trimmed, case-insensitive), 400 when empty
 */
export function createClass(name: string, client: ApiClient = apiClient): Promise<ApiAnswer<'/api/facilitator/classes/', 'post', 201>> {
  return client.request(CLASSES, { method: 'POST', body: { name } });
}

/**
 * Deletes a class with its roster students' accounts and answers (admin only).
 *
 * @param confirm - the class's exact name, as the admin typed it
 * @throws {@link ApiError} 400 `confirmation_mismatch` when `confirm` is not the name, 403 for a facilitator
 */
export async function deleteClass(classId: number, confirm: string, client: ApiClient = apiClient): Promise<void> {
  await client.request(classPath(classId), { method: 'DELETE', body: { confirm } });
}

/**
 * Sets the language a student who signs up into the class starts in: `PATCH /api/facilitator/classes/{id}/`
 * (docs/decisions/023-the-reader-s-language.md).
 *
 * @param language - one of the site's languages, or null to let each student's browser decide
 * @throws {@link ApiError} on any failure (404 for a class the facilitator cannot see)
 */
export async function setClassLanguage(classId: number, language: string | null, client: ApiClient = apiClient): Promise<void> {
  await client.request(classPath(classId), { method: 'PATCH', body: { language } });
}

/**
 * Opens the class's join link with a new code, replacing any it had: `POST /api/facilitator/classes/{id}/join-link/`
 * (docs/decisions/024-class-join-links.md).
 *
 * @returns the new code, 6 characters; the link is `/join/CODE`
 * @throws {@link ApiError} on any failure (404 for a class the facilitator cannot see)
 */
export async function openJoinLink(classId: number, client: ApiClient = apiClient): Promise<string> {
  const body = await client.request<ApiAnswer<'/api/facilitator/classes/{id}/join-link/', 'post'>>(`${classPath(classId)}join-link/`, { method: 'POST' });
  return body.join_code;
}

/** An account made from a pasted roster, with its one-time password (shown once). */
export type RosterAccount = ApiAnswer<'/api/facilitator/classes/{id}/roster/', 'post', 201>['students'][number];

/**
 * Makes the accounts of a pasted roster in the class: `POST /api/facilitator/classes/{id}/roster/`
 * (docs/decisions/024-class-join-links.md). All or nothing.
 *
 * @param csv - rows of first name, last name, and a username or an email; a header row optional
 * @returns the accounts, in the paste's order, each with its one-time password
 * @throws {@link ApiError} 400 `roster_invalid` with `body.rows` (`[{ row, problem }]`) when any row is wrong, or any other failure
 */
export async function pasteRoster(classId: number, csv: string, client: ApiClient = apiClient): Promise<RosterAccount[]> {
  const body = await client.request<ApiAnswer<'/api/facilitator/classes/{id}/roster/', 'post', 201>>(`${classPath(classId)}roster/`, { method: 'POST', body: { csv } });
  return body.students;
}

/** A class's join link: its code, address and QR code (an SVG document), each null while it is closed. */
export type JoinLinkDetails = ApiAnswer<'/api/facilitator/classes/{id}/join-link/', 'get'>;

/**
 * The class's join link: `GET /api/facilitator/classes/{id}/join-link/`, its QR code drawn by the server.
 *
 * @throws {@link ApiError} on any failure (404 for a class the facilitator cannot see)
 */
export function fetchJoinLink(classId: number, client: ApiClient = apiClient): Promise<JoinLinkDetails> {
  return client.request<JoinLinkDetails>(`${classPath(classId)}join-link/`);
}

/**
 * Closes the class's join link: `DELETE /api/facilitator/classes/{id}/join-link/`.
 *
 * @throws {@link ApiError} on any failure (404 for a class the facilitator cannot see)
 */
export async function closeJoinLink(classId: number, client: ApiClient = apiClient): Promise<void> {
  await client.request(`${classPath(classId)}join-link/`, { method: 'DELETE' });
}

/**
 * The class's progress, asked conditionally: with the `ETag` of the copy held, a 304 answers `not-modified`.
 *
 * @param etag - the `ETag` of the last progress received, or null for a first load
 * @throws {@link ApiError} on any failure (404 for a class the facilitator cannot see)
 */
export function fetchProgress(classId: number, etag: string | null, client: ApiClient = apiClient): Promise<ConditionalResponse<ClassProgress>> {
  return requestConditional<ClassProgress>(client, `${classPath(classId)}progress/`, etag);
}

/**
 * Adds a student to the class's roster by username.
 *
 * @throws {@link ApiError} 404 `no_such_student` for an unknown username
 */
export function addStudent(classId: number, username: string, client: ApiClient = apiClient): Promise<Person> {
  return client.request(`${classPath(classId)}students/`, { method: 'POST', body: { username } });
}

/**
 * Removes a student from the roster (the account and answers stay).
 *
 * @throws {@link ApiError} on any failure
 */
export async function removeStudent(classId: number, studentId: number, client: ApiClient = apiClient): Promise<void> {
  await client.request(`${classPath(classId)}students/${studentId}/`, { method: 'DELETE' });
}

/**
 * Adds a co-facilitator by username; only the class's creator or an admin may.
 *
 * @throws {@link ApiError} 404 `no_such_facilitator` for a username that is not a facilitator's, 403 for anyone else
 */
export function addFacilitator(classId: number, username: string, client: ApiClient = apiClient): Promise<Person> {
  return client.request(`${classPath(classId)}facilitators/`, { method: 'POST', body: { username } });
}

/**
 * Downloads the class's answers as CSV (UTF-8 with a BOM): every day, or one.
 *
 * @param day - a published day's number, or undefined for all days
 * @throws {@link ApiError} on any failure
 */
export function downloadExport(classId: number, day: number | undefined, client: ApiClient = apiClient): Promise<DownloadedFile> {
  return requestFile(client, `${classPath(classId)}export.csv${day === undefined ? '' : `?day=${day}`}`);
}

/**
 * Sends a message to the whole class, or to the students of `student_ids`.
 *
 * @returns the message's id and how many students it went to
 * @throws {@link ApiError} 400 `not_in_class` for a student not on the roster, 400 for a subject or body too long
 */
export function sendMessage(classId: number, draft: MessageDraft, client: ApiClient = apiClient): Promise<ApiAnswer<'/api/facilitator/classes/{id}/messages/', 'post', 201>> {
  return client.request(`${classPath(classId)}messages/`, { method: 'POST', body: draft });
}

/**
 * The messages sent to the class, newest first, with who has read each.
 *
 * @throws {@link ApiError} on any failure
 */
export async function fetchMessages(classId: number, client: ApiClient = apiClient): Promise<SentMessage[]> {
  return (await client.request<ApiAnswer<'/api/facilitator/classes/{id}/messages/', 'get'>>(`${classPath(classId)}messages/`)).results;
}

/**
 * Gives a student a new temporary password and ends their logins.
 *
 * @returns the temporary password, to show once
 * @throws {@link ApiError} on any failure
 */
export async function resetStudentPassword(classId: number, studentId: number, client: ApiClient = apiClient): Promise<string> {
  return (await client.request<ApiAnswer<'/api/facilitator/classes/{id}/students/{studentId}/password/', 'post'>>(`${classPath(classId)}students/${studentId}/password/`, { method: 'POST' })).password;
}

const FACILITATORS = '/api/facilitator/facilitators/';

/**
 * Every facilitator and admin (admin only).
 *
 * @throws {@link ApiError} 403 for a facilitator, or any other failure
 */
export async function fetchStaff(client: ApiClient = apiClient): Promise<StaffMember[]> {
  return (await client.request<ApiAnswer<'/api/facilitator/facilitators/', 'get'>>(FACILITATORS)).results;
}

/**
 * Creates a facilitator's account (admin only).
 *
 * @returns the account with its temporary password, to show once
 * @throws {@link ApiError} 409 `username_taken`, 400 for an unacceptable username, 403 for a facilitator
 */
export function createFacilitator(
  details: ApiRequestBody<'/api/facilitator/facilitators/', 'post'>,
  client: ApiClient = apiClient,
): Promise<ApiAnswer<'/api/facilitator/facilitators/', 'post', 201>> {
  return client.request(FACILITATORS, { method: 'POST', body: details });
}

/**
 * Gives a facilitator a new temporary password (admin only).
 *
 * @returns the temporary password, to show once
 * @throws {@link ApiError} on any failure
 */
export async function resetFacilitatorPassword(facilitatorId: number, client: ApiClient = apiClient): Promise<string> {
  return (await client.request<ApiAnswer<'/api/facilitator/facilitators/{id}/password/', 'post'>>(`${FACILITATORS}${facilitatorId}/password/`, { method: 'POST' })).password;
}

/**
 * The students in no class (admin only).
 *
 * @throws {@link ApiError} on any failure
 */
export async function fetchUnassigned(client: ApiClient = apiClient): Promise<UnassignedStudent[]> {
  return (await client.request<ApiAnswer<'/api/facilitator/unassigned/', 'get'>>('/api/facilitator/unassigned/')).results;
}

/**
 * The last 500 rows of the audit log, newest first (admin only).
 *
 * @throws {@link ApiError} on any failure
 */
export async function fetchAudit(client: ApiClient = apiClient): Promise<AuditEntry[]> {
  return (await client.request<ApiAnswer<'/api/facilitator/audit/', 'get'>>('/api/facilitator/audit/')).results;
}
