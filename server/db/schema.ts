/**
 * The database tables (drizzle). Migrations in `drizzle/` are generated from this file with
 * `npm run db:generate`; never edit a table here without generating and committing the migration.
 */
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import type { Answers } from '../../engine/schema/index.ts';

/**
 * Students. Usernames are unique under `username_key` (NFKC, trimmed, lower-cased in JavaScript:
 * server/auth/credentials.ts) but keep the spelling the student chose.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /**
     * An argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`); null for a student who signs in only
     * through a school's identity provider (docs/decisions/025-school-sign-in.md).
     */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Null when the student gave none. */
    classroomName: text('classroom_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * `usernameKey(username)` (server/auth/credentials.ts), computed in JavaScript only so that one rule
     * decides uniqueness, sign-in and the abuse limits (docs/security.md). Null only for a non-ASCII username
     * stored before usernames were compared that way, until the next start-up fills it in (`fillUsernameKeys`).
     */
    usernameKey: text('username_key'),
    /** `student` (every sign-up), `facilitator` or `admin` (docs/facilitators.md); only `npm run facilitator` and admins make the others. */
    role: text('role').$type<Role>().notNull().default('student'),
    /**
     * `classKey(classroomName)` (server/facilitator/classes.ts): how a student's Classroom Name is matched
     * to a class's name. Null when the student gave no Classroom Name, or until the next start-up fills it in.
     */
    classroomKey: text('classroom_key'),
    /**
     * The language the student chose to read in, one of content/site/site.json's `locales`
     * (docs/decisions/023-the-reader-s-language.md); null until they choose or their class gives them one.
     */
    language: text('language'),
    /**
     * Whether the user must choose their own password before anything else: set for the accounts a
     * facilitator makes from a pasted roster with one-time passwords (docs/decisions/024-class-join-links.md),
     * cleared when the user changes their password.
     */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
  },
  (table) => [uniqueIndex('users_username_key_key').on(table.usernameKey), index('users_classroom_key_idx').on(table.classroomKey)],
);

/** Who a user is to Helix: a student, a facilitator who runs classes, or an admin who runs the deployment. */
export type Role = 'student' | 'facilitator' | 'admin';

/**
 * One row per student and day: the day's answers object, stored whole, and a revision counter that
 * every save increments (1 after the first save).
 */
// The SQL table keeps the API's word, module_responses; the code says day.
export const dayAnswers = pgTable(
  'module_responses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The day's number: a day with a schema (docs/authoring.md). */
    day: smallint('day').notNull(),
    answers: jsonb('answers').$type<Answers>().notNull(),
    revision: integer('revision').notNull().default(1),
    /**
     * How many of the day's answer fields the answers fill in (`countAnswered`, engine/schema/fields.ts),
     * counted at every write so that a class's progress is one small query. Null for rows written before
     * the count existed, until the next start-up counts them.
     */
    answeredFields: smallint('answered_fields'),
    /**
     * The language the student was reading the day in at the last save (the save's `Content-Language`,
     * docs/decisions/023-the-reader-s-language.md); null when the client did not say.
     */
    language: text('language'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/**
 * A student's inbox (docs/requirements.md#records). Sign-up fills it with the welcome messages
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
    /** Who sent it, as the student sees it ("Ms Rivera"); null for the welcome messages. */
    sender: text('sender'),
    /** Sanitised HTML of a facilitator's Markdown body; null for plain-text messages. */
    bodyHtml: text('body_html'),
    /** The class message this is the student's copy of; null for the welcome messages. */
    classMessageId: integer('class_message_id').references(() => classMessages.id, { onDelete: 'set null' }),
    /**
     * The welcome message's file (`01-welcome.md`), whose translations beside it (`01-welcome.es.md`) the
     * inbox offers; null for other messages and for welcome messages stored before it was kept.
     */
    welcome: text('welcome'),
  },
  (table) => [index('inbox_messages_user_id_sent_at_idx').on(table.userId, table.sentAt), index('inbox_messages_class_message_id_idx').on(table.classMessageId)],
);

/**
 * Workbooks (docs/requirements.md#records), loaded at start-up from `content/workbooks/<slug>.md`
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

/**
 * Logins: one row per sign-in or sign-up, the server-side half of refresh-token rotation (docs/security.md,
 * "Sessions"; server/auth/sessions.ts). The id is the `fam` claim of the login's tokens. Only hashes of
 * refresh tokens are stored, never the tokens.
 */
export const refreshTokenFamilies = pgTable(
  'refresh_token_families',
  {
    /** 16 random bytes, base64url. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Rotations so far; the current refresh token carries it as its `gen` claim. */
    generation: integer('generation').notNull().default(0),
    /** SHA-256 (hex) of the current refresh token. */
    tokenHash: text('token_hash').notNull(),
    /** SHA-256 (hex) of the token the current one replaced, still honoured for a short grace window; null before the first rotation. */
    previousTokenHash: text('previous_token_hash'),
    /** When the current refresh token was issued (its `iat`, in whole seconds). */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the login ends (every refresh token of it expires then). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the login was ended: by logout, by the reuse of a refresh token, or for all of a user's logins. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** `logout`, `reuse` or `all_logins`; null while the login is open. */
    revokedReason: text('revoked_reason'),
  },
  (table) => [index('refresh_token_families_user_id_idx').on(table.userId)],
);

/**
 * A user's accounts at a school's identity provider (docs/decisions/025-school-sign-in.md): a sign-in
 * through the provider finds the user by the provider's issuer and `sub`, never by email. The email is
 * kept only to show the student which account is linked.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's id in Helix's settings (`oidc`), which names its button. */
    provider: text('provider').notNull(),
    /** The ID token's `iss`. */
    issuer: text('issuer').notNull(),
    /** The ID token's `sub`: the provider's one stable name for the account. */
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('user_identities_issuer_subject_key').on(table.issuer, table.subject), index('user_identities_user_id_idx').on(table.userId)],
);

/**
 * Sign-ins through an identity provider under way (server/auth/oidc/sign-ins.ts): written when the
 * student leaves for the provider, spent when the provider sends them back, then holding the one-time
 * handoff code the page exchanges for Helix's tokens. Only hashes of the state, the browser's cookie
 * and the handoff code are stored. Rows live minutes and are swept.
 */
export const oidcSignIns = pgTable(
  'oidc_sign_ins',
  {
    /** SHA-256 (hex) of the `state` sent to the provider. */
    stateHash: text('state_hash').primaryKey(),
    /** SHA-256 (hex) of the random cookie set in the browser that started the sign-in. */
    browserHash: text('browser_hash').notNull(),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    /** A path on this site to go to afterwards, e.g. `/sections/day-1`. */
    returnTo: text('return_to').notNull(),
    /** The class's join code the student came through, or null. */
    joinCode: text('join_code'),
    /** The signed-in user linking this provider to their account, or null for a sign-in. */
    linkUserId: integer('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the provider sent the student back: a state is spent once. */
    spentAt: timestamp('spent_at', { withTimezone: true }),
    /** SHA-256 (hex) of the one-time handoff code, once the sign-in succeeded. */
    handoffHash: text('handoff_hash'),
    /** Who signed in, once the sign-in succeeded. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [uniqueIndex('oidc_sign_ins_handoff_hash_key').on(table.handoffHash), index('oidc_sign_ins_expires_at_idx').on(table.expiresAt)],
);

/**
 * Abuse-limit counters shared by every server on one PostgreSQL (docs/security.md;
 * server/auth/limit-store.ts). One row per key (`login-address:…`, `login-account:…`, `signup-address:…`).
 * Times are milliseconds since the epoch, from the servers' clocks.
 */
export const abuseLimits = pgTable(
  'abuse_limits',
  {
    key: text('key').primaryKey(),
    /** A token bucket's tokens left, or a back-off's failures counted. */
    level: doublePrecision('level').notNull(),
    /** When `level` was last changed. */
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
    /** Until when the key is held back; 0 when it is not. */
    blockedUntil: bigint('blocked_until', { mode: 'number' }).notNull(),
    /** From when the row no longer limits anything and may be deleted. */
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('abuse_limits_expires_at_idx').on(table.expiresAt)],
);

/**
 * Classes (docs/facilitators.md). A class's roster is the students whose `classroom_key` equals its
 * `name_key`, plus those added and minus those removed in `class_roster_changes`.
 */
export const classes = pgTable('classes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** `classKey(name)`: unique in the deployment. */
  nameKey: text('name_key').notNull().unique(),
  /** The facilitator who created it (may add co-facilitators); null once their account is deleted. */
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The language a student who signs up into the class starts in (docs/decisions/023-the-reader-s-language.md); null: the student's browser decides. */
  language: text('language'),
  /**
   * The code of the class's join link, `/join/CODE` (docs/decisions/024-class-join-links.md): 6 characters
   * of `JOIN_CODE_ALPHABET`, unique in the deployment; null while the link is closed.
   */
  joinCode: text('join_code').unique(),
});

/** The facilitators of each class: its creator and the co-facilitators they added. */
export const classFacilitators = pgTable(
  'class_facilitators',
  {
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.classId, table.userId] }), index('class_facilitators_user_id_idx').on(table.userId)],
);

/** A facilitator's changes to a roster: a student added by username (`included` true) or removed (false). */
export const classRosterChanges = pgTable(
  'class_roster_changes',
  {
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    included: boolean('included').notNull(),
  },
  (table) => [primaryKey({ columns: [table.classId, table.userId] }), index('class_roster_changes_user_id_idx').on(table.userId)],
);

/** A message a facilitator sent to a class; each recipient gets an `inbox_messages` row pointing here. */
export const classMessages = pgTable('class_messages', {
  id: serial('id').primaryKey(),
  classId: integer('class_id')
    .notNull()
    .references(() => classes.id, { onDelete: 'cascade' }),
  senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
  subject: text('subject').notNull(),
  /** Markdown, as written. */
  body: text('body').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every time a facilitator or admin opened a student's answers, exported a class, reset a password or
 * deleted a class (docs/facilitators.md#privacy). Names are copied, so the record outlives the accounts.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorUsername: text('actor_username').notNull(),
    /** `view_day`, `view_question`, `export`, `reset_password`, `delete_class`, `create_account`, `sign_in_provider`, `link_provider` or `unlink_provider`. */
    action: text('action').notNull(),
    studentId: integer('student_id').references(() => users.id, { onDelete: 'set null' }),
    studentUsername: text('student_username'),
    classId: integer('class_id'),
    className: text('class_name'),
    day: smallint('day'),
  },
  (table) => [index('audit_log_at_idx').on(table.at)],
);

/**
 * A facilitator's comment on one answer of a student's day (docs/facilitators.md#feedback): plain text,
 * shown to the student as text beside that answer. The author's names are copied, so the note keeps
 * its signature after the author's account is deleted; the row goes with the student's account (and so
 * with a deleted class).
 */
export const answerFeedback = pgTable(
  'answer_feedback',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: smallint('day').notNull(),
    /** The answers path it is about, as the day's schema names it (`geneQ1`, `worksheet.2`, `analogies.0.why`). */
    field: text('field').notNull(),
    /** Plain text, 1 to 2,000 characters, never rendered as HTML. */
    body: text('body').notNull(),
    /** Who wrote it; null once their account is deleted (the names below stay). */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorFirstName: text('author_first_name').notNull(),
    authorLastName: text('author_last_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its body last changed; equals `created_at` until an edit. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the student first saw it in the lesson; null until then, and again after an edit. */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [index('answer_feedback_student_id_day_idx').on(table.studentId, table.day), index('answer_feedback_author_id_idx').on(table.authorId)],
);
