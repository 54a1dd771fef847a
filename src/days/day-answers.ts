import { currentLocale, OfflineError, RevisionConflictError, type Answers, type AnswersSnapshot, type AnswersTransport } from '../../engine/index.ts';
import { apiClient, ApiError, isRecord, type ApiClient } from '../api/client.ts';
import { dayAnswersPaths } from '../api/endpoints.ts';
import { studentScope } from '../auth/answer-sessions.ts';

/**
 * Largest JSON body sent with `keepalive`, bytes. Browsers cap all keepalive bodies in flight at 64 KiB
 * (Fetch standard) while the server accepts 256 KB; a larger save on tab hide goes as a normal request,
 * and the draft on the device covers it if the tab closes first (docs/decisions/005-revisions-and-drafts.md).
 */
export const KEEPALIVE_BODY_LIMIT_BYTES = 60 * 1024;

/**
 * The drafts and the answers session of one student's day live under this scope: a second student on
 * the same Chromebook never sees the first one's drafts.
 */
export function draftScope(studentId: string | number, day: number): string {
  return `${studentScope(studentId)}day-${day}`;
}

/**
 * Reads `{answers, updated_at, revision}` as the API sends it (docs/requirements.md#api-calls),
 * unwrapping `answers.answers` when a client stored its answers wrapped once more.
 *
 * @throws {@link ApiError} `invalid_response` when the body is not a JSON object
 */
export function toSnapshot(body: unknown): AnswersSnapshot {
  if (!isRecord(body)) throw new ApiError(200, 'invalid_response', 'The saved answers are not a JSON object.');
  let answers: unknown = body.answers;
  if (isRecord(answers) && isRecord(answers.answers)) answers = answers.answers;
  const updatedAt = typeof body.updated_at === 'string' ? new Date(body.updated_at) : null;
  return {
    answers: isRecord(answers) ? answers : {},
    savedAt: updatedAt && !Number.isNaN(updatedAt.getTime()) ? updatedAt : null,
    revision: typeof body.revision === 'number' ? body.revision : 0,
  };
}

/**
 * The answers session's way to the API for one day (docs/decisions/007-one-answers-session.md):
 * - `load`: `GET /api/student/modules/{day}/response/detail/`; null on 404 (nothing saved yet); no
 *   response (status 0) becomes {@link OfflineError}.
 * - `save`: `POST /api/student/modules/{day}/response/` with `{answers, base_revision}`. A 409
 *   `revision_conflict` becomes {@link RevisionConflictError} with what the server holds; no response
 *   (status 0) becomes {@link OfflineError}; any other failure is the {@link ApiError} itself. With
 *   `keepalive`, the request outlives a closing tab when its body fits {@link KEEPALIVE_BODY_LIMIT_BYTES}.
 *   Its `Content-Language` is the language the student is reading in.
 *
 * @param day - a published day's number (src/site/days.ts)
 * @throws RangeError when `day` is not a positive whole number
 */
export function dayAnswersTransport(day: number, client: ApiClient = apiClient): AnswersTransport {
  const paths = dayAnswersPaths(day);
  return {
    async load() {
      try {
        return toSnapshot(await client.request<unknown>(paths.detail));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        if (error instanceof ApiError && error.status === 0) throw new OfflineError(error.detail, { cause: error });
        throw error;
      }
    },
    async save(answers: Answers, { baseRevision, keepalive }) {
      const body = { answers, base_revision: baseRevision };
      const fits = keepalive && new TextEncoder().encode(JSON.stringify(body)).byteLength <= KEEPALIVE_BODY_LIMIT_BYTES;
      try {
        // The language the student is reading, kept with the answers for their teacher (docs/decisions/023-the-reader-s-language.md).
        const headers = { 'Content-Language': currentLocale() };
        return toSnapshot(await client.request<unknown>(paths.save, { method: 'POST', body, keepalive: fits, headers }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 409 && isRecord(error.body) && typeof error.body.revision === 'number') {
          throw new RevisionConflictError(toSnapshot(error.body));
        }
        if (error instanceof ApiError && error.status === 0) throw new OfflineError(error.detail, { cause: error });
        throw error;
      }
    },
  };
}
