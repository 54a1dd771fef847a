// The console's one `fullName` (src/facilitator/format.ts), also offered here beside the paths the pages link with.
export { fullName } from './format.ts';

/** The class's page, e.g. `/facilitator/classes/3`; the console's start when the id is not a valid one (0). */
export function classPath(classId: number): string {
  return classId > 0 ? `/facilitator/classes/${classId}` : '/facilitator';
}

/** A student's day, read-only, e.g. `/facilitator/classes/3/students/17/days/2`. */
export function studentDayPath(classId: number, studentId: number, day: number): string {
  return `${classPath(classId)}/students/${studentId}/days/${day}`;
}

/**
 * Route params as positive integers, all or nothing.
 *
 * @param params - the raw params, e.g. `["3", "17", "2"]`
 * @returns the numbers, or null when any is missing or not a positive integer
 */
export function parseIds(...params: (string | undefined)[]): number[] | null {
  const ids = params.map((param) => (param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : Number.NaN));
  return ids.every((id) => Number.isSafeInteger(id)) ? ids : null;
}
