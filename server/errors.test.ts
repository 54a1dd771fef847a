import { describe, expect, it } from 'vitest';
import { HttpError, toApiError } from './errors.ts';

describe('toApiError', () => {
  it('passes an HttpError through with its registered status', () => {
    const { error, unexpected } = toApiError(new HttpError('username_taken'));
    expect(error.statusCode).toBe(409);
    expect(error.toBody()).toEqual({ detail: 'This username is already taken.', code: 'username_taken' });
    expect(unexpected).toBe(false);
  });

  it('answers a revision_conflict as 409 with its extra fields, which never replace detail or code', () => {
    const conflict = new HttpError('revision_conflict', undefined, { answers: { geneQ1: 'stored' }, revision: 2, updated_at: null, code: 'other' });
    const { error } = toApiError(conflict);
    expect(error.statusCode).toBe(409);
    expect(error.toBody()).toEqual({
      detail: 'These answers were saved from somewhere else since this page loaded them.',
      code: 'revision_conflict',
      answers: { geneQ1: 'stored' },
      revision: 2,
      updated_at: null,
    });
  });

  it("turns Fastify's body validation error into invalid_request naming the field", () => {
    const validationError = Object.assign(new Error('body/first_name must match pattern "\\S"'), {
      statusCode: 400,
      validationContext: 'body',
      validation: [{ keyword: 'pattern', instancePath: '/first_name', params: { pattern: '\\S' }, message: 'must match pattern "\\S"' }],
    });
    expect(toApiError(validationError).error.toBody()).toEqual({ detail: 'body/first_name must not be blank', code: 'invalid_request' });
  });

  it.each([
    ['FST_ERR_CTP_INVALID_JSON_BODY', 400, 'malformed_json'],
    ['FST_ERR_CTP_EMPTY_JSON_BODY', 400, 'malformed_json'],
    ['FST_ERR_CTP_BODY_TOO_LARGE', 413, 'body_too_large'],
    ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 415, 'unsupported_media_type'],
  ])("maps Fastify's %s to %i %s", (code, status, apiCode) => {
    const { error } = toApiError(Object.assign(new Error('x'), { code, statusCode: status }));
    expect(error.statusCode).toBe(status);
    expect(error.code).toBe(apiCode);
  });

  it('maps any 429 to rate_limited', () => {
    expect(toApiError(Object.assign(new Error('Rate limit exceeded'), { statusCode: 429 })).error.code).toBe('rate_limited');
  });

  it('maps a PostgreSQL data exception wrapped by drizzle to 400 invalid_request, not a 500', () => {
    const driverError = Object.assign(new Error('unsupported Unicode escape sequence'), { code: '22P05' });
    const drizzleError = Object.assign(new Error('Failed query: insert ...'), { cause: driverError });
    const { error, unexpected } = toApiError(drizzleError);
    expect(error.toBody()).toEqual({ detail: 'The request holds a value the database cannot store.', code: 'invalid_request' });
    expect(unexpected).toBe(false);
  });

  it('maps anything else to 500 internal_error, flagged for logging, without leaking its message', () => {
    const { error, unexpected } = toApiError(new TypeError('secret internals'));
    expect(error.toBody()).toEqual({ detail: 'Something went wrong on the server.', code: 'internal_error' });
    expect(unexpected).toBe(true);
  });
});
