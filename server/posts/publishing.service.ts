import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { getAccountById } from '../accounts/accounts.service';
import { connectorEnv, withCredentials } from '../accounts/credentials';
import type { SocialAccountRow } from '../accounts/account-record';
import { posts, postTargets, type PlatformErrorRecord } from '../db/schema/posts';
import { postUploads, uploads } from '../db/schema/uploads';
import { recordEvent } from '../events/outbox';
import { NotFoundError } from '../http/errors';
import { PlatformError } from '../platforms/platform-error';
import type { AppServices } from '../services';
import { mediaUrl } from '../uploads/uploads.service';
import { firstCommentJob, publishPostJob } from './posts.jobs';
import { loadRelations, toPostDto, type PostRow, type PostTargetRow } from './post-dto';
import type { PublishMedia, PublishResult } from '../platforms/publishing';
import { claimDueRow } from '../jobs/due-rows';
import { mediaIdsOf, threadMediaIdsOf } from './shared/post-media-ids';
import { imagePlan } from '../platforms/content-rules/media-adaptations';
import type { PostPlatform } from '../platforms/platform-types';
import { renditionOf } from '../uploads/renditions';
import { refreshPostAnalyticsJob } from '../analytics/analytics.jobs';

export const MAX_ATTEMPTS = 5;
const BACKOFF_CAP_MS = 60 * 60_000;

type JobRef = { postId: string; version: number; jobId: string };

export async function publishDuePost(services: AppServices, job: JobRef): Promise<void> {
  const post = await claimDueRow(services, posts, { id: job.postId, version: job.version, jobId: job.jobId });
  if (!post) return;
  const now = new Date();
  const due = await services.db
    .select()
    .from(postTargets)
    .where(
      and(
        eq(postTargets.postId, post.id),
        inArray(postTargets.status, ['PENDING', 'RETRYING', 'PUBLISHING']),
        or(isNull(postTargets.nextAttemptAt), lte(postTargets.nextAttemptAt, now)),
      ),
    );
  for (const target of due) await publishTarget(services, post, target);
  await finish(services, job);
}

async function publishTarget(services: AppServices, post: PostRow, target: PostTargetRow): Promise<void> {
  const { db } = services;
  const account = target.socialAccountId
    ? await getAccountById(db, { organizationId: post.organizationId, id: target.socialAccountId }).catch((error) => {
        if (error instanceof NotFoundError) return null;
        throw error;
      })
    : null;
  if (!account) {
    await failTarget(
      services,
      target,
      new PlatformError({
        code: 'ACCESS_REVOKED',
        message: `The ${target.platform} account of this post was disconnected`,
        httpStatus: 401,
        meta: { platform: target.platform, operation: 'publishing.publish' },
      }),
    );
    return;
  }
  // Record the intent before calling the platform: after a crash, the next run looks it up first.
  const intentKey = target.intentKey ?? `${target.id}:${post.version}`;
  const inFlight = target.status === 'PUBLISHING';
  // What earlier attempts of this intent saved (a new intent starts from nothing).
  let progress: Record<string, string> = target.intentKey ? { ...target.progress } : {};
  await db
    .update(postTargets)
    .set({
      status: 'PUBLISHING',
      intentKey,
      attempts: target.attempts + 1,
      attemptStartedAt: new Date(),
      updatedAt: new Date(),
      ...(target.intentKey ? {} : { progress: null }),
    })
    .where(eq(postTargets.id, target.id));
  // Committed before the connector takes its next step, and only while the intent is still this one.
  const checkpoint = async (saved: Record<string, string>) => {
    progress = { ...progress, ...saved };
    await db
      .update(postTargets)
      .set({ progress, updatedAt: new Date() })
      .where(and(eq(postTargets.id, target.id), eq(postTargets.intentKey, intentKey)));
  };

  let result: PublishResult;
  try {
    result = await withCredentials(services, account, async (connector, credentials) => {
      const publishing = connector.publishing;
      if (!publishing) {
        throw new PlatformError({
          code: 'PERMANENT',
          message: `Publishing to ${target.platform} is not available`,
          httpStatus: 501,
          meta: { platform: target.platform, operation: 'publishing.publish' },
        });
      }
      const where = { externalId: account.externalId, selectedChannelId: account.selectedChannelId };
      const env = connectorEnv(services);
      const options = (post.data[target.platform] ?? {}) as Record<string, unknown>;
      const channelId = (options.channelId as string | undefined) ?? account.selectedChannelId;
      if (inFlight) {
        const earlier = await publishing.findByIntent(env, credentials, where, intentKey, { options, publishAt: post.postDate, channelId, progress });
        if (earlier) return earlier;
      }
      return publishing.publish(env, credentials, where, {
        intentKey,
        options,
        media: await mediaOf(services, mediaIdsOf(options), { platform: target.platform, options }),
        threadMedia: await mediaOf(services, threadMediaIdsOf(options), { platform: target.platform, options }),
        thumbnail: typeof options.thumbnail === 'string' ? (await mediaOf(services, [options.thumbnail]))[0] : undefined,
        publishAt: post.postDate,
        channelId,
        progress,
        checkpoint,
      });
    });
  } catch (error) {
    if (error instanceof PlatformError) return failTarget(services, target, error, account);
    // Not the platform's answer (database, bug): the job retries and reconciles through the intent.
    throw error;
  }

  const firstComment = post.firstComment?.[target.platform];
  await db.transaction(async (tx) => {
    await tx
      .update(postTargets)
      .set({
        status: 'POSTED',
        externalData: result.externalData,
        error: result.warning ?? null,
        errorVerbose: null,
        nextAttemptAt: null,
        publishedAt: new Date(),
        firstCommentStatus: firstComment ? 'PENDING' : null,
        updatedAt: new Date(),
      })
      .where(eq(postTargets.id, target.id));
    if (firstComment) await services.jobs.send(firstCommentJob, { targetId: target.id }, { executor: tx });
    // Numbers shortly after publishing rather than at the next sweep; the sweep keeps its pace after.
    await services.jobs.send(
      refreshPostAnalyticsJob,
      { postTargetId: target.id },
      {
        executor: tx,
        startAfter: new Date(Date.now() + services.config.ANALYTICS_FIRST_POST_SNAPSHOT_SECONDS * 1000),
        singletonKey: `analytics:post:${target.id}:first`,
      },
    );
  });
}

/**
 * The files as the platform gets them: the uploads, or for an image the platform would refuse as
 * it is (format, aspect ratio) the rendition made for it (decision 084).
 */
async function mediaOf(services: AppServices, ids: string[], target?: { platform: PostPlatform; options: Record<string, unknown> }): Promise<PublishMedia[]> {
  if (ids.length === 0) return [];
  const rows = await services.db.select().from(uploads).where(inArray(uploads.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const found = ids.map((id) => byId.get(id)).filter((row): row is NonNullable<typeof row> => !!row);
  return Promise.all(
    found.map(async (row) => {
      const medium: PublishMedia = {
        id: row.id,
        url: mediaUrl(services.config, row.path),
        key: row.path,
        size: row.fileSize,
        type: row.type,
        mime: row.mime,
        width: row.width,
        height: row.height,
        videoLength: row.videoLength,
      };
      const plan = target ? imagePlan(target.platform, target.options, row) : null;
      if (!plan || !row.width || !row.height) return medium;
      const rendition = await renditionOf(services, { key: row.path, width: row.width, height: row.height }, plan);
      return { ...medium, url: mediaUrl(services.config, rendition.key), ...rendition };
    }),
  );
}

export function errorRecord(error: PlatformError): PlatformErrorRecord {
  return {
    code: error.code,
    errorMessage: error.message,
    isTransient: error.isTransient,
    retryability: error.retryability === 'RETRY' || error.retryability === 'RETRY_AFTER_RESET' ? 'retryable' : 'non_retryable',
    httpStatus: error.httpStatus,
    meta: error.meta,
    userFacingMessage: error.userFacingMessage,
  };
}

/**
 * Whether a failed attempt (the `attempts`-th) is tried again, and when: transient failures wait
 * with backoff, or until a rate limit resets; the rest stop. Posts and comments share it.
 */
export function retryPlan(services: AppServices, attempts: number, error: PlatformError): { retry: boolean; nextAttemptAt: Date | null } {
  const retry = error.isTransient && attempts < MAX_ATTEMPTS;
  if (!retry) return { retry, nextAttemptAt: null };
  if (error.meta.resetAt) return { retry, nextAttemptAt: new Date(error.meta.resetAt) };
  const backoff = Math.min(BACKOFF_CAP_MS, services.config.PUBLISH_RETRY_BASE_SECONDS * 1000 * 2 ** (attempts - 1));
  // Jitter spreads retries of many items hitting the same outage.
  return { retry, nextAttemptAt: new Date(Date.now() + backoff * (0.75 + Math.random() * 0.5)) };
}

/**
 * What a publish job's targets add up to: some still waiting (retry at the earliest of their
 * times), some failed for good (the joined errors), or all published. Posts and comments share it.
 */
export function targetsOutcome(
  targets: { platform: string; status: string; error: string | null; nextAttemptAt: Date | null }[],
  now: Date,
): { status: 'RETRYING'; dueAt: Date } | { status: 'ERROR'; error: string } | { status: 'POSTED' } {
  const waiting = targets.filter((target) => target.status === 'RETRYING' || target.status === 'PENDING');
  if (waiting.length > 0)
    return { status: 'RETRYING', dueAt: new Date(Math.min(...waiting.map((target) => target.nextAttemptAt?.getTime() ?? now.getTime()))) };
  const failed = targets.filter((target) => target.status === 'ERROR');
  if (failed.length > 0) return { status: 'ERROR', error: failed.map((target) => `${target.platform}: ${target.error}`).join('; ') };
  return { status: 'POSTED' };
}

/**
 * Transient failures wait and retry with backoff (or until a rate limit resets); the rest stop here.
 * A platform still processing the media (`stillProcessing`) is no failure: the attempt is given back.
 */
async function failTarget(services: AppServices, target: PostTargetRow, error: PlatformError, _account?: SocialAccountRow) {
  const processing = error.meta.stillProcessing === true;
  const attempts = processing ? target.attempts : target.attempts + 1;
  const { retry, nextAttemptAt } = processing ? { retry: true, nextAttemptAt: processingRetryAt(services, error) } : retryPlan(services, attempts, error);
  await services.db
    .update(postTargets)
    .set({
      ...(processing ? { attempts } : {}),
      status: retry ? 'RETRYING' : 'ERROR',
      // The platform's own words; errorsVerbose carries the generic advice as userFacingMessage.
      error: error.message,
      errorVerbose: errorRecord(error),
      nextAttemptAt,
      updatedAt: new Date(),
    })
    .where(eq(postTargets.id, target.id));
}

/** When a publish the platform is still processing looks again: when the connector says, else the first retry's wait. */
function processingRetryAt(services: AppServices, error: PlatformError): Date {
  const seconds = error.meta.retryAfterSeconds ?? services.config.PUBLISH_RETRY_BASE_SECONDS;
  return new Date(Date.now() + seconds * 1000);
}

/** Sums the targets up into the post's status, releases the claim, and schedules the next retry. */
async function finish(services: AppServices, job: JobRef): Promise<void> {
  await services.db.transaction(async (tx) => {
    const [post] = await tx.select().from(posts).where(eq(posts.id, job.postId)).for('update');
    if (!post || post.version !== job.version || post.claimedBy !== job.jobId) return;
    const targets = await tx.select().from(postTargets).where(eq(postTargets.postId, post.id));
    const now = new Date();
    const outcome = targetsOutcome(targets, now);
    const release = { claimedBy: null, claimedUntil: null, updatedAt: now };
    if (outcome.status === 'RETRYING') {
      await tx
        .update(posts)
        .set({ ...release, status: 'RETRYING', dueAt: outcome.dueAt })
        .where(eq(posts.id, post.id));
      await services.jobs.send(publishPostJob, { postId: post.id, version: post.version }, { executor: tx, startAfter: outcome.dueAt });
      return;
    }
    if (outcome.status === 'ERROR') {
      await tx
        .update(posts)
        .set({ ...release, status: 'ERROR', error: outcome.error, dueAt: null })
        .where(eq(posts.id, post.id));
      return;
    }
    const [posted] = await tx
      .update(posts)
      .set({ ...release, status: 'POSTED', postedDate: now, error: null, dueAt: null })
      .where(eq(posts.id, post.id))
      .returning();
    // The uploads' 14-day clock starts again now that the post is done with them.
    const links = await tx
      .select()
      .from(postUploads)
      .where(and(eq(postUploads.postId, post.id), isNull(postUploads.releasedAt)));
    if (links.length > 0) {
      await tx.update(postUploads).set({ releasedAt: now, updatedAt: now }).where(eq(postUploads.postId, post.id));
      await tx
        .update(uploads)
        .set({ lastUsedAt: now })
        .where(
          inArray(
            uploads.id,
            links.map((link) => link.uploadId),
          ),
        );
    }
    // The post as the API returns it (the client's `post.published` is its PostGetResponse).
    await recordEvent(tx, {
      organizationId: post.organizationId,
      teamId: post.teamId,
      type: 'post.published',
      data: toPostDto(services.config, posted!, await loadRelations(tx, [posted!])),
    });
  });
}
