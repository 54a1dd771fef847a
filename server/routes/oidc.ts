/**
 * Signing in through a school's identity provider, OpenID Connect's authorization code flow with PKCE,
 * `state` and `nonce` through openid-client (docs/decisions/025-school-sign-in.md; docs/operations.md#school-sign-in):
 *
 * - `GET /api/auth/providers/`: the configured providers, for the buttons on /login and /join/CODE;
 * - `GET /api/auth/oidc/{provider}/start`: the button's link; sends the browser to the provider;
 * - `POST /api/auth/oidc/{provider}/link/`: the same for a signed-in user linking the provider;
 * - `GET /api/auth/oidc/callback`: where the provider sends the browser back; on to
 *   `/login/return#handoff=…`, or `/login/return?problem=REASON` with nothing created or changed;
 * - `POST /api/auth/oidc/session/`: the page's one-time handoff code for the access and refresh tokens
 *   `POST /api/token/` gives;
 * - `GET` and `DELETE /api/account/identities/`: the providers linked to the signed-in user's account.
 */
import fastifyCookie from '@fastify/cookie';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import * as client from 'openid-client';
import type { SignupLimiter } from '../auth/abuse-limits.ts';
import { ACCOUNT_GONE_DETAIL } from '../auth/authenticate.ts';
import { resolveAccount, SignInRefused, type ProviderClaims, type SignInRefusal } from '../auth/oidc/accounts.ts';
import { SIGN_IN_SCOPES, type SignInProvider } from '../auth/oidc/providers.ts';
import { beginSignIn, handOff, redeemHandoff, safeReturnPath, SIGN_IN_TTL_MS, spendSignIn, type SignInIntent } from '../auth/oidc/sign-ins.ts';
import type { SessionService } from '../auth/sessions.ts';
import type { Database } from '../db/index.ts';
import { userIdentities, users } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { recordAudit } from '../facilitator/audit.ts';
import { classByJoinCode } from '../facilitator/join-codes.ts';
import type { WelcomeMessage } from '../inbox/messages.ts';
import { countSignInRefusal } from '../metrics.ts';
import { positiveIntegerParams } from './id-params.ts';
import { errorResponse, tokenPairSchema } from './schemas.ts';

export interface OidcRoutesOptions {
  db: Database;
  providers: ReadonlyMap<string, SignInProvider>;
  sessions: SessionService;
  signupLimiter: SignupLimiter;
  authenticate: onRequestAsyncHookHandler;
  /** The address students reach Helix at (PUBLIC_URL): the callback is `publicUrl + /api/auth/oidc/callback`. */
  publicUrl: string;
  welcomeMessages: readonly WelcomeMessage[];
  now: () => Date;
}

/** The cookie binding a sign-in to the browser that began it (server/auth/oidc/sign-ins.ts). */
const BROWSER_COOKIE = 'helix_sign_in';
const COOKIE_PATH = '/api/auth/oidc/';
/** The page that finishes a sign-in, or explains a refusal (src/pages/SignInReturnPage.tsx). */
const RETURN_PAGE = '/login/return';

/** A start or callback query parameter: short text. */
const queryText = (description: string) => ({ type: 'string', maxLength: 2048, description }) as const;

const providerParams = {
  type: 'object',
  required: ['provider'],
  properties: { provider: { type: 'string', maxLength: 64, description: "The provider's id from GET /api/auth/providers/, e.g. oidc." } },
} as const;

const redirectReply = { 303: { type: 'null', description: "To the provider's sign-in page, or to /login/return with the reason when refused." } } as const;

/** Registers the sign-in routes of the schools' providers (a Fastify plugin; register with no prefix). */
export async function oidcRoutes(app: FastifyInstance, options: OidcRoutesOptions): Promise<void> {
  const { db, providers, sessions, authenticate, now } = options;
  const callbackUrl = `${options.publicUrl}/api/auth/oidc/callback`;
  await app.register(fastifyCookie);

  /** Sends the browser to `/login/return?problem=REASON`, counting the refusal. */
  const refuse = (request: FastifyRequest, reply: FastifyReply, reason: SignInRefusal) => {
    countSignInRefusal(request, reason);
    request.log.info({ reason }, 'sign-in through a provider refused');
    return reply.redirect(`${RETURN_PAGE}?problem=${reason}`, 303);
  };

  /** Records the sign-in, sets the browser's cookie, and answers the provider's authorization URL. */
  const authorizationUrl = async (request: FastifyRequest, reply: FastifyReply, provider: SignInProvider, intent: SignInIntent): Promise<URL> => {
    const configuration = await provider.configuration().catch((error: unknown) => {
      request.log.warn({ err: error, issuer: provider.settings.issuer }, 'identity provider unreachable');
      throw new SignInRefused('provider_unavailable');
    });
    const begun = await beginSignIn(db, intent, request.cookies[BROWSER_COOKIE], now());
    void reply.setCookie(BROWSER_COOKIE, begun.browserSecret, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: SIGN_IN_TTL_MS / 1000,
    });
    return client.buildAuthorizationUrl(configuration, {
      redirect_uri: callbackUrl,
      scope: SIGN_IN_SCOPES,
      state: begun.state,
      nonce: begun.nonce,
      code_challenge: begun.codeChallenge,
      code_challenge_method: 'S256',
      prompt: provider.prompt,
    });
  };

  app.get(
    '/api/auth/providers/',
    {
      schema: {
        summary: "The schools' identity providers students may sign in with (Helix's addition)",
        security: [],
        response: {
          200: {
            type: 'object',
            required: ['providers'],
            properties: {
              providers: {
                type: 'array',
                description: 'Empty when the deployment configured none (OIDC_ISSUER unset).',
                items: {
                  type: 'object',
                  required: ['id', 'label', 'start_url'],
                  properties: {
                    id: { type: 'string' },
                    label: { type: 'string', description: 'The name students know it by, e.g. Google: the button reads "Sign in with Google".' },
                    start_url: { type: 'string', description: 'The link the button opens; add ?return_to=/path and &join=CODE as needed.' },
                  },
                },
              },
            },
          },
        },
      },
    },
    async () => ({
      providers: [...providers.values()].map(({ settings }) => ({ id: settings.id, label: settings.label, start_url: `/api/auth/oidc/${settings.id}/start` })),
    }),
  );

  app.get<{ Params: { provider: string }; Querystring: { return_to?: string; join?: string } }>(
    '/api/auth/oidc/:provider/start',
    {
      config: { outcomeMetric: 'provider_sign_in' },
      schema: {
        summary: "Sign in through a school's identity provider: the button's link (Helix's addition)",
        security: [],
        params: providerParams,
        querystring: {
          type: 'object',
          properties: {
            return_to: queryText('A path on this site to open after signing in, e.g. /sections/day-1; default /.'),
            join: queryText("A class's join code: the student joins that class."),
          },
        },
        response: redirectReply,
      },
    },
    async (request, reply) => {
      try {
        const provider = providers.get(request.params.provider);
        if (provider === undefined) throw new SignInRefused('provider_unknown');
        const returnTo = request.query.return_to === undefined ? '/' : safeReturnPath(request.query.return_to);
        if (returnTo === null) throw new SignInRefused('return_to_invalid');
        let joinCode: string | null = null;
        if (request.query.join !== undefined) {
          const joined = await classByJoinCode(db, request.query.join);
          if (joined === null) throw new SignInRefused('join_code_unknown');
          joinCode = joined.joinCode;
        }
        const url = await authorizationUrl(request, reply, provider, { provider: provider.settings.id, returnTo, joinCode, linkUserId: null });
        return await reply.redirect(url.href, 303);
      } catch (error) {
        if (error instanceof SignInRefused) return refuse(request, reply, error.reason);
        throw error;
      }
    },
  );

  app.post<{ Params: { provider: string }; Body: { return_to?: string } }>(
    '/api/auth/oidc/:provider/link/',
    {
      onRequest: authenticate,
      schema: {
        summary: "Link a school's identity provider to the signed-in account: the address to send the browser to (Helix's addition)",
        params: providerParams,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { return_to: { type: 'string', maxLength: 512, description: 'A path on this site to come back to; default /student_profile.' } },
        },
        response: {
          200: { type: 'object', required: ['url'], properties: { url: { type: 'string', description: "The provider's sign-in page: open it in this browser (it sets a cookie this browser must carry back)." } } },
          '4xx': errorResponse,
          503: errorResponse,
        },
      },
    },
    async (request, reply) => {
      if (request.user === null) throw new HttpError('not_authenticated');
      const provider = providers.get(request.params.provider);
      if (provider === undefined) throw new HttpError('not_found', 'No identity provider has this id.');
      const returnTo = safeReturnPath(request.body.return_to ?? '/student_profile');
      if (returnTo === null) throw new HttpError('invalid_request', 'body/return_to must be a path on this site, e.g. /student_profile');
      try {
        const url = await authorizationUrl(request, reply, provider, { provider: provider.settings.id, returnTo, joinCode: null, linkUserId: request.user.id });
        return { url: url.href };
      } catch (error) {
        if (error instanceof SignInRefused) throw new HttpError('provider_unavailable');
        throw error;
      }
    },
  );

  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/api/auth/oidc/callback',
    {
      config: { outcomeMetric: 'provider_sign_in' },
      schema: {
        summary: "Where a school's identity provider sends the browser back (Helix's addition; the redirect URI to register)",
        security: [],
        querystring: {
          type: 'object',
          properties: {
            code: queryText('The authorization code.'),
            state: queryText('The state Helix sent.'),
            error: queryText("The provider's refusal, e.g. access_denied."),
          },
        },
        response: redirectReply,
      },
    },
    async (request, reply) => {
      try {
        const { state } = request.query;
        const signIn = state === undefined ? null : await spendSignIn(db, state, request.cookies[BROWSER_COOKIE], now());
        if (signIn === null || state === undefined) throw new SignInRefused('state_invalid');
        const provider = providers.get(signIn.provider);
        if (provider === undefined) throw new SignInRefused('provider_unknown');
        if (request.query.error !== undefined) throw new SignInRefused('provider_refused', request.query.error);
        const configuration = await provider.configuration().catch(() => {
          throw new SignInRefused('provider_unavailable');
        });
        const claims = await verifiedClaims(configuration, new URL(request.url, callbackUrl), { state, codeVerifier: signIn.codeVerifier, nonce: signIn.nonce }, request);
        const joinClass = signIn.joinCode === null ? null : await classByJoinCode(db, signIn.joinCode);
        if (signIn.joinCode !== null && joinClass === null) throw new SignInRefused('join_code_unknown');
        const { userId } = await resolveAccount(db, {
          provider: provider.settings.id,
          issuer: configuration.serverMetadata().issuer,
          claims,
          allowedDomains: provider.settings.allowedDomains,
          joinClass,
          linkUserId: signIn.linkUserId,
          signupLimiter: options.signupLimiter,
          address: request.ip,
          welcomeMessages: options.welcomeMessages,
          now: now(),
        });
        if (signIn.linkUserId !== null) return await reply.redirect(`${RETURN_PAGE}?linked=${encodeURIComponent(provider.settings.id)}&to=${encodeURIComponent(signIn.returnTo)}`, 303);
        const handoff = await handOff(db, signIn.stateHash, userId, now());
        return await reply.redirect(`${RETURN_PAGE}#handoff=${handoff}`, 303);
      } catch (error) {
        if (error instanceof SignInRefused) return refuse(request, reply, error.reason);
        throw error;
      }
    },
  );

  app.post<{ Body: { handoff: string } }>(
    '/api/auth/oidc/session/',
    {
      schema: {
        summary: "Finish a sign-in through a school's identity provider: its one-time code for the tokens (Helix's addition)",
        security: [],
        body: {
          type: 'object',
          required: ['handoff'],
          additionalProperties: false,
          properties: { handoff: { type: 'string', minLength: 1, maxLength: 128, description: 'The code in /login/return#handoff=…; good once, for 2 minutes.' } },
        },
        response: {
          200: {
            type: 'object',
            required: [...tokenPairSchema.required, 'return_to', 'provider'],
            properties: {
              ...tokenPairSchema.properties,
              return_to: { type: 'string', description: 'The path on this site to open now.' },
              provider: {
                type: 'object',
                required: ['id', 'label', 'sign_out_url'],
                properties: {
                  id: { type: 'string' },
                  label: { type: 'string' },
                  sign_out_url: { type: ['string', 'null'], description: "Where the student signs out of the provider on a shared device; null when it publishes no such page." },
                },
              },
            },
          },
          '4xx': errorResponse,
        },
      },
    },
    async (request) => {
      const redeemed = await redeemHandoff(db, request.body.handoff, now());
      if (redeemed === null) throw new HttpError('handoff_invalid');
      const provider = providers.get(redeemed.provider);
      const tokens = await sessions.start(redeemed.userId);
      return {
        ...tokens,
        return_to: redeemed.returnTo,
        provider: { id: redeemed.provider, label: provider?.settings.label ?? redeemed.provider, sign_out_url: (await provider?.signOutUrl()) ?? null },
      };
    },
  );

  const identitiesReply = {
    type: 'object',
    required: ['has_password', 'identities', 'providers'],
    properties: {
      has_password: { type: 'boolean', description: 'Whether the account also signs in with a username and password; unlinking the last provider needs one.' },
      identities: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'provider', 'label', 'email', 'linked_at'],
          properties: {
            id: { type: 'integer' },
            provider: { type: 'string' },
            label: { type: 'string' },
            email: { type: ['string', 'null'], description: 'The account at the provider, to recognise it by.' },
            linked_at: { type: 'string', format: 'date-time' },
          },
        },
      },
      providers: {
        type: 'array',
        description: 'The configured providers, linked or not (ids and labels).',
        items: { type: 'object', required: ['id', 'label'], properties: { id: { type: 'string' }, label: { type: 'string' } } },
      },
    },
  } as const;

  const listIdentities = async (userId: number) => {
    const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
    if (user === undefined) throw new HttpError('invalid_token', ACCOUNT_GONE_DETAIL);
    const rows = await db.select().from(userIdentities).where(eq(userIdentities.userId, userId)).orderBy(userIdentities.id);
    return {
      has_password: user.passwordHash !== null,
      identities: rows.map((row) => ({
        id: row.id,
        provider: row.provider,
        label: providers.get(row.provider)?.settings.label ?? row.provider,
        email: row.email,
        linked_at: row.createdAt.toISOString(),
      })),
      providers: [...providers.values()].map(({ settings }) => ({ id: settings.id, label: settings.label })),
    };
  };

  app.get(
    '/api/account/identities/',
    {
      onRequest: authenticate,
      schema: { summary: "The schools' identity providers linked to the signed-in account (Helix's addition)", response: { 200: identitiesReply, '4xx': errorResponse } },
    },
    async (request) => {
      if (request.user === null) throw new HttpError('not_authenticated');
      return listIdentities(request.user.id);
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/account/identities/:id/',
    {
      onRequest: authenticate,
      schema: {
        summary: "Unlink a school's identity provider from the signed-in account, while a password remains (Helix's addition)",
        params: positiveIntegerParams('id', "The linked provider's id from GET /api/account/identities/."),
        response: { 204: { type: 'null', description: 'Unlinked.' }, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      if (request.user === null) throw new HttpError('not_authenticated');
      const userId = request.user.id;
      const listed = await listIdentities(userId);
      const identity = listed.identities.find((each) => each.id === request.params.id);
      if (identity === undefined) throw new HttpError('not_found', 'No provider with this id is linked to this account.');
      if (!listed.has_password && listed.identities.length === 1) throw new HttpError('last_sign_in_method');
      await db.delete(userIdentities).where(and(eq(userIdentities.id, identity.id), eq(userIdentities.userId, userId)));
      const [user] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
      if (user !== undefined) await recordAudit(db, user, [{ action: 'unlink_provider', student: user }]);
      return reply.code(204).send();
    },
  );
}

/**
 * The provider's answer exchanged for an ID token and checked by openid-client: state, PKCE, the
 * signature, `iss`, `aud`, `exp` and `nonce`.
 *
 * @throws {@link SignInRefused} `token_invalid` for any failed check or refused exchange (a replayed code among them)
 */
async function verifiedClaims(
  configuration: client.Configuration,
  currentUrl: URL,
  checks: { state: string; codeVerifier: string; nonce: string },
  request: FastifyRequest,
): Promise<ProviderClaims> {
  try {
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (claims === undefined) throw new Error('no ID token');
    return claims as ProviderClaims;
  } catch (error) {
    request.log.info({ err: error }, 'ID token or code exchange refused');
    throw new SignInRefused('token_invalid');
  }
}
