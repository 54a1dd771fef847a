/**
 * Sign-in, token refresh and logout (docs/requirements.md#api-calls; docs/security.md#sessions-and-tokens
 * and docs/security.md#abuse-limits): `POST /api/token/`, `POST /api/token/refresh/`,
 * `POST /api/token/logout/`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { replyRateLimited, type LoginLimiter } from '../auth/abuse-limits.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { SessionService } from '../auth/sessions.ts';
import type { TokenService } from '../auth/tokens.ts';
import { findUserByUsername } from '../auth/users.ts';
import type { Database } from '../db/index.ts';
import { HttpError } from '../errors.ts';
import { errorReplies, noContent } from './console/schemas.ts';
import { errorResponse, MAX_NAME_LENGTH, passwordSchema, tokenPairSchema } from './schemas.ts';

export interface TokenRoutesOptions {
  db: Database;
  tokens: TokenService;
  sessions: SessionService;
  passwords: PasswordHasher;
  loginLimiter: LoginLimiter;
}

interface LoginBody {
  username: string;
  password: string;
}

interface RefreshBody {
  refresh: string;
  rotate?: boolean;
}

/** Longest token accepted in a body, in characters; ours are about 250. */
const MAX_TOKEN_LENGTH = 4096;

/** Registers the token routes (a Fastify plugin; register with no prefix). */
export async function tokenRoutes(app: FastifyInstance, options: TokenRoutesOptions): Promise<void> {
  const { db, tokens, sessions, passwords, loginLimiter } = options;

  app.post<{ Body: LoginBody }>(
    '/api/token/',
    {
      // /metrics counts every response but 200 as a login failure, by its error code (server/metrics.ts).
      config: { outcomeMetric: 'login' },
      schema: {
        summary: 'Sign in: a username and password for an access and a refresh token',
        security: [],
        // Sign in: exchange a username and password for an access and a refresh token.
        body: {
          type: 'object',
          required: ['username', 'password'],
          additionalProperties: false,
          properties: {
            username: {
              type: 'string',
              minLength: 1,
              maxLength: MAX_NAME_LENGTH,
              description: 'Any letter case and Unicode compatibility form (NFKC); surrounding spaces are ignored.',
            },
            password: passwordSchema,
          },
        },
        response: { 200: tokenPairSchema, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      try {
        // Counted against the account before the password is checked, so parallel guesses cannot slip
        // through; against the address only once it has failed.
        const attempt = await loginLimiter.begin(request.ip, username);
        const user = await findUserByUsername(db, username);
        // Verify even when the user does not exist (against a dummy hash) so timing reveals nothing.
        const valid = await passwords.verify(user?.passwordHash ?? null, password);
        if (user === null || !valid) {
          await attempt.failed();
          throw new HttpError('invalid_credentials');
        }
        await attempt.succeeded();
        return await sessions.start(user.id);
      } catch (error) {
        return replyRateLimited(reply, error);
      }
    },
  );

  app.post<{ Body: RefreshBody }>(
    '/api/token/refresh/',
    {
      schema: {
        summary: 'A new access token for a refresh token (plain, or rotating with "rotate": true)',
        security: [],
        // A new access token for a refresh token (docs/security.md, "Sessions and tokens"). Plain: the
        // refresh token stays the login's until it expires or the login ends. With "rotate": true, the
        // token sent is spent and the next one is answered; a spent token presented again ends the login,
        // except within 60 s of its rotation.
        body: {
          type: 'object',
          required: ['refresh'],
          additionalProperties: false,
          properties: {
            refresh: { type: 'string', minLength: 1, maxLength: MAX_TOKEN_LENGTH, description: 'The current refresh token of the login.' },
            rotate: {
              type: 'boolean',
              default: false,
              description: 'true: spend the refresh token sent and answer the next one, which the client must store in its place (rotation with reuse detection).',
            },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['access'],
            properties: {
              access: { type: 'string', description: 'A new access token (5 minutes).' },
              refresh: { type: 'string', description: 'Only with "rotate": true. The next refresh token: store it in place of the one sent, which is now spent.' },
            },
          },
          '4xx': errorResponse,
        },
      },
    },
    async (request) => sessions.refresh(request.body.refresh, { rotate: request.body.rotate === true }),
  );

  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/token/logout/',
    {
      schema: {
        summary: 'Log out: end the login on the server',
        security: [],
        // End the current login on the server: its refresh tokens stop working at once; its access tokens
        // expire within 5 minutes. Idempotent: 204 also for a login that has ended already.
        body: Type.Object(
          {
            refresh: Type.Optional(
              Type.String({ minLength: 1, maxLength: MAX_TOKEN_LENGTH, description: "A refresh token of the login to end (any of the login's, even expired)." }),
            ),
          },
          { additionalProperties: false, description: 'The login to end: this refresh token, or else the access token sent as a bearer credential.' },
        ),
        response: {
          204: noContent('The login has ended (or had already): its refresh tokens are refused from now on.'),
          ...errorReplies,
        },
      },
    },
    async (request, reply) => {
      // A request without a body never gets here: Fastify checks a missing body as null, which the schema refuses (400).
      const { refresh } = request.body;
      let familyId: string | null = null;
      if (refresh !== undefined) familyId = (await tokens.verifyRefresh(refresh, { ignoreExpiry: true }))?.familyId ?? null;
      const header = request.headers.authorization;
      if (familyId === null && header !== undefined) {
        const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
        if (bearer !== undefined) familyId = (await tokens.verifyAccess(bearer))?.familyId ?? null;
      }
      if (familyId === null) {
        if (refresh === undefined && header === undefined) throw new HttpError('not_authenticated', 'Send the refresh token of the login to end, or its access token as a bearer credential.');
        throw new HttpError('invalid_token');
      }
      await sessions.revoke(familyId, 'logout');
      return reply.code(204).send();
    },
  );
}
