/**
 * The schools' identity providers (docs/decisions/025-school-sign-in.md): each one's OpenID Connect
 * configuration, discovered from its issuer through openid-client when a student first needs it and
 * kept, and what Helix tells students about it (its label and where to sign out of it).
 */
import * as client from 'openid-client';
import { isLoopbackHost, type SignInProviderSettings } from '../../config.ts';

/** Google's issuer, whose accounts carry `hd` (the school's Workspace domain) and offer an account chooser. */
export const GOOGLE_ISSUER = 'https://accounts.google.com';

/**
 * Where a student signs out of their Google account on a shared device: Google publishes no
 * `end_session_endpoint`, and this page ends the browser's Google session.
 */
const GOOGLE_SIGN_OUT_URL = 'https://accounts.google.com/Logout';

/** How long a failed discovery is remembered before the next sign-in tries again, ms (a provider briefly down must not wait for a restart). */
const DISCOVERY_RETRY_MS = 30_000;

/** The scopes asked for, and no more: what Google allows an under-18 account to give a third-party app the school allows. */
export const SIGN_IN_SCOPES = 'openid email profile';

/** One provider a student may sign in with. */
export interface SignInProvider {
  readonly settings: SignInProviderSettings;
  /**
   * Its configuration, from its discovery document (fetched once, then kept).
   *
   * @throws the discovery's error when the provider cannot be reached or answers wrongly (retried at the next call after DISCOVERY_RETRY_MS)
   */
  configuration(): Promise<client.Configuration>;
  /**
   * The `prompt` sent with each sign-in, so that on a shared Chromebook the next student is never
   * signed in silently as the last one: Google's account chooser, and elsewhere the provider's sign-in form.
   */
  readonly prompt: 'select_account' | 'login';
  /** Where a student signs out of this provider on a shared device, or null when it publishes no such page. */
  signOutUrl(): Promise<string | null>;
}

export interface SignInProviderOptions {
  /** `fetch` for every request to the provider; the global one unless given (tests change the provider's answers with it). */
  fetch?: client.CustomFetch;
  /** How long a request to the provider may take, seconds; openid-client's default (30) unless given. */
  timeoutSeconds?: number;
}

/**
 * The configured providers by id. Nothing is fetched until a student needs a provider. An `http://`
 * issuer is allowed only on this machine (a test or a developer's provider, server/dev/identity-provider.ts).
 *
 * @example
 * const providers = createSignInProviders(config.signInProviders ?? []);
 * const google = providers.get('oidc');
 */
export function createSignInProviders(settings: readonly SignInProviderSettings[], options: SignInProviderOptions = {}): ReadonlyMap<string, SignInProvider> {
  return new Map(settings.map((each) => [each.id, createSignInProvider(each, options)]));
}

function createSignInProvider(settings: SignInProviderSettings, options: SignInProviderOptions): SignInProvider {
  let discovered: Promise<client.Configuration> | null = null;
  let failedAt = Number.NEGATIVE_INFINITY;
  const issuer = new URL(settings.issuer);
  const discover = async () => {
    const execute = issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname) ? [client.allowInsecureRequests] : [];
    const configuration = await client.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
      execute,
      ...(options.fetch ? { [client.customFetch]: options.fetch } : {}),
      ...(options.timeoutSeconds === undefined ? {} : { timeout: options.timeoutSeconds }),
    });
    if (options.fetch) configuration[client.customFetch] = options.fetch;
    if (options.timeoutSeconds !== undefined) configuration.timeout = options.timeoutSeconds;
    return configuration;
  };
  const configuration = () => {
    const retry = failedAt !== Number.NEGATIVE_INFINITY && Date.now() - failedAt >= DISCOVERY_RETRY_MS;
    if (discovered === null || retry) {
      failedAt = Number.NEGATIVE_INFINITY;
      discovered = discover().catch((error: unknown) => {
        failedAt = Date.now();
        throw error;
      });
    }
    return discovered;
  };
  return {
    settings,
    configuration,
    prompt: settings.issuer === GOOGLE_ISSUER ? 'select_account' : 'login',
    async signOutUrl() {
      if (settings.issuer === GOOGLE_ISSUER) return GOOGLE_SIGN_OUT_URL;
      try {
        return (await configuration()).serverMetadata().end_session_endpoint ?? null;
      } catch {
        return null;
      }
    },
  };
}
