/**
 * fast-check generators of hostile requests for the property-based tests
 * (docs/security.md#bad-input-and-authorisation): JSON values that are almost right, raw bodies that are
 * not JSON at all, headers and tokens that are malformed, forged, expired or someone else's, and path ids
 * in every spelling.
 */
import fc from 'fast-check';
import { SignJWT, UnsecuredJWT } from 'jose';

/** Strings an attacker (or a broken client) sends in place of a name, a password or an answer. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }), // lone surrogates included
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff x',
    '\u202eevil\u202c',
    '\u200b',
    'İstanbul',
    'ǅ',
    '𝕏',
    '🧬🧬',
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '${jndi:ldap://x}',
    '__proto__',
    'constructor',
    'null',
    'NaN',
    '-0',
    '1e309',
  ),
  fc.integer({ min: 1, max: 6 }).map((power) => 'x'.repeat(10 ** power)),
);

/** A JSON value of any type, in the places that expect a string, a number or an object. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  fc.constantFrom(null, true, false, 0, -1, 1, 2 ** 31, 2 ** 53, -(2 ** 63), 1.5, 1e308, Number.MIN_VALUE),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** An object with some of the expected `keys` holding {@link nastyValue}s, and sometimes extra keys. */
export function shapedBody(keys: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const known = fc.record(Object.fromEntries(keys.map((key) => [key, nastyValue])), { requiredKeys: [] });
  return fc.tuple(known, fc.dictionary(nastyString, nastyValue, { maxKeys: 2 })).map(([body, extra]) => ({ ...extra, ...body }));
}

/** Raw request bodies that are not valid JSON, or JSON that hurts parsers. */
export const rawBody: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.constantFrom(
    '',
    '{',
    '{"username":',
    '\ufeff{}',
    'null',
    '[]',
    '"just a string"',
    '{"a":1,"a":2}',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '{"answers":{"__proto__":{"x":1}}}',
    '1e999999',
    '{"is_read":tru}',
    '{"refresh":"a"}garbage',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `{"answers":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`,
    '{"answers":"\\ud800"}',
    '{"answers":{"geneQ1":"\\u0000"}}',
  ),
);

/** Content types: mostly right, so that most requests reach validation and the handlers. */
export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  { weight: 4, arbitrary: fc.constantFrom(
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/vnd.api+json',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  '',
  undefined,
  ) },
);

/** The tokens a fuzz run can use: real ones of two students, and forgeries. */
export interface TokenSet {
  /** Real tokens of the student the requests act as, and of another student. */
  own: { access: string; refresh: string };
  other: { access: string; refresh: string };
  /** A facilitator's tokens, for the console's routes. */
  staff?: { access: string; refresh: string };
  /** HS256 tokens signed with a wrong secret, `alg: none` tokens, expired and wrong-type tokens naming `userId`. */
  forged: string[];
}

/**
 * Forged tokens naming `userId`: signed with a wrong secret, unsigned (`alg: none`), expired, with a
 * huge or negative `sub`, and with the claims of the other token type.
 */
export async function forgeTokens(userId: number): Promise<string[]> {
  const wrongKey = new TextEncoder().encode('not-the-server-secret-not-the-server-secret');
  const now = Math.floor(Date.now() / 1000);
  const sign = (claims: Record<string, unknown>, sub: string, exp = now + 300) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(sub).setIssuedAt(now).setExpirationTime(exp).sign(wrongKey);
  return [
    await sign({ type: 'access' }, String(userId)),
    await sign({ type: 'refresh', fam: 'x', gen: 1 }, String(userId)),
    await sign({ type: 'access' }, '99999999999999999999'),
    await sign({ type: 'access' }, '-1'),
    await sign({ type: 'access' }, String(userId), now - 60),
    new UnsecuredJWT({ type: 'access' }).setSubject(String(userId)).setIssuedAt(now).setExpirationTime(now + 300).encode(),
    new UnsecuredJWT({ type: 'refresh' }).setSubject(String(userId)).setIssuedAt(now).setExpirationTime(now + 300).encode(),
  ];
}

/** A token to send: real (own or another student's), tampered with, forged, or junk. */
export function tokenFrom(tokens: TokenSet): fc.Arbitrary<string> {
  const real = [tokens.own.access, tokens.own.refresh, tokens.other.access, tokens.other.refresh, ...(tokens.staff ? [tokens.staff.access] : [])];
  return fc.oneof(
    fc.constantFrom(...real),
    fc.constantFrom(...tokens.forged),
    // One character of a real token changed: the signature must no longer match.
    fc.tuple(fc.constantFrom(...real), fc.nat(), fc.constantFrom('A', 'b', '_', '-', '.', '')).map(([token, at, replacement]) => {
      const index = at % token.length;
      return token.slice(0, index) + replacement + token.slice(index + 1);
    }),
    fc.tuple(fc.base64String({ maxLength: 40 }), fc.base64String({ maxLength: 80 }), fc.base64String({ maxLength: 40 })).map((parts) => parts.join('.')),
    nastyString,
  );
}

/** An Authorization header: none, a bearer token from {@link tokenFrom}, or something else entirely. */
export function authorizationFrom(tokens: TokenSet): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(`Bearer ${tokens.own.access}`) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 4, arbitrary: tokenFrom(tokens).map((token) => `Bearer ${token}`) },
    { weight: 1, arbitrary: fc.constantFrom('Bearer', 'Bearer ', 'bearer  x', 'Basic dXNlcjpwYXNz', 'Token abc', '', ' ') },
    { weight: 1, arbitrary: tokenFrom(tokens) },
  );
}

/** A path id in every spelling: plain, padded, signed, hex, exponent, huge, unicode, encoded. */
export const pathId: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 6 }).map(String) },
  fc.integer({ min: -3, max: 12 }).map(String),
  fc.constantFrom('Infinity', '-Infinity', 'NaN', '0x1', '1e0', '%202', '2%20', '01', '1.0', '+1', '2147483647', '2147483648', '99999999999', '%00', '..', '%2e%2e', '%F0%9F%A7%AC', 'null', 'true', '[]', '1,2', '1;2'),
  fc.string({ minLength: 1, maxLength: 12 }).map((text) => encodeURIComponent(text)),
  fc.nat().map(String),
);

/** A query string, often empty. */
export const queryString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constantFrom('?include_toc=true', '?include_toc=false', '?include_toc=maybe', '?include_toc=1&include_toc=0', '?a[b]=1', '?__proto__[x]=1', '?%') },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }).map((query) => `?${new URLSearchParams(query).toString()}`) },
);
