/**
 * The backup file (docs/decisions/013-backups.md): one format for the embedded PGlite and for
 * PostgreSQL. A gzip-compressed text file of lines, each line one JSON value:
 *
 * ```
 * ["helix-backup", {"version":1,"takenAt":"…","database":"pglite","migrations":[…],"tables":[…]}]
 * ["table", "users"]
 * {"id": 1, "username": "ada", …}          one line per row: the row as PostgreSQL's to_jsonb gives it
 * ["table", "module_responses"]
 * …
 * ["end", {"rows": {"users": 25, …}, "sha256": "…"}]
 * ```
 *
 * Rows are objects and every other line is an array, so neither can be taken for the other. The last
 * line counts the rows of each table and carries the SHA-256 of every byte before it (the text, before
 * compression): a file cut short, or changed by a single byte, is refused before anything is restored.
 */
import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip, type Gzip } from 'node:zlib';

/** The first element of a backup's first line. */
export const BACKUP_MAGIC = 'helix-backup';

/** The version of the format this Helix writes and reads. A file of a newer version is refused, naming both. */
export const BACKUP_FORMAT_VERSION = 1;

/** A migration a backed-up database had applied, as drizzle's journal table recorded it. */
export interface BackupMigration {
  /** The migration's file name without `.sql` (e.g. `0003_facilitator_console`); null if this Helix's drizzle/ folder does not know it. */
  tag: string | null;
  /** Its `when` in drizzle/meta/_journal.json, ms since the epoch: what drizzle's migrator orders migrations by. */
  createdAt: number;
  /** SHA-256 (hex) of its SQL file. */
  hash: string;
}

/** A backed-up table: its name and the columns its rows are restored into, in table order. */
export interface BackupTable {
  name: string;
  columns: string[];
}

/** What a backup's first line says about it. */
export interface BackupHeader {
  version: number;
  /** When the snapshot was taken: the transaction's start, by the database's clock (ISO 8601). */
  takenAt: string;
  /** Where it was taken from. */
  database: 'pglite' | 'postgres';
  /** The migrations applied to the database, oldest first. */
  migrations: BackupMigration[];
  /** Its tables, parents before the tables whose foreign keys refer to them. */
  tables: BackupTable[];
}

/** What a backup's last line says: rows per table and the checksum of everything before the line. */
export interface BackupTrailer {
  rows: Record<string, number>;
  sha256: string;
}

/** A backup file read to its end and found whole: its header and its last line. */
export interface CheckedBackup {
  file: string;
  header: BackupHeader;
  trailer: BackupTrailer;
}

/**
 * A backup's rows in words, for the commands' reports: "25 accounts, 40 saved days of answers, 180 other
 * rows" (`users`, `module_responses` and the rest: server/db/schema.ts).
 *
 * @param rows - rows per table, as in a backup's last line
 */
export function describeRows(rows: Readonly<Record<string, number>>): string {
  const others = Object.entries(rows).reduce((sum, [table, count]) => (table === 'users' || table === 'module_responses' ? sum : sum + count), 0);
  return `${rows.users ?? 0} accounts, ${rows.module_responses ?? 0} saved days of answers, ${others} other rows`;
}

/** Thrown when a file is not a Helix backup, or a damaged one; the message says which and what to do. */
export class BackupFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupFileError';
  }
}

/**
 * Writes a backup file: lines go through gzip into `${file}.partial`, which {@link finish} flushes to
 * disk (fsync) and renames to `file`, so `file` is never a backup written only in part.
 */
export class BackupFileWriter {
  readonly file: string;
  private readonly partial: string;
  private readonly gzip: Gzip;
  private readonly written: Promise<void>;
  private readonly hash: Hash = createHash('sha256');
  private readonly rows: Record<string, number> = {};
  private table: string | null = null;

  private constructor(file: string) {
    this.file = file;
    this.partial = `${file}.partial`;
    this.gzip = createGzip();
    // A backup holds password hashes and students' answers: readable by its owner only.
    this.written = pipeline(this.gzip, createWriteStream(this.partial, { mode: 0o600 }));
    // A failure is awaited in write() or finish(); this keeps it from counting as unhandled meanwhile.
    this.written.catch(() => undefined);
  }

  /**
   * Starts a backup file with its header line.
   *
   * @param file - the path to write (replaced at {@link finish} if it exists)
   * @throws the file system's error when the folder cannot be written to
   */
  static async create(file: string, header: BackupHeader): Promise<BackupFileWriter> {
    const writer = new BackupFileWriter(file);
    await writer.line(JSON.stringify([BACKUP_MAGIC, header]));
    return writer;
  }

  /** Starts the rows of `table` (a name of the header's `tables`). */
  async startTable(table: string): Promise<void> {
    this.table = table;
    this.rows[table] = 0;
    await this.line(JSON.stringify(['table', table]));
  }

  /**
   * Adds a row of the current table.
   *
   * @param rowJson - the row as one line of JSON text (`to_jsonb(row)::text`: PostgreSQL never puts a raw line break in it)
   */
  async row(rowJson: string): Promise<void> {
    if (this.table === null) throw new Error('BackupFileWriter.row before startTable');
    this.rows[this.table] = (this.rows[this.table] ?? 0) + 1;
    await this.line(rowJson);
  }

  /**
   * Writes the last line, flushes the file to disk and renames it to its name.
   *
   * @returns the rows written per table
   * @throws the file system's error (the partial file is removed)
   */
  async finish(): Promise<Record<string, number>> {
    const trailer: BackupTrailer = { rows: this.rows, sha256: this.hash.digest('hex') };
    this.gzip.end(`${JSON.stringify(['end', trailer])}\n`);
    try {
      await this.written;
      const handle = await open(this.partial, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(this.partial, this.file);
    } catch (error) {
      await rm(this.partial, { force: true });
      throw error;
    }
    return { ...this.rows };
  }

  /** Stops writing and removes the partial file (after a failure elsewhere). */
  async abandon(): Promise<void> {
    this.gzip.destroy();
    await this.written.catch(() => undefined);
    await rm(this.partial, { force: true });
  }

  private async line(text: string): Promise<void> {
    const bytes = Buffer.from(`${text}\n`, 'utf8');
    this.hash.update(bytes);
    if (!this.gzip.write(bytes)) await Promise.race([once(this.gzip, 'drain'), this.written]);
  }
}

/** The first two bytes of every gzip file (RFC 1952, "Member format"). */
const GZIP_SIGNATURE = [0x1f, 0x8b];

/** Called with each row of a backup while it is read: the table's name and the row's JSON text. */
export type RowVisitor = (table: string, rowJson: string) => Promise<void>;

/**
 * Reads a backup file to its end and checks that it is whole: a Helix backup of a version this Helix
 * reads, every table announced by its header in that order, the row counts and the SHA-256 of its last
 * line matching what came before, nothing after it. With `visit`, each row is handed to it as it is
 * read (restore's second reading); a damage found after some rows were handed over still throws, so a
 * caller working in a transaction rolls them back.
 *
 * @param file - the backup's path
 * @param visit - optional; awaited for each row, in file order
 * @returns the header and last line of a whole backup
 * @throws {@link BackupFileError} for a missing, empty, foreign, newer, cut-short or damaged file, its
 *   message naming the file and what is wrong
 * @example
 * const backup = await checkBackupFile('helix-2026-03-02.backup.gz');
 * console.log(backup.header.takenAt, backup.trailer.rows.users);
 */
export async function checkBackupFile(file: string, visit?: RowVisitor): Promise<CheckedBackup> {
  await checkSignature(file);
  const gunzip = createGunzip();
  const source = createReadStream(file);
  let streamError: Error | null = null;
  const piped = pipeline(source, gunzip).catch((error: unknown) => {
    streamError = error instanceof Error ? error : new Error(String(error));
  });
  const lines = createInterface({ input: gunzip, crlfDelay: Infinity });
  const hash = createHash('sha256');
  const counted: Record<string, number> = {};
  let header: BackupHeader | null = null;
  let trailer: BackupTrailer | null = null;
  let table: string | null = null;
  let tableIndex = -1;
  try {
    for await (const line of lines) {
      if (trailer !== null) throw damaged(file, 'it goes on after its closing line');
      if (header === null) {
        header = parseHeader(file, line);
      } else if (line.startsWith('{')) {
        if (table === null) throw damaged(file, 'a row comes before the first table');
        counted[table] = (counted[table] ?? 0) + 1;
        if (visit) await visit(table, line);
      } else {
        const [kind, value] = parseArray(file, line);
        if (kind === 'table') {
          tableIndex += 1;
          table = header.tables[tableIndex]?.name ?? null;
          if (table === null || value !== table) throw damaged(file, `its table "${String(value)}" is not the next one its first line lists`);
          counted[table] = 0;
        } else if (kind === 'end') {
          trailer = parseTrailer(file, value);
          if (trailer.sha256 !== hash.digest('hex')) throw damaged(file, 'its contents do not match the checksum written at its end');
          continue;
        } else {
          throw damaged(file, `it has a line of an unknown kind ("${String(kind)}")`);
        }
      }
      hash.update(`${line}\n`, 'utf8');
    }
  } catch (error) {
    lines.close();
    source.destroy();
    gunzip.destroy();
    if (error instanceof Error && isZlibError(error)) throw compressionProblem(file, error);
    throw error;
  }
  await piped;
  if (streamError !== null) throw isZlibError(streamError) ? compressionProblem(file, streamError) : streamError;
  if (header === null) throw new BackupFileError(`${file} is not a Helix backup: it holds no lines.`);
  if (trailer === null) throw damaged(file, 'it is cut short (its closing line is missing): was it copied or written only in part?');
  for (const { name } of header.tables) {
    const expected = trailer.rows[name] ?? 0;
    if ((counted[name] ?? 0) !== expected) throw damaged(file, `it holds ${counted[name] ?? 0} rows of "${name}" where its closing line says ${expected}`);
  }
  return { file, header, trailer };
}

async function checkSignature(file: string): Promise<void> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupFileError(code === 'ENOENT' ? `There is no file ${file}.` : `${file} cannot be read: ${(error as Error).message}`);
  }
  try {
    const start = Buffer.alloc(2);
    const { bytesRead } = await handle.read(start, 0, 2, 0);
    if (bytesRead === 0) throw new BackupFileError(`${file} is empty: it is not a Helix backup (was the backup written only in part?).`);
    if (bytesRead < 2 || start[0] !== GZIP_SIGNATURE[0] || start[1] !== GZIP_SIGNATURE[1]) {
      throw new BackupFileError(`${file} is not a Helix backup: a Helix backup is gzip-compressed, and this file is not.`);
    }
  } finally {
    await handle.close();
  }
}

function damaged(file: string, what: string): BackupFileError {
  return new BackupFileError(`The backup ${file} is damaged: ${what}${/[.?!]$/.test(what) ? '' : '.'}`);
}

function isZlibError(error: Error): boolean {
  return String((error as NodeJS.ErrnoException).code ?? '').startsWith('Z_');
}

/** zlib's errors in words: a gzip stream that stops early was cut short; any other fault is damage. */
function compressionProblem(file: string, error: Error): BackupFileError {
  if ((error as NodeJS.ErrnoException).code === 'Z_BUF_ERROR') {
    return damaged(file, 'it is cut short (its compressed data stop before their end): was it copied or written only in part?');
  }
  return damaged(file, `its compressed data are corrupt (${error.message})`);
}

function parseArray(file: string, line: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw damaged(file, 'one of its lines is not JSON');
  }
  if (!Array.isArray(value)) throw damaged(file, 'one of its lines is neither a row nor a marker');
  return value;
}

function parseHeader(file: string, line: string): BackupHeader {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    value = null;
  }
  if (!Array.isArray(value) || value[0] !== BACKUP_MAGIC || typeof value[1] !== 'object' || value[1] === null) {
    // A header that starts right but does not parse was damaged; anything else is some other file.
    if (line.startsWith(JSON.stringify([BACKUP_MAGIC]).slice(0, -1))) throw damaged(file, 'its first line, the header, is unreadable');
    throw new BackupFileError(`${file} is not a Helix backup: its first line is not a Helix backup's header.`);
  }
  const header = value[1] as Partial<BackupHeader>;
  if (typeof header.version !== 'number') throw damaged(file, 'its header has no format version');
  if (header.version > BACKUP_FORMAT_VERSION) {
    throw new BackupFileError(
      `${file} is a backup of format version ${header.version}, newer than this Helix reads (${BACKUP_FORMAT_VERSION}): restore it with the Helix that made it, or a newer one.`,
    );
  }
  const migrationsValid = Array.isArray(header.migrations) && header.migrations.every((migration) => typeof migration?.createdAt === 'number' && typeof migration.hash === 'string');
  const tablesValid =
    Array.isArray(header.tables) &&
    header.tables.every((table) => typeof table?.name === 'string' && Array.isArray(table.columns) && table.columns.every((column) => typeof column === 'string'));
  if (!migrationsValid || !tablesValid || typeof header.takenAt !== 'string') throw damaged(file, 'its header is incomplete');
  return header as BackupHeader;
}

function parseTrailer(file: string, value: unknown): BackupTrailer {
  const trailer = value as Partial<BackupTrailer> | null;
  if (typeof trailer !== 'object' || trailer === null || typeof trailer.sha256 !== 'string' || typeof trailer.rows !== 'object' || trailer.rows === null) {
    throw damaged(file, 'its closing line is incomplete');
  }
  return trailer as BackupTrailer;
}
