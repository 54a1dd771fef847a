/**
 * The HS256 signing secret: JWT_SECRET, or one generated on first start and kept in DATA_DIR.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIN_JWT_SECRET_LENGTH } from '../config.ts';

/** The file, inside DATA_DIR, that keeps a generated secret (mode 0600). */
export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * Returns the signing secret: `configured` when given; otherwise the one in
 * `${dataDir}/jwt-secret`, creating it (32 random bytes, base64url, mode 0600) if missing. Keeping it
 * on disk means a restart does not sign every student out.
 *
 * @throws when the secret file exists but holds fewer than 32 characters, or cannot be written
 */
export function loadJwtSecret(configured: string | null, dataDir: string): string {
  if (configured !== null) return configured;
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, JWT_SECRET_FILE);
  try {
    writeFileSync(path, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(path, 0o600);
  const secret = readFileSync(path, 'utf8').trim();
  if (secret.length < MIN_JWT_SECRET_LENGTH) {
    throw new Error(`${path} holds a secret shorter than ${MIN_JWT_SECRET_LENGTH} characters. Delete it to generate a new one (this signs everyone out).`);
  }
  return secret;
}
