import { and, eq, isNull, sql } from 'drizzle-orm';
import { sandboxItems, sandboxProfiles } from '../../db/schema/sandbox';
import { PlatformError } from '../platform-error';
import type { PlatformDefinition } from '../platform-definition';
import type { XActionsCapability } from '../x-actions';
import type { SandboxAccess } from './sandbox-publishing';
import { createPost } from './world';

/** X reposts and reply deletion on the sandbox: what `GET /sandbox/items` shows afterwards. */
export function sandboxXActions(definition: PlatformDefinition, access: SandboxAccess): XActionsCapability {
  const platform = definition.type;

  const notFound = (what: string, operation: string) =>
    new PlatformError({ code: 'NOT_FOUND', message: `${what} was not found on ${definition.label}`, httpStatus: 404, meta: { platform, operation } });

  /** The account's live repost of a post, if it has one. */
  async function activeRepost(db: Parameters<typeof createPost>[0], profileId: string, tweetId: string) {
    const [repost] = await db
      .select()
      .from(sandboxItems)
      .where(
        and(
          eq(sandboxItems.profileId, profileId),
          eq(sandboxItems.kind, 'POST'),
          isNull(sandboxItems.deletedAt),
          sql`${sandboxItems.metadata}->>'repostOf' = ${tweetId}`,
        ),
      );
    return repost ?? null;
  }

  return {
    async repost(env, credentials, _target, request) {
      const operation = 'xActions.repost';
      const { grant, profile } = await access.authorize(env, credentials, operation);
      access.requirePermission(grant, 'publish', operation);
      // Any X post of the (organization's) sandbox world can be reposted, not only the account's own.
      const [original] = await env.db
        .select({ item: sandboxItems })
        .from(sandboxItems)
        .innerJoin(sandboxProfiles, eq(sandboxProfiles.id, sandboxItems.profileId))
        .where(
          and(
            eq(sandboxProfiles.organizationId, profile.organizationId),
            eq(sandboxProfiles.platform, platform),
            eq(sandboxItems.kind, 'POST'),
            eq(sandboxItems.externalId, request.tweetId),
            isNull(sandboxItems.deletedAt),
          ),
        );
      if (!original) throw notFound(`Post ${request.tweetId}`, operation);
      const existing = await activeRepost(env.db, profile.id, request.tweetId);
      if (existing) return { repostId: existing.externalId };
      const repost = await createPost(env.db, { profile, channel: null, text: `RT @${original.item.authorUsername}: ${original.item.text ?? ''}` });
      await env.db
        .update(sandboxItems)
        .set({ metadata: { repostOf: request.tweetId } })
        .where(eq(sandboxItems.id, repost.id));
      return { repostId: repost.externalId };
    },

    async undoRepost(env, credentials, _target, request) {
      const operation = 'xActions.undoRepost';
      const { grant, profile } = await access.authorize(env, credentials, operation);
      access.requirePermission(grant, 'publish', operation);
      const existing = await activeRepost(env.db, profile.id, request.tweetId);
      // Like X, undoing a repost that is not there succeeds and changes nothing.
      if (!existing) return { undone: false };
      await env.db.update(sandboxItems).set({ deletedAt: new Date() }).where(eq(sandboxItems.id, existing.id));
      return { undone: true };
    },

    async deleteReply(env, credentials, _target, request) {
      const operation = 'xActions.deleteReply';
      const { grant, profile } = await access.authorize(env, credentials, operation);
      access.requirePermission(grant, 'publish', operation);
      const [reply] = await env.db
        .select()
        .from(sandboxItems)
        .where(
          and(
            eq(sandboxItems.profileId, profile.id),
            eq(sandboxItems.kind, 'COMMENT'),
            eq(sandboxItems.externalId, request.replyId),
            isNull(sandboxItems.deletedAt),
          ),
        );
      if (!reply) throw notFound(`Reply ${request.replyId}`, operation);
      if (reply.authorExternalId !== profile.externalId) {
        throw new PlatformError({
          code: 'PERMISSION_MISSING',
          message: `${definition.label} lets an account delete only its own replies`,
          httpStatus: 403,
          meta: { platform, operation },
        });
      }
      await env.db.update(sandboxItems).set({ deletedAt: new Date() }).where(eq(sandboxItems.id, reply.id));
    },
  };
}
