import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../http/create-router';
import { apiKeySecurity, errorResponses, jsonResponse } from '../http/openapi-helpers';
import type { Database } from '../db/client';
import { POST_PLATFORMS } from '../platforms/platform-types';
import { DEGRADED_FROM, MIN_SAMPLE, OUTAGE_FROM, platformStatuses, STATUS_WINDOW_MINUTES } from './platform-status';

// The statuses scan the last hour's publications: computed at most every 15 s per process.
const STATUS_TTL_MS = 15_000;
const statusCache = new WeakMap<Database, { at: number; value: ReturnType<typeof platformStatuses> }>();
function memoizedStatuses(db: Database, config: Parameters<typeof platformStatuses>[1]) {
  const cached = statusCache.get(db);
  if (cached && Date.now() - cached.at < STATUS_TTL_MS) return cached.value;
  const value = platformStatuses(db, config);
  statusCache.set(db, { at: Date.now(), value });
  // A failed computation is not remembered.
  value.catch(() => statusCache.delete(db));
  return value;
}

const PlatformStatusSchema = z.object({
  status: z.enum(['operational', 'degraded', 'outage', 'maintenance']),
  note: z.string(),
});

const HealthSchema = z
  .object({
    status: z.string().openapi({ example: 'ok' }),
    createdAt: z.string().datetime(),
    note: z.string(),
    platforms: z.record(z.enum(POST_PLATFORMS), PlatformStatusSchema).openapi({
      description: `Every platform, Snapchat included. A platform with live accounts is judged on the share of its live post and comment publications that failed in the last ${STATUS_WINDOW_MINUTES} minutes (from ${MIN_SAMPLE} publications): ${DEGRADED_FROM * 100}% degraded, ${OUTAGE_FROM * 100}% outage`,
    }),
  })
  .openapi('Health');

const getHealthRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'getHealth',
  summary: 'Service and per-platform status',
  tags: ['Health'],
  security: apiKeySecurity,
  responses: { 200: jsonResponse(HealthSchema, 'Status'), ...errorResponses() },
});

export const healthRouter = createRouter().openapi(getHealthRoute, async (c) => {
  const { config, db } = c.var.services;
  // A round trip proves the database answers; failures surface as a 500 through onError.
  await db.execute('select 1');
  const note = config.SANDBOX ? 'Platforms are simulated by the built-in sandbox' : '';
  const platforms = await memoizedStatuses(db, config);
  return c.json({ status: 'ok', createdAt: new Date().toISOString(), note, platforms }, 200);
});
