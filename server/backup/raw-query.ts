/**
 * Raw SQL for backups and restores, which read the catalog and tables whatever their columns, on
 * either driver (docs/decisions/013-backups.md).
 */
import type { SQL } from 'drizzle-orm';
import type { Database } from '../db/index.ts';

/** A database or a transaction on it: anything that runs SQL. */
export type Executor = Pick<Database, 'execute'>;

/**
 * Runs a query and returns its rows as objects keyed by column name. Both drivers answer `{ rows }`
 * (server/db/index.ts); node-postgres gives `bigint` and `count(*)` as text, so cast them in the SQL.
 *
 * @throws the driver's error
 */
export async function rowsOf<Row>(executor: Executor, query: SQL): Promise<Row[]> {
  const result = (await executor.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
