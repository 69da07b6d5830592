import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { sandboxReviews, type SandboxReviewComment } from '../../db/schema/reviews';
import type { ConnectorEnv } from '../connector';
import { PlatformError } from '../platform-error';
import type { PlatformDefinition } from '../platform-definition';
import { digits } from '../platform-definition';
import type { PlatformReview, PlatformReviewComment, ReviewsCapability } from '../reviews';
import { avatarUrl } from './avatars';
import { ensureSeededReviews, REPLY_MODERATION_MS, replyPolicyViolation, type SandboxReview } from './review-world';
import type { SandboxAccess } from './sandbox-publishing';
import { listChannelsOf, type SandboxProfile } from './world';

/**
 * Reviews on a sandbox Google Business location or Facebook page. Google moderates owner replies:
 * a reply with contact details or offensive language is REJECTED with the policy it broke; any
 * other is PENDING for a few seconds, then APPROVED (live, with its URL). Facebook replies are
 * comments under the recommendation story, live at once.
 */
export function sandboxReviewsCapability(definition: PlatformDefinition, access: SandboxAccess): ReviewsCapability | null {
  const platform = definition.type;
  if (!definition.supports.reviews) return null;
  const google = platform === 'GOOGLE_BUSINESS';

  const refuse = (message: string, operation: string, httpStatus = 400) =>
    new PlatformError({ code: httpStatus === 404 ? 'NOT_FOUND' : 'INVALID_REQUEST', message, httpStatus, meta: { platform, operation } });

  async function placeOf(env: ConnectorEnv, profile: SandboxProfile, placeExternalId: string, operation: string) {
    const owned =
      profile.externalId === placeExternalId || (await listChannelsOf(env.db, profile.id)).some((channel) => channel.externalId === placeExternalId);
    if (!owned) throw refuse(`${definition.label} ${google ? 'location' : 'page'} ${placeExternalId} is not managed by this user`, operation, 404);
    await ensureSeededReviews(env.db, profile, placeExternalId);
  }

  async function open(env: ConnectorEnv, credentials: Parameters<ReviewsCapability['get']>[1], placeExternalId: string, operation: string) {
    const { profile } = await access.authorize(env, credentials, operation);
    await placeOf(env, profile, placeExternalId, operation);
    return profile;
  }

  async function reviewOf(env: ConnectorEnv, profile: SandboxProfile, placeExternalId: string, externalId: string, operation: string): Promise<SandboxReview> {
    const [row] = await env.db
      .select()
      .from(sandboxReviews)
      .where(and(eq(sandboxReviews.profileId, profile.id), eq(sandboxReviews.placeExternalId, placeExternalId), eq(sandboxReviews.externalId, externalId)));
    if (!row || row.deletedAt) throw refuse(`The ${definition.label} review ${externalId} was not found`, operation, 404);
    return settle(env, row);
  }

  /** Moderation finishes on its own: a PENDING reply past its time is APPROVED when next read. */
  async function settle(env: ConnectorEnv, row: SandboxReview): Promise<SandboxReview> {
    if (row.replyState !== 'PENDING' || !row.replyLiveAt || row.replyLiveAt.getTime() > Date.now()) return row;
    const [updated] = await env.db.update(sandboxReviews).set({ replyState: 'APPROVED' }).where(eq(sandboxReviews.id, row.id)).returning();
    return updated!;
  }

  function replyUrl(row: SandboxReview): string {
    const tail = createHash('sha256').update(row.externalId).digest('hex').slice(0, 22);
    return google
      ? `https://www.google.com/maps/reviews/data=!4m5!14m4!1m3!1m2!1s${tail}`
      : `https://www.facebook.com/${row.externalId}?comment_id=${row.replyExternalId ?? ''}`;
  }

  function present(env: ConnectorEnv, row: SandboxReview): PlatformReview {
    const state = (row.replyState ?? 'APPROVED') as NonNullable<PlatformReview['reply']>['state'];
    return {
      externalId: row.externalId,
      openGraphStoryId: google ? null : row.externalId,
      reviewerName: row.reviewerName,
      reviewerPhotoUrl: avatarUrl(env.publicUrl, platform, row.reviewerExternalId, row.reviewerName),
      rating: row.rating,
      recommendationValue: google ? null : ((row.recommendationValue as PlatformReview['recommendationValue']) ?? 'UNKNOWN'),
      comment: row.comment,
      hasMedia: row.hasMedia,
      mediaSummary: row.hasMedia ? ['PHOTO'] : null,
      reply: row.replyComment
        ? {
            comment: row.replyComment,
            externalId: row.replyExternalId,
            updatedAt: row.replyUpdatedAt ?? row.updateTime,
            state,
            policyViolation: state === 'REJECTED' ? row.replyPolicyViolation : null,
            url: state === 'APPROVED' ? replyUrl(row) : null,
          }
        : null,
      createTime: row.createTime,
      updateTime: row.updateTime,
    };
  }

  function presentComment(env: ConnectorEnv, thread: SandboxReviewComment[], entry: SandboxReviewComment): PlatformReviewComment {
    return {
      externalId: entry.id,
      externalParentId: entry.parentId,
      authorName: entry.authorName,
      authorExternalId: entry.authorExternalId,
      authorAvatarUrl: avatarUrl(env.publicUrl, platform, entry.authorExternalId, entry.authorName),
      text: entry.text,
      likesCount: entry.likesCount,
      repliesCount: thread.filter((other) => other.parentId === entry.id).length,
      // Facebook threads are two levels deep: replies to replies attach to the top comment.
      canReply: true,
      createdAt: new Date(entry.createdAt),
    };
  }

  return {
    async list(env, credentials, place, page) {
      const operation = 'reviews.list';
      const profile = await open(env, credentials, place.externalId, operation);
      const after = page.pageToken ? decodeToken(page.pageToken) : null;
      if (page.pageToken && !after) throw refuse('Invalid page token', operation);
      const rows = await env.db
        .select()
        .from(sandboxReviews)
        .where(
          and(
            eq(sandboxReviews.profileId, profile.id),
            eq(sandboxReviews.placeExternalId, place.externalId),
            isNull(sandboxReviews.deletedAt),
            after ? or(lt(sandboxReviews.createTime, after.at), and(eq(sandboxReviews.createTime, after.at), lt(sandboxReviews.id, after.id))) : undefined,
          ),
        )
        .orderBy(desc(sandboxReviews.createTime), desc(sandboxReviews.id))
        .limit(page.pageSize + 1);
      const pageRows = rows.slice(0, page.pageSize);
      const last = pageRows.at(-1);
      const settled = await Promise.all(pageRows.map((row) => settle(env, row)));
      return { reviews: settled.map((row) => present(env, row)), nextPageToken: rows.length > page.pageSize && last ? encodeToken(last) : null };
    },

    async get(env, credentials, place, review) {
      const profile = await open(env, credentials, place.externalId, 'reviews.get');
      return present(env, await reviewOf(env, profile, place.externalId, review.externalId, 'reviews.get'));
    },

    async reply(env, credentials, place, review, comment) {
      const operation = 'reviews.reply';
      const profile = await open(env, credentials, place.externalId, operation);
      const row = await reviewOf(env, profile, place.externalId, review.externalId, operation);
      if (comment.length > 4096) throw refuse('The reply is longer than 4,096 characters', operation);
      const now = new Date();
      const violation = google ? replyPolicyViolation(comment) : null;
      const changes = google
        ? {
            replyComment: comment,
            replyExternalId: row.replyExternalId ?? digits(16),
            replyUpdatedAt: now,
            replyState: violation ? 'REJECTED' : 'PENDING',
            replyPolicyViolation: violation,
            replyLiveAt: violation ? null : new Date(now.getTime() + REPLY_MODERATION_MS),
          }
        : {
            replyComment: comment,
            replyExternalId: row.replyExternalId ?? `${row.externalId.split('_')[0]}_${digits(15)}`,
            replyUpdatedAt: now,
            replyState: 'APPROVED',
            replyPolicyViolation: null,
            replyLiveAt: null,
          };
      const [updated] = await env.db.update(sandboxReviews).set(changes).where(eq(sandboxReviews.id, row.id)).returning();
      return present(env, updated!);
    },

    async deleteReply(env, credentials, place, review) {
      const operation = 'reviews.deleteReply';
      const profile = await open(env, credentials, place.externalId, operation);
      const row = await reviewOf(env, profile, place.externalId, review.externalId, operation);
      if (!row.replyComment) throw refuse(`The ${definition.label} review has no owner reply`, operation, 404);
      const [updated] = await env.db
        .update(sandboxReviews)
        .set({ replyComment: null, replyExternalId: null, replyUpdatedAt: null, replyState: null, replyPolicyViolation: null, replyLiveAt: null })
        .where(eq(sandboxReviews.id, row.id))
        .returning();
      return present(env, updated!);
    },

    async comments(env, credentials, place, review) {
      const operation = 'reviews.comments';
      const profile = await open(env, credentials, place.externalId, operation);
      const row = await reviewOf(env, profile, place.externalId, review.externalId, operation);
      const thread = [...row.thread];
      if (row.replyComment && row.replyExternalId && !google) {
        thread.push({
          id: row.replyExternalId,
          parentId: null,
          authorExternalId: place.externalId,
          authorName: profile.displayName,
          text: row.replyComment,
          likesCount: 0,
          createdAt: (row.replyUpdatedAt ?? row.updateTime).toISOString(),
          owner: true,
        });
      }
      return thread.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((entry) => presentComment(env, thread, entry));
    },

    async replyToComment(env, credentials, place, review, comment, text) {
      const operation = 'reviews.replyToComment';
      if (google) throw refuse('Google reviews have no comment threads', operation);
      const profile = await open(env, credentials, place.externalId, operation);
      const row = await reviewOf(env, profile, place.externalId, review.externalId, operation);
      const parent = row.thread.find((entry) => entry.id === comment.externalId);
      if (!parent) throw refuse(`The ${definition.label} comment ${comment.externalId} was not found under this recommendation`, operation, 404);
      const entry: SandboxReviewComment = {
        id: `${row.externalId.split('_')[0]}_${digits(15)}`,
        // Two levels deep, as on Facebook: a reply to a reply joins the top comment's thread.
        parentId: parent.parentId ?? parent.id,
        authorExternalId: place.externalId,
        authorName: profile.displayName,
        text,
        likesCount: 0,
        createdAt: new Date().toISOString(),
        owner: true,
      };
      await env.db
        .update(sandboxReviews)
        .set({ thread: [...row.thread, entry] })
        .where(eq(sandboxReviews.id, row.id));
      return { externalId: entry.id };
    },

    async searchKeywords(env, credentials, place, range) {
      const operation = 'reviews.searchKeywords';
      if (!google) throw refuse('Search keywords exist for Google Business locations only', operation);
      await open(env, credentials, place.externalId, operation);
      return searchKeywordsFor(place.externalId, range);
    },
  };
}

function encodeToken(row: SandboxReview): string {
  return Buffer.from(`${row.createTime.toISOString()}|${row.id}`).toString('base64url');
}

function decodeToken(token: string): { at: Date; id: string } | null {
  const [at, id] = Buffer.from(token, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  return id && !Number.isNaN(date.getTime()) ? { at: date, id } : null;
}

const KEYWORDS = [
  'coffee near me',
  'brunch',
  'best cafe',
  'breakfast open now',
  'bakery',
  'vegan cake',
  'wifi cafe',
  'latte art',
  'croissant',
  'quiet place to work',
  'oat milk flat white',
  'dog friendly cafe',
];
/** Google reports counts under this as "fewer than 15" (a threshold), never exactly. */
const LOW_VOLUME_THRESHOLD = 15;

/** Search terms for a month range: stable per location, bigger for longer ranges; the long tail comes back as a threshold. */
function searchKeywordsFor(placeExternalId: string, range: { startMonth: string; endMonth: string }) {
  const months = monthsBetween(range.startMonth, range.endMonth);
  return KEYWORDS.map((keyword, index) => {
    const seed = createHash('sha256').update(`${placeExternalId}:${keyword}`).digest()[0]!;
    const perMonth = index < 5 ? 40 + (seed % 200) : seed % 9;
    const total = perMonth * months;
    return total >= LOW_VOLUME_THRESHOLD ? { keyword, value: total, threshold: null } : { keyword, value: null, threshold: LOW_VOLUME_THRESHOLD };
  }).sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
}

function monthsBetween(start: string, end: string): number {
  const [sy, sm] = start.split('-').map(Number) as [number, number];
  const [ey, em] = end.split('-').map(Number) as [number, number];
  return Math.max(1, (ey - sy) * 12 + (em - sm) + 1);
}
