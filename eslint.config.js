import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'storybook-static', 'data', 'test-results', 'playwright-report', 'drizzle/meta', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
    // The engine is a library: it knows no day, no app shell and no server (shared/STYLE.md, "The shape of the house").
    files: ['engine/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**', '../src/*', '../../src/*'], message: 'engine/ must not import the app shell (src/).' },
            { group: ['**/content/**', '**/schemas/**'], message: 'engine/ must not import a particular day or schema.' },
            { group: ['**/server/**'], message: 'engine/ must not import server code.' },
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
        { patterns: [{ group: ['**/src/**', '**/engine/**'], message: 'server/ must not import front-end code; share through schemas/.' }] },
      ],
    },
  },
);
