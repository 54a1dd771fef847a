/**
 * The audit log (docs/facilitators.md#privacy): who opened whose answers, exported a class, reset a
 * password, deleted a class or made a student's account from a pasted roster, and when; and a student's
 * sign-ins through a school's identity provider, and the providers they linked or unlinked. Written by the console's routes, read by admins.
 */
import { desc } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { auditLog } from '../db/schema.ts';
import type { Person, Staff } from './classes.ts';

/** What was done. A student's own sign-in through a school's provider, and linking or unlinking one, are recorded with the student as the actor (docs/decisions/025-school-sign-in.md). */
export type AuditAction = 'view_day' | 'view_question' | 'export' | 'reset_password' | 'delete_class' | 'create_account' | 'sign_in_provider' | 'link_provider' | 'unlink_provider';

/** One thing done, about one student (or a whole class when `student` is null). */
export interface AuditEntry {
  action: AuditAction;
  student?: Pick<Person, 'id' | 'username'> | null;
  classRow?: { id: number; name: string } | null;
  day?: number | null;
}

/** Records what `actor` did, one row per entry, in one insert. Does nothing for no entries. */
export async function recordAudit(db: Database, actor: Pick<Staff, 'id' | 'username'>, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      actorId: actor.id,
      actorUsername: actor.username,
      action: entry.action,
      studentId: entry.student?.id ?? null,
      studentUsername: entry.student?.username ?? null,
      classId: entry.classRow?.id ?? null,
      className: entry.classRow?.name ?? null,
      day: entry.day ?? null,
    })),
  );
}

/** How many audit rows an admin's page shows: the newest 500. */
export const AUDIT_PAGE_SIZE = 500;

/** The newest {@link AUDIT_PAGE_SIZE} audit rows, newest first. */
export async function readAudit(db: Database): Promise<(typeof auditLog.$inferSelect)[]> {
  return db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(AUDIT_PAGE_SIZE);
}
