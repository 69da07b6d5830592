import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Transaction } from '../db/client';
import { commentImports, fetchedComments } from '../db/schema/comments';
import { organizations } from '../db/schema/organizations';
import { posts, postTargets } from '../db/schema/posts';
import { socialAccounts } from '../db/schema/social-accounts';
import { recordEvent } from '../events/outbox';
import type { InboundEventRow } from '../db/schema/ingest';
import type { PostPlatform } from '../platforms/platform-types';
import { applyFetchedCommentChange } from './fetched-comment-changes';
import { storeFetchedComments, toFetchedCommentDto } from './fetched-comments.service';

/** What a platform's comment webhook carries once the connector normalized it. */
const CommentPayload = z.object({
  kind: z.enum(['comment.created', 'comment.updated', 'comment.deleted']),
  recipientExternalId: z.string(),
  commentId: z.string(),
  postId: z.string(),
  parentCommentId: z.string().nullable().optional(),
  text: z.string().nullable().optional(),
  likeCount: z.number().int().optional(),
  author: z.object({ id: z.string(), username: z.string().nullable().optional(), name: z.string().nullable().optional() }).optional(),
  avatarUrl: z.string().nullable().optional(),
  createdAt: z.string().optional(),
  editedAt: z.string().optional(),
});

/**
 * The comments domain's consumer of inbound events: a new comment on a post published through the
 * service becomes a fetched comment at once (and `comment.received` for organizations with DMs or
 * automations); edits and deletions on the platform update it. Comments on other posts are skipped.
 */
export async function consumeCommentEvent(tx: Transaction, event: InboundEventRow): Promise<void> {
  const parsed = CommentPayload.safeParse(event.payload);
  if (!parsed.success) return;
  const payload = parsed.data;
  if (payload.kind !== 'comment.created') return applyChange(tx, event, payload);

  const [published] = await tx
    .select({ post: posts })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .where(
      and(
        eq(postTargets.organizationId, event.organizationId),
        eq(postTargets.socialAccountId, event.socialAccountId),
        eq(postTargets.platform, event.platform),
        sql`${postTargets.externalData}->>'id' = ${payload.postId}`,
      ),
    );
  if (!published || published.post.status === 'DELETED') return;
  const post = published.post;
  const [organization] = await tx.select().from(organizations).where(eq(organizations.id, event.organizationId));
  // The operator turned comment collection off for this organization: live comments are not kept.
  if (!organization?.commentImportEnabled) return;
  // A repeated or late `created` for a comment already stored (by an import or an earlier
  // webhook) is not news: it must not reset its state, count a reply twice or announce it again.
  const [known] = await tx
    .select({ id: fetchedComments.id })
    .from(fetchedComments)
    .where(and(eq(fetchedComments.socialAccountId, event.socialAccountId), eq(fetchedComments.externalId, payload.commentId)));
  if (known) return;
  const [account] = await tx.select().from(socialAccounts).where(eq(socialAccounts.id, event.socialAccountId));
  const importId = await webhookImport(tx, {
    organizationId: event.organizationId,
    teamId: post.teamId,
    socialAccountId: event.socialAccountId,
    postId: post.id,
    platform: event.platform,
  });
  const owner = {
    organizationId: event.organizationId,
    teamId: post.teamId,
    postId: post.id,
    socialAccountId: event.socialAccountId,
    importId,
    platform: event.platform,
  };
  const [stored] = await storeFetchedComments(tx, owner, [
    {
      externalId: payload.commentId,
      externalParentId: payload.parentCommentId ?? null,
      externalPostId: payload.postId,
      authorExternalId: payload.author?.id ?? 'unknown',
      authorName: payload.author?.name ?? payload.author?.username ?? null,
      authorUsername: payload.author?.username ?? null,
      authorProfileUrl: null,
      authorAvatarUrl: payload.avatarUrl ?? null,
      text: payload.text ?? null,
      likesCount: payload.likeCount ?? 0,
      repliesCount: 0,
      hidden: false,
      likedByMe: false,
      owner: !!account && payload.author?.id === account.externalId,
      moderationStatus: null,
      publishedAt: payload.createdAt ? new Date(payload.createdAt) : event.occurredAt,
      editedAt: null,
      deletedAt: null,
    },
  ]);
  if (payload.parentCommentId) {
    await tx
      .update(fetchedComments)
      .set({ repliesCount: sql`${fetchedComments.repliesCount} + 1` })
      .where(and(eq(fetchedComments.socialAccountId, event.socialAccountId), eq(fetchedComments.externalId, payload.parentCommentId)));
  }
  if (organization.dmsEnabled || organization.automationsEnabled) {
    await recordEvent(tx, {
      organizationId: event.organizationId,
      teamId: post.teamId,
      type: 'comment.received',
      data: { comment: toFetchedCommentDto(stored!), postId: post.id, platform: event.platform, socialAccountId: event.socialAccountId },
    });
  }
}

function applyChange(tx: Transaction, event: InboundEventRow, payload: z.infer<typeof CommentPayload>) {
  const key = { socialAccountId: event.socialAccountId, externalId: payload.commentId };
  if (payload.kind === 'comment.deleted') return applyFetchedCommentChange(tx, key, { type: 'DELETED', at: event.occurredAt });
  return applyFetchedCommentChange(tx, key, { type: 'EDITED', text: payload.text, likeCount: payload.likeCount, editedAt: payload.editedAt });
}

/** The run that collects a post's comments as they arrive: one per account and post. */
async function webhookImport(
  tx: Transaction,
  key: { organizationId: string; teamId: string; socialAccountId: string; postId: string; platform: PostPlatform },
) {
  const now = new Date();
  await tx
    .insert(commentImports)
    .values({ ...key, trigger: 'WEBHOOK', status: 'COMPLETED', startedAt: now, completedAt: now })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ id: commentImports.id })
    .from(commentImports)
    .where(and(eq(commentImports.socialAccountId, key.socialAccountId), eq(commentImports.postId, key.postId), eq(commentImports.trigger, 'WEBHOOK')));
  await tx
    .update(commentImports)
    .set({ commentsImported: sql`${commentImports.commentsImported} + 1`, completedAt: now, updatedAt: now })
    .where(eq(commentImports.id, row!.id));
  return row!.id;
}
