import type { FastifyInstance } from 'fastify';
import type { Database } from '@bilmarknaden/db/database';

/** `GET /healthz`: 200 while the database answers, 503 otherwise (for load balancers and start scripts). */
export function registerHealthCheck(app: FastifyInstance, db: Database): void {
  app.get('/healthz', async (_req, reply) => {
    try {
      await db.query('SELECT 1');
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
