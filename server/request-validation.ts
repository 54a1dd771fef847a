/**
 * How request schemas are compiled (docs/security.md#server-limits): Fastify's own Ajv settings, except
 * that a JSON body is never type-coerced. Fastify's default `coerceTypes: 'array'` unwraps a one-item
 * array into a scalar and turns numbers into strings, so `{"refresh": ["<token>"]}` or `{"username": 12}`
 * passed validation as if well typed. A body is JSON and has real types: it must match as sent. Path
 * parameters, query strings and headers are text on the wire, so they keep scalar coercion (`"3"` → 3),
 * but not the array unwrapping.
 */
import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Fastify 5's defaults for its Ajv (`@fastify/ajv-compiler`'s default options): fill `default`s,
 * drop properties a schema with `additionalProperties: false` does not declare, and stop at the first
 * error (`allErrors: true` lets one request make Ajv work for every error: a denial of service).
 */
const FASTIFY_AJV_OPTIONS: Options = { useDefaults: true, removeAdditional: true, allErrors: false, addUsedSchema: false };

/**
 * Builds the validator compiler to give `app.setValidatorCompiler` (Fastify's documented way to set
 * options per request part). Request schemas must be written inline: schemas added with
 * `app.addSchema` are not known to these Ajv instances (the app adds only the error body, a response schema).
 *
 * @returns a compiler that checks `body` without coercion, and `params`, `querystring` and `headers`
 *   with scalar coercion (`coerceTypes: true`)
 * @example app.setValidatorCompiler(createRequestValidatorCompiler());
 */
export function createRequestValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const create = (coerceTypes: boolean): Ajv => {
    const ajv = new Ajv({ ...FASTIFY_AJV_OPTIONS, coerceTypes });
    addFormats(ajv);
    return ajv;
  };
  const bodyAjv = create(false);
  const textAjv = create(true);
  return ({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object);
}
