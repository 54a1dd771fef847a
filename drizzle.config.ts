import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit: `npm run db:generate` writes SQL migrations to `drizzle/` from `server/db/schema.ts`.
 * The server applies them itself at start-up (server/db/index.ts). `generate` needs no database;
 * for `push`/`studio`, point PGLITE_DIR at a scratch copy, never at a live server's data dir
 * (PGlite has no cross-process lock of its own: docs/decisions/001-embedded-postgres-pglite.md).
 */
export default defineConfig({
  dialect: 'postgresql',
  driver: 'pglite',
  schema: './server/db/schema.ts',
  out: './drizzle',
  dbCredentials: { url: process.env.PGLITE_DIR ?? './data/kit' },
});
