import type { ClassProgress, SentMessage } from '../api/facilitator-endpoints.ts';
import type { Feedback } from '../api/feedback-endpoints.ts';

// Example data of the console's API for its stories and tests: one class of three students, as the
// server would send it (docs/decisions/009-facilitator-console.md).

/** The time the fixtures' relative times count from: 2026-11-23 10:00 UTC. */
export const FIXTURE_NOW = Date.parse('2026-11-23T10:00:00Z');

const rivera = { id: 100, username: 'mrivera', first_name: 'Maria', last_name: 'Rivera' };

const days = (answered: number[], fields: number[]) =>
  answered.map((count, index) => ({
    day: index + 1,
    answered: count,
    state: count === 0 ? ('not_started' as const) : count >= (fields[index] ?? 0) ? ('complete' as const) : ('in_progress' as const),
  }));

const FIELDS = [30, 25, 20, 18, 22];

/**
 * Room 12's progress: Grace Hopper has begun Day 1 (reading in Spanish), Ada Lovelace finished it and is
 * half-way through Day 2 (in English), Alan Turing has not started nor chosen a language; sorted by last
 * name as the server sorts them.
 */
export const ROOM_12: ClassProgress = {
  class: { id: 7, name: 'Room 12', is_creator: true, facilitators: [rivera] },
  days: [
    { day: 1, title: 'Gene Regulation', fields: FIELDS[0]! },
    { day: 2, title: 'Understanding Cancer', fields: FIELDS[1]! },
    { day: 3, title: 'How Do We Detect Cancer?', fields: FIELDS[2]! },
    { day: 4, title: 'Expression Differences', fields: FIELDS[3]! },
    { day: 5, title: 'Poster Symposium', fields: FIELDS[4]! },
  ],
  students: [
    { id: 2, username: 'grace', first_name: 'Grace', last_name: 'Hopper', classroom_name: 'Room 12', language: 'es', last_activity: '2026-11-23T09:55:00Z', days: days([5, 0, 0, 0, 0], FIELDS) },
    { id: 1, username: 'ada77', first_name: 'Ada', last_name: 'Lovelace', classroom_name: null, language: 'en', last_activity: '2026-11-22T15:00:00Z', days: days([30, 12, 0, 0, 0], FIELDS) },
    { id: 3, username: 'alan', first_name: 'Alan', last_name: 'Turing', classroom_name: 'Room 12', language: null, last_activity: null, days: days([0, 0, 0, 0, 0], FIELDS) },
  ],
};

/** One message to the whole of Room 12, read by Ada only. */
export const SENT_TO_ROOM_12: SentMessage[] = [
  {
    id: 50,
    subject: 'Day 2 starts at 9',
    body: 'Bring your **notes** from Day 1.',
    body_html: '<p>Bring your <strong>notes</strong> from Day 1.</p>',
    sent_at: '2026-11-23T08:30:00Z',
    sender: rivera,
    recipients: ROOM_12.students.map(({ id, username, first_name, last_name }) => ({ id, username, first_name, last_name, is_read: id === 1 })),
  },
];

/**
 * Feedback as the console's API sends it, written by Maria Rivera on 2026-11-23 at 09:30 UTC.
 *
 * @param read - when the student read it (ISO 8601), or null while unread
 * @param mine - whether the signed-in facilitator wrote it
 */
export function fixtureFeedback(id: number, on: { studentId: number; day: number; field: string }, body: string, read: string | null, mine = true): Feedback {
  return {
    id,
    student_id: on.studentId,
    day: on.day,
    field: on.field,
    body,
    author: { first_name: rivera.first_name, last_name: rivera.last_name },
    created_at: '2026-11-23T09:30:00Z',
    updated_at: '2026-11-23T09:30:00Z',
    read_at: read,
    is_mine: mine,
  };
}
