import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ABUSE_LIMITS } from './auth/abuse-limits.ts';
import { DEFAULT_HASH_CONCURRENCY } from './auth/passwords.ts';
import { ConfigError, ENV_SCHEMA, parseConfig } from './config.ts';

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
      lessonsDir: '/srv/helix/content/days',
      inboxDir: '/srv/helix/content/inbox',
      workbooksDir: '/srv/helix/content/workbooks',
      logLevel: 'info',
      abuseLimits: DEFAULT_ABUSE_LIMITS,
      passwordHashConcurrency: DEFAULT_HASH_CONCURRENCY,
      timeouts: { requestMs: 30_000, headersMs: 10_000, connectionMs: 60_000, keepAliveMs: 72_000 },
      refusedBodyMaxBytes: 16 * 1024 * 1024,
      hstsMaxAgeSeconds: null,
      trustProxy: false,
      publicUrl: null,
      corsOrigins: [],
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
        LESSONS_DIR: 'lessons',
        INBOX_DIR: 'inbox',
        WORKBOOKS_DIR: '/opt/helix/workbooks',
        LOG_LEVEL: 'debug',
        REQUEST_TIMEOUT_MS: '20000',
        HEADERS_TIMEOUT_MS: '5000',
        CONNECTION_TIMEOUT_MS: '45000',
        KEEP_ALIVE_TIMEOUT_MS: '65000',
        REFUSED_BODY_MAX_BYTES: '1048576',
        HSTS_MAX_AGE: '31536000',
        TRUST_PROXY: '10.0.0.0/8, loopback',
        PUBLIC_URL: 'https://helix.example.org/',
        CORS_ORIGINS: 'https://app.school.org, http://localhost:5173',
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
      lessonsDir: '/srv/helix/lessons',
      inboxDir: '/srv/helix/inbox',
      workbooksDir: '/opt/helix/workbooks',
      logLevel: 'debug',
      abuseLimits: DEFAULT_ABUSE_LIMITS,
      passwordHashConcurrency: DEFAULT_HASH_CONCURRENCY,
      timeouts: { requestMs: 20_000, headersMs: 5_000, connectionMs: 45_000, keepAliveMs: 65_000 },
      refusedBodyMaxBytes: 1_048_576,
      hstsMaxAgeSeconds: 31_536_000,
      trustProxy: ['10.0.0.0/8', 'loopback'],
      publicUrl: 'https://helix.example.org',
      corsOrigins: ['https://app.school.org', 'http://localhost:5173'],
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

  it('reports two bad variables together in one error, each with its value and what is expected', () => {
    let caught: unknown;
    try {
      parseConfig({ PORT: '12abc', SIGNUPS_PER_HOUR: 'lots', HOST: '127.0.0.1' }, '/x');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual([
      'PORT must be an integer from 0 to 65535, got "12abc".',
      'SIGNUPS_PER_HOUR must be a whole number from 1 to 1000000000, got "lots".',
    ]);
    // The message the server prints at start lists both.
    expect((caught as ConfigError).message).toBe(
      'Invalid configuration:\n' +
        '  - PORT must be an integer from 0 to 65535, got "12abc".\n' +
        '  - SIGNUPS_PER_HOUR must be a whole number from 1 to 1000000000, got "lots".',
    );
  });

  it('takes a number only as decimal digits: no exponent, hex, sign, fraction or inner space', () => {
    for (const text of ['12abc', '1e3', '0x10', '+80', '-1', '80.0', '8 0']) {
      expect(() => parseConfig({ PORT: text }, '/x'), text).toThrow(`PORT must be an integer from 0 to 65535, got "${text}".`);
    }
    expect(parseConfig({ PORT: ' 0080 ' }, '/x').port).toBe(80);
  });

  it('declares every variable in one schema, with a description and what a valid value is', () => {
    for (const [name, variable] of Object.entries(ENV_SCHEMA.properties)) {
      expect(variable.description, name).toMatch(/\w/);
      expect(variable.expected, name).toMatch(/\w/);
    }
    // Every variable of the README's configuration table is one of them.
    const documented = [...readFileSync('README.md', 'utf8').matchAll(/^\| `([A-Z_]+)` \|/gm)].map((match) => match[1]);
    expect(documented.length).toBeGreaterThan(20);
    expect(Object.keys(ENV_SCHEMA.properties)).toEqual(expect.arrayContaining(documented));
  });

  it('never repeats DATABASE_URL in a problem, since it may hold a password', () => {
    expect(() => parseConfig({ DATABASE_URL: 'mysql://user:hunter2@db/helix' }, '/x')).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
    );
  });

  it('reads REFUSED_BODY_MAX_BYTES as a whole number of bytes, 0 included, and refuses "16MB"', () => {
    expect(parseConfig({ REFUSED_BODY_MAX_BYTES: '0' }, '/x').refusedBodyMaxBytes).toBe(0);
    expect(() => parseConfig({ REFUSED_BODY_MAX_BYTES: '16MB' }, '/x')).toThrow('REFUSED_BODY_MAX_BYTES must be a whole number of bytes from 0 to 1073741824, got "16MB".');
  });

  it("reads a school's identity provider, which needs its client, its label and PUBLIC_URL, and never repeats its secret", () => {
    const provider = {
      OIDC_ISSUER: 'https://accounts.google.com',
      OIDC_CLIENT_ID: 'client-1.apps.googleusercontent.com',
      OIDC_CLIENT_SECRET: 'a-client-secret-value',
      OIDC_LABEL: 'Google',
      OIDC_ALLOWED_DOMAINS: 'Lincoln.k12.example, students.lincoln.k12.example',
      PUBLIC_URL: 'https://helix.lincoln.k12.example',
    };
    expect(parseConfig(provider, '/x').signInProviders).toEqual([
      {
        id: 'oidc',
        issuer: 'https://accounts.google.com',
        clientId: 'client-1.apps.googleusercontent.com',
        clientSecret: 'a-client-secret-value',
        label: 'Google',
        allowedDomains: ['lincoln.k12.example', 'students.lincoln.k12.example'],
      },
    ]);
    expect(parseConfig({}, '/x').signInProviders).toBeUndefined();
    expect(() => parseConfig({ ...provider, PUBLIC_URL: '' }, '/x')).toThrow('OIDC_ISSUER needs PUBLIC_URL as well');
    expect(() => parseConfig({ ...provider, OIDC_CLIENT_ID: '', OIDC_LABEL: '' }, '/x')).toThrow('OIDC_ISSUER needs OIDC_CLIENT_ID, OIDC_LABEL as well');
    expect(() => parseConfig({ OIDC_CLIENT_ID: 'x' }, '/x')).toThrow('OIDC_CLIENT_ID is set but OIDC_ISSUER is not');
    // http:// only on this machine (a test or a developer's provider).
    expect(() => parseConfig({ ...provider, OIDC_ISSUER: 'http://accounts.example' }, '/x')).toThrow('OIDC_ISSUER must be an https:// address');
    expect(parseConfig({ ...provider, OIDC_ISSUER: 'http://127.0.0.1:3190' }, '/x').signInProviders?.[0]?.issuer).toBe('http://127.0.0.1:3190');
    expect(() => parseConfig({ ...provider, OIDC_ALLOWED_DOMAINS: 'lincoln.k12.example,not a domain' }, '/x')).toThrow('"not a domain"');
    expect(() => parseConfig({ ...provider, OIDC_LABEL: 'x'.repeat(41) }, '/x')).toThrow(expect.objectContaining({ message: expect.not.stringContaining('a-client-secret-value') }));
  });

  it('refuses a port above 65535', () => {
    expect(() => parseConfig({ PORT: '70000' }, '/x')).toThrow(ConfigError);
  });

  it('never repeats JWT_SECRET in a problem, only its length', () => {
    expect(() => parseConfig({ JWT_SECRET: 'hunter2' }, '/x')).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
    );
  });

  it('judges HEADERS_TIMEOUT_MS against the default request timeout when REQUEST_TIMEOUT_MS is bad, and a bad HEADERS_TIMEOUT_MS by its default', () => {
    expect(() => parseConfig({ REQUEST_TIMEOUT_MS: '100', HEADERS_TIMEOUT_MS: '5s' }, '/x')).toThrow(
      expect.objectContaining({
        problems: [
          'HEADERS_TIMEOUT_MS must be a whole number of milliseconds from 1 to 3600000, got "5s".',
          'HEADERS_TIMEOUT_MS (10000) must not be longer than REQUEST_TIMEOUT_MS (100).',
        ],
      }),
    );
  });

  describe('server limits and HSTS (issue 11)', () => {
    it('refuses timeouts that are not a positive whole number of ms, and a headers timeout longer than the request timeout', () => {
      let caught: unknown;
      try {
        parseConfig({ REQUEST_TIMEOUT_MS: '0', KEEP_ALIVE_TIMEOUT_MS: '5s', HEADERS_TIMEOUT_MS: '40000', HSTS_MAX_AGE: '-1' }, '/x');
      } catch (error) {
        caught = error;
      }
      expect((caught as ConfigError).problems).toEqual([
        'REQUEST_TIMEOUT_MS must be a whole number of milliseconds from 1 to 3600000, got "0".',
        'KEEP_ALIVE_TIMEOUT_MS must be a whole number of milliseconds from 1 to 3600000, got "5s".',
        'HEADERS_TIMEOUT_MS (40000) must not be longer than REQUEST_TIMEOUT_MS (30000).',
        'HSTS_MAX_AGE must be a whole number of seconds from 0 to 63072000, got "-1" (leave it unset for no HSTS).',
      ]);
    });

    it('reads TRUST_PROXY as a hop count or a list of addresses, and refuses anything else', () => {
      expect(parseConfig({ TRUST_PROXY: '1' }, '/x').trustProxy).toBe(1);
      expect(parseConfig({ TRUST_PROXY: '127.0.0.1,::1' }, '/x').trustProxy).toEqual(['127.0.0.1', '::1']);
      expect(() => parseConfig({ TRUST_PROXY: 'true' }, '/x')).toThrow(/TRUST_PROXY must be a number of proxy hops/);
      expect(() => parseConfig({ TRUST_PROXY: '10.0.0.0/33' }, '/x')).toThrow(ConfigError);
    });

    it('leaves HSTS off unless HSTS_MAX_AGE is set', () => {
      expect(parseConfig({}, '/x').hstsMaxAgeSeconds).toBeNull();
      expect(parseConfig({ HSTS_MAX_AGE: '0' }, '/x').hstsMaxAgeSeconds).toBe(0);
    });
  });

  describe('PUBLIC_URL and CORS_ORIGINS', () => {
    it('keeps a path prefix of PUBLIC_URL, without its trailing slash', () => {
      expect(parseConfig({ PUBLIC_URL: 'https://school.org/helix/' }, '/x').publicUrl).toBe('https://school.org/helix');
    });

    it('refuses a PUBLIC_URL that is not an http(s) address, and CORS_ORIGINS entries that are not bare origins', () => {
      let caught: unknown;
      try {
        parseConfig({ PUBLIC_URL: 'helix.example.org', CORS_ORIGINS: 'https://ok.org,https://app.school.org/path,*' }, '/x');
      } catch (error) {
        caught = error;
      }
      expect((caught as ConfigError).problems).toEqual([
        'PUBLIC_URL must be an http:// or https:// address with no query, e.g. "https://helix.example.org", got "helix.example.org".',
        'CORS_ORIGINS must list origins (scheme, host and port only) separated by commas, e.g. "https://app.school.org"; "https://app.school.org/path" is not one.',
        'CORS_ORIGINS must list origins (scheme, host and port only) separated by commas, e.g. "https://app.school.org"; "*" is not one.',
      ]);
    });
  });
});
