/**
 * Student accounts (docs/requirements.md#api-calls): `POST /api/student/signup/`,
 * `GET /api/student/profile/`, and Helix's `PATCH /api/student/profile/` for the reading language. Sign-up also delivers the welcome messages to the new student's inbox, in
 * the same transaction.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { ACCOUNT_GONE_DETAIL } from '../auth/authenticate.ts';
import { replyRateLimited, type SignupLimiter } from '../auth/abuse-limits.ts';
import { newPasswordProblem, normalizeUsername, usernameProblem } from '../auth/credentials.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { SessionService } from '../auth/sessions.ts';
import { createUser, UsernameTakenError, type User } from '../auth/users.ts';
import type { Database } from '../db/index.ts';
import { users, type Role } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { classByJoinCode } from '../facilitator/join-codes.ts';
import { languageSchema } from '../locales.ts';
import { deliverWelcomeMessages, type WelcomeMessage } from '../inbox/messages.ts';
import { errorResponse, MAX_NAME_LENGTH, nameSchema, passwordSchema, tokenPairSchema } from './schemas.ts';

export interface StudentRoutesOptions {
  db: Database;
  passwords: PasswordHasher;
  /** Opens the new student's first login (docs/security.md#sessions-and-tokens). */
  sessions: SessionService;
  /** Sign-ups per address (docs/security.md#abuse-limits). */
  signupLimiter: SignupLimiter;
  authenticate: onRequestAsyncHookHandler;
  /** Sent, unread, to every new student (server/inbox/messages.ts); default none. */
  welcomeMessages?: readonly WelcomeMessage[];
}

interface SignupBody {
  username: string;
  password: string;
  first_name: string;
  last_name: string;
  classroom_name?: string | null;
  join_code?: string;
}

/** The profile answered by `GET /api/student/profile/` (docs/requirements.md#records). */
export interface ProfileResponse {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  /** Null when the student gave none. */
  classroom_name: string | null;
  /** `student`, or `facilitator`/`admin` for the console's users (docs/facilitators.md); Helix's addition to the record. */
  role: Role;
  /**
   * The language the student reads in, one of content/site/site.json's `locales`; null until they choose
   * one or their class gives them one (docs/decisions/023-the-reader-s-language.md). Helix's addition.
   */
  language: string | null;
  /** True while the user must replace a one-time password from a pasted roster (docs/decisions/024-class-join-links.md). Helix's addition. */
  password_change_required: boolean;
  /** False for an account that signs in only through a school's provider (docs/decisions/025-school-sign-in.md). Helix's addition. */
  has_password: boolean;
}

/** The stored student as the API shows it. */
export function toProfile(
  user: Pick<User, 'id' | 'username' | 'firstName' | 'lastName' | 'classroomName' | 'role' | 'language' | 'passwordChangeRequired'> & { hasPassword: boolean },
): ProfileResponse {
  return {
    id: user.id,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    classroom_name: user.classroomName,
    role: user.role,
    language: user.language,
    password_change_required: user.passwordChangeRequired,
    has_password: user.hasPassword,
  };
}

/** Registers the student routes (a Fastify plugin; register with no prefix). */
export async function studentRoutes(app: FastifyInstance, options: StudentRoutesOptions): Promise<void> {
  const { db, passwords, sessions, signupLimiter, authenticate } = options;
  const welcomeMessages = options.welcomeMessages ?? [];
  // The profile's columns only (never the password hash), prepared once: a named statement on PostgreSQL.
  const profileQuery = db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      classroomName: users.classroomName,
      role: users.role,
      language: users.language,
      passwordChangeRequired: users.passwordChangeRequired,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('helix_profile');

  app.post<{ Body: SignupBody }>(
    '/api/student/signup/',
    {
      schema: {
        summary: 'Sign up: create a student account and sign it in',
        security: [],
        // Create a student account and sign it in. Limited per address, "username taken" answers included
        // (docs/security.md#abuse-limits): 429 rate_limited with Retry-After beyond it.
        body: {
          type: 'object',
          required: ['username', 'password', 'first_name', 'last_name'],
          additionalProperties: false,
          properties: {
            username: nameSchema(
              'Stored NFKC-normalised and trimmed, in the letter case given; unique in any letter case. No control, invisible or text-direction characters, and no mix of Latin, Greek and Cyrillic letters.',
            ),
            password: { ...passwordSchema, description: 'At least 8 characters (checked by the route, with a clear message); never trimmed.' },
            first_name: nameSchema('Stored trimmed.'),
            last_name: nameSchema('Stored trimmed.'),
            classroom_name: {
              type: ['string', 'null'],
              maxLength: MAX_NAME_LENGTH,
              description: 'Optional; absent, null or blank are stored as null.',
            },
            join_code: {
              type: 'string',
              maxLength: 32,
              description:
                "Helix's addition: the code of a class's join link (`/join/CODE`), in any letter case; the student joins that class, whose name becomes their classroom_name. 404 join_code_unknown for a closed or unknown code, and nothing is created.",
            },
          },
        },
        response: { 201: tokenPairSchema, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const username = normalizeUsername(body.username);
      // NFKC can turn a name into spaces, or lengthen it (U+FDFA becomes 18 characters).
      if (username === '') throw new HttpError('invalid_request', 'body/username must not be blank');
      if ([...username].length > MAX_NAME_LENGTH) throw new HttpError('invalid_request', `body/username must NOT have more than ${MAX_NAME_LENGTH} characters`);
      const problem = usernameProblem(username) ?? newPasswordProblem(body.password);
      if (problem !== null) throw new HttpError('invalid_request', problem);
      const joined = body.join_code === undefined ? null : await classByJoinCode(db, body.join_code);
      if (body.join_code !== undefined && joined === null) throw new HttpError('join_code_unknown');
      const classroomName = joined?.name ?? body.classroom_name?.trim() ?? '';
      let passwordHash: string;
      try {
        await signupLimiter.take(request.ip, joined?.joinCode ?? undefined);
        passwordHash = await passwords.hash(body.password);
      } catch (error) {
        return replyRateLimited(reply, error);
      }
      let user: User;
      try {
        // One transaction: a student never exists without their welcome messages.
        user = await db.transaction(async (tx) => {
          const created = await createUser(tx, {
            username,
            passwordHash,
            firstName: body.first_name.trim(),
            lastName: body.last_name.trim(),
            classroomName: classroomName === '' ? null : classroomName,
          });
          await deliverWelcomeMessages(tx, created.id, created.createdAt, welcomeMessages);
          return created;
        });
      } catch (error) {
        if (error instanceof UsernameTakenError) throw new HttpError('username_taken');
        throw error;
      }
      return reply.code(201).send(await sessions.start(user.id));
    },
  );

  app.get(
    '/api/student/profile/',
    {
      onRequest: authenticate,
      schema: {
        summary: 'The signed-in student (the current user)',
        response: {
          200: {
            type: 'object',
            required: ['id', 'username', 'first_name', 'last_name', 'classroom_name'],
            properties: {
              id: { type: 'integer' },
              username: { type: 'string', description: 'As the student spelled it at sign-up.' },
              first_name: { type: 'string' },
              last_name: { type: 'string' },
              classroom_name: { type: ['string', 'null'], description: 'Null when the student gave none.' },
              role: { type: 'string', enum: ['student', 'facilitator', 'admin'], description: "Helix's addition: who the user is; facilitators and admins use the console." },
              language: { type: ['string', 'null'], description: "Helix's addition: the language the user reads in, one of the site's languages; null until chosen." },
              password_change_required: {
                type: 'boolean',
                description: "Helix's addition: true while the user signs in with a one-time password from a pasted roster and must choose their own (POST /api/account/password/).",
              },
              has_password: {
                type: 'boolean',
                description: "Helix's addition: false for an account that signs in only through a school's identity provider, which has no password to change.",
              },
            },
          },
          '4xx': errorResponse,
        },
      },
    },
    async (request) => {
      if (request.user === null) throw new HttpError('not_authenticated');
      // The token is checked without the database: this lookup is the profile's only query.
      const [user] = await profileQuery.execute({ id: request.user.id });
      if (user === undefined) throw new HttpError('invalid_token', ACCOUNT_GONE_DETAIL);
      return toProfile(user);
    },
  );

  app.patch<{ Body: { language: string } }>(
    '/api/student/profile/',
    {
      onRequest: authenticate,
      schema: {
        summary: "Change the signed-in user's reading language (Helix's addition)",
        body: {
          type: 'object',
          required: ['language'],
          additionalProperties: false,
          properties: { language: languageSchema("The language to read in from now on, on every device: one of the site's languages.") },
        },
        response: { 204: { type: 'null', description: 'Stored.' }, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      if (request.user === null) throw new HttpError('not_authenticated');
      const updated = await db.update(users).set({ language: request.body.language }).where(eq(users.id, request.user.id)).returning({ id: users.id });
      if (updated.length === 0) throw new HttpError('invalid_token', ACCOUNT_GONE_DETAIL);
      return reply.code(204).send();
    },
  );
}
