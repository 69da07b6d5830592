import { Hono } from 'hono';
import type { AppServices } from '../services';
import { checkReadiness } from './readiness';

/**
 * The orchestrator's two questions, without credentials or rate limits. `/healthz` (liveness):
 * the process answers; restart it if not. Cheap, no database. `/readyz` (readiness): send it
 * traffic, and its workers are doing their work; `503` with every check's result when not.
 * Served by every role: a worker process (ROLE=worker) serves only these two.
 */
export function probesRouter(services: AppServices) {
  return new Hono()
    .get('/healthz', (c) => c.json({ status: 'ok' }))
    .get('/readyz', async (c) => {
      const { ready, checks } = await checkReadiness(services);
      if (ready) return c.json({ status: 'ready', checks }, 200);
      return c.json({ status: 'not ready', checks }, 503, { 'retry-after': String(services.database.availability.retryAfterSeconds) });
    });
}
