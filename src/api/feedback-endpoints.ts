import type { ApiAnswer } from './api-contract.ts';
import { apiClient, ApiError, isRecord, type ApiClient } from './client.ts';

/**
 * A facilitator's feedback on one answer (docs/facilitators.md#feedback), as the API answers it
 * (`GET /api/student/feedback/`; the console's routes answer the same shape). `body` is plain text: show
 * it as text, never as HTML. `read_at` is null while the student has not seen it; `is_mine` is true when
 * the signed-in facilitator wrote it.
 */
export type Feedback = ApiAnswer<'/api/student/feedback/', 'get'>['results'][number];

/**
 * The `results` of a feedback list response.
 *
 * @throws {@link ApiError} when the body has no list of results
 */
export function feedbackResults(body: unknown): Feedback[] {
  if (!isRecord(body) || !Array.isArray(body.results)) throw new ApiError(200, 'invalid_response', 'The feedback has no list of results.');
  return body.results as Feedback[];
}

/**
 * The signed-in student's feedback on every day, oldest first: `GET /api/student/feedback/`.
 *
 * @throws {@link ApiError} on any failure (the caller logs it and keeps what it shows)
 */
export async function fetchMyFeedback(client: ApiClient = apiClient): Promise<Feedback[]> {
  return feedbackResults(await client.request<unknown>('/api/student/feedback/'));
}

/**
 * Marks one of the student's feedback read: `PATCH /api/student/modules/{day}/feedback/{id}/read/` (no body).
 *
 * @throws {@link ApiError} on any failure (the caller logs it; the note stays read on the page)
 */
export async function markFeedbackRead(feedback: Pick<Feedback, 'day' | 'id'>, client: ApiClient = apiClient): Promise<void> {
  await client.request<unknown>(`/api/student/modules/${feedback.day}/feedback/${feedback.id}/read/`, { method: 'PATCH' });
}
