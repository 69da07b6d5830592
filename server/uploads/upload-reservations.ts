import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import { organizations } from '../db/schema/organizations';
import { uploadIntents } from '../db/schema/uploads';
import { RateLimitedError } from '../http/errors';
import { describeBytes } from './upload-limits';

/**
 * A three-step session whose PUT started may still be finalized this long after its URL expired
 * (a large PUT begun just before expiry has to finish); a session never PUT ends with its URL.
 */
export const FINALIZE_GRACE_MS = 3600_000;

/**
 * Sessions that hold a reservation: not finalized, and either their URL is still valid or their
 * bytes came (or are coming) in and the finalize grace has not run out. A failed PUT and refused
 * content remove their session, so they hold nothing.
 */
export function holdsReservation(now: Date) {
  return and(
    isNull(uploadIntents.uploadId),
    or(gt(uploadIntents.expiresAt, now), and(isNotNull(uploadIntents.putStartedAt), gt(uploadIntents.expiresAt, new Date(now.getTime() - FINALIZE_GRACE_MS)))),
  );
}

/** Sessions that no longer hold anything and can go (with the bytes of an unfinalized one). */
export function isOver(now: Date) {
  return or(
    and(isNull(uploadIntents.putStartedAt), lte(uploadIntents.expiresAt, now)),
    lte(uploadIntents.expiresAt, new Date(now.getTime() - FINALIZE_GRACE_MS)),
  );
}

export type Reservations = { sessions: number; bytes: number; nextEndsAt: Date | null };

/** What an organization's unfinished three-step uploads reserve right now. */
export async function currentReservations(db: Executor, organizationId: string, now = new Date()): Promise<Reservations> {
  const open = await db
    .select({ declaredSize: uploadIntents.declaredSize, expiresAt: uploadIntents.expiresAt, putStartedAt: uploadIntents.putStartedAt })
    .from(uploadIntents)
    .where(and(eq(uploadIntents.organizationId, organizationId), holdsReservation(now)));
  const ends = open.map((row) => row.expiresAt.getTime() + (row.putStartedAt ? FINALIZE_GRACE_MS : 0));
  return {
    sessions: open.length,
    bytes: open.reduce((sum, row) => sum + row.declaredSize, 0),
    nextEndsAt: ends.length > 0 ? new Date(Math.min(...ends)) : null,
  };
}

/**
 * Checks, inside the transaction that creates a session, that one more fits the organization's
 * caps on open sessions and reserved bytes. The organization row is locked first, so concurrent
 * inits of one organization take turns and cannot both squeeze past a cap.
 */
export async function reserveSession(tx: Executor, config: Config, input: { organizationId: string; declaredSize: number; now: Date }): Promise<Reservations> {
  await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, input.organizationId)).for('update');
  const held = await currentReservations(tx, input.organizationId, input.now);
  const retryAfter = () => Math.max(1, Math.ceil(((held.nextEndsAt?.getTime() ?? input.now.getTime()) - input.now.getTime()) / 1000));
  if (held.sessions >= config.UPLOAD_MAX_OPEN_SESSIONS) {
    throw new RateLimitedError(
      `Too many uploads in progress: at most ${config.UPLOAD_MAX_OPEN_SESSIONS} three-step uploads may be open at once; finalize them or wait for their URLs to expire`,
      retryAfter(),
    );
  }
  if (held.bytes + input.declaredSize > config.UPLOAD_MAX_OPEN_BYTES) {
    throw new RateLimitedError(
      `Too many bytes in progress: open three-step uploads reserve ${describeBytes(held.bytes)} and at most ${describeBytes(config.UPLOAD_MAX_OPEN_BYTES)} may be reserved at once; this one needs ${describeBytes(input.declaredSize)}`,
      retryAfter(),
    );
  }
  return held;
}
