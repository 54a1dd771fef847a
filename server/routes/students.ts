/**
 * Student accounts (spec section 7): `POST /api/student/signup/`, `GET /api/student/profile/`.
 * Sign-up also delivers the welcome messages to the new student's inbox, in the same transaction.
 */
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { TokenService } from '../auth/tokens.ts';
import { createUser, UsernameTakenError, type User } from '../auth/users.ts';
import type { Database } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { deliverWelcomeMessages, type WelcomeMessage } from '../inbox/messages.ts';
import { errorResponse, MAX_NAME_LENGTH, nameSchema, passwordSchema, tokenPairSchema } from './schemas.ts';

export interface StudentRoutesOptions {
  db: Database;
  tokens: TokenService;
  passwords: PasswordHasher;
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
}

/** The profile answered by `GET /api/student/profile/` (spec section 3, "User profile"). */
export interface ProfileResponse {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  /** Null when the student gave none. */
  classroom_name: string | null;
}

/** The stored student as the API shows it. */
export function toProfile(user: User): ProfileResponse {
  return { id: user.id, username: user.username, first_name: user.firstName, last_name: user.lastName, classroom_name: user.classroomName };
}

/** Registers the student routes (a Fastify plugin; register with no prefix). */
export async function studentRoutes(app: FastifyInstance, options: StudentRoutesOptions): Promise<void> {
  const { db, tokens, passwords, authenticate } = options;
  const welcomeMessages = options.welcomeMessages ?? [];

  app.post<{ Body: SignupBody }>(
    '/api/student/signup/',
    {
      schema: {
        // Create a student account and sign it in. Unknown properties are ignored.
        body: {
          type: 'object',
          required: ['username', 'password', 'first_name', 'last_name'],
          additionalProperties: false,
          properties: {
            username: nameSchema('Unique in any letter case; stored trimmed, in the letter case given.'),
            password: passwordSchema,
            first_name: nameSchema('Stored trimmed.'),
            last_name: nameSchema('Stored trimmed.'),
            classroom_name: {
              type: ['string', 'null'],
              maxLength: MAX_NAME_LENGTH,
              description: 'Optional; absent, null or blank are stored as null.',
            },
          },
        },
        response: { 201: tokenPairSchema, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const classroomName = body.classroom_name?.trim() ?? '';
      const passwordHash = await passwords.hash(body.password);
      let user: User;
      try {
        // One transaction: a student never exists without their welcome messages.
        user = await db.transaction(async (tx) => {
          const created = await createUser(tx, {
            username: body.username.trim(),
            passwordHash,
            firstName: body.first_name.trim(),
            lastName: body.last_name.trim(),
            classroomName: classroomName === '' ? null : classroomName,
          });
          await deliverWelcomeMessages(tx, created.id, created.createdAt, welcomeMessages);
          return created;
        });
      } catch (error) {
        if (error instanceof UsernameTakenError) throw new ApiError('username_taken');
        throw error;
      }
      return reply.code(201).send(await tokens.issuePair(user.id));
    },
  );

  app.get(
    '/api/student/profile/',
    {
      onRequest: authenticate,
      schema: {
        // The signed-in student.
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
            },
          },
          '4xx': errorResponse,
        },
      },
    },
    async (request) => {
      if (request.user === null) throw new ApiError('not_authenticated');
      return toProfile(request.user);
    },
  );
}
