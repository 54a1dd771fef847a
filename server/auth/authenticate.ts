/**
 * The `authenticate` hook (run it as `onRequest`, before a body is read): reads `Authorization: Bearer <access token>` and loads the student.
 */
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import type { TokenService } from './tokens.ts';
import { findUserById, type User } from './users.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in student, set by `authenticate`; null on routes without it. */
    user: User | null;
  }
}

/**
 * Creates the hook that protects a route; use it as `onRequest` so an unauthenticated body is never parsed. On success `request.user` is the student.
 *
 * @throws {@link ApiError} `not_authenticated` (401) without a bearer token; `invalid_token` (401) for
 *   a token that is malformed, forged, expired, a refresh token, or names a user that no longer exists
 * @example
 * app.get('/api/student/profile/', { onRequest: authenticate }, (request) => request.user);
 */
export function createAuthenticate(db: Database, tokens: TokenService): (request: FastifyRequest) => Promise<void> {
  return async function authenticate(request) {
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === '') throw new ApiError('not_authenticated');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match?.[1] === undefined) throw new ApiError('invalid_token', 'The Authorization header must be "Bearer <access token>".');
    const userId = await tokens.verify(match[1], 'access');
    if (userId === null) throw new ApiError('invalid_token');
    const user = await findUserById(db, userId);
    if (user === null) throw new ApiError('invalid_token', 'The account for this token no longer exists.');
    request.user = user;
  };
}
