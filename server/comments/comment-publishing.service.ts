import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { getAccountById } from '../accounts/accounts.service';
import { connectorEnv, withCredentials } from '../accounts/credentials';
import { comments, commentTargets, fetchedComments } from '../db/schema/comments';
import { postTargets } from '../db/schema/posts';
import { recordEvent } from '../events/outbox';
import { NotFoundError } from '../http/errors';
import { PlatformError } from '../platforms/platform-error';
import type { PostPlatform } from '../platforms/platform-types';
import { errorRecord, retryPlan, targetsOutcome } from '../posts/publishing.service';
import type { AppServices } from '../services';
import { toCommentDto, type CommentRow, type CommentTargetRow } from './comment-dto';
import { claimDueRow } from '../jobs/due-rows';
import { publishCommentJob } from './comments.jobs';

type JobRef = { commentId: string; version: number; jobId: string };

export async function publishDueComment(services: AppServices, job: JobRef): Promise<void> {
  const comment = await claimDueRow(services, comments, { id: job.commentId, version: job.version, jobId: job.jobId });
  if (!comment) return;
  const now = new Date();
  const due = await services.db
    .select()
    .from(commentTargets)
    .where(
      and(
        eq(commentTargets.commentId, comment.id),
        inArray(commentTargets.status, ['PENDING', 'RETRYING', 'PUBLISHING']),
        or(isNull(commentTargets.nextAttemptAt), lte(commentTargets.nextAttemptAt, now)),
      ),
    );
  for (const target of due) await publishTarget(services, comment, target);
  await finish(services, job);
}

/**
 * What the comment answers, as the platform knows it: the fetched or own parent comment, else the
 * post. Its `id`, and for our own items all of their `externalData` (Slack and Discord find the
 * channel and thread of a message there).
 */
async function parentExternalData(services: AppServices, comment: CommentRow, platform: PostPlatform): Promise<Record<string, string> | null> {
  const { db } = services;
  if (comment.fetchedParentCommentId) {
    const [parent] = await db.select().from(fetchedComments).where(eq(fetchedComments.id, comment.fetchedParentCommentId));
    return parent && !parent.deletedAt ? { id: parent.externalId } : null;
  }
  if (comment.internalParentCommentId) {
    const [parent] = await db
      .select()
      .from(commentTargets)
      .where(and(eq(commentTargets.commentId, comment.internalParentCommentId), eq(commentTargets.platform, platform)));
    return parent?.externalData?.id ? parent.externalData : null;
  }
  if (!comment.internalPostId) return null;
  const [target] = await db
    .select()
    .from(postTargets)
    .where(and(eq(postTargets.postId, comment.internalPostId), eq(postTargets.platform, platform)));
  return target?.externalData?.id ? target.externalData : null;
}

async function publishTarget(services: AppServices, comment: CommentRow, target: CommentTargetRow): Promise<void> {
  const { db } = services;
  const meta = { platform: target.platform, operation: 'publishing.comment' };
  const account = target.socialAccountId
    ? await getAccountById(db, { organizationId: comment.organizationId, id: target.socialAccountId }).catch((error) => {
        if (error instanceof NotFoundError) return null;
        throw error;
      })
    : null;
  if (!account) {
    return failTarget(
      services,
      target,
      new PlatformError({ code: 'ACCESS_REVOKED', message: `The ${target.platform} account of this comment was disconnected`, httpStatus: 401, meta }),
    );
  }
  const parent = await parentExternalData(services, comment, target.platform);
  if (!parent) {
    return failTarget(
      services,
      target,
      new PlatformError({ code: 'NOT_FOUND', message: `What this comment answers is no longer on ${target.platform}`, httpStatus: 404, meta }),
    );
  }
  // Record the intent before calling the platform: after a crash or a lost answer, the next run
  // sends the same key, and the platform hands back the comment it already made.
  const intentKey = target.intentKey ?? `comment:${target.id}`;
  const inFlight = target.status === 'PUBLISHING' || target.intentKey !== null;
  await db
    .update(commentTargets)
    .set({ status: 'PUBLISHING', intentKey, attempts: target.attempts + 1, updatedAt: new Date() })
    .where(eq(commentTargets.id, target.id));

  let published: { id: string; permalink: string | null };
  try {
    published = await withCredentials(services, account, async (connector, credentials) => {
      const publishing = connector.publishing;
      if (!publishing) throw new PlatformError({ code: 'PERMANENT', message: `Comments on ${target.platform} are not available`, httpStatus: 501, meta });
      const where = { externalId: account.externalId, selectedChannelId: account.selectedChannelId };
      const env = connectorEnv(services);
      if (inFlight) {
        const earlier = await publishing.findByIntent(env, credentials, where, intentKey, { parent });
        if (earlier?.externalData.id) return { id: earlier.externalData.id, permalink: earlier.externalData.permalink ?? null };
      }
      const text = comment.data[target.platform]?.text ?? '';
      return publishing.comment(env, credentials, where, { externalData: parent, text, intentKey });
    });
  } catch (error) {
    if (error instanceof PlatformError) return failTarget(services, target, error);
    throw error;
  }
  await db
    .update(commentTargets)
    .set({
      status: 'POSTED',
      externalData: { id: published.id, ...(published.permalink ? { permalink: published.permalink } : {}) },
      error: null,
      errorVerbose: null,
      nextAttemptAt: null,
      publishedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(commentTargets.id, target.id));
}

async function failTarget(services: AppServices, target: CommentTargetRow, error: PlatformError) {
  const { retry, nextAttemptAt } = retryPlan(services, target.attempts + 1, error);
  await services.db
    .update(commentTargets)
    .set({ status: retry ? 'RETRYING' : 'ERROR', error: error.message, errorVerbose: errorRecord(error), nextAttemptAt, updatedAt: new Date() })
    .where(eq(commentTargets.id, target.id));
}

/** Sums the targets into the comment's status, releases the claim, schedules the next retry, emits the event. */
async function finish(services: AppServices, job: JobRef): Promise<void> {
  await services.db.transaction(async (tx) => {
    const [comment] = await tx.select().from(comments).where(eq(comments.id, job.commentId)).for('update');
    if (!comment || comment.version !== job.version || comment.claimedBy !== job.jobId) return;
    const targets = await tx.select().from(commentTargets).where(eq(commentTargets.commentId, comment.id));
    const now = new Date();
    const outcome = targetsOutcome(targets, now);
    const release = { claimedBy: null, claimedUntil: null, updatedAt: now };
    if (outcome.status === 'RETRYING') {
      await tx
        .update(comments)
        .set({ ...release, status: 'RETRYING', dueAt: outcome.dueAt })
        .where(eq(comments.id, comment.id));
      await services.jobs.send(publishCommentJob, { commentId: comment.id, version: comment.version }, { executor: tx, startAfter: outcome.dueAt });
      return;
    }
    if (outcome.status === 'ERROR') {
      await tx
        .update(comments)
        .set({ ...release, status: 'ERROR', error: outcome.error, dueAt: null })
        .where(eq(comments.id, comment.id));
      return;
    }
    await tx
      .update(comments)
      .set({ ...release, status: 'POSTED', postedDate: now, error: null, dueAt: null })
      .where(eq(comments.id, comment.id));
    await recordCommentPublished(tx, { ...comment, status: 'POSTED', postedDate: now, updatedAt: now }, targets);
  });
}

/** `comment.published`, for comments of `POST /comment` and first comments alike. */
export async function recordCommentPublished(tx: Parameters<typeof recordEvent>[0], comment: CommentRow, targets: CommentTargetRow[]) {
  await recordEvent(tx, {
    organizationId: comment.organizationId,
    teamId: comment.teamId,
    type: 'comment.published',
    // The comment as the API returns it (the client's `comment.published` is its CommentGetResponse).
    data: toCommentDto(comment, targets),
  });
}
