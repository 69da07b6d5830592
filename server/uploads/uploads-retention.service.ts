import { and, eq, isNotNull, isNull, lte, not, sql } from 'drizzle-orm';
import { uploadNamedByFlow } from '../automations/flow-uploads';
import { postUploads, uploadIntents, uploads } from '../db/schema/uploads';
import type { AppServices } from '../services';
import { possibleRenditionKeys } from './renditions';
import { discardMultipartParts } from './multipart.service';
import { isOver } from './upload-reservations';

/** Unused uploads go 14 days after upload or after the last post using them finished (spec, "Retention"). */
export const UNUSED_RETENTION_MS = 14 * 24 * 3600_000;
const BATCH = 200;

/**
 * Removes uploads whose `purgeAfter` has passed: files first, then the row. A crash between the
 * two leaves a row whose files are gone, which the next run finishes; the row is already invisible.
 */
export type RetentionScope = { now: Date; organizationId?: string };

export async function purgeDueUploads(services: AppServices, { now, organizationId }: RetentionScope): Promise<number> {
  const { storage } = services;
  let removed = 0;
  // Bounded, so rows that keep failing to go cannot hold the job forever; the next run goes on.
  for (let round = 0; round < 50; round++) {
    const due = await services.db
      .select()
      .from(uploads)
      .where(and(isNotNull(uploads.deletedAt), lte(uploads.purgeAfter, now), organizationId ? eq(uploads.organizationId, organizationId) : undefined))
      .limit(BATCH);
    for (const row of due) {
      await storage.delete(row.path);
      if (row.thumbnailPath) await storage.delete(row.thumbnailPath);
      for (const key of possibleRenditionKeys(row)) await storage.delete(key);
      await services.db.delete(uploads).where(and(eq(uploads.id, row.id), isNotNull(uploads.deletedAt), lte(uploads.purgeAfter, now)));
    }
    removed += due.length;
    if (due.length < BATCH) break;
  }
  return removed;
}

/**
 * Marks unused uploads deleted and due at once, in one statement that re-checks that no
 * unfinished post holds them, then purges them like any deleted upload.
 */
export async function cleanUpUnusedUploads(services: AppServices, { now, organizationId }: RetentionScope): Promise<number> {
  const cutoff = new Date(now.getTime() - UNUSED_RETENTION_MS);
  const marked = await services.db
    .update(uploads)
    .set({ deletedAt: now, purgeAfter: now, updatedAt: now })
    .where(
      and(
        isNull(uploads.deletedAt),
        organizationId ? eq(uploads.organizationId, organizationId) : undefined,
        // An ISO string with a cast: raw SQL gets no column encoder for a Date on postgres.js.
        sql`coalesce(${uploads.lastUsedAt}, ${uploads.createdAt}) <= ${cutoff.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${postUploads} where ${postUploads.uploadId} = ${uploads.id} and ${postUploads.deletedAt} is null and ${postUploads.releasedAt} is null)`,
        // Attachments an automation flow sends stay while the flow exists (decision 057).
        not(uploadNamedByFlow(uploads.id)),
      ),
    )
    .returning({ id: uploads.id });
  if (marked.length > 0) await purgeDueUploads(services, { now, organizationId });
  return marked.length;
}

/**
 * Three-step sessions that are over: never PUT by the time their URL expired, or not finalized
 * within the grace after it. Their received bytes and the session go, releasing the reservation.
 */
export async function removeAbandonedSessions(services: AppServices, { now, organizationId }: RetentionScope): Promise<number> {
  const { storage } = services;
  const stale = await services.db
    .select({ id: uploadIntents.id, path: uploadIntents.path, uploadId: uploadIntents.uploadId })
    .from(uploadIntents)
    .where(and(isOver(now), organizationId ? eq(uploadIntents.organizationId, organizationId) : undefined))
    .limit(1000);
  for (const intent of stale) {
    // A finalized session's bytes belong to its upload; only the session row goes.
    if (!intent.uploadId) await storage.delete(intent.path);
    // A multipart session's parts (ours, or the bucket's unfinished upload) go with it.
    await discardMultipartParts(services, intent.id, intent.path);
    await services.db.delete(uploadIntents).where(eq(uploadIntents.id, intent.id));
  }
  return stale.length;
}
