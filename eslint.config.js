import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'storybook-static', 'data', 'test-results', 'playwright-report', 'drizzle/meta', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Plain JavaScript run by Node itself (scripts/require-node.mjs must run on any Node, before tsx).
    files: ['**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The engine is a library: it knows no day, no app shell and no server (README.md, "Architecture").
    files: ['engine/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**', '../src/*', '../../src/*'], message: 'engine/ must not import the app shell (src/).' },
            // Its own texts are content too (content/locales/<locale>/engine.json), and so are the site's
            // languages (content/site/site.json): docs/decisions/023-the-reader-s-language.md.
            {
              regex: '(^|/)(content/(?!locales/[^/]+/engine\\.json$|site/site\\.json$)|schemas/)',
              message: 'engine/ must not import a particular day or schema (only its own message catalogue and the site\'s languages).',
            },
            { group: ['**/server/**'], message: 'engine/ must not import server code.' },
          ],
        },
      ],
    },
  },
  {
    // The schema layer and the answers session are plain TypeScript: no React, no DOM library, so the
    // server can import the schema layer and the session is tested with fake timers alone.
    files: ['engine/schema/**/*.ts', 'engine/answers/session.ts', 'engine/answers/drafts.ts', 'engine/answers/constants.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react-*', '**/*.tsx'], message: 'The schema layer and the answers session must stay free of React.' },
            { group: ['**/src/**', '**/server/**', '**/content/**', '**/schemas/**'], message: 'engine/ must not import the app shell, server code or a particular day.' },
          ],
        },
      ],
    },
  },
  {
    // The app shell uses the engine only through its public entry, plus its stylesheet.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/engine/**', '!**/engine/index.ts', '!**/engine/styles.css'],
              message: 'src/ must import the engine through engine/index.ts; export what is missing there.',
            },
            {
              // The sign-up rules are shared with the form (docs/security.md); nothing else of the server reaches the browser.
              group: ['**/server/**', '!**/server/auth/', '**/server/auth/*', '!**/server/auth/credentials.ts'],
              message: 'src/ may use only server/auth/credentials.ts of the server code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests of the app shell may also use the engine's test helpers (the axe check).
    files: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/engine/**', '!**/engine/index.ts', '!**/engine/styles.css', '!**/engine/test/', '!**/engine/test/*.ts'],
              message: 'src/ must import the engine through engine/index.ts (tests may also use engine/test/).',
            },
            {
              group: ['**/server/**', '!**/server/auth/', '**/server/auth/*', '!**/server/auth/credentials.ts'],
              message: 'src/ may use only server/auth/credentials.ts of the server code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**'], message: 'server/ must not import the app shell (src/).' },
            {
              // The engine's schema core (normalize, migrate) is plain TypeScript with no React or DOM: the
              // server stores answers through the same code the client loads them with.
              group: ['**/engine/**', '!**/engine/schema/', '**/engine/schema/*.ts', '!**/engine/schema/index.ts'],
              message: 'server/ may use only the engine schema layer, through engine/schema/index.ts; share data through schemas/.',
            },
          ],
        },
      ],
    },
  },
);
