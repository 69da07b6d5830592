import { and, eq, inArray } from 'drizzle-orm';
import { sandboxItems, sandboxProfiles } from '../../db/schema/sandbox';
import { COMMENT_ACTION_RULES, type CommentAction, type CommentsCapability, type PlatformComment } from '../comments';
import type { ConnectorEnv } from '../connector';
import { PlatformError } from '../platform-error';
import type { PlatformDefinition } from '../platform-definition';
import { avatarUrl } from './avatars';
import type { SandboxAccess } from './sandbox-publishing';
import { rootItem, type SandboxItem } from './world';

type Profile = typeof sandboxProfiles.$inferSelect;

/** Comments on a sandbox platform: listed with authors, threads and likes; acted on under the platform's rules. */
export function sandboxComments(definition: PlatformDefinition, access: SandboxAccess): CommentsCapability | null {
  const platform = definition.type;
  const rules = COMMENT_ACTION_RULES[platform];
  if (!definition.supports.comments || !rules) return null;

  const refuse = (message: string, operation: string, httpStatus = 400) =>
    new PlatformError({ code: httpStatus === 404 ? 'NOT_FOUND' : 'INVALID_REQUEST', message, httpStatus, meta: { platform, operation } });

  async function itemOf(env: ConnectorEnv, profile: Profile, externalId: string, operation: string): Promise<SandboxItem> {
    const [item] = await env.db
      .select()
      .from(sandboxItems)
      .where(and(eq(sandboxItems.profileId, profile.id), eq(sandboxItems.externalId, externalId)));
    if (!item) throw refuse(`The ${definition.label} item ${externalId} was not found`, operation, 404);
    return item;
  }

  /** The account's own identities on the platform: the profile and the page or channel it posted as. */
  async function ownIds(_env: ConnectorEnv, profile: Profile, post: SandboxItem): Promise<Set<string>> {
    return new Set([profile.externalId, post.authorExternalId]);
  }

  async function present(env: ConnectorEnv, profile: Profile, post: SandboxItem, items: SandboxItem[]): Promise<PlatformComment[]> {
    const own = await ownIds(env, profile, post);
    const byId = new Map(items.map((item) => [item.id, item]));
    const replies = new Map<string, number>();
    for (const item of items) if (item.parentId && !item.deletedAt) replies.set(item.parentId, (replies.get(item.parentId) ?? 0) + 1);
    return items.map((item) => {
      const parent = item.parentId ? byId.get(item.parentId) : undefined;
      const name = typeof item.metadata.authorName === 'string' ? item.metadata.authorName : null;
      return {
        externalId: item.externalId,
        externalParentId: parent && parent.kind === 'COMMENT' ? parent.externalId : null,
        externalPostId: post.externalId,
        authorExternalId: item.authorExternalId,
        authorName: name ?? item.authorUsername,
        authorUsername: item.authorUsername,
        // The sandbox people have no profile pages of their own.
        authorProfileUrl: null,
        authorAvatarUrl: avatarUrl(env.publicUrl, platform, item.authorExternalId, name ?? item.authorUsername),
        text: item.deletedAt ? null : item.text,
        likesCount: item.likeCount + (item.ownerLikedAt ? 1 : 0),
        repliesCount: replies.get(item.id) ?? 0,
        hidden: !!item.hiddenAt,
        likedByMe: !!item.ownerLikedAt,
        owner: own.has(item.authorExternalId),
        moderationStatus: typeof item.metadata.moderationStatus === 'string' ? item.metadata.moderationStatus : null,
        publishedAt: item.createdAt,
        editedAt: item.editedAt,
        deletedAt: item.deletedAt,
      };
    });
  }

  /** Every comment below a post, replies included (a platform returns threads). */
  async function threadOf(env: ConnectorEnv, profile: Profile, post: SandboxItem): Promise<SandboxItem[]> {
    const all: SandboxItem[] = [];
    let frontier = [post.id];
    while (frontier.length > 0) {
      const level = await env.db
        .select()
        .from(sandboxItems)
        .where(and(eq(sandboxItems.profileId, profile.id), eq(sandboxItems.kind, 'COMMENT'), inArray(sandboxItems.parentId, frontier)));
      all.push(...level);
      frontier = level.map((item) => item.id);
    }
    return all.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  }

  function check(action: CommentAction, comment: SandboxItem, own: boolean, operation: string) {
    if (!rules!.actions.includes(action)) throw refuse(`${definition.label} does not allow ${action} on comments`, operation);
    if (comment.deletedAt) throw refuse(`The ${definition.label} comment was deleted`, operation, 404);
    if (action === 'DELETE' && !own && !rules!.deleteOthers) {
      throw new PlatformError({
        code: 'PERMISSION_MISSING',
        message: `${definition.label} lets an account delete only its own comments`,
        httpStatus: 403,
        meta: { platform, operation },
      });
    }
    if ((action === 'HIDE' || action === 'UNHIDE') && own) throw refuse(`${definition.label} does not let an account hide its own comments`, operation);
    if (action === 'LIKE' && comment.ownerLikedAt) throw refuse(`The ${definition.label} comment is already liked`, operation);
    if (action === 'UNLIKE' && !comment.ownerLikedAt) throw refuse(`The ${definition.label} comment is not liked`, operation);
  }

  return {
    async list(env, credentials, _target, post) {
      const operation = 'comments.list';
      const { grant, profile } = await access.authorize(env, credentials, operation);
      access.requirePermission(grant, 'comments', operation);
      const item = await itemOf(env, profile, post.externalId, operation);
      if (item.kind !== 'POST' || item.deletedAt) throw refuse(`The ${definition.label} post was not found`, operation, 404);
      return present(env, profile, item, await threadOf(env, profile, item));
    },

    async act(env, credentials, _target, target, action) {
      const operation = 'comments.act';
      const { grant, profile } = await access.authorize(env, credentials, operation);
      access.requirePermission(grant, 'comments', operation);
      const comment = await itemOf(env, profile, target.externalId, operation);
      if (comment.kind !== 'COMMENT') throw refuse(`${target.externalId} is not a ${definition.label} comment`, operation, 404);
      const post = await rootItem(env.db, comment);
      const own = (await ownIds(env, profile, post)).has(comment.authorExternalId);
      check(action, comment, own, operation);
      const now = new Date();
      const changes: Partial<SandboxItem> = {
        DELETE: { deletedAt: now },
        HIDE: { hiddenAt: now },
        UNHIDE: { hiddenAt: null },
        LIKE: { ownerLikedAt: now },
        UNLIKE: { ownerLikedAt: null },
        APPROVE: { hiddenAt: null, metadata: { ...comment.metadata, moderationStatus: 'published' } },
        REJECT: { hiddenAt: now, metadata: { ...comment.metadata, moderationStatus: 'rejected' } },
      }[action];
      const [updated] = await env.db.update(sandboxItems).set(changes).where(eq(sandboxItems.id, comment.id)).returning();
      const [presented] = await present(env, profile, post, [updated!]);
      return presented!;
    },
  };
}
