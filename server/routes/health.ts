/**
 * `GET /api/health` and `GET /api/ready`, no auth. Health is liveness, for start-up waits and for
 * restarting a hung process: the server answers once the database is migrated, whatever the database
 * does afterwards. Ready is readiness, for a load balancer: 200 only while the database answers a
 * query within READY_TIMEOUT_MS (server/readiness.ts), else 503 `database_unavailable`.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/index.ts';
import { HttpError } from '../errors.ts';
import { createReadinessCheck } from '../readiness.ts';
import { errorResponse } from './schemas.ts';

export interface HealthRoutesOptions {
  /** The app's database, which `GET /api/ready` queries. */
  db: Database;
  /** How long `GET /api/ready` waits for the database, ms (READY_TIMEOUT_MS, server/config.ts). */
  readyTimeoutMs: number;
}

/** Registers the health and readiness routes (a Fastify plugin; register with no prefix). */
export async function healthRoutes(app: FastifyInstance, options: HealthRoutesOptions): Promise<void> {
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Liveness check',
        security: [],
        // Liveness: answers once the server is listening with a migrated database.
        response: { 200: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } } },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  const checkDatabase = createReadinessCheck(options.db, { timeoutMs: options.readyTimeoutMs });
  app.get(
    '/api/ready',
    {
      schema: {
        summary: 'Readiness check: whether the database answers',
        description:
          `200 while the database answers \`select 1\` within READY_TIMEOUT_MS (default 2000 ms); 503 database_unavailable otherwise. ` +
          'The server keeps running while the database is away and answers 200 again once it is back.',
        security: [],
        response: {
          200: {
            type: 'object',
            required: ['status'],
            properties: { status: { type: 'string', enum: ['ready'], description: 'The database answered in time.' } },
          },
          503: { ...errorResponse, description: 'The database did not answer in time, or refused.' },
        },
      },
    },
    async (request) => {
      const outcome = await checkDatabase();
      if (outcome.ready) return { status: 'ready' as const };
      if (outcome.reason === 'timeout') {
        request.log.warn({ elapsedMs: outcome.elapsedMs }, 'not ready: the database did not answer in time');
        throw new HttpError('database_unavailable', `The database did not answer within ${options.readyTimeoutMs} ms.`);
      }
      // The driver's message may name hosts and users: it goes to the log, not to whoever asked.
      request.log.warn({ err: outcome.error }, 'not ready: the database refused the query');
      throw new HttpError('database_unavailable', 'The database could not be reached.');
    },
  );
}
