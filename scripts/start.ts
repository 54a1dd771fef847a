/**
 * `npm start`'s first half: builds the app (`npm run build`, then `npm run build:server`) only when
 * its inputs changed since the last build, so that a restart of an unchanged install serves at once;
 * package.json's `start` then runs the bundled server (`exec node dist-server/server.mjs`, so the
 * server takes the shell's place and gets npm's SIGTERM and SIGINT itself: server/shutdown.ts).
 *
 * The inputs are the files the two builds read: {@link BUILD_INPUTS}, as git lists them (tracked, or new
 * and not ignored), or, outside a git checkout (a release unpacked from an archive), every file under
 * them but what .gitignore leaves out; plus npm's record of what is installed (`node_modules/.package-lock.json`).
 * Their SHA-256 over paths and contents is the fingerprint. After both builds succeed it is written to
 * {@link FINGERPRINT_FILE}, beside the server bundle (never in `dist/`, which is served). The next start
 * builds again when the fingerprint differs, when that file is missing or unreadable, or when a built
 * file the server needs ({@link BUILT_FILES}) is missing.
 *
 * Usage: `npm start` (the README's `npm install && npm start`); `node --import tsx scripts/start.ts
 * --check` only says whether a build is needed (exit 0: current, 1: it would build).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What `npm run build` and `npm run build:server` read, relative to the project folder. */
export const BUILD_INPUTS = [
  'src',
  'engine',
  'content',
  'schemas',
  'server',
  'scripts',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

/** Outside git, what under {@link BUILD_INPUTS} is no input (as .gitignore says): these names anywhere… */
const NOT_INPUT_NAMES = new Set(['node_modules', '.git']);
/** …names ending so… */
const NOT_INPUT_SUFFIXES = ['.tsbuildinfo'];
/** …and these paths, which the build writes. */
const NOT_INPUT_PATHS = new Set([join('engine', 'generated')]);

/** npm's record of the installed packages: a new `npm install` of other versions changes it. */
const INSTALLED_PACKAGES = join('node_modules', '.package-lock.json');

/** Where the fingerprint of the last successful build is kept, relative to the project folder. */
export const FINGERPRINT_FILE = join('dist-server', 'build-fingerprint.json');

/** The built files the server cannot start without (scripts/build-server.ts; the Vite build's page). */
export const BUILT_FILES = [join('dist', 'index.html'), join('dist-server', 'server.mjs'), join('dist-server', 'lock-worker.mjs')];

/** The content of {@link FINGERPRINT_FILE}. */
interface BuildRecord {
  /** SHA-256 of the inputs, hex. */
  fingerprint: string;
  /** How many input files it covers. */
  files: number;
  /** When the build finished, ISO 8601. */
  builtAt: string;
}

/** The input files, relative to `root` with `/` separators, sorted: git's list when `root` is a git checkout, else a walk. */
function inputFiles(root: string): string[] {
  let files: string[];
  try {
    const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...BUILD_INPUTS], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    // A tracked file deleted from the work tree is listed but gone: it is no input any more.
    files = listed.split('\0').filter((path) => path !== '' && existsSync(join(root, path)));
  } catch {
    files = BUILD_INPUTS.flatMap((input) => walk(root, input));
  }
  if (existsSync(join(root, INSTALLED_PACKAGES))) files.push(INSTALLED_PACKAGES);
  return [...new Set(files.map((path) => path.split(sep).join('/')))].sort();
}

/** Every file at or under `path` (relative to `root`), leaving out what is no input; none when `path` does not exist. */
function walk(root: string, path: string): string[] {
  const name = path.slice(path.lastIndexOf(sep) + 1);
  if (NOT_INPUT_PATHS.has(path) || NOT_INPUT_NAMES.has(name) || NOT_INPUT_SUFFIXES.some((suffix) => name.endsWith(suffix))) return [];
  let stats;
  try {
    stats = statSync(join(root, path));
  } catch {
    return [];
  }
  if (stats.isFile()) return [path];
  if (!stats.isDirectory()) return [];
  return readdirSync(join(root, path)).flatMap((name) => walk(root, join(path, name)));
}

/**
 * The fingerprint of the build's inputs under `root`: SHA-256 (hex) of every input file's path and
 * content, in path order (how long it takes: docs/decisions/014-a-server-a-school-runs.md).
 *
 * @param root - the project folder (absolute)
 * @returns the fingerprint and how many files it covers
 * @throws when an input file cannot be read (a permission problem)
 */
export function inputFingerprint(root: string): { fingerprint: string; files: number } {
  const files = inputFiles(root);
  const hash = createHash('sha256');
  for (const path of files) {
    const content = readFileSync(join(root, path));
    hash.update(`${path}\0${content.length}\0`);
    hash.update(content);
  }
  return { fingerprint: hash.digest('hex'), files: files.length };
}

/** The record of the last successful build, or null when there is none or it is unreadable. */
function lastBuild(root: string): BuildRecord | null {
  try {
    const record = JSON.parse(readFileSync(join(root, FINGERPRINT_FILE), 'utf8')) as Partial<BuildRecord>;
    return typeof record.fingerprint === 'string' ? (record as BuildRecord) : null;
  } catch {
    return null;
  }
}

/**
 * Why `root` needs a build before it is served, or null when its build is current: a built file is
 * missing, no build was recorded, or the inputs changed since the recorded one.
 *
 * @param root - the project folder (absolute)
 * @param fingerprint - the current inputs' fingerprint ({@link inputFingerprint})
 */
export function buildNeeded(root: string, fingerprint: string): string | null {
  const missing = BUILT_FILES.find((path) => !existsSync(join(root, path)));
  if (missing !== undefined) return `${missing} is missing`;
  const record = lastBuild(root);
  if (record === null) return `no build is recorded in ${FINGERPRINT_FILE}`;
  if (record.fingerprint !== fingerprint) return `the sources changed since the build of ${record.builtAt}`;
  return null;
}

/**
 * Runs `npm run <script>` in `root` with its output on this terminal.
 *
 * @throws an Error naming the script when it fails or cannot be started
 */
function npmRun(root: string, script: string): void {
  const result = spawnSync('npm', ['run', script], { cwd: root, stdio: 'inherit' });
  if (result.error) throw new Error(`npm run ${script} could not start: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`npm run ${script} failed (${result.status === null ? `signal ${result.signal}` : `status ${result.status}`})`);
}

/**
 * Runs `npm run build`, then `npm run build:server`, in `root`.
 *
 * @throws when either fails
 */
function runBuilds(root: string): void {
  npmRun(root, 'build');
  npmRun(root, 'build:server');
}

/**
 * Builds `root` when {@link buildNeeded} says so, then records the inputs' fingerprint (taken before
 * the build, so an edit made during it is built next time) in {@link FINGERPRINT_FILE}.
 *
 * @param root - the project folder (absolute)
 * @param build - what builds it; default `npm run build` then `npm run build:server` (tests pass their own)
 * @returns whether it built
 * @throws when the build fails; the previous record is removed first, so the next start builds again
 */
export function buildIfChanged(root: string, build: (root: string) => void = runBuilds): boolean {
  const { fingerprint, files } = inputFingerprint(root);
  const reason = buildNeeded(root, fingerprint);
  if (reason === null) {
    console.log(`npm start: the build is current (${files} input files unchanged); serving it`);
    return false;
  }
  console.log(`npm start: building, as ${reason}`);
  const recordPath = join(root, FINGERPRINT_FILE);
  rmSync(recordPath, { force: true });
  build(root);
  const record: BuildRecord = { fingerprint, files, builtAt: new Date().toISOString() };
  mkdirSync(dirname(recordPath), { recursive: true });
  writeFileSync(`${recordPath}.tmp`, `${JSON.stringify(record, null, 2)}\n`);
  renameSync(`${recordPath}.tmp`, recordPath);
  return true;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const root = process.cwd();
  if (process.argv.includes('--check')) {
    const reason = buildNeeded(root, inputFingerprint(root).fingerprint);
    console.log(reason === null ? 'the build is current' : `a build is needed: ${reason}`);
    process.exit(reason === null ? 0 : 1);
  }
  try {
    buildIfChanged(root);
  } catch (error) {
    console.error(`npm start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
