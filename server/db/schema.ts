/**
 * The database tables (drizzle). Migrations in `drizzle/` are generated from this file with
 * `npm run db:generate`; never edit a table here without generating and committing the migration.
 */
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** A day's answers object, stored whole (spec section 3, "Day answers"). */
export type Answers = Record<string, unknown>;

/**
 * Students. Usernames are unique case-insensitively (the `lower(username)` index) but keep the
 * spelling the student chose.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** An argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`). */
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Null when the student gave none. */
    classroomName: text('classroom_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`)],
);

/**
 * One row per student and day: the day's answers object, stored whole, and a revision counter that
 * every save increments (1 after the first save).
 */
export const moduleResponses = pgTable(
  'module_responses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1..5 (spec section 1, "The week at a glance"). */
    day: smallint('day').notNull(),
    answers: jsonb('answers').$type<Answers>().notNull(),
    revision: integer('revision').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);
