import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { boundedJson } from '../../http/shared/bounded-json';
import { randomToken, sha256Hex } from '../../auth/secrets';
import { sandboxGrants, sandboxProfiles } from '../../db/schema/sandbox';
import type { ConnectorEnv, Credentials, InboundEvent, PlatformChannel, PlatformConnector } from '../connector';
import type { Permission } from '../permissions';
import { PlatformError } from '../platform-error';
import type { PlatformDefinition } from '../platform-definition';
import { avatarUrl } from './avatars';
import { applyFaults } from './fault-gate';
import { sandboxActions } from './sandbox-actions';
import { sandboxAnalytics } from './sandbox-analytics';
import { sandboxComments } from './sandbox-comments';
import { sandboxHistory } from './sandbox-history';
import { sandboxLocations } from './sandbox-locations';
import { sandboxPlaylists } from './sandbox-playlists';
import { sandboxMessaging } from './sandbox-messaging';
import { sandboxProviderSettings } from './sandbox-provider-settings';
import { sandboxPublishing } from './sandbox-publishing';
import { sandboxReviewsCapability } from './sandbox-reviews';
import { sandboxXActions } from './sandbox-x-actions';
import { listChannelsOf } from './world';

type Grant = typeof sandboxGrants.$inferSelect;
type Profile = typeof sandboxProfiles.$inferSelect;

/** A connector over the sandbox world: the same contract a live connector keeps, with the platform's rules. */
export function sandboxConnector(definition: PlatformDefinition): PlatformConnector {
  const platform = definition.type;

  /** Finds the grant behind a token and enforces what a platform enforces: revocation, expiry, faults. */
  async function authorize(env: ConnectorEnv, credentials: Credentials, operation: string): Promise<{ grant: Grant; profile: Profile }> {
    const [row] = await env.db
      .select({ grant: sandboxGrants, profile: sandboxProfiles })
      .from(sandboxGrants)
      .innerJoin(sandboxProfiles, eq(sandboxProfiles.id, sandboxGrants.profileId))
      .where(and(eq(sandboxGrants.accessTokenHash, sha256Hex(credentials.accessToken)), eq(sandboxProfiles.platform, platform)));
    const meta = { platform, operation };
    if (!row) throw new PlatformError({ code: 'ACCESS_REVOKED', message: `${platform} does not recognise this access token`, httpStatus: 401, meta });
    await applyFaults(env.db, { organizationId: row.profile.organizationId, platform, profileId: row.profile.id, operation });
    if (row.grant.revokedAt) {
      throw new PlatformError({ code: 'ACCESS_REVOKED', message: `The ${definition.label} user removed the app's access`, httpStatus: 401, meta });
    }
    if (row.grant.accessExpiresAt.getTime() <= Date.now()) {
      throw new PlatformError({ code: 'TOKEN_EXPIRED', message: `The ${definition.label} access token expired`, httpStatus: 401, meta });
    }
    return row;
  }

  function requirePermission(grant: Grant, permission: Permission, operation: string) {
    if (!grant.permissions.includes(permission)) {
      throw new PlatformError({
        code: 'PERMISSION_MISSING',
        message: `${definition.label} access token lacks the ${permission} permission`,
        httpStatus: 403,
        meta: { platform, operation, permission },
      });
    }
  }

  async function subscription(env: ConnectorEnv, credentials: Credentials, target: { externalId: string }, subscribe: boolean) {
    const operation = subscribe ? 'messaging.subscribe' : 'messaging.unsubscribe';
    const { grant, profile } = await authorize(env, credentials, operation);
    requirePermission(grant, 'messaging', operation);
    const owned =
      profile.externalId === target.externalId || (await listChannelsOf(env.db, profile.id)).some((channel) => channel.externalId === target.externalId);
    if (!owned) {
      throw new PlatformError({
        code: 'NOT_FOUND',
        message: `${definition.label} account ${target.externalId} is not managed by this user`,
        httpStatus: 404,
        meta: { platform, operation },
      });
    }
    await env.db
      .update(sandboxGrants)
      .set({
        messagingSubscriptions: subscribe
          ? sql`array(select distinct unnest(array_append(${sandboxGrants.messagingSubscriptions}, ${target.externalId}::text)))`
          : sql`array_remove(${sandboxGrants.messagingSubscriptions}, ${target.externalId}::text)`,
      })
      .where(eq(sandboxGrants.id, grant.id));
  }

  return {
    type: platform,
    definition,
    mode: 'sandbox',
    auth: {
      async refresh(env, credentials) {
        const meta = { platform, operation: 'auth.refresh' };
        if (!credentials.refreshToken)
          throw new PlatformError({ code: 'TOKEN_EXPIRED', message: `${definition.label} tokens cannot be refreshed`, httpStatus: 400, meta });
        const [row] = await env.db
          .select({ grant: sandboxGrants, profile: sandboxProfiles })
          .from(sandboxGrants)
          .innerJoin(sandboxProfiles, eq(sandboxProfiles.id, sandboxGrants.profileId))
          .where(eq(sandboxGrants.refreshTokenHash, sha256Hex(credentials.refreshToken)));
        if (!row)
          throw new PlatformError({ code: 'ACCESS_REVOKED', message: `${definition.label} does not recognise this refresh token`, httpStatus: 400, meta });
        await applyFaults(env.db, { organizationId: row.profile.organizationId, platform, profileId: row.profile.id, operation: meta.operation });
        if (row.grant.revokedAt)
          throw new PlatformError({ code: 'ACCESS_REVOKED', message: `The ${definition.label} user removed the app's access`, httpStatus: 400, meta });
        if (row.grant.refreshExpiresAt && row.grant.refreshExpiresAt.getTime() <= Date.now()) {
          throw new PlatformError({ code: 'TOKEN_EXPIRED', message: `The ${definition.label} refresh token expired`, httpStatus: 400, meta });
        }
        // Like most OAuth platforms, refreshing rotates both tokens; the old refresh token stops
        // working, also for a refresh with it that is still under way (only one of two wins).
        const accessToken = `sbx_at_${randomToken(24)}`;
        const refreshToken = `sbx_rt_${randomToken(24)}`;
        const expiresAt = new Date(Date.now() + definition.tokens.accessTtlSeconds * 1000);
        const [rotated] = await env.db
          .update(sandboxGrants)
          .set({ accessTokenHash: sha256Hex(accessToken), refreshTokenHash: sha256Hex(refreshToken), accessExpiresAt: expiresAt })
          .where(and(eq(sandboxGrants.id, row.grant.id), eq(sandboxGrants.refreshTokenHash, sha256Hex(credentials.refreshToken))))
          .returning({ id: sandboxGrants.id });
        if (!rotated)
          throw new PlatformError({
            code: 'ACCESS_REVOKED',
            message: `${definition.label} does not recognise this refresh token (it was used already)`,
            httpStatus: 400,
            meta,
          });
        return { accessToken, refreshToken, expiresAt };
      },
    },
    profile: {
      async fetch(env, credentials) {
        const { grant, profile } = await authorize(env, credentials, 'profile.fetch');
        return {
          profile: {
            externalId: profile.externalId,
            username: profile.username,
            displayName: profile.displayName,
            bio: profile.bio,
            avatarUrl: avatarUrl(env.publicUrl, platform, profile.externalId, profile.displayName),
            email: profile.email,
            attributes: profile.attributes,
          },
          permissions: grant.permissions as Permission[],
        };
      },
      async listChannels(env, credentials) {
        const { profile } = await authorize(env, credentials, 'profile.listChannels');
        const channels = await listChannelsOf(env.db, profile.id);
        return channels.map((channel): PlatformChannel => ({
          id: channel.externalId,
          name: channel.name,
          username: channel.username,
          address: channel.address,
          avatarUrl: avatarUrl(env.publicUrl, platform, channel.externalId, channel.name.replace(/^[#]|^r\//, '')),
          webhook: channel.webhookUrl ? { id: channel.webhookUrl.split('/').at(-2) ?? null, name: 'SocialDesk', avatar: null, url: channel.webhookUrl } : null,
          metadata: channel.metadata
            ? {
                allowImages: channel.metadata.allowImages ?? null,
                allowVideos: channel.metadata.allowVideos ?? null,
                allowGalleries: channel.metadata.allowGalleries ?? null,
                linkFlairEnabled: channel.metadata.linkFlairEnabled ?? null,
              }
            : null,
        }));
      },
    },
    messaging: definition.supports.messaging ? sandboxMessaging(definition, { authorize, requirePermission }, subscription) : null,
    publishing: sandboxPublishing(definition, { authorize, requirePermission }),
    actions: sandboxActions(definition, { authorize, requirePermission }),
    analytics: sandboxAnalytics(definition, { authorize, requirePermission }),
    xActions: platform === 'TWITTER' ? sandboxXActions(definition, { authorize, requirePermission }) : null,
    comments: sandboxComments(definition, { authorize, requirePermission }),
    reviews: sandboxReviewsCapability(definition, { authorize, requirePermission }),
    history: sandboxHistory(definition, { authorize, requirePermission }),
    providerSettings: sandboxProviderSettings(definition, { authorize, requirePermission }),
    locations: sandboxLocations(definition, { authorize, requirePermission }),
    playlists: sandboxPlaylists(definition, { authorize, requirePermission }),
    webhooks: {
      parse(payload) {
        const parsed = SandboxWebhook.safeParse(payload);
        if (!parsed.success || parsed.data.platform !== platform) {
          throw new PlatformError({
            code: 'INVALID_REQUEST',
            message: `Unreadable ${definition.label} webhook payload`,
            httpStatus: 400,
            meta: { platform, operation: 'webhooks.parse' },
          });
        }
        return parsed.data.entry.flatMap((entry) =>
          entry.events.map((event): InboundEvent => ({
            kind: event.type,
            externalEventId: event.id,
            recipientExternalId: entry.id,
            occurredAt: new Date(entry.time),
            data: event.data,
          })),
        );
      },
    },
  };
}

const KINDS = [
  'comment.created',
  'comment.updated',
  'comment.deleted',
  'message.created',
  'message.postback',
  'message.reaction',
  'message.read',
  'message.delivered',
  'message.echo',
  'message.edited',
  'message.unsent',
  'review.created',
  'review.updated',
] as const;

/** The sandbox platforms' webhook body: Meta-like entries addressed to an account, each with events. */
export const SandboxWebhook = z.object({
  object: z.literal('sandbox'),
  platform: z.string(),
  entry: z.array(
    z.object({
      id: z.string(),
      time: z.number().int(),
      events: z.array(z.object({ id: z.string(), type: z.enum(KINDS), data: boundedJson(z.record(z.unknown())) })).min(1),
    }),
  ),
});

export type SandboxWebhookPayload = z.infer<typeof SandboxWebhook>;
