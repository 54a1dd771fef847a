/**
 * A class's roster in one paste (docs/decisions/024-class-join-links.md, "A roster in one paste"): CSV
 * rows of first name, last name, and a username or an email, a header row optional, read with csv-parse.
 * Every row is checked before anything is made: a roster with one wrong row makes no account, and says
 * which rows are wrong, by their line in the paste.
 */
import { parse } from 'csv-parse/sync';
import { normalizeUsername, usernameKey, usernameProblem } from '../auth/credentials.ts';
import { MAX_NAME_LENGTH } from '../routes/schemas.ts';

/** Rows one paste may hold: a few classes at most. */
export const MAX_ROSTER_ROWS = 200;

/** One student of a pasted roster, checked. */
export interface RosterStudent {
  /** The line of the paste it was on, from 1. */
  row: number;
  firstName: string;
  lastName: string;
  /** As stored: NFKC-normalised and trimmed; for an email, made from the part before the `@`. */
  username: string;
  /** Whether the username was made from an email (so it may be changed to be unique) rather than given. */
  fromEmail: boolean;
}

/** What is wrong with one row of a paste. */
export interface RosterProblem {
  /** The line of the paste, from 1. */
  row: number;
  problem: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A username made from an email's local part: lower case, only letters, digits, `.`, `_` and `-`. */
function usernameFromEmail(email: string): string {
  const local = email.slice(0, email.indexOf('@')).normalize('NFKC').toLowerCase();
  return local.replace(/[^\p{L}\p{N}._-]/gu, '').slice(0, MAX_NAME_LENGTH);
}

/** Whether a row is a header: its first two cells name the first and last name's columns. */
function isHeader(cells: readonly string[]): boolean {
  return /first|given|nombre/i.test(cells[0] ?? '') && /last|family|surname|apellido/i.test(cells[1] ?? '');
}

/**
 * Reads a pasted roster.
 *
 * @param csv - the paste: comma-, semicolon- or tab-separated lines (the first line's separator decides), quotes allowed
 * @returns the students of the rows that are right, and a problem for each row that is not (empty rows
 *   are skipped); a username given twice is a problem on its second row
 */
export function readRoster(csv: string): { students: RosterStudent[]; problems: RosterProblem[] } {
  const firstLine = csv.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.includes('\t') ? '\t' : firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(csv, { delimiter, bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, info: true }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { students: [], problems: [{ row: line, problem: 'this line cannot be read as CSV (check its quotes).' }] };
  }
  const students: RosterStudent[] = [];
  const problems: RosterProblem[] = [];
  const seen = new Map<string, number>();
  records.forEach(({ record, info }, index) => {
    const row = info.lines;
    if (index === 0 && isHeader(record)) return;
    const cells = record.filter((cell, at) => cell !== '' || at < 3);
    if (cells.length !== 3) {
      problems.push({ row, problem: `expected 3 columns (first name, last name, username or email), found ${cells.length}.` });
      return;
    }
    const [firstName, lastName, who] = cells as [string, string, string];
    if (firstName === '' || lastName === '' || who === '') {
      problems.push({ row, problem: firstName === '' ? 'the first name is empty.' : lastName === '' ? 'the last name is empty.' : 'the username or email is empty.' });
      return;
    }
    if ([...firstName].length > MAX_NAME_LENGTH || [...lastName].length > MAX_NAME_LENGTH) {
      problems.push({ row, problem: `a name is longer than ${MAX_NAME_LENGTH} characters.` });
      return;
    }
    const fromEmail = who.includes('@');
    if (fromEmail && !EMAIL.test(who)) {
      problems.push({ row, problem: `"${who}" is not an email address.` });
      return;
    }
    const username = fromEmail ? usernameFromEmail(who) : normalizeUsername(who);
    const wrong = username === '' ? 'it has no letters or digits to make a username from.' : usernameProblem(username);
    if (wrong !== null || [...username].length > MAX_NAME_LENGTH) {
      problems.push({ row, problem: `the username "${username || who}" cannot be used: ${wrong ?? `it is longer than ${MAX_NAME_LENGTH} characters.`}` });
      return;
    }
    const key = usernameKey(username);
    const earlier = seen.get(key);
    if (earlier !== undefined && !fromEmail) {
      problems.push({ row, problem: `the username "${username}" is also on row ${earlier}.` });
      return;
    }
    seen.set(key, row);
    students.push({ row, firstName, lastName, username, fromEmail });
  });
  if (students.length + problems.length === 0) problems.push({ row: 1, problem: 'the roster has no students.' });
  if (students.length > MAX_ROSTER_ROWS) problems.push({ row: students[MAX_ROSTER_ROWS]!.row, problem: `one paste holds at most ${MAX_ROSTER_ROWS} students.` });
  return { students, problems };
}

/** How many numbered variants of a username made from an email are tried. */
const VARIANTS = 50;

/** The `n`th variant of a username: `ana`, `ana2`, `ana3`; `s1`, `s1-2` (a dash after a digit, so `s1-2` is never read as `s12`). */
function variant(username: string, n: number): string {
  if (n === 1) return username;
  return /\d$/.test(username) ? `${username}-${n}` : `${username}${n}`;
}

/**
 * Gives each student a username no account and no other row has: a given username that is taken is a
 * problem; one made from an email gets its first free variant (`ana`, `ana2`, `ana3`; `s1`, `s1-2`).
 *
 * @param taken - whether a username's key (`usernameKey`) belongs to an account already
 */
export async function uniqueUsernames(students: readonly RosterStudent[], taken: (keys: string[]) => Promise<Set<string>>): Promise<{ students: RosterStudent[]; problems: RosterProblem[] }> {
  const variants = (username: string) => Array.from({ length: VARIANTS }, (_, index) => variant(username, index + 1));
  const candidates = students.flatMap(({ username, fromEmail }) => (fromEmail ? variants(username) : [username]).map(usernameKey));
  const used = await taken([...new Set(candidates)]);
  const problems: RosterProblem[] = [];
  const result: RosterStudent[] = [];
  for (const student of students) {
    if (!student.fromEmail) {
      if (used.has(usernameKey(student.username))) problems.push({ row: student.row, problem: `the username "${student.username}" is taken.` });
      else result.push(student);
      used.add(usernameKey(student.username));
      continue;
    }
    const free = variants(student.username).find((name) => !used.has(usernameKey(name)));
    if (free === undefined) {
      problems.push({ row: student.row, problem: `no free username could be made from "${student.username}".` });
      continue;
    }
    used.add(usernameKey(free));
    result.push({ ...student, username: free });
  }
  return { students: result, problems };
}
