import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Executor } from '../../db/client';
import { sandboxFaults } from '../../db/schema/sandbox';
import { PlatformError } from '../platform-error';
import type { PostPlatform } from '../platform-types';

const MAX_DELAY_MS = 30_000;

/**
 * Runs before every sandbox connector call: applies the injected faults that match this call
 * (platform, profile, operation), consuming one use of each. Slowness first, then at most one failure.
 */
export async function applyFaults(
  db: Executor,
  call: { organizationId: string; platform: PostPlatform; profileId: string; operation: string },
): Promise<void> {
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
  const delay = Math.min(MAX_DELAY_MS, slow.reduce((total, fault) => total + (fault.delayMs ?? 0), 0));
  if (delay > 0) await sleep(delay);
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
