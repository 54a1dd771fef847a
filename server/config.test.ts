import { describe, expect, it } from 'vitest';
import { DEFAULT_ABUSE_LIMITS } from './auth/abuse-limits.ts';
import { DEFAULT_HASH_CONCURRENCY } from './auth/passwords.ts';
import { ConfigError, parseConfig } from './config.ts';

describe('parseConfig', () => {
  it('gives every setting its default when the environment is empty', () => {
    expect(parseConfig({}, '/srv/helix')).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/helix/data',
      databaseUrl: null,
      jwtSecret: null,
      staticDir: '/srv/helix/dist',
      imagesDir: '/srv/helix/content/images',
      schemasDir: '/srv/helix/schemas',
      inboxDir: '/srv/helix/content/inbox',
      workbooksDir: '/srv/helix/content/workbooks',
      logLevel: 'info',
      abuseLimits: DEFAULT_ABUSE_LIMITS,
      passwordHashConcurrency: DEFAULT_HASH_CONCURRENCY,
    });
  });

  it('reads every variable, resolving relative paths from the working directory', () => {
    const config = parseConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: 'var/data',
        DATABASE_URL: 'postgres://helix:pw@db:5432/helix',
        JWT_SECRET: 'a'.repeat(32),
        STATIC_DIR: '/opt/helix/dist',
        IMAGES_DIR: 'img',
        SCHEMAS_DIR: 'sch',
        INBOX_DIR: 'inbox',
        WORKBOOKS_DIR: '/opt/helix/workbooks',
        LOG_LEVEL: 'debug',
      },
      '/srv/helix',
    );
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/helix/var/data',
      databaseUrl: 'postgres://helix:pw@db:5432/helix',
      jwtSecret: 'a'.repeat(32),
      staticDir: '/opt/helix/dist',
      imagesDir: '/srv/helix/img',
      schemasDir: '/srv/helix/sch',
      inboxDir: '/srv/helix/inbox',
      workbooksDir: '/opt/helix/workbooks',
      logLevel: 'debug',
      abuseLimits: DEFAULT_ABUSE_LIMITS,
      passwordHashConcurrency: DEFAULT_HASH_CONCURRENCY,
    });
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', JWT_SECRET: '', PORT: '' }, '/x')).toMatchObject({ databaseUrl: null, jwtSecret: null, port: 3000 });
  });

  it('reports every problem at once, naming each variable', () => {
    let caught: unknown;
    try {
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://user:secret@db/helix', JWT_SECRET: 'short', LOG_LEVEL: 'loud' }, '/x');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(/^PORT must be an integer from 0 to 65535/);
    expect(problems[1]).toMatch(/^DATABASE_URL must be a postgres:\/\//);
    expect(problems[2]).toBe('JWT_SECRET must be at least 32 characters, got 5 (leave it unset to generate one in DATA_DIR).');
    expect(problems[3]).toMatch(/^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/);
  });

  it('never repeats DATABASE_URL in a problem, since it may hold a password', () => {
    expect(() => parseConfig({ DATABASE_URL: 'mysql://user:hunter2@db/helix' }, '/x')).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
    );
  });

  it('refuses a port above 65535', () => {
    expect(() => parseConfig({ PORT: '70000' }, '/x')).toThrow(ConfigError);
  });
});
