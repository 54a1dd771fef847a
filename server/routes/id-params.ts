/**
 * The path parameters that name a stored thing by number (a day, a message, a workbook), shared by every
 * route (docs/security.md#server-limits): a plain positive integer written in decimal, nothing else.
 *
 * Ajv's type coercion alone turns `Infinity`, `0x1`, `1e0`, `" 2"` and `01` into numbers, so a
 * pattern checks the text as sent first. It sits in an `allOf` at the level of the params object,
 * because Ajv applies that keyword before `properties`, where `type: 'integer'` coerces the value
 * (route handlers keep receiving numbers). `server/routes/id-params.test.ts` pins this order.
 */
import { FIRST_DAY } from '../answers/validators.ts';
import { POSITIVE_INTEGER_PATTERN } from '../errors.ts';

/**
 * How the API's document describes a `day` parameter. It names no count of days: the client types generated
 * from the document (src/api/openapi.gen.ts) copy descriptions, and must not change when an author adds a day
 * (docs/decisions/016-console-contract.md). The parameter's `maximum` says which is the last day.
 */
export const DAY_NUMBER = `The day number, from ${FIRST_DAY} to the last day with an answers schema.`;

/** Largest id a path accepts: PostgreSQL's `integer` (serial) maximum, 2^31 − 1. */
export const MAX_SERIAL_ID = 2_147_483_647;

/**
 * The params schema of a route with one numeric path parameter.
 *
 * @param name - the parameter's name in the route path, e.g. `id` for `/api/student/inbox/:id/read/`
 * @param description - what it names, for the route's documentation
 * @param maximum - the largest value accepted; default {@link MAX_SERIAL_ID}
 * @returns a JSON Schema refusing (400 `invalid_request`) anything but `1` to `maximum` written plainly ({@link POSITIVE_INTEGER_PATTERN})
 * @example params: positiveIntegerParams('day', DAY_NUMBER, lastDay)
 */
export function positiveIntegerParams(name: string, description: string, maximum: number = MAX_SERIAL_ID) {
  return idParams({ [name]: [description, maximum] });
}

/**
 * Like {@link positiveIntegerParams}, for a path with several ids, e.g.
 * `idParams({ id: ['The class id.'], day: [DAY_NUMBER, lastDay] })`.
 */
export function idParams(params: Record<string, readonly [description: string, maximum?: number]>) {
  const names = Object.keys(params);
  return {
    type: 'object',
    required: names,
    allOf: [{ properties: Object.fromEntries(names.map((name) => [name, { type: 'string', pattern: POSITIVE_INTEGER_PATTERN }])) }],
    properties: Object.fromEntries(
      Object.entries(params).map(([name, [description, maximum]]) => [name, { type: 'integer', minimum: 1, maximum: maximum ?? MAX_SERIAL_ID, description }]),
    ),
  } as const;
}
