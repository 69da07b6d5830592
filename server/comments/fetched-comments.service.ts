import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { getAccountById } from '../accounts/accounts.service';
import { connectorEnv, withCredentials } from '../accounts/credentials';
import type { Executor } from '../db/client';
import { fetchedComments } from '../db/schema/comments';
import { BadRequestError, NotFoundError, RateLimitedError } from '../http/errors';
import { COMMENT_ACTION_RULES, type PlatformComment } from '../platforms/comments';
import { PlatformError } from '../platforms/platform-error';
import { platformOf } from '../platforms/registry';
import type { PostPlatform } from '../platforms/platform-types';
import type { AppServices } from '../services';
import { getTeam } from '../teams/teams.service';
import type { CommentActionBody, FetchedCommentsQuery } from './comments.schemas';
import type { ImportPlatform } from './shared/comment-statuses';

export type FetchedCommentRow = typeof fetchedComments.$inferSelect;

type Owner = { organizationId: string; teamId: string; postId: string; socialAccountId: string; importId: string; platform: PostPlatform };

/** Stores (or refreshes) comments as the platform reported them; one row per account and platform id. */
export async function storeFetchedComments(tx: Executor, owner: Owner, items: PlatformComment[]): Promise<FetchedCommentRow[]> {
  if (items.length === 0) return [];
  const now = new Date();
  return tx
    .insert(fetchedComments)
    .values(items.map((item) => ({ ...owner, ...columnsOf(item), createdAt: now, updatedAt: now })))
    .onConflictDoUpdate({
      target: [fetchedComments.socialAccountId, fetchedComments.externalId],
      set: {
        importId: sql`excluded.import_id`,
        text: sql`excluded.text`,
        authorName: sql`excluded.author_name`,
        likesCount: sql`excluded.likes_count`,
        repliesCount: sql`excluded.replies_count`,
        platformData: sql`excluded.platform_data`,
        deletedAt: sql`excluded.deleted_at`,
        updatedAt: now,
      },
    })
    .returning();
}

export function columnsOf(item: PlatformComment) {
  return {
    externalId: item.externalId,
    externalParentId: item.externalParentId,
    externalPostId: item.externalPostId,
    authorName: item.authorName,
    authorExternalId: item.authorExternalId,
    authorProfileUrl: item.authorProfileUrl,
    authorAvatarUrl: item.authorAvatarUrl,
    text: item.text,
    likesCount: item.likesCount,
    repliesCount: item.repliesCount,
    platformData: {
      hidden: item.hidden,
      likedByMe: item.likedByMe,
      owner: item.owner,
      moderationStatus: item.moderationStatus,
      editedAt: item.editedAt?.toISOString() ?? null,
    },
    publishedAt: item.publishedAt,
    deletedAt: item.deletedAt,
  };
}

export function toFetchedCommentDto(row: FetchedCommentRow) {
  const rules = COMMENT_ACTION_RULES[row.platform];
  const actions = rules?.actions ?? [];
  const owner = row.platformData.owner ?? false;
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: row.id,
    teamId: row.teamId,
    organizationId: row.organizationId,
    postId: row.postId,
    importedPostId: null,
    socialAccountId: row.socialAccountId,
    importId: row.importId,
    platform: row.platform as ImportPlatform,
    externalId: row.externalId,
    externalParentId: row.externalParentId,
    externalPostId: row.externalPostId,
    authorName: row.authorName,
    authorExternalId: row.authorExternalId,
    authorProfileUrl: row.authorProfileUrl,
    authorAvatarUrl: row.authorAvatarUrl,
    text: row.text,
    likesCount: row.likesCount,
    repliesCount: row.repliesCount,
    platformData: {
      canDelete: !row.deletedAt && actions.includes('DELETE') && (owner || !!rules?.deleteOthers),
      canHide: !row.deletedAt && actions.includes('HIDE') && !owner,
      canLike: !row.deletedAt && actions.includes('LIKE'),
      canModerate: !row.deletedAt && actions.includes('APPROVE'),
      hidden: row.platformData.hidden ?? false,
      likedByMe: row.platformData.likedByMe ?? false,
      owner,
      moderationStatus: row.platformData.moderationStatus ?? null,
    },
    publishedAt: iso(row.publishedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: iso(row.deletedAt),
  };
}

export async function listFetchedComments(db: Executor, input: { organizationId: string } & z.infer<typeof FetchedCommentsQuery>) {
  await getTeam(db, { organizationId: input.organizationId, id: input.teamId });
  // Imported posts (history import) have no table yet: nothing was fetched for one.
  if (input.importedPostId) throw new NotFoundError('Imported post');
  const where = and(
    eq(fetchedComments.organizationId, input.organizationId),
    eq(fetchedComments.teamId, input.teamId),
    eq(fetchedComments.postId, input.postId!),
    input.platform ? eq(fetchedComments.platform, input.platform) : undefined,
    input.socialAccountId ? eq(fetchedComments.socialAccountId, input.socialAccountId) : undefined,
    isNull(fetchedComments.deletedAt),
  );
  const [items, [total]] = await Promise.all([
    db.select().from(fetchedComments).where(where).orderBy(desc(fetchedComments.publishedAt), desc(fetchedComments.id)).offset(input.offset).limit(input.limit),
    db.select({ value: count() }).from(fetchedComments).where(where),
  ]);
  return { items: items.map(toFetchedCommentDto), total: total?.value ?? 0 };
}

/** Hides, likes, deletes or moderates a fetched comment on its platform, where the platform allows it. */
export async function actOnFetchedComment(services: AppServices, input: { organizationId: string; commentId: string } & z.infer<typeof CommentActionBody>) {
  const { db } = services;
  const [row] = await db
    .select()
    .from(fetchedComments)
    .where(and(eq(fetchedComments.organizationId, input.organizationId), eq(fetchedComments.teamId, input.teamId), eq(fetchedComments.id, input.commentId)));
  if (!row) throw new NotFoundError('Fetched comment');
  const label = platformOf(row.platform).label;
  const rules = COMMENT_ACTION_RULES[row.platform];
  if (!rules?.actions.includes(input.action)) {
    throw new BadRequestError(`${label} does not allow ${input.action} on comments (allowed: ${rules?.actions.join(', ') ?? 'none'})`);
  }
  if (input.banAuthor) throw new BadRequestError(`${label} does not let the service ban comment authors`);
  if (row.deletedAt) throw new NotFoundError('Fetched comment');
  const account = await getAccountById(db, { organizationId: input.organizationId, id: row.socialAccountId });
  let updated: PlatformComment;
  try {
    updated = await withCredentials(services, account, async (connector, credentials) => {
      if (!connector.comments) throw new BadRequestError(`${label} comments cannot be managed`);
      const where = { externalId: account.externalId, selectedChannelId: account.selectedChannelId };
      return connector.comments.act(
        connectorEnv(services),
        credentials,
        where,
        { externalId: row.externalId, externalPostId: row.externalPostId },
        input.action,
      );
    });
  } catch (error) {
    throw asHttpError(error);
  }
  const [stored] = await db
    .update(fetchedComments)
    .set({ ...columnsOf(updated), updatedAt: new Date() })
    .where(eq(fetchedComments.id, row.id))
    .returning();
  return { success: true, item: toFetchedCommentDto(stored!) };
}

/** The platform's refusal as the caller's error: its rules are the caller's to fix (400), a gone comment is 404. */
function asHttpError(error: unknown): unknown {
  if (!(error instanceof PlatformError)) return error;
  if (error.code === 'RATE_LIMITED') return new RateLimitedError(error.message, Number(error.meta.retryAfterSeconds ?? 60));
  if (error.httpStatus === 404) return new NotFoundError('Comment on the platform');
  if (error.httpStatus === 400 || error.httpStatus === 403) return new BadRequestError(error.message);
  return error;
}
