/**
 * Sign-in and token refresh (spec section 7): `POST /api/token/`, `POST /api/token/refresh/`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { TokenService } from '../auth/tokens.ts';
import { findUserById, findUserByUsername } from '../auth/users.ts';
import type { Database } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { errorResponse, MAX_NAME_LENGTH, passwordSchema, tokenPairSchema } from './schemas.ts';

/** Sign-in attempts allowed per (IP, username) per window. */
export interface LoginRateLimit {
  max: number;
  timeWindowMs: number;
}

/**
 * 10 sign-in attempts per minute per IP and username. Keyed on both because a whole class signs in
 * from one school IP: a limit per IP alone would lock the class out.
 */
export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimit = { max: 10, timeWindowMs: 60_000 };

export interface TokenRoutesOptions {
  db: Database;
  tokens: TokenService;
  passwords: PasswordHasher;
  loginRateLimit: LoginRateLimit;
}

interface LoginBody {
  username: string;
  password: string;
}

interface RefreshBody {
  refresh: string;
}

/** The rate-limit key of a sign-in attempt: client IP and the lower-cased, trimmed username. */
function loginAttemptKey(request: FastifyRequest): string {
  const body = request.body as Partial<LoginBody> | undefined;
  const username = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
  return `${request.ip}\n${username}`;
}

/** Registers the token routes (a Fastify plugin; register with no prefix). */
export async function tokenRoutes(app: FastifyInstance, options: TokenRoutesOptions): Promise<void> {
  const { db, tokens, passwords, loginRateLimit } = options;

  app.post<{ Body: LoginBody }>(
    '/api/token/',
    {
      schema: {
        // Sign in: exchange a username and password for an access and a refresh token.
        body: {
          type: 'object',
          required: ['username', 'password'],
          additionalProperties: false,
          properties: {
            username: { type: 'string', minLength: 1, maxLength: MAX_NAME_LENGTH, description: 'Any letter case; surrounding spaces are ignored.' },
            password: passwordSchema,
          },
        },
        response: { 200: tokenPairSchema, '4xx': errorResponse },
      },
      config: {
        rateLimit: {
          max: loginRateLimit.max,
          timeWindow: loginRateLimit.timeWindowMs,
          // preHandler, not onRequest: the key needs the parsed body's username.
          hook: 'preHandler',
          keyGenerator: loginAttemptKey,
          errorResponseBuilder: (_request, context) =>
            new ApiError('rate_limited', `Too many sign-in attempts for this username. Try again in ${context.after}.`),
        },
      },
    },
    async (request) => {
      const user = await findUserByUsername(db, request.body.username.trim());
      // Verify even when the user does not exist (against a dummy hash) so timing reveals nothing.
      const valid = await passwords.verify(user?.passwordHash ?? null, request.body.password);
      if (user === null || !valid) throw new ApiError('invalid_credentials');
      return tokens.issuePair(user.id);
    },
  );

  app.post<{ Body: RefreshBody }>(
    '/api/token/refresh/',
    {
      schema: {
        // Exchange a refresh token for a new access token.
        body: {
          type: 'object',
          required: ['refresh'],
          additionalProperties: false,
          properties: { refresh: { type: 'string', minLength: 1, maxLength: 4096, description: 'A refresh token from sign-in or sign-up.' } },
        },
        response: {
          200: {
            type: 'object',
            required: ['access'],
            properties: { access: { type: 'string', description: 'A new access token (5 minutes).' } },
          },
          '4xx': errorResponse,
        },
      },
    },
    async (request) => {
      const userId = await tokens.verify(request.body.refresh, 'refresh');
      if (userId === null) throw new ApiError('invalid_token');
      if ((await findUserById(db, userId)) === null) throw new ApiError('invalid_token', 'The account for this token no longer exists.');
      return { access: await tokens.issue(userId, 'access') };
    },
  );
}
