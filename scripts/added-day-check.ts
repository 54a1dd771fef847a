/**
 * Checks that an author can add a day with content alone (docs/authoring.md, "A day is two files"): copies
 * the repository to a temporary folder, adds the day after the last one as two files copied from Day 2
 * (its front matter's `title`, and its schema's `$id` and `title`, changed, nothing else), then runs
 * there the content checker, every unit test file that iterates the days, the build and the bundle
 * budgets. Any of them failing fails this check, with its output.
 *
 * Usage: `npm run test:added-day` (part of `npm test`, after the budgets). Prints one line per step and
 * a summary such as `added-day check: Day 6 "An Added Day" passed check:content, 9 unit test files, the
 * build and its budget`.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import { dirname, join, resolve } from 'node:path';
import { daysOf } from './published-days/days.ts';

const root = resolve(import.meta.dirname, '..');
const ADDED_TITLE = 'An Added Day';
/** What a unit test file that iterates the days reads them from. */
const DAY_DERIVED = /daysOf\(|PUBLISHED_DAYS|publishedDaysIn\(|DAY_TITLES|DAY_AFTER_THE_WEEK|repositoryEmbedLocations\(|day-\*\.schema\.json/;

function run(command: string, args: string[], cwd: string): string {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in the copy with Day ${added}:\n${stdout}\n${stderr}`, { cause: error });
  }
}

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '');
const added = Math.max(...daysOf(root, { drafts: true }).map(({ day }) => day)) + 1;
const copy = mkdtempSync(join(tmpdir(), 'helix-added-day-'));
try {
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    try {
      cpSync(join(root, file), join(copy, file));
    } catch {
      // A file deleted in the work tree but still in the index.
    }
  }
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');

  const lesson = readFileSync(join(root, 'content/days/day-2.mdx'), 'utf8').replace(/^title: .*$/m, `title: ${ADDED_TITLE}`);
  writeFileSync(join(copy, `content/days/day-${added}.mdx`), lesson);
  const schema = JSON.parse(readFileSync(join(root, 'schemas/day-2.schema.json'), 'utf8')) as Record<string, unknown>;
  schema.$id = String(schema.$id).replace('day-2', `day-${added}`);
  schema.title = `Day ${added} answers: ${ADDED_TITLE}`;
  writeFileSync(join(copy, `schemas/day-${added}.schema.json`), `${JSON.stringify(schema, null, 2)}\n`);

  run('npm', ['run', 'check:content'], copy);
  console.log(`added-day check: Day ${added} passes check:content`);

  const tests = files.filter((file) => /\.test\.tsx?$/.test(file) && DAY_DERIVED.test(readFileSync(join(root, file), 'utf8')));
  run('npx', ['vitest', 'run', ...tests], copy);
  console.log(`added-day check: ${tests.length} unit test files that iterate the days pass with Day ${added}`);

  run('npm', ['run', 'build'], copy);
  // size-limit colours its report whatever the environment says.
  const budgets = stripVTControlCharacters(run('npm', ['run', 'size'], copy));
  const budget = new RegExp(`/sections/day-${added} JS \\(first visit\\)\\n\\s*Size limit:\\s*([\\d.]+ kB)\\n\\s*Size:\\s*([\\d.]+ kB)`).exec(budgets);
  if (!budget) throw new Error(`npm run size measured no budget for /sections/day-${added}:\n${budgets}`);
  console.log(`added-day check: the build has Day ${added}, and its first visit is ${budget[2]} of its ${budget[1]} budget`);
  console.log(`added-day check: Day ${added} "${ADDED_TITLE}" passed check:content, ${tests.length} unit test files, the build and its budget`);
} catch (error) {
  console.error(`added-day check failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  rmSync(copy, { recursive: true, force: true });
}
