import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILT_FILES, buildIfChanged } from './start.ts';

describe('npm start builds only what changed', () => {
  let root: string;
  let builds: number;
  /** Stands in for `npm run build` and `npm run build:server`: writes the built files and counts. */
  const build = (folder: string) => {
    builds += 1;
    for (const path of BUILT_FILES) {
      mkdirSync(dirname(join(folder, path)), { recursive: true });
      writeFileSync(join(folder, path), `built ${builds}\n`);
    }
  };
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  beforeEach(() => {
    // Outside any git checkout, as a release unpacked from an archive is: the files are listed by walking.
    root = mkdtempSync(join(tmpdir(), 'helix-start-'));
    builds = 0;
    write('package.json', '{"name": "helix"}\n');
    write('src/main.tsx', 'render();\n');
    write('content/days/day-1.mdx', '# Day 1\n');
    vi.spyOn(console, 'log').mockImplementation(() => {});
  });

  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(root, { recursive: true, force: true });
  });

  it('builds a fresh install, then serves the same build at every restart', () => {
    expect(buildIfChanged(root, build)).toBe(true);
    expect(buildIfChanged(root, build)).toBe(false);
    expect(buildIfChanged(root, build)).toBe(false);
    expect(builds).toBe(1);
  });

  it('builds again when a lesson, the code or the installed packages change', () => {
    buildIfChanged(root, build);
    write('content/days/day-1.mdx', '# Day 1, revised\n');
    expect(buildIfChanged(root, build)).toBe(true);
    write('src/new-page.tsx', 'export {};\n');
    expect(buildIfChanged(root, build)).toBe(true);
    write('node_modules/.package-lock.json', '{"packages": {}}\n');
    expect(buildIfChanged(root, build)).toBe(true);
    expect(buildIfChanged(root, build)).toBe(false);
    expect(builds).toBe(4);
  });

  it('does not build again for what the build itself writes or what it never reads', () => {
    buildIfChanged(root, build);
    write('engine/generated/validators.ts', 'export {};\n');
    write('data/pglite/base', 'rows');
    write('docs/operations.md', '# Operations\n');
    expect(buildIfChanged(root, build)).toBe(false);
  });

  it('builds again when a built file is missing, as after deleting dist/', () => {
    buildIfChanged(root, build);
    rmSync(join(root, 'dist'), { recursive: true });
    expect(buildIfChanged(root, build)).toBe(true);
  });

  it('builds again at the next start after a failed build, never serving it as current', () => {
    buildIfChanged(root, build);
    write('src/main.tsx', 'render(broken;\n');
    expect(() =>
      buildIfChanged(root, () => {
        throw new Error('npm run build failed (status 1)');
      }),
    ).toThrow('npm run build failed');
    expect(buildIfChanged(root, build)).toBe(true);
    expect(builds).toBe(2);
  });
});
