/**
 * The ceilings the API benchmark compares Helix with: bare Fastify 5 on the same machine,
 * no logger, no hooks, no auth, no validation. `CEILING` picks what one process serves:
 *
 * - `hello`: `GET /hello` answers `{"hello":"world"}` (what Fastify itself costs);
 * - `upsert`: `POST /upsert/:userId` stores `{ answers }` for day 1 with the SQL of a Helix save
 *   (`INSERT … ON CONFLICT (user_id, day) DO UPDATE … RETURNING`) and answers the row, as pg parses it
 *   and Fastify serialises it (Helix returns the answers and time as text, `::text`, and answers that
 *   text: server/answers/store.ts);
 *   like Helix's statements (server/answers/store.ts), a named prepared statement on PostgreSQL;
 * - `select`: `GET /select/:userId` reads day 1's row with the SQL of a Helix load and answers it (the
 *   same difference).
 *
 * The database is the Helix server's own: the PostgreSQL at DATABASE_URL through a `pg.Pool` of the
 * same size as the server's (pg's default, 10), or, without it, the PGlite in `DATA_DIR/pglite`
 * with the server's settings (the Helix server must be stopped first: one process per data dir). `GET /ready` answers once
 * listening. Run: `CEILING=upsert PORT=3242 DATA_DIR=… node --import tsx bench/lib/ceiling-server.ts`.
 */
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { PGLITE_START_PARAMS } from '../../server/db/index.ts';

type Mode = 'hello' | 'upsert' | 'select';

const mode = process.env.CEILING as Mode;
if (!['hello', 'upsert', 'select'].includes(mode)) throw new Error(`CEILING must be hello, upsert or select, got ${process.env.CEILING}`);

const UPSERT_SQL =
  'insert into module_responses (user_id, day, answers, revision, updated_at) values ($1, $2, $3, 1, now()) ' +
  'on conflict (user_id, day) do update set answers = excluded.answers, revision = module_responses.revision + 1, updated_at = now() ' +
  'returning answers, updated_at, revision';
const SELECT_SQL = 'select answers, updated_at, revision from module_responses where user_id = $1 and day = $2 limit 1';

/** Runs one of the two statements; `name` makes it a named prepared statement on PostgreSQL, as Helix's are. */
type Query = (name: string, sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

let query: Query | null = null;
let close = async () => {};
if (mode !== 'hello') {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
    query = async (name, text, values) => (await pool.query({ name, text, values })).rows as Record<string, unknown>[];
    close = () => pool.end();
  } else {
    // The server's own PGlite settings, so the ceiling differs from it only in what runs above the database.
    const client = await PGlite.create(join(process.env.DATA_DIR ?? './data', 'pglite'), { startParams: PGLITE_START_PARAMS });
    query = async (_name, sql, params) => (await client.query<Record<string, unknown>>(sql, params)).rows;
    close = () => client.close();
  }
}

const app = Fastify({ logger: false });
app.get('/ready', async () => ({ ready: true }));
if (mode === 'hello') app.get('/hello', async () => ({ hello: 'world' }));
if (mode === 'upsert') {
  app.post<{ Params: { userId: string }; Body: { answers: unknown } }>('/upsert/:userId', async (request) => {
    const [row] = await query!('ceiling_upsert', UPSERT_SQL, [Number(request.params.userId), 1, JSON.stringify(request.body.answers)]);
    return row;
  });
}
if (mode === 'select') {
  app.get<{ Params: { userId: string } }>('/select/:userId', async (request, reply) => {
    const [row] = await query!('ceiling_select', SELECT_SQL, [Number(request.params.userId), 1]);
    return row ?? reply.code(404).send({ detail: 'Not found.', code: 'not_found' });
  });
}

const stop = async () => {
  await app.close();
  await close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
await app.listen({ port: Number(process.env.PORT ?? 3241), host: process.env.HOST ?? '127.0.0.1' });
