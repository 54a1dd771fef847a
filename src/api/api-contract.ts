import type { paths } from './openapi.gen.ts';

// The shapes of the API's requests and answers, read from the types generated from its OpenAPI document
// (src/api/openapi.gen.ts, `npm run gen:api-types`; docs/decisions/016-console-contract.md), so that a
// client's types follow the routes' schemas instead of being copied by hand. Types only: nothing here
// reaches a bundle.

/** An API path, with its `{param}` placeholders, e.g. `/api/facilitator/classes/{id}/progress/`. */
export type ApiPath = keyof paths;

/** The HTTP methods the document describes, in its (lower-case) spelling. */
type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

/**
 * The JSON body that `method path` answers with `status`, as the OpenAPI document describes it.
 *
 * @example type Progress = ApiAnswer<'/api/facilitator/classes/{id}/progress/', 'get'>;
 */
export type ApiAnswer<Path extends ApiPath, M extends Method & keyof paths[Path], Status extends number = 200> = paths[Path][M] extends {
  responses: { [S in Status]: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;

/**
 * The JSON body `method path` takes, as the OpenAPI document describes it.
 *
 * @example type Draft = ApiRequestBody<'/api/facilitator/classes/{id}/messages/', 'post'>;
 */
export type ApiRequestBody<Path extends ApiPath, M extends Method & keyof paths[Path]> = paths[Path][M] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;
