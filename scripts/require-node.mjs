// Plain JavaScript on purpose: an old Node must be able to run this file to say that it is too old.
/**
 * Stops `npm start` and `npm run dev` with one line when Node does not satisfy package.json's
 * `engines.node` (docs/decisions/015-node-24.md), instead of a stack trace from a dependency that needs
 * a newer Node. Exits 1 then; prints nothing and exits 0 otherwise.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';

const read = (file) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
const wanted = JSON.parse(read('package.json')).engines.node;

if (!semver.satisfies(process.version, wanted)) {
  const lts = read('.nvmrc').trim();
  console.error(
    `Helix needs Node ${wanted} (Node ${lts} LTS recommended) and this is Node ${process.versions.node}: install Node ${lts} from https://nodejs.org/ or with \`nvm install\` in this folder.`,
  );
  process.exit(1);
}
