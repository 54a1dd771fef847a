/**
 * Runs the test identity provider (server/dev/identity-provider.ts) on its own, for `npm run dev` and
 * the end-to-end tests: `node --import tsx scripts/identity-provider.ts`. Settings from the environment:
 * IDP_PORT (default 3190), IDP_CLIENT_ID (default helix-dev), IDP_CLIENT_SECRET (default
 * helix-dev-secret) and IDP_REDIRECT_URIS (comma-separated; default Vite's and the API's callbacks).
 * Any login with any password signs in; never expose it beyond this machine.
 */
import { startTestIdentityProvider } from '../server/dev/identity-provider.ts';

const port = Number(process.env.IDP_PORT ?? 3190);
const redirectUris = (process.env.IDP_REDIRECT_URIS ?? 'http://localhost:5173/api/auth/oidc/callback,http://localhost:3000/api/auth/oidc/callback')
  .split(',')
  .map((uri) => uri.trim())
  .filter((uri) => uri !== '');
const provider = await startTestIdentityProvider({
  port,
  clientId: process.env.IDP_CLIENT_ID ?? 'helix-dev',
  clientSecret: process.env.IDP_CLIENT_SECRET ?? 'helix-dev-secret',
  redirectUris,
});
console.log(`Test identity provider at ${provider.issuer} (any login, any password; "ana", "ben" are school accounts)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void provider.close().then(() => process.exit(0)));
