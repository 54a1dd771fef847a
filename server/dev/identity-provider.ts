/**
 * A real OpenID Connect provider (oidc-provider) for tests, the end-to-end tests and `npm run dev`:
 * nothing in a test reaches Google (docs/decisions/025-school-sign-in.md). Its sign-in page is
 * oidc-provider's own development page: any login with any password. A login in {@link TEST_ACCOUNTS}
 * signs in as that account; any other login as a verified account of `lincoln.example` named after it.
 * Every ID token carries `hd`, as Google's do for a school's accounts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/** The school domain of the test accounts (`hd`), which a test deployment allows (OIDC_ALLOWED_DOMAINS). */
export const TEST_SCHOOL_DOMAIN = 'lincoln.example';

/** The claims of one test account; `sub` is the login typed on the provider's page. */
export interface TestAccountClaims {
  email: string;
  email_verified: boolean;
  hd?: string;
  given_name: string;
  family_name: string;
}

/** Test accounts by the login typed on the provider's page. */
export const TEST_ACCOUNTS: Readonly<Record<string, TestAccountClaims>> = {
  ana: { email: 'ana.garcia@lincoln.example', email_verified: true, hd: TEST_SCHOOL_DOMAIN, given_name: 'Ana', family_name: 'García' },
  ben: { email: 'ben.okafor@lincoln.example', email_verified: true, hd: TEST_SCHOOL_DOMAIN, given_name: 'Ben', family_name: 'Okafor' },
  // An account whose email the provider has not verified.
  cleo: { email: 'cleo.ruiz@lincoln.example', email_verified: false, hd: TEST_SCHOOL_DOMAIN, given_name: 'Cleo', family_name: 'Ruiz' },
  // A personal account of another domain: no `hd`.
  dana: { email: 'dana@mail.example', email_verified: true, given_name: 'Dana', family_name: 'Lee' },
};

/** The claims of any login: a test account's, or a verified school account named after the login. */
export function claimsOfLogin(login: string): TestAccountClaims {
  const known = TEST_ACCOUNTS[login];
  if (known !== undefined) return known;
  const name = login.replace(/[^\p{L}\p{N}.]/gu, '') || 'student';
  return { email: `${name}@${TEST_SCHOOL_DOMAIN}`, email_verified: true, hd: TEST_SCHOOL_DOMAIN, given_name: name, family_name: 'Test' };
}

export interface TestIdentityProviderOptions {
  /** The port to listen on, on 127.0.0.1; 0 picks a free one. */
  port: number;
  clientId: string;
  clientSecret: string;
  /** Where it may send students back: Helix's `PUBLIC_URL + /api/auth/oidc/callback`. */
  redirectUris: readonly string[];
}

export interface TestIdentityProvider {
  /** Its issuer identifier, e.g. `http://127.0.0.1:3190`: OIDC_ISSUER. */
  issuer: string;
  /**
   * An ID token signed with the provider's own key, as its token endpoint would sign one: for tests
   * that hand Helix a token with a wrong audience, issuer, nonce or expiry.
   */
  signIdToken(claims: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts the provider on 127.0.0.1.
 *
 * @example
 * const idp = await startTestIdentityProvider({ port: 0, clientId: 'helix', clientSecret: 'secret', redirectUris: ['http://127.0.0.1:3000/api/auth/oidc/callback'] });
 */
export async function startTestIdentityProvider(options: TestIdentityProviderOptions): Promise<TestIdentityProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'helix-test', alg: 'RS256', use: 'sig' };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [...options.redirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    claims: { openid: ['sub', 'hd'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    // The profile and email claims in the ID token itself, as Google puts them.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['helix-test-identity-provider-cookie-key'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    async findAccount(_context, id) {
      const claims = claimsOfLogin(id);
      return { accountId: id, claims: () => ({ sub: id, name: `${claims.given_name} ${claims.family_name}`, ...claims }) };
    },
    // No consent page: the school has allowed the app, as an administrator does for Workspace accounts.
    async loadExistingGrant(context: KoaContextWithOIDC) {
      const { oidc } = context;
      const clientId = oidc.client?.clientId;
      const accountId = oidc.session?.accountId;
      if (clientId === undefined || accountId === undefined) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());
  const signingKey = await importJWK(jwk, 'RS256');

  return {
    issuer,
    signIdToken: (claims) => new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: jwk.kid }).sign(signingKey),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
