import { and, eq, lt } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import type { Executor } from '../db/client';
import { idempotencyKeys } from '../db/schema/http';
import { sha256Hex } from '../auth/secrets';
import { BadRequestError, ConflictError, UnprocessableError } from './errors';

const HEADER = 'idempotency-key';
const TTL_MS = 24 * 3600_000;

/**
 * `Idempotency-Key` on POST: the first response is stored for 24 hours per organization and replayed
 * for a repeat with the same request; the same key with another request is `422`, and a repeat while
 * the first is still running is `409`. Server errors are not stored, so a retry really retries.
 */
export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header(HEADER);
  if (c.req.method !== 'POST' || key === undefined) return next();
  if (key.length < 1 || key.length > 255) throw new BadRequestError('Idempotency-Key must be 1 to 255 characters');

  const { db } = c.var.services;
  const { organizationId } = c.var.auth;
  const body = new Uint8Array(await c.req.arrayBuffer());
  const requestHash = sha256Hex(`${c.req.method} ${c.req.path}\n${Buffer.from(body).toString('base64')}`);

  const claimed = await claim(db, { organizationId, key, requestHash });
  if (!claimed) {
    const [existing] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.organizationId, organizationId), eq(idempotencyKeys.key, key)));
    if (!existing) throw new ConflictError('A request with this Idempotency-Key is still being processed');
    if (existing.requestHash !== requestHash) {
      throw new UnprocessableError('This Idempotency-Key was already used with a different request');
    }
    if (existing.state === 'running') throw new ConflictError('A request with this Idempotency-Key is still being processed');
    return new Response(existing.responseBody, {
      status: existing.responseStatus ?? 200,
      headers: { 'content-type': existing.responseContentType ?? 'application/json', 'idempotent-replayed': 'true' },
    });
  }

  await next();

  const where = and(eq(idempotencyKeys.organizationId, organizationId), eq(idempotencyKeys.key, key));
  if (c.res.status >= 500) {
    await db.delete(idempotencyKeys).where(where);
    return;
  }
  await db
    .update(idempotencyKeys)
    .set({
      state: 'completed',
      responseStatus: c.res.status,
      responseBody: await c.res.clone().text(),
      responseContentType: c.res.headers.get('content-type'),
    })
    .where(where);
});

async function claim(db: Executor, row: { organizationId: string; key: string; requestHash: string }): Promise<boolean> {
  const insert = () =>
    db
      .insert(idempotencyKeys)
      .values({ ...row, state: 'running', expiresAt: new Date(Date.now() + TTL_MS) })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
  if ((await insert()).length > 0) return true;
  // A key past its 24 hours is free again even if the clean-up job has not removed it yet.
  const expired = await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.organizationId, row.organizationId),
        eq(idempotencyKeys.key, row.key),
        lt(idempotencyKeys.expiresAt, new Date()),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return expired.length > 0 && (await insert()).length > 0;
}

export async function deleteExpiredIdempotencyKeys(db: Executor): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, new Date()))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
