import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'web',
            environment: 'jsdom',
            setupFiles: ['./engine/test/setup.ts'],
            // Projects with different maxWorkers must run in separate groups (Vitest 4).
            sequence: { groupOrder: 0 },
            include: ['engine/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}', 'content/**/*.test.{ts,tsx}', 'schemas/**/*.test.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
            testTimeout: 60_000,
            hookTimeout: 60_000,
            // One PGlite per worker is ~700 MB RSS (docs/decisions/001-embedded-postgres-pglite.md); two workers fit 2 cores.
            maxWorkers: 2,
            sequence: { groupOrder: 1 },
          },
        },
      ],
    },
  }),
);
