import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/browser.ts';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** One data folder per port, so two runs on one machine (different E2E_PORT) never share a database. */
const DATA_DIR = `.tmp/e2e-data-${PORT}`;
/** The test identity provider (server/dev/identity-provider.ts), which the app's sign-in button goes to (e2e/school-sign-in.spec.ts). */
const IDP_PORT = Number(process.env.E2E_IDP_PORT ?? PORT + 90);
/** The Storybook build (`npm run build-storybook`) is served here for the visual checks of every widget state. */
const STORYBOOK_PORT = Number(process.env.E2E_STORYBOOK_PORT ?? 6106);

/**
 * Browser tests against the real server (built app, bundled API, embedded PGlite in a fresh data
 * folder). `npm test` builds the app and the server first; the server is started here and stopped afterwards.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '*.spec.ts',
  // Two workers on two cores: the tests spend most of their time waiting (autosave, polling), and each
  // signs up students of its own. Tests of one file run in order, in one worker.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // Recording a trace costs a quarter to a third of the suite's time on 2 cores (e2e/days.spec.ts with
    // e2e/no-lost-work.spec.ts: 94 to 99 s without, 123 to 155 s with). In CI a failed test is run again
    // with a trace, which is kept; on a developer's machine every failure keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // The service worker answers the app's files from its cache, out of reach of `page.route`; the tests
    // of the app on the device (e2e/offline.spec.ts, e2e/deploy.spec.ts) allow it.
    serviceWorkers: 'block',
  },
  expect: {
    // Screenshot baselines (e2e/visual.spec.ts): animations stopped, caret hidden, a small tolerance for
    // anti-aliasing; a real change of layout or colour is far above it.
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, threshold: 0.2 },
  },
  webServer: [
    {
      // The bundled server that `npm start` runs (`npm test` builds it first with `npm run build:server`).
      command: `rm -rf ${DATA_DIR} && exec node dist-server/server.mjs`,
      // The whole suite signs up about 60 students from 127.0.0.1, past the sign-up burst a school address
      // gets (docs/security.md); the limits themselves are tested in server/routes/abuse-limits.test.ts.
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR,
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'e2e-only-secret-not-for-production-use-0123456789',
        SIGNUPS_BURST: '2000',
        // e2e/other-origin.spec.ts serves a front end of its own there.
        CORS_ORIGINS: `http://127.0.0.1:${PORT + 1}`,
        // A school's provider (docs/operations.md#school-sign-in), here the test one.
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        OIDC_ISSUER: `http://127.0.0.1:${IDP_PORT}`,
        OIDC_CLIENT_ID: 'helix-e2e',
        OIDC_CLIENT_SECRET: 'helix-e2e-secret',
        OIDC_LABEL: 'Lincoln',
        OIDC_ALLOWED_DOMAINS: 'lincoln.example',
      },
      url: `http://127.0.0.1:${PORT}/api/health`,
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      command: 'exec node --import tsx scripts/identity-provider.ts',
      env: { IDP_PORT: String(IDP_PORT), IDP_CLIENT_ID: 'helix-e2e', IDP_CLIENT_SECRET: 'helix-e2e-secret', IDP_REDIRECT_URIS: `http://127.0.0.1:${PORT}/api/auth/oidc/callback` },
      url: `http://127.0.0.1:${IDP_PORT}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: `exec node --import tsx scripts/serve-static.ts storybook-static ${STORYBOOK_PORT}`,
      url: `http://127.0.0.1:${STORYBOOK_PORT}/__health`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
  ],
});
