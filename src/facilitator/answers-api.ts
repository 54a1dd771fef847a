import type { Answers } from '../../engine/index.ts';
import { apiClient, type ApiClient } from '../api/client.ts';

/** A user as the facilitator API names them (`Person` in the API contract). */
export interface Person {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
}

/** One student's answers to one day: `GET /api/facilitator/classes/{id}/students/{student_id}/days/{day}/`. */
export interface StudentDayAnswers {
  student: Person;
  day: number;
  /** Repaired against the day's schema by the server; the defaults when nothing was saved. */
  answers: Answers;
  /** The server's revision counter: 0 when nothing was saved. */
  revision: number;
  /** ISO 8601 time of the last save, or null when never saved. */
  updated_at: string | null;
}

/** Every roster student's answers to one day: `GET /api/facilitator/classes/{id}/days/{day}/answers/`. */
export interface ClassDayAnswers {
  day: number;
  /** In the class's progress order (last name, first name). */
  students: (Person & { answers: Answers; revision: number; updated_at: string | null })[];
}

/** One input of a day as its lesson asks it: `GET /api/facilitator/days/{day}/questions/`. */
export interface DayQuestion {
  /** The answers path of its field, e.g. `worksheet.2`. */
  path: string;
  /** What the lesson asks beside the input; a blank shows as ____ in its sentence. */
  prompt: string;
  /** The heading of the part of the lesson it sits in; empty before the first. */
  part: string;
  kind: 'free_text' | 'blank_choice' | 'table_cell' | 'ordering';
  /** The choices offered, as the student reads them. */
  options?: string[];
}

/** The part of `GET /api/facilitator/classes/{id}/progress/` these pages read: the class and its students in order. */
export interface ClassRoster {
  class: { id: number; name: string };
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
