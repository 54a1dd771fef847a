/**
 * The error registry: every error the API answers with is declared
 * here once, with its HTTP status and default message. Every error response has the body
 * `{"detail": "...", "code": "..."}` ({@link ERROR_BODY_SCHEMA}); `revision_conflict` adds the stored
 * answers (`answers`, `revision`, `updated_at`), declared by its route's 409 response schema.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Every API error: code → HTTP status and default detail. */
export const API_ERRORS = {
  invalid_request: { status: 400, message: 'The request is invalid.' },
  malformed_json: { status: 400, message: 'The request body is not valid JSON.' },
  invalid_answers: { status: 400, message: "The answers do not match the day's schema." },
  not_authenticated: { status: 401, message: 'Authentication credentials were not provided.' },
  invalid_token: { status: 401, message: 'The token is invalid or expired.' },
  invalid_credentials: { status: 401, message: 'No account matches this username and password.' },
  // A sign-in through a school's provider whose one-time code is spent or too old (docs/decisions/025-school-sign-in.md).
  handoff_invalid: { status: 401, message: 'This sign-in has expired or was already used. Please sign in again.' },
  wrong_password: { status: 400, message: 'The current password is not right.' },
  confirmation_mismatch: { status: 400, message: "The confirmation does not match the class's name." },
  not_in_class: { status: 400, message: 'A chosen student is not in this class.' },
  unknown_field: { status: 400, message: "The day's answers schema has no such field." },
  // A pasted roster with a wrong row: nothing is made (docs/decisions/024-class-join-links.md).
  roster_invalid: { status: 400, message: 'Some rows of the roster are wrong; no account was made.' },
  forbidden: { status: 403, message: 'This account may not do this.' },
  not_found: { status: 404, message: 'Not found.' },
  no_such_student: { status: 404, message: 'No student has this username.' },
  no_such_facilitator: { status: 404, message: 'No facilitator has this username.' },
  // A closed, unknown or mistyped join code read the same (docs/decisions/024-class-join-links.md).
  join_code_unknown: { status: 404, message: "This class link is closed or does not exist. Ask your teacher for the class's link or code." },
  // The request (headers and body) did not arrive within REQUEST_TIMEOUT_MS (docs/security.md#server-limits).
  request_timeout: { status: 408, message: 'The request took too long to arrive. Check the connection and try again.' },
  username_taken: { status: 409, message: 'This username is already taken.' },
  // Unlinking the last way a user signs in (docs/decisions/025-school-sign-in.md).
  last_sign_in_method: { status: 409, message: 'This is the only way this account signs in. Set a password first, then unlink it.' },
  class_name_taken: { status: 409, message: 'A class with this name already exists.' },
  // The save named a base_revision that is no longer the stored one (docs/decisions/005-revisions-and-drafts.md).
  revision_conflict: { status: 409, message: 'These answers were saved from somewhere else since this page loaded them.' },
  body_too_large: { status: 413, message: 'The request body is larger than 256 KB.' },
  unsupported_media_type: { status: 415, message: 'Send the request body as application/json.' },
  // Node answers any Expect other than 100-continue; that answer too takes the registry's shape.
  expectation_failed: { status: 417, message: 'The Expect header is not supported; send the request without it.' },
  rate_limited: { status: 429, message: 'Too many attempts. Wait a minute and try again.' },
  headers_too_large: { status: 431, message: 'The request headers are larger than the server accepts (16 KB).' },
  internal_error: { status: 500, message: 'Something went wrong on the server.' },
  // GET /api/ready: the database did not answer `select 1` within READY_TIMEOUT_MS (server/readiness.ts).
  // A school's identity provider did not answer its discovery (docs/decisions/025-school-sign-in.md).
  provider_unavailable: { status: 503, message: "The school's sign-in service cannot be reached now. Try again in a minute." },
  database_unavailable: { status: 503, message: 'The database is not answering, so this server cannot serve requests now.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** The body of every error response. */
export interface ErrorBody {
  detail: string;
  code: ApiErrorCode;
}

/** JSON Schema of {@link ErrorBody}, registered with Fastify under the id `error`. */
export const ERROR_BODY_SCHEMA = {
  $id: 'error',
  type: 'object',
  description: 'Every error response: a human-readable detail and a machine-readable code from the registry (server/errors.ts).',
  required: ['detail', 'code'],
  properties: {
    detail: { type: 'string', description: 'What went wrong, for people.' },
    code: { type: 'string', enum: Object.keys(API_ERRORS), description: 'What went wrong, for programs.' },
  },
} as const;

/**
 * An error the API answers with. Throw it from a handler or hook; the app's error handler turns it
 * into `{"detail", "code"}` with the registered status, plus `fields` if given (a route declaring
 * them in its response schema for that status, as the 409 `revision_conflict` of a save does).
 *
 * @example
 * throw new HttpError('username_taken');
 * throw new HttpError('invalid_answers', 'answers/fillBlanks/3 must be string');
 * throw new HttpError('revision_conflict', undefined, { answers, revision: 3, updated_at: '2025-05-01T10:00:00.000Z' });
 */
export class HttpError extends Error {
  readonly code: ApiErrorCode;
  /** The registered HTTP status of `code`. */
  readonly statusCode: number;
  readonly detail: string;
  /** Extra body fields; they never replace `detail` or `code`. */
  readonly fields: Readonly<Record<string, unknown>>;

  constructor(code: ApiErrorCode, detail?: string, fields: Readonly<Record<string, unknown>> = {}) {
    const entry = API_ERRORS[code];
    super(detail ?? entry.message);
    this.name = 'HttpError';
    this.code = code;
    this.statusCode = entry.status;
    this.detail = detail ?? entry.message;
    this.fields = fields;
  }

  /** The response body: `{detail, code}` and the extra fields. */
  toBody(): ErrorBody & Record<string, unknown> {
    return { ...this.fields, detail: this.detail, code: this.code };
  }
}

/**
 * Fastify's own error codes, mapped onto the registry. Of other errors ({@link toApiError}): a
 * PostgreSQL data exception becomes `invalid_request`, 403/404 `not_found`, 429 `rate_limited`, any
 * other 4xx `invalid_request`, and anything else `internal_error` (logged).
 */
const FASTIFY_ERROR_CODES: Readonly<Record<string, ApiErrorCode>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_NOT_FOUND: 'not_found',
  FST_ERR_BAD_URL: 'invalid_request',
};

/** A JSON Schema `pattern` meaning "has a non-space character", i.e. not blank once trimmed. */
export const NOT_BLANK_PATTERN = '\\S';

/**
 * A JSON Schema `pattern` for a number in a path: a positive decimal integer without sign, spaces,
 * leading zeros, exponent or hex prefix, at most 10 digits (server/routes/id-params.ts).
 */
export const POSITIVE_INTEGER_PATTERN = '^[1-9][0-9]{0,9}$';

/** The fields of an Ajv error that {@link describeValidationError} reads. */
interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/**
 * Turns the first Ajv error into a sentence naming the field, e.g. `body/first_name must not be
 * blank` or `body must have required property 'password'`.
 *
 * @param context - where the value came from: `body`, `params`, `querystring` or `answers`
 */
export function describeValidationError(context: string, issues: readonly ValidationIssue[]): string {
  const first = issues[0];
  if (first === undefined) return `${context} is invalid`;
  const where = `${context}${first.instancePath}`;
  // NOT_BLANK_PATTERN is how the route schemas say "not empty after trimming".
  if (first.keyword === 'pattern' && first.params.pattern === NOT_BLANK_PATTERN) return `${where} must not be blank`;
  if (first.keyword === 'pattern' && first.params.pattern === POSITIVE_INTEGER_PATTERN) return `${where} must be a positive whole number written in digits, such as 3`;
  if (first.keyword === 'additionalProperties') return `${where} must not have property '${String(first.params.additionalProperty)}'`;
  return `${where} ${first.message ?? 'is invalid'}`;
}

/** What the app's error handler needs from any thrown error. */
interface AnyError {
  code?: unknown;
  statusCode?: unknown;
  message?: unknown;
  validation?: readonly ValidationIssue[];
  validationContext?: string;
}

/**
 * Maps anything thrown while handling a request onto the registry.
 *
 * @returns the status and body to answer with; `unexpected` is true for errors to log as bugs
 */
export function toApiError(error: unknown): { error: HttpError; unexpected: boolean } {
  if (error instanceof HttpError) return { error, unexpected: false };
  const candidate = (typeof error === 'object' && error !== null ? error : {}) as AnyError;
  if (Array.isArray(candidate.validation)) {
    return { error: new HttpError('invalid_request', describeValidationError(candidate.validationContext ?? 'body', candidate.validation)), unexpected: false };
  }
  if (isDataException(error)) {
    // Input the database refused as data (SQLSTATE class 22, e.g. an unstorable character) is the
    // client's fault, not ours. The body guard should catch it first; this is the safety net.
    return { error: new HttpError('invalid_request', 'The request holds a value the database cannot store.'), unexpected: false };
  }
  const mapped = typeof candidate.code === 'string' ? FASTIFY_ERROR_CODES[candidate.code] : undefined;
  if (mapped !== undefined) return { error: new HttpError(mapped), unexpected: false };
  const status = typeof candidate.statusCode === 'number' ? candidate.statusCode : 500;
  if (status === 429) return { error: new HttpError('rate_limited'), unexpected: false };
  // @fastify/static answers 403 for paths it will not serve (e.g. `//` or `..`): to a client, that is just not found.
  if (status === 403 || status === 404) return { error: new HttpError('not_found'), unexpected: false };
  if (status >= 400 && status < 500) {
    return { error: new HttpError('invalid_request', typeof candidate.message === 'string' ? candidate.message : undefined), unexpected: false };
  }
  return { error: new HttpError('internal_error'), unexpected: true };
}

/**
 * True for a PostgreSQL "data exception" (SQLSTATE class 22), also when drizzle wraps it in a
 * DrizzleQueryError whose `cause` is the driver's error.
 */
function isDataException(error: unknown): boolean {
  for (let current: unknown = error, hops = 0; typeof current === 'object' && current !== null && hops < 5; current = (current as { cause?: unknown }).cause, hops += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

/** What Node passes to a `clientError` listener: the parser's or the timeout's error code. */
interface ClientError {
  code?: string;
}

/**
 * The registry's error for a request Node could not read (docs/security.md#server-limits): a request not
 * received within REQUEST_TIMEOUT_MS is `request_timeout` (408), headers over Node's 16 KB
 * `maxHeaderSize` are `headers_too_large` (431), anything else the HTTP parser refused (a garbage
 * request line, a bad header, a broken chunked body) is `invalid_request` (400).
 */
export function clientErrorToApiError(error: ClientError): HttpError {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return new HttpError('request_timeout');
  if (error.code === 'HPE_HEADER_OVERFLOW') return new HttpError('headers_too_large');
  return new HttpError('invalid_request', 'The request is not valid HTTP/1.1.');
}

/**
 * A complete HTTP/1.1 response for an error, written straight to a socket when there is no Fastify
 * reply to send it with: `{"detail", "code"}`, `Cache-Control: no-store`, `Connection: close`.
 */
export function rawErrorResponse(error: HttpError): string {
  const body = JSON.stringify(error.toBody());
  return [
    `HTTP/1.1 ${error.statusCode} ${STATUS_CODES[error.statusCode] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Fastify's `clientErrorHandler`, so every error body, Node's own included, is `{"detail", "code"}`. Node
 * calls it for a request it cannot read: malformed HTTP (400), headers too large (431), or a request not
 * complete within REQUEST_TIMEOUT_MS / HEADERS_TIMEOUT_MS (408). Answers in the registry's shape, then
 * destroys the socket. Writes nothing when the peer is gone or when a response is already under way on
 * this connection (writing then would corrupt it: Node's own rule in `socketOnError`).
 */
export function handleClientError(error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // Node's private link from a socket to the response being written on it; its own handler reads the same field.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (socket.writable && inFlight?.headersSent !== true) socket.write(rawErrorResponse(clientErrorToApiError(error)));
  socket.destroy();
}

/**
 * The `checkExpectation` listener of the HTTP server: a request with an `Expect` header other than
 * `100-continue` gets 417 `expectation_failed` as `{"detail", "code"}` (Node's own 417 has no body),
 * and the connection is closed since the request's body is left unread.
 */
export function answerExpectationFailed(_request: IncomingMessage, response: ServerResponse): void {
  const error = new HttpError('expectation_failed');
  const body = JSON.stringify(error.toBody());
  response.writeHead(error.statusCode, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    connection: 'close',
  });
  response.end(body);
}
