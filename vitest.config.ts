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
            // Two workers on two cores (Vitest's default here is one).
            maxWorkers: 2,
            // A story that renders a whole day, or a table typed into row by row, slows down most when the
            // server project's workers share the cores; Vitest's default 5 s failed them on a busy machine
            // (docs/decisions/012-content-declares-the-week.md, "Measured").
            testTimeout: 15_000,
            include: ['engine/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}', 'content/**/*.test.{ts,tsx}', 'schemas/**/*.test.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
            // One migrated PGlite folder that each test database copies (server/test/global-setup.ts).
            globalSetup: ['./server/test/global-setup.ts'],
            testTimeout: 60_000,
            hookTimeout: 60_000,
            // One PGlite per worker is ~700 MB RSS (docs/decisions/001-embedded-postgres-pglite.md); two workers fit 2 cores.
            maxWorkers: 2,
          },
        },
      ],
    },
  }),
);
