import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SignInProviderSettings } from '../config.ts';
import { auditLog, userIdentities, users } from '../db/schema.ts';
import { startTestIdentityProvider, TEST_SCHOOL_DOMAIN, type TestIdentityProvider } from '../dev/identity-provider.ts';
import { addStaff, logIn, signUpStudent } from '../test/console-people.ts';
import { bearer, createTestApp, createTestDatabase, DATABASE_KINDS, testConfig, type TestDatabase, type TestServer } from '../test/harness.ts';
import { usernameFromEmail } from '../auth/oidc/accounts.ts';
import { safeReturnPath } from '../auth/oidc/sign-ins.ts';

// Signing in through a school's identity provider (docs/decisions/025-school-sign-in.md), against a real
// OpenID provider started here (server/dev/identity-provider.ts): its pages are driven as a browser would,
// and every refusal leaves the accounts as they were.

const PUBLIC_URL = 'http://helix.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/callback`;
const CLIENT_ID = 'helix';
const CLIENT_SECRET = 'helix-test-client-secret';
const METRICS_TOKEN = 'metrics-token-for-oidc-tests';

describe('safe return paths and usernames', () => {
  it('keeps a path on this site and refuses anything that could leave it', () => {
    expect(safeReturnPath('/sections/day-1?x=1')).toBe('/sections/day-1?x=1');
    for (const leaving of ['//evil.example/', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', 'sections', '/%0a//x\u0000']) {
      expect(safeReturnPath(leaving), leaving).toBeNull();
    }
  });

  it('derives a plain username from an email', () => {
    expect(usernameFromEmail('Ana.García@lincoln.example')).toBe('ana.garcia');
    expect(usernameFromEmail('ünïcode+tag@x.example')).toBe('unicodetag');
    expect(usernameFromEmail('...@x.example')).toBe('student');
  });
});

/** A browser's cookies for one host: enough for the provider's interaction cookies. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(setCookies: readonly string[]): void {
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** What a tampering test does to the provider's token response: the ID token's claims changed, re-signed with the provider's key. */
type Tamper = ((claims: Record<string, unknown>) => Record<string, unknown>) | null;

describe.each(DATABASE_KINDS)('school sign-in through OpenID Connect (%s)', (kind) => {
  let idp: TestIdentityProvider;
  let database: TestDatabase;
  let app: FastifyInstance;
  let errors: string[];
  let tamper: Tamper = null;
  const server = {} as TestServer;

  beforeAll(async () => {
    idp = await startTestIdentityProvider({ port: 0, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: [CALLBACK] });
    database = await createTestDatabase(kind);
    const provider: SignInProviderSettings = { id: 'oidc', issuer: idp.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, label: 'Lincoln', allowedDomains: [TEST_SCHOOL_DOMAIN] };
    const built = await createTestApp(database, {
      config: testConfig({ dataDir: database.dataDir, publicUrl: PUBLIC_URL, signInProviders: [provider], metricsToken: METRICS_TOKEN }),
      signInProviderOptions: {
        // The provider's token answers pass through here, so a test can hand Helix a token signed right but wrong in one claim.
        fetch: async (url, init) => {
          const response = await fetch(url, init as RequestInit);
          if (tamper === null || !String(url).endsWith('/token')) return response;
          const body = (await response.json()) as Record<string, unknown>;
          const claims = decodeJwt(String(body.id_token));
          return Response.json({ ...body, id_token: await idp.signIdToken(tamper(claims)) }, { status: response.status });
        },
      },
    });
    app = built.app;
    errors = built.serverErrors;
    Object.assign(server, { app, database, errors });
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    await idp?.close();
  });
  beforeEach(() => {
    tamper = null;
  });

  const db = () => database.database.db;
  const counts = async () => ({
    users: (await db().select({ n: count() }).from(users))[0]!.n,
    identities: (await db().select({ n: count() }).from(userIdentities))[0]!.n,
  });

  /** Opens the sign-in button's link: Helix's answer (303 to the provider) and the cookie it set. */
  async function start(query = '') {
    const response = await app.inject({ url: `/api/auth/oidc/oidc/start${query}` });
    const cookie = (response.headers['set-cookie'] as string | undefined)?.split(';')[0] ?? '';
    return { response, location: String(response.headers.location), cookie };
  }

  /**
   * At the provider, as a browser: follows its redirects, types `login` and any password on its sign-in
   * page, and stops at the redirect back to Helix.
   *
   * @returns the callback's path and query, as the browser would request it from Helix
   */
  async function atProvider(authorizationUrl: string, login: string): Promise<string> {
    const jar = new CookieJar();
    let url = authorizationUrl;
    let form: URLSearchParams | null = null;
    for (let step = 0; step < 12; step += 1) {
      const response = await fetch(url, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body: form ?? undefined,
      });
      jar.store(response.headers.getSetCookie());
      form = null;
      const next = response.headers.get('location');
      if (next !== null) {
        const target = new URL(next, url);
        if (target.href.startsWith(CALLBACK)) return `${target.pathname}${target.search}`;
        url = target.href;
        continue;
      }
      const page = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      if (action === undefined) throw new Error(`the provider's page has no form: ${page.slice(0, 300)}`);
      url = new URL(action.replaceAll('&amp;', '&'), url).href;
      form = new URLSearchParams({ prompt: 'login', login, password: 'any password' });
    }
    throw new Error('the provider never sent the browser back');
  }

  async function callback(path: string, cookie: string) {
    const response = await app.inject({ url: path, headers: cookie ? { cookie } : {} });
    expect(response.statusCode).toBe(303);
    return String(response.headers.location);
  }

  /** The whole sign-in: button, provider, callback; the page's address Helix sends the browser to. */
  async function signInThrough(login: string, query = '') {
    const started = await start(query);
    expect(started.response.statusCode).toBe(303);
    return callback(await atProvider(started.location, login), started.cookie);
  }

  async function redeem(location: string) {
    const handoff = /#handoff=([\w-]+)$/.exec(location)?.[1];
    expect(handoff, location).toBeDefined();
    const response = await app.inject({ method: 'POST', url: '/api/auth/oidc/session/', payload: { handoff } });
    expect(response.statusCode).toBe(200);
    return response.json<{ access: string; refresh: string; return_to: string; provider: { label: string; sign_out_url: string | null } }>();
  }

  const profile = async (access: string) =>
    (await app.inject({ url: '/api/student/profile/', headers: bearer(access) })).json<{ id: number; username: string; first_name: string; last_name: string; classroom_name: string | null; role: string; has_password: boolean }>();

  it('lists the provider for the sign-in page, and sends the button to the provider with PKCE, state, nonce and only the basic scopes', async () => {
    const listed = await app.inject({ url: '/api/auth/providers/' });
    expect(listed.json()).toEqual({ providers: [{ id: 'oidc', label: 'Lincoln', start_url: '/api/auth/oidc/oidc/start' }] });
    const { response, location, cookie } = await start();
    expect(response.statusCode).toBe(303);
    const sent = new URL(location);
    expect(sent.origin).toBe(idp.issuer);
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      prompt: 'login',
    });
    expect(sent.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(sent.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(response.headers['set-cookie']).toMatch(/HttpOnly/i);
    expect(response.headers['set-cookie']).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/^helix_sign_in=/);
  });

  it('makes a student with no password at the first sign-in, into the class of the join link, and finds them again by sub', async () => {
    const rivera = await addStaff(server, 'rivera', 'facilitator', 'Rivera');
    const classId = (await app.inject({ method: 'POST', url: '/api/facilitator/classes/', headers: bearer(rivera.access), payload: { name: 'Bio 10A' } })).json<{ id: number }>().id;
    const code = (await app.inject({ method: 'POST', url: `/api/facilitator/classes/${classId}/join-link/`, headers: bearer(rivera.access) })).json<{ join_code: string }>().join_code;

    const location = await signInThrough('ana', `?join=${code.toLowerCase()}&return_to=/sections/day-1`);
    expect(location).toMatch(/^\/login\/return#handoff=/);
    const session = await redeem(location);
    expect(session.return_to).toBe('/sections/day-1');
    expect(session.provider).toEqual({ id: 'oidc', label: 'Lincoln', sign_out_url: expect.stringContaining(idp.issuer) });
    const ana = await profile(session.access);
    expect(ana).toMatchObject({ username: 'ana.garcia', first_name: 'Ana', last_name: 'García', classroom_name: 'Bio 10A', role: 'student', has_password: false });
    // The refresh token is a login's like any other.
    expect((await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: session.refresh } })).statusCode).toBe(200);
    // No password: the username and password sign-in refuses every password for the account.
    expect((await app.inject({ method: 'POST', url: '/api/token/', payload: { username: 'ana.garcia', password: '' } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/token/', payload: { username: 'ana.garcia', password: 'any password' } })).statusCode).toBe(401);
    // The teacher sees her on the class's roster.
    const progress = (await app.inject({ url: `/api/facilitator/classes/${classId}/progress/`, headers: bearer(rivera.access) })).json<{ students: { username: string }[] }>();
    expect(progress.students.map(({ username }) => username)).toContain('ana.garcia');

    const before = await counts();
    const again = await redeem(await signInThrough('ana'));
    expect((await profile(again.access)).id).toBe(ana.id);
    expect(await counts()).toEqual(before);
    const audit = await db().select().from(auditLog).where(eq(auditLog.studentId, ana.id));
    expect(audit.map((row) => row.action)).toEqual(['sign_in_provider', 'sign_in_provider']);
  });

  it('never finds an account by email alone: another sub with the same email is another account', async () => {
    tamper = (claims) => ({ ...claims, sub: 'another-subject' });
    const other = await profile((await redeem(await signInThrough('ana'))).access);
    expect(other.username).toBe('ana.garcia2');
  });

  it('links a provider to a password account from the profile, signs in to it through the provider, and unlinks it while the password remains', async () => {
    const student = await signUpStudent(app, 'benji', null);
    const linkStart = await app.inject({ method: 'POST', url: '/api/auth/oidc/oidc/link/', headers: bearer(student.access), payload: {} });
    expect(linkStart.statusCode).toBe(200);
    const cookie = String(linkStart.headers['set-cookie']).split(';')[0]!;
    const location = await callback(await atProvider(linkStart.json<{ url: string }>().url, 'ben'), cookie);
    expect(location).toBe('/login/return?linked=oidc&to=%2Fstudent_profile');
    const linked = (await app.inject({ url: '/api/account/identities/', headers: bearer(student.access) })).json<{ has_password: boolean; identities: { id: number; email: string }[] }>();
    expect(linked).toMatchObject({ has_password: true, identities: [{ email: 'ben.okafor@lincoln.example' }] });

    // Signing in through the provider now opens the password account: nothing new is made.
    const before = await counts();
    expect((await profile((await redeem(await signInThrough('ben'))).access)).id).toBe(student.id);
    expect(await counts()).toEqual(before);

    // Another account cannot take the same provider account.
    const other = await signUpStudent(app, 'copycat', null);
    const taken = await app.inject({ method: 'POST', url: '/api/auth/oidc/oidc/link/', headers: bearer(other.access), payload: {} });
    expect(await callback(await atProvider(taken.json<{ url: string }>().url, 'ben'), String(taken.headers['set-cookie']).split(';')[0]!)).toBe('/login/return?problem=identity_taken');

    const unlinked = await app.inject({ method: 'DELETE', url: `/api/account/identities/${linked.identities[0]!.id}/`, headers: bearer(student.access) });
    expect(unlinked.statusCode).toBe(204);
    expect((await db().select().from(auditLog).where(eq(auditLog.studentId, student.id))).map((row) => row.action)).toEqual(['link_provider', 'sign_in_provider', 'unlink_provider']);
    // The password still signs in.
    expect((await logIn(app, 'benji')).access).toBeTruthy();
  });

  it('refuses to unlink the only way an account signs in', async () => {
    const ana = (await redeem(await signInThrough('ana'))).access;
    const [identity] = (await app.inject({ url: '/api/account/identities/', headers: bearer(ana) })).json<{ has_password: boolean; identities: { id: number }[] }>().identities;
    const refused = await app.inject({ method: 'DELETE', url: `/api/account/identities/${identity!.id}/`, headers: bearer(ana) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'last_sign_in_method' });
  });

  it('lets a facilitator link the provider and sign in with it, and never makes staff', async () => {
    const okafor = await addStaff(server, 'okafor', 'facilitator', 'Okafor');
    const link = await app.inject({ method: 'POST', url: '/api/auth/oidc/oidc/link/', headers: bearer(okafor.access), payload: { return_to: '/facilitator' } });
    const location = await callback(await atProvider(link.json<{ url: string }>().url, 'okafor.t'), String(link.headers['set-cookie']).split(';')[0]!);
    expect(location).toBe('/login/return?linked=oidc&to=%2Ffacilitator');
    expect((await profile((await redeem(await signInThrough('okafor.t'))).access)).role).toBe('facilitator');
    // A new account through the provider is always a student's.
    expect((await profile((await redeem(await signInThrough('newcomer'))).access)).role).toBe('student');
  });

  it('gives the tokens once: a handoff code used again is refused', async () => {
    const location = await signInThrough('ana');
    await redeem(location);
    const again = await app.inject({ method: 'POST', url: '/api/auth/oidc/session/', payload: { handoff: location.split('#handoff=')[1] } });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'handoff_invalid' });
  });

  describe('refusals: a page that says why, and nothing made or changed', () => {
    /** Runs `attempt` and checks Helix sent the browser to the page of `reason` with no account made or changed. */
    async function refused(reason: string, attempt: () => Promise<string>) {
      const before = await counts();
      const auditBefore = (await db().select({ n: count() }).from(auditLog))[0]!.n;
      expect(await attempt()).toBe(`/login/return?problem=${reason}`);
      expect(await counts()).toEqual(before);
      expect((await db().select({ n: count() }).from(auditLog))[0]!.n).toBe(auditBefore);
    }

    it('a missing or wrong state, or a callback in another browser', async () => {
      const { location, cookie } = await start();
      const back = await atProvider(location, 'zoe');
      const query = new URL(back, PUBLIC_URL).searchParams;
      await refused('state_invalid', () => callback(`/api/auth/oidc/callback?code=${query.get('code')}`, cookie));
      await refused('state_invalid', () => callback(`/api/auth/oidc/callback?code=${query.get('code')}&state=not-the-state`, cookie));
      await refused('state_invalid', () => callback(back, ''));
      await refused('state_invalid', () => callback(back, 'helix_sign_in=another-browsers-cookie-value'));
    });

    it('a replayed callback, and a replayed code under a fresh state', async () => {
      const first = await start();
      const back = await atProvider(first.location, 'yuki');
      expect(await callback(back, first.cookie)).toMatch(/#handoff=/);
      await refused('state_invalid', () => callback(back, first.cookie));
      // The code again, with a state of a new sign-in in the same browser: the provider refuses the spent code.
      const second = await start();
      const state = new URL(second.location).searchParams.get('state')!;
      const code = new URL(back, PUBLIC_URL).searchParams.get('code')!;
      await refused('token_invalid', () => callback(`/api/auth/oidc/callback?code=${code}&state=${state}`, second.cookie));
    });

    it.each([
      ['a wrong nonce', (claims: Record<string, unknown>) => ({ ...claims, nonce: 'another-nonce' })],
      ['another audience', (claims: Record<string, unknown>) => ({ ...claims, aud: 'another-client' })],
      ['another issuer', (claims: Record<string, unknown>) => ({ ...claims, iss: 'https://accounts.other.example' })],
      ['an expired token', (claims: Record<string, unknown>) => ({ ...claims, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 })],
    ])('an ID token with %s', async (_name, change) => {
      tamper = change;
      await refused('token_invalid', () => signInThrough('xavier'));
    });

    it('an email the provider has not verified, and an account of a domain not allowed', async () => {
      await refused('email_unverified', () => signInThrough('cleo'));
      await refused('domain_not_allowed', () => signInThrough('dana'));
    });

    it('a return address that leaves the site, and a closed or unknown join code', async () => {
      await refused('return_to_invalid', async () => (await start('?return_to=//evil.example/')).location);
      await refused('return_to_invalid', async () => (await start(`?return_to=${encodeURIComponent('https://evil.example/')}`)).location);
      await refused('join_code_unknown', async () => (await start('?join=ZZZZZZ')).location);
      // Closed while the student was at the provider.
      const rivera = await logIn(app, 'rivera');
      const classId = (await app.inject({ method: 'POST', url: '/api/facilitator/classes/', headers: bearer(rivera.access), payload: { name: 'Bio 10B' } })).json<{ id: number }>().id;
      const code = (await app.inject({ method: 'POST', url: `/api/facilitator/classes/${classId}/join-link/`, headers: bearer(rivera.access) })).json<{ join_code: string }>().join_code;
      const started = await start(`?join=${code}`);
      const back = await atProvider(started.location, 'walter');
      await app.inject({ method: 'DELETE', url: `/api/facilitator/classes/${classId}/join-link/`, headers: bearer(rivera.access) });
      await refused('join_code_unknown', () => callback(back, started.cookie));
    });

    it("the provider's own refusal (a school that has not allowed the app)", async () => {
      const { location, cookie } = await start();
      const state = new URL(location).searchParams.get('state')!;
      await refused('provider_refused', () => callback(`/api/auth/oidc/callback?error=access_denied&state=${state}`, cookie));
    });

    it('counts each refusal in /metrics by reason', async () => {
      const metrics = (await app.inject({ url: '/metrics', headers: bearer(METRICS_TOKEN) })).body;
      for (const reason of ['state_invalid', 'token_invalid', 'email_unverified', 'domain_not_allowed', 'return_to_invalid', 'join_code_unknown', 'provider_refused']) {
        expect(metrics).toMatch(new RegExp(`helix_login_failures_total\\{reason="${reason}"\\} [1-9]`));
      }
    });
  });

  it('answered no request with a server error', () => {
    expect(errors).toEqual([]);
  });
});
