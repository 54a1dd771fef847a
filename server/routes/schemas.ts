/**
 * JSON Schema pieces shared by the route declarations.
 */
import { NOT_BLANK_PATTERN } from '../errors.ts';

/** Longest username, first name, last name and classroom name accepted, in characters. */
export const MAX_NAME_LENGTH = 150;
/** Longest password accepted, in characters: bounds the cost of hashing an attacker's input. */
export const MAX_PASSWORD_LENGTH = 1024;

/** A reference to the registered error body schema (server/errors.ts). */
export const errorResponse = { $ref: 'error#' } as const;

/** A required name-like string: not blank once trimmed, at most {@link MAX_NAME_LENGTH} characters. */
export const nameSchema = (description: string) =>
  ({ type: 'string', minLength: 1, maxLength: MAX_NAME_LENGTH, pattern: NOT_BLANK_PATTERN, description }) as const;

/** A password as typed: any characters, 1 to {@link MAX_PASSWORD_LENGTH}. */
export const passwordSchema = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_PASSWORD_LENGTH,
  description: 'The password as typed; never trimmed.',
} as const;

/** The `{access, refresh}` pair answered by login and sign-up. */
export const tokenPairSchema = {
  type: 'object',
  required: ['access', 'refresh'],
  properties: {
    access: { type: 'string', description: 'Access token (HS256 JWT, 5 minutes). Send as `Authorization: Bearer <access>`.' },
    refresh: { type: 'string', description: 'Refresh token (HS256 JWT, 1 day). Exchange at POST /api/token/refresh/.' },
  },
} as const;
