import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JWT_SECRET_FILE, loadJwtSecret } from './secret.ts';

describe('loadJwtSecret', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'helix-secret-'));
    dirs.push(dir);
    return dir;
  };

  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('uses JWT_SECRET when given, and writes nothing', () => {
    const dir = tempDir();
    expect(loadJwtSecret('x'.repeat(40), dir)).toBe('x'.repeat(40));
    expect(() => statSync(join(dir, JWT_SECRET_FILE))).toThrow();
  });

  it('generates 32 random bytes once, keeps them in DATA_DIR/jwt-secret with mode 0600, and reuses them', () => {
    const dir = tempDir();
    const first = loadJwtSecret(null, dir);
    expect(first).toMatch(/^[\w-]{43}$/); // 32 bytes in base64url
    expect(statSync(join(dir, JWT_SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(loadJwtSecret(null, dir)).toBe(first);
    expect(loadJwtSecret(null, tempDir())).not.toBe(first);
  });

  it('refuses a secret file that is too short', () => {
    const dir = tempDir();
    writeFileSync(join(dir, JWT_SECRET_FILE), 'short\n', { mode: 0o600 });
    expect(() => loadJwtSecret(null, dir)).toThrow(/shorter than 32 characters/);
  });
});
