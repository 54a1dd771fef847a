import type { ApiAnswer } from '../api/api-contract.ts';
import { apiClient, type ApiClient } from '../api/client.ts';
import type { ClassProgress, Person } from '../api/facilitator-endpoints.ts';

// The answers the console reads, typed from the routes' own schemas (src/api/openapi.gen.ts). Each
// `answers` is an object as the engine's `Answers` is: the server repairs it to the day's schema.

export type { Person };

/** One student's answers to one day: `GET /api/facilitator/classes/{id}/students/{student_id}/days/{day}/`. */
export type StudentDayAnswers = ApiAnswer<'/api/facilitator/classes/{id}/students/{studentId}/days/{day}/', 'get'>;

/** Every roster student's answers to one day: `GET /api/facilitator/classes/{id}/days/{day}/answers/`, in the class's progress order. */
export type ClassDayAnswers = ApiAnswer<'/api/facilitator/classes/{id}/days/{day}/answers/', 'get'>;

/** One input of a day as its lesson asks it: `GET /api/facilitator/days/{day}/questions/`. */
export type DayQuestion = ApiAnswer<'/api/facilitator/days/{day}/questions/', 'get'>['questions'][number];

/** The part of `GET /api/facilitator/classes/{id}/progress/` these pages read: the class and its students in order. */
export interface ClassRoster {
  class: Pick<ClassProgress['class'], 'id' | 'name'>;
  /** Sorted by last name, then first name. */
  students: Person[];
}

/**
 * A student's saved answers to a day, as a facilitator reads them (the server records the view in its
 * audit log).
 *
 * @param classId - the class's id, a positive integer
 * @param studentId - the student's user id
 * @param day - a published day's number (src/site/days.ts)
 * @throws ApiError 404 when the class or the student is not one the facilitator can see; `status` 0 when offline
 */
export function fetchStudentDay(classId: number, studentId: number, day: number, client: ApiClient = apiClient): Promise<StudentDayAnswers> {
  return client.request<StudentDayAnswers>(`/api/facilitator/classes/${classId}/students/${studentId}/days/${day}/`);
}

/**
 * Every roster student's answers to a day, for the by-question view.
 *
 * @param classId - the class's id, a positive integer
 * @param day - a published day's number (src/site/days.ts)
 * @throws ApiError 404 when the class is not one the facilitator can see; `status` 0 when offline
 */
export function fetchClassDayAnswers(classId: number, day: number, client: ApiClient = apiClient): Promise<ClassDayAnswers> {
  return client.request<ClassDayAnswers>(`/api/facilitator/classes/${classId}/days/${day}/answers/`);
}

/**
 * A class's name and its students in progress order (from the class progress), for the links between
 * students.
 *
 * @param classId - the class's id, a positive integer
 * @throws ApiError 404 when the class is not one the facilitator can see; `status` 0 when offline
 */
export function fetchClassRoster(classId: number, client: ApiClient = apiClient): Promise<ClassRoster> {
  return client.request<ClassRoster>(`/api/facilitator/classes/${classId}/progress/`);
}

/**
 * Every question of a published day, one per input, in the order its lesson shows them.
 *
 * @param day - a published day's number (src/site/days.ts)
 * @throws ApiError 404 when the day is not published; `status` 0 when offline
 */
export async function fetchDayQuestions(day: number, client: ApiClient = apiClient): Promise<DayQuestion[]> {
  return (await client.request<{ day: number; questions: DayQuestion[] }>(`/api/facilitator/days/${day}/questions/`)).questions;
}
