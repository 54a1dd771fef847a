/**
 * The database tables (drizzle). Migrations in `drizzle/` are generated from this file with
 * `npm run db:generate`; never edit a table here without generating and committing the migration.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

/**
 * A student's inbox (spec section 3, "Inbox message"). Sign-up fills it with the welcome messages
 * from `content/inbox/*.md` (server/inbox/messages.ts). `body` is plain text: paragraphs separated by
 * blank lines.
 */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    isRead: boolean('is_read').notNull().default(false),
  },
  (table) => [index('inbox_messages_user_id_sent_at_idx').on(table.userId, table.sentAt)],
);

/**
 * Workbooks (spec section 3, "Workbook"), loaded at start-up from `content/workbooks/<slug>.md`
 * (server/workbooks/load.ts). The slug is the file name without `.md`.
 */
export const workbooks = pgTable('workbooks', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  /** When the loader last changed this workbook or its sections. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A workbook's sections, in `position` order (0-based). `contentHtml` is sanitised HTML. */
export const workbookSections = pgTable(
  'workbook_sections',
  {
    id: serial('id').primaryKey(),
    workbookId: integer('workbook_id')
      .notNull()
      .references(() => workbooks.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    heading: text('heading').notNull(),
    contentHtml: text('content_html').notNull(),
  },
  (table) => [uniqueIndex('workbook_sections_workbook_id_position_key').on(table.workbookId, table.position)],
);

/** A section's images, in `position` order (0-based). `image` is a URL (usually `/images/<file>`). */
export const workbookSectionImages = pgTable(
  'workbook_section_images',
  {
    id: serial('id').primaryKey(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => workbookSections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    image: text('image').notNull(),
    /** Empty when the image has none. */
    caption: text('caption').notNull().default(''),
  },
  (table) => [uniqueIndex('workbook_section_images_section_id_position_key').on(table.sectionId, table.position)],
);
