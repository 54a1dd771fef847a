/**
 * The TypeBox pieces the console's routes declare their schemas with (docs/decisions/016-console-contract.md):
 * one declaration gives Fastify its JSON Schema (to validate requests, serialise responses and write the
 * OpenAPI document) and the handlers their TypeScript types. Fastify's serialiser drops every response
 * property its schema does not list, so a response schema lists every field its handler returns.
 */
import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import type { ErrorBody } from '../../errors.ts';
import { DAY_NUMBER, idParams } from '../id-params.ts';
import { errorResponse, MAX_NAME_LENGTH } from '../schemas.ts';

/** The fields of a person as the console's API names one. */
export const personProperties = {
  id: Type.Integer({ description: 'The user id.' }),
  username: Type.String({ description: 'The username as they chose it; they sign in with it in any letter case.' }),
  first_name: Type.String({ description: 'Their first name; may be empty.' }),
  last_name: Type.String({ description: 'Their last name; may be empty.' }),
};

/**
 * A person, registered once with the console's routes under the id `person`, so the OpenAPI document names
 * it (`components.schemas.person`) and the generated client types have it (src/api/openapi.gen.ts).
 */
export const personSchema = Type.Object(personProperties, {
  $id: 'person',
  description: 'A user as the console names one: never more than these fields (no password hash).',
});

/** A {@link personSchema} as the API sends it. */
export type PersonBody = Static<typeof personSchema>;

/** A reference to {@link personSchema}, for the response schemas of the console's routes (server/routes/console/index.ts adds it). */
export const person = Type.Unsafe<PersonBody>({ $ref: 'person#' });

/** A whole response that is one {@link personSchema}, described as `description` in the OpenAPI document. */
export const personReply = (description: string) => Type.Unsafe<PersonBody>({ $ref: 'person#', description });

/** A request body naming a user by username, as they sign in (any letter case, NFKC). */
export const usernameBody = (description: string) =>
  Type.Object({ username: Type.String({ minLength: 1, maxLength: MAX_NAME_LENGTH, description }) }, { additionalProperties: false });

/** Every 4xx answer: `{detail, code}` from the error registry (server/errors.ts), typed for the handlers. */
export const errorReplies = { '4xx': Type.Unsafe<ErrorBody>(errorResponse) };

/**
 * `schema` or null, as JSON Schema's type list (`{"type": ["string", "null"]}`): for a scalar, whose value
 * Fastify's serialiser then writes without trying each branch of an `anyOf`.
 *
 * @param schema - a schema with a single `type`, e.g. `Type.String({ format: 'date-time' })`
 */
export function nullable<T extends TSchema & { type: string }>(schema: T): TUnsafe<Static<T> | null> {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });
}

/**
 * The params schema of a path of numeric ids (server/routes/id-params.ts), typed: the handler reads
 * numbers.
 *
 * @example params: pathIds({ id: ['The class id.'], day: dayParam(lastDay) })
 */
export function pathIds<const Name extends string>(params: { [Key in Name]: readonly [description: string, maximum?: number] }): TUnsafe<{ [Key in Name]: number }> {
  return Type.Unsafe<{ [Key in Name]: number }>(idParams(params));
}

/**
 * An answer without a body (204 after a change, 304 to a conditional request): JSON Schema's `null` in the
 * OpenAPI document, typed `undefined` so that the handler calls `reply.send()`. `send(null)` would give a
 * 304 a JSON content type and a length.
 */
export const noContent = (description: string) => Type.Unsafe<undefined>(Type.Null({ description }));

/** An ISO 8601 time in UTC, e.g. `2026-11-23T09:55:00.000Z`. */
export const isoTime = (description: string) => Type.String({ format: 'date-time', description });

/**
 * A day's answers as the server repaired them to today's shape (engine/schema/normalize.ts): an object
 * whose fields the day's answers schema names (`schemas/day-N.schema.json`).
 */
export const answersObject = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  additionalProperties: true,
  description: "The day's answers, repaired to today's shape by the day's answers schema; its defaults when nothing was saved.",
});

/** The path parameter `{id}` of a class's routes. */
export const CLASS_ID = ['The class id.'] as const;
/** The path parameter `{studentId}` of a student's routes. */
export const STUDENT_ID = ['The student id.'] as const;
/** The path parameter `{day}`: a day number up to the last day with an answers schema. */
export const dayParam = (lastDay: number) => [DAY_NUMBER, lastDay] as const;
