import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = resolve('scripts/require-node.mjs');

/** Runs the check as `npm start`'s prestart does, in `folder` (the project's own by default). */
function check(folder = resolve('.')) {
  const result = spawnSync(process.execPath, [join(folder, 'scripts', 'require-node.mjs')], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm start on a Node too old for Helix', () => {
  let copy: string | undefined;
  afterEach(() => copy && rmSync(copy, { recursive: true, force: true }));

  it('passes quietly on the Node running the tests, which package.json\'s engines accept', () => {
    expect(check()).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it('stops with one line naming the Node it needs and how to get it, instead of a stack trace', () => {
    // A copy of the project's check whose engines no Node yet satisfies.
    copy = mkdtempSync(join(tmpdir(), 'helix-require-node-'));
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
    writeFileSync(join(copy, 'package.json'), JSON.stringify({ ...manifest, engines: { node: '>=99.1.0' } }));
    copyFileSync('.nvmrc', join(copy, '.nvmrc'));
    symlinkSync(resolve('node_modules'), join(copy, 'node_modules'));
    mkdirSync(join(copy, 'scripts'));
    copyFileSync(SCRIPT, join(copy, 'scripts', 'require-node.mjs'));

    const { status, stdout, stderr } = check(copy);
    expect(status).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    const lts = readFileSync('.nvmrc', 'utf8').trim();
    expect(lines[0]).toContain('Helix needs Node >=99.1.0');
    expect(lines[0]).toContain(`this is Node ${process.versions.node}`);
    expect(lines[0]).toContain(`install Node ${lts}`);
  });
});
