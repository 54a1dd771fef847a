/**
 * `GET /api/health`: no auth, for start-up waits (the server answers once the database is migrated).
 */
import type { FastifyInstance } from 'fastify';

/** Registers the health route (a Fastify plugin; register with no prefix). */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
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
}
