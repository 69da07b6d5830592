import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Executor } from '../../db/client';
import { sandboxFaults } from '../../db/schema/sandbox';
import { PlatformError } from '../platform-error';
import type { PostPlatform } from '../platform-types';

const MAX_DELAY_MS = 30_000;

/**
 * Artificial delays sleep inside whatever runs the call, often a publish worker every tenant
 * shares. One delayed call per organization may sleep at a time in this process; another one
 * yields at once, answered the way real platforms answer a long job ("still processing, check
 * back"): a transient error whose `resetAt` is when the delay would have ended, which the
 * publishing worker already honours by retrying then. One tenant's SLOW faults thus hold at most
 * one worker slot of each process, however many calls they hit.
 */
const SLEEPING_CALLS_PER_ORGANIZATION = 1;
const sleepingCalls = new Map<string, number>();

async function artificialDelay(organizationId: string, delayMs: number, meta: { platform: PostPlatform; operation: string }) {
  const sleeping = sleepingCalls.get(organizationId) ?? 0;
  if (sleeping >= SLEEPING_CALLS_PER_ORGANIZATION) {
    const checkBackSeconds = Math.ceil(delayMs / 1000);
    throw new PlatformError({
      code: 'TRANSIENT',
      message: `${meta.platform} is still processing this request; check back in ${checkBackSeconds} s (sandbox)`,
      httpStatus: 503,
      meta: { ...meta, retryAfterSeconds: checkBackSeconds, resetAt: new Date(Date.now() + delayMs).toISOString() },
    });
  }
  sleepingCalls.set(organizationId, sleeping + 1);
  try {
    await sleep(delayMs);
  } finally {
    const left = (sleepingCalls.get(organizationId) ?? 1) - 1;
    if (left > 0) sleepingCalls.set(organizationId, left);
    else sleepingCalls.delete(organizationId);
  }
}

/**
 * Runs before every sandbox connector call: applies the injected faults that match this call
 * (platform, profile, operation), consuming one use of each. Slowness first, then at most one failure.
 */
export async function applyFaults(db: Executor, call: { organizationId: string; platform: PostPlatform; profileId: string; operation: string }): Promise<void> {
  const matching = await db
    .update(sandboxFaults)
    .set({ remaining: sql`case when ${sandboxFaults.remaining} is null then null else ${sandboxFaults.remaining} - 1 end` })
    .where(
      and(
        eq(sandboxFaults.organizationId, call.organizationId),
        eq(sandboxFaults.platform, call.platform),
        or(isNull(sandboxFaults.profileId), eq(sandboxFaults.profileId, call.profileId)),
        or(isNull(sandboxFaults.operation), eq(sandboxFaults.operation, call.operation)),
        or(isNull(sandboxFaults.remaining), gt(sandboxFaults.remaining, 0)),
      ),
    )
    .returning();
  const meta = { platform: call.platform, operation: call.operation };
  const slow = matching.filter((fault) => fault.kind === 'SLOW');
  const delay = Math.min(
    MAX_DELAY_MS,
    slow.reduce((total, fault) => total + (fault.delayMs ?? 0), 0),
  );
  if (delay > 0) await artificialDelay(call.organizationId, delay, meta);
  const failure = matching.find((fault) => fault.kind !== 'SLOW');
  if (!failure) return;
  if (failure.kind === 'RATE_LIMITED') {
    const retryAfterSeconds = failure.retryAfterSeconds ?? 60;
    throw new PlatformError({
      code: 'RATE_LIMITED',
      message: failure.message ?? `${call.platform} rate limit reached for this account (sandbox)`,
      httpStatus: 429,
      meta: { ...meta, retryAfterSeconds, resetAt: new Date(Date.now() + retryAfterSeconds * 1000).toISOString() },
    });
  }
  if (failure.kind === 'TRANSIENT') {
    throw new PlatformError({ code: 'TRANSIENT', message: failure.message ?? `${call.platform} is temporarily unavailable (sandbox)`, httpStatus: 503, meta });
  }
  throw new PlatformError({ code: 'PERMANENT', message: failure.message ?? `${call.platform} refused the request (sandbox)`, httpStatus: 400, meta });
}
