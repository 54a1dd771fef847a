/**
 * Checks that an author can add a day with content alone (docs/authoring.md, "A day is two files"): copies
 * the repository to a temporary folder, adds the day after the last one as two files copied from Day 2
 * (its front matter's `title`, and its schema's `$id` and `title`, changed, nothing else), then runs
 * there the content checker, the whole unit and server suite (`vitest run`: a checked-in file generated
 * from the week, such as src/api/openapi.gen.ts, fails its own test there), the build and the bundle
 * budgets. Any of them failing fails this check, with its output.
 *
 * The copy also renames a widget's component file (the first widget of the manifest with a
 * `<Tag>.tsx`, e.g. engine/widgets/free-text/FreeText.tsx, its imports rewritten): the build's grouping
 * follows the import graph, not file names (scripts/chunk-groups/vite-plugin.ts), so the copy's build
 * must put every module in the same file as the build in `dist/` did (`.vite/chunk-groups.json`), the
 * added day's two files in a file of their own, and give every route the same modules.
 *
 * Usage: `npm run test:added-day` (part of `npm test`, after the build and the budgets; it compares with
 * `dist/`). Prints one line per step and a summary such as `added-day check: Day 6 "An Added Day" passed
 * check:content, the unit and server suite, the build and its budget`.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import { dirname, join, resolve } from 'node:path';
import { CHUNK_GROUPS_FILE } from './chunk-groups/vite-plugin.ts';
import { daysOf } from './published-days/days.ts';
import { ROUTE_MODULES_FILE } from './route-assets.js';
import { engineWidgets } from './widget-manifest/vite-plugin.ts';

const root = resolve(import.meta.dirname, '..');
const ADDED_TITLE = 'An Added Day';

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

  const renamed = renameWidgetFile(copy);
  console.log(`added-day check: ${renamed.from} renamed ${renamed.to} in the copy`);

  run('npm', ['run', 'check:content'], copy);
  console.log(`added-day check: Day ${added} passes check:content`);

  run('npx', ['vitest', 'run'], copy);
  console.log(`added-day check: the whole unit and server suite passes with Day ${added}`);

  run('npm', ['run', 'build'], copy);
  // size-limit colours its report whatever the environment says, and may put a line such as "Package size is
  // 87 B less than limit" between a budget's name and its figures.
  const budgets = stripVTControlCharacters(run('npm', ['run', 'size'], copy));
  const budget = new RegExp(`/sections/day-${added} JS \\(first visit\\)\\n(?:.*\\n)?\\s*Size limit:\\s*([\\d.]+ kB)\\n\\s*Size:\\s*([\\d.]+ kB)`).exec(budgets);
  if (!budget) throw new Error(`npm run size measured no budget for /sections/day-${added}:\n${budgets}`);
  console.log(`added-day check: the build has Day ${added}, and its first visit is ${budget[2]} of its ${budget[1]} budget`);
  sameOutputAfterRename(copy, renamed);
  console.log(`added-day check: with ${renamed.to}, every module is in the same file as in dist/, and every route loads the same modules`);
  console.log(`added-day check: Day ${added} "${ADDED_TITLE}" passed check:content, the unit and server suite, the build, its budget and the rename`);
} catch (error) {
  console.error(`added-day check failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  rmSync(copy, { recursive: true, force: true });
}

/**
 * Renames, in `copy`, the component file of the first engine widget that has one named after its tag
 * (`<folder>/<Tag>.tsx` → `<folder>/Renamed<Tag>.tsx`), and rewrites every import of it.
 *
 * @returns both paths, relative to the repository
 * @throws when no widget has such a file
 */
function renameWidgetFile(copy: string): { from: string; to: string } {
  const widget = engineWidgets(copy).find(({ tag, folder }) => existsSync(join(copy, folder, `${tag}.tsx`)));
  if (!widget) throw new Error('no widget of the manifest has a component file named after its tag to rename');
  const from = `${widget.folder}/${widget.tag}.tsx`;
  const to = `${widget.folder}/Renamed${widget.tag}.tsx`;
  renameSync(join(copy, from), join(copy, to));
  const imported = new RegExp(`(['"/])${widget.tag}\\.tsx(['"])`, 'g');
  for (const file of files.filter((each) => /\.tsx?$/.test(each) && existsSync(join(copy, each)))) {
    const text = readFileSync(join(copy, file), 'utf8');
    const rewritten = text.replace(imported, `$1Renamed${widget.tag}.tsx$2`);
    if (rewritten !== text) writeFileSync(join(copy, file), rewritten);
  }
  return { from, to };
}

/**
 * Compares the copy's build with the one in `dist/`: each group's modules (the renamed file for the
 * original), with the added day's group the only new one; each route's modules, with the added day's
 * route the only new one.
 *
 * @throws naming the first difference, or when `dist/` holds no build to compare with
 */
function sameOutputAfterRename(copy: string, { from, to }: { from: string; to: string }): void {
  const read = (dir: string, file: string) => {
    try {
      return JSON.parse(readFileSync(join(dir, 'dist', file), 'utf8')) as Record<string, string[]>;
    } catch (error) {
      throw new Error(`${dir}/dist/${file} is missing: run \`npm run build\` before this check.`, { cause: error });
    }
  };
  const expectSame = (file: string, newKey: string) => {
    const before = read(root, file);
    const after = read(copy, file);
    const keys = [...Object.keys(before), newKey].sort();
    if (JSON.stringify(Object.keys(after).sort()) !== JSON.stringify(keys)) throw new Error(`${file}: the copy has ${Object.keys(after).sort().join(', ')}; expected ${keys.join(', ')}`);
    for (const [key, modules] of Object.entries(before)) {
      const expected = modules.map((module) => (module === from ? to : module)).sort();
      const got = [...(after[key] ?? [])].sort();
      if (JSON.stringify(got) !== JSON.stringify(expected)) {
        const missing = expected.filter((module) => !got.includes(module));
        const extra = got.filter((module) => !expected.includes(module));
        throw new Error(`${file}: after renaming ${from}, ${key} lost ${missing.join(', ') || 'nothing'} and gained ${extra.join(', ') || 'nothing'}`);
      }
    }
  };
  expectSame(CHUNK_GROUPS_FILE, `day-${added}`);
  expectSame(ROUTE_MODULES_FILE, `/sections/day-${added}`);
}
