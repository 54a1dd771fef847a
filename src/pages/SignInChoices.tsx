import { useEffect, useState } from 'react';
import messages from '../../content/locales/en/sign-in.json';
import { useMessages } from '../../engine/index.ts';
import { apiClient } from '../api/client.ts';
import { SIGNED_OUT_OF_KEY } from '../api/session-endpoints.ts';
import { SITE_NAME } from '../site/site.ts';

/** A school's identity provider, as `GET /api/auth/providers/` lists it. */
interface Provider {
  id: string;
  label: string;
  start_url: string;
}

/** The provider logout left for this page (src/api/session-endpoints.ts, `noteProviderSignOut`), or null. */
function signedOutOfProvider(): { label: string; signOutUrl: string | null } | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(SIGNED_OUT_OF_KEY) ?? 'null') as { label?: unknown; signOutUrl?: unknown } | null;
    return typeof value?.label === 'string' ? { label: value.label, signOutUrl: typeof value.signOutUrl === 'string' ? value.signOutUrl : null } : null;
  } catch {
    return null;
  }
}

/**
 * What /login and /join/CODE show above the username and password forms (docs/decisions/025-school-sign-in.md):
 * - after a sign-out from a sign-in through a school's provider, that the provider's account is still
 *   signed in on this device, with the provider's sign-out link (a shared Chromebook);
 * - one "Sign in with {provider}" button per provider the deployment configured, then "or"; nothing when
 *   there is none. Each is a plain link to the provider's start address: no provider code reaches the
 *   page. With `joinCode` the student signs in into that class.
 * A chunk of its own, so /login draws without it. Texts: content/locales/LOCALE/sign-in.json.
 */
export function SignInChoices({ joinCode }: { joinCode?: string }) {
  const t = useMessages(messages);
  // Read when first drawn and then forgotten, so the notice shows once.
  const [signedOutOf] = useState(signedOutOfProvider);
  const [providers, setProviders] = useState<readonly Provider[]>([]);
  useEffect(() => {
    let current = true;
    try {
      sessionStorage.removeItem(SIGNED_OUT_OF_KEY);
    } catch {
      // Nothing to forget in a storage we cannot reach.
    }
    apiClient.request<{ providers?: Provider[] }>('/api/auth/providers/', { auth: false }).then(
      (body) => current && setProviders(body.providers ?? []),
      // No list (offline, an older server): the forms alone, as without a provider.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  return (
    <>
      {signedOutOf ? (
        <p className="form-notice" role="status">
          {t('choices.signedOut', { site: SITE_NAME, provider: signedOutOf.label })}{' '}
          {signedOutOf.signOutUrl ? <a href={signedOutOf.signOutUrl}>{t('choices.signOutProvider', { provider: signedOutOf.label })}</a> : null}
        </p>
      ) : null}
      {providers.length > 0 ? (
        <div className="auth-providers">
          {providers.map((provider) => (
            <a
              key={provider.id}
              className="button button--secondary auth-form__submit"
              href={`${import.meta.env.VITE_API_BASE_URL ?? ''}${provider.start_url}${joinCode === undefined ? '' : `?join=${encodeURIComponent(joinCode)}`}`}
            >
              {t('choices.withProvider', { provider: provider.label })}
            </a>
          ))}
          <p className="auth-providers__or">{t('choices.or')}</p>
        </div>
      ) : null}
    </>
  );
}
