/**
 * A throwaway PostgreSQL database for one benchmark run, on the server at DATABASE_URL: created
 * empty, handed to the Helix servers (which migrate it at start) and dropped at the end, so a
 * benchmark never touches the `test` database's own tables or its migrations journal.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database made by {@link createScratchDatabase}. */
export interface ScratchDatabase {
  /** `postgres://…/<name>`: DATABASE_URL for the servers. */
  url: string;
  name: string;
  /** Runs one SQL statement on it (a short-lived connection). */
  query<Row extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Drops it (closing other sessions first). Idempotent; never throws. */
  drop(): Promise<void>;
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates an empty database named `<prefix>_<random>` on the server of `baseUrl`.
 *
 * @param baseUrl - a postgres:// URL whose role may CREATE DATABASE (the local `postgres` superuser)
 * @throws the driver's error when the server is unreachable or the role may not create databases
 */
export async function createScratchDatabase(baseUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await withClient(baseUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    name,
    query: (sql, params) => withClient(url.toString(), async (client) => (await client.query(sql, params)).rows),
    async drop() {
      if (dropped) return;
      dropped = true;
      await withClient(baseUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).catch((error: unknown) => {
        console.error(`could not drop the scratch database ${name}: ${(error as Error).message}`);
      });
    },
  };
}
