import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import messages from '../../content/locales/en/sign-in.json';
import { useMessages } from '../../engine/index.ts';
import { apiClient } from '../api/client.ts';

/** `GET /api/account/identities/`: the providers linked to the account, and those configured. */
interface Identities {
  has_password: boolean;
  identities: { id: number; provider: string; label: string; email: string | null }[];
  providers: { id: string; label: string }[];
}

/**
 * The profile's "School account" section (docs/decisions/025-school-sign-in.md): the school providers
 * linked to the account, each with Unlink (refused while it is the only way the account signs in), and
 * "Link your {provider} account" for each configured one not linked yet, which goes through the
 * provider's sign-in and comes back to `returnTo` (the profile; the console's first page for a facilitator). Nothing at all when the deployment has no provider and none is
 * linked. A chunk of its own, so /student_profile draws without it. Texts: content/locales/LOCALE/sign-in.json.
 */
export function SchoolAccount({ returnTo = '/student_profile' }: { returnTo?: string }) {
  const t = useMessages(messages);
  const justLinked = (useLocation().state as { providerLinked?: boolean } | null)?.providerLinked === true;
  const [data, setData] = useState<Identities | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => apiClient.request<Identities>('/api/account/identities/').then(setData), []);
  useEffect(() => {
    load().catch(() => setFailed(true));
  }, [load]);

  if (data === null || (data.providers.length === 0 && data.identities.length === 0)) return null;
  const onlyWay = !data.has_password && data.identities.length === 1;
  const act = async (key: string, action: () => Promise<unknown>) => {
    setBusy(key);
    setFailed(false);
    try {
      await action();
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };
  const link = (provider: string) =>
    act(`link-${provider}`, async () => {
      const { url } = await apiClient.request<{ url: string }>(`/api/auth/oidc/${encodeURIComponent(provider)}/link/`, { method: 'POST', body: { return_to: returnTo } });
      window.location.assign(url);
    });
  const unlink = (id: number) =>
    act(`unlink-${id}`, async () => {
      await apiClient.request(`/api/account/identities/${id}/`, { method: 'DELETE' });
      await load();
    });

  return (
    <section className="change-password-section" aria-labelledby="school-account-heading">
      <h2 id="school-account-heading">{t('account.heading')}</h2>
      <p className="section-intro">{t('account.intro')}</p>
      {justLinked && data.identities.length > 0 ? (
        <p className="form-notice" role="status">
          {t('signIn.linked')}
        </p>
      ) : null}
      {failed ? (
        <p className="form-alert" role="alert">
          {t('account.failed')}
        </p>
      ) : null}
      <ul className="school-accounts">
        {data.identities.map((identity) => (
          <li key={identity.id}>
            <span>{t('account.linkedAs', { provider: identity.label, email: identity.email ?? '' })}</span>
            {onlyWay ? (
              <span className="field__optional">{t('account.onlyWay')}</span>
            ) : (
              <button type="button" className="button button--secondary" disabled={busy !== null} onClick={() => void unlink(identity.id)}>
                {busy === `unlink-${identity.id}` ? t('account.unlinking') : t('account.unlink', { provider: identity.label })}
              </button>
            )}
          </li>
        ))}
        {data.providers
          .filter((provider) => !data.identities.some((identity) => identity.provider === provider.id))
          .map((provider) => (
            <li key={provider.id}>
              <button type="button" className="button" disabled={busy !== null} onClick={() => void link(provider.id)}>
                {t('account.link', { provider: provider.label })}
              </button>
            </li>
          ))}
      </ul>
    </section>
  );
}
