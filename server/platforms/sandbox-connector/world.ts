import { and, asc, desc, eq, isNull, ne, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sandboxChannels, sandboxGrants, sandboxItems, sandboxProfiles } from '../../db/schema/sandbox';
import { socialAccounts } from '../../db/schema/social-accounts';
import { randomToken, sha256Hex } from '../../auth/secrets';
import type { Permission } from '../permissions';
import type { ConnectChoices, ProfileFacts } from '../platform-definition';
import { platformOf } from '../registry';
import type { SocialAccountType } from '../platform-types';
import type { TokenSet } from '../connector';
import { displayNameFor, randomIdentity } from './names';

export type SandboxProfile = typeof sandboxProfiles.$inferSelect;
export type SandboxChannel = typeof sandboxChannels.$inferSelect;
export type SandboxItem = typeof sandboxItems.$inferSelect;

export function factsOf(profile: SandboxProfile): ProfileFacts {
  return { externalId: profile.externalId, username: profile.username, displayName: profile.displayName, attributes: profile.attributes };
}

export async function listProfiles(db: Executor, params: { organizationId: string; platform: string }) {
  return db
    .select()
    .from(sandboxProfiles)
    .where(and(eq(sandboxProfiles.organizationId, params.organizationId), eq(sandboxProfiles.platform, params.platform)))
    .orderBy(asc(sandboxProfiles.createdAt));
}

/**
 * The profiles a connect flow for `teamId` may offer: the organization's sandbox people, minus
 * those another team has connected. A consent link travels to people outside the organization
 * (the hosted portal is made for clients), who must not see, or take over, other clients' accounts.
 */
export async function listConnectableProfiles(db: Executor, params: { organizationId: string; teamId: string; platform: SocialAccountType; id?: string }) {
  const connectedElsewhere = db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.organizationId, params.organizationId),
        eq(socialAccounts.type, params.platform),
        ne(socialAccounts.teamId, params.teamId),
        isNull(socialAccounts.deletedAt),
        eq(sql`${socialAccounts.user}->>'externalId'`, sandboxProfiles.externalId),
      ),
    );
  return db
    .select()
    .from(sandboxProfiles)
    .where(
      and(
        eq(sandboxProfiles.organizationId, params.organizationId),
        eq(sandboxProfiles.platform, params.platform),
        params.id ? eq(sandboxProfiles.id, params.id) : undefined,
        notExists(connectedElsewhere),
      ),
    )
    .orderBy(asc(sandboxProfiles.createdAt));
}

export async function findProfile(db: Executor, params: { organizationId: string; platform: string; id?: string; username?: string }) {
  const [profile] = await db
    .select()
    .from(sandboxProfiles)
    .where(
      and(
        eq(sandboxProfiles.organizationId, params.organizationId),
        eq(sandboxProfiles.platform, params.platform),
        params.id ? eq(sandboxProfiles.id, params.id) : undefined,
        params.username ? eq(sandboxProfiles.username, params.username) : undefined,
      ),
    );
  return profile ?? null;
}

/** A new person on the platform, with the pages, channels or boards such a person usually has. */
export async function createProfile(
  db: Executor,
  params: { organizationId: string; platform: string; username?: string; choices: ConnectChoices },
): Promise<SandboxProfile> {
  const definition = platformOf(params.platform);
  const base = params.username ? { username: params.username.replace(/^@/, ''), displayName: displayNameFor(params.username) } : randomIdentity();
  const facts = definition.newProfile(base, params.choices);
  const existing = await findProfile(db, { organizationId: params.organizationId, platform: params.platform, username: facts.username });
  if (existing) return existing;
  const [profile] = await db
    .insert(sandboxProfiles)
    .values({
      organizationId: params.organizationId,
      platform: params.platform,
      externalId: facts.externalId,
      username: facts.username,
      displayName: facts.displayName,
      bio: `${facts.displayName} on ${definition.label} · sandbox account`,
      email: `${facts.username.replace(/[^a-z0-9._-]/gi, '').toLowerCase() || 'someone'}@example.com`,
      attributes: facts.attributes,
    })
    .returning();
  const seeds = definition.seedChannels(facts);
  if (seeds.length > 0) await db.insert(sandboxChannels).values(seeds.map((seed, position) => ({ ...seed, position, profileId: profile!.id })));
  return profile!;
}

export async function listChannelsOf(db: Executor, profileId: string): Promise<SandboxChannel[]> {
  return db
    .select()
    .from(sandboxChannels)
    .where(eq(sandboxChannels.profileId, profileId))
    .orderBy(asc(sandboxChannels.position), asc(sandboxChannels.createdAt));
}

/** The channel of that name, created on the platform if the person does not have it yet. */
export async function ensureChannel(db: Executor, profile: SandboxProfile, name: string): Promise<SandboxChannel> {
  const channels = await listChannelsOf(db, profile.id);
  // Platforms normalize names (`#general`, `r/SideProject`, `launch-news`): compare the letters and digits.
  const normalize = (value: string) =>
    value
      .toLowerCase()
      .replace(/^r\//, '')
      .replace(/[^a-z0-9]/g, '');
  const wanted = normalize(name);
  const found = channels.find((channel) => [channel.name, channel.username].some((value) => value !== null && normalize(value) === wanted));
  if (found) return found;
  const seed = platformOf(profile.platform).newChannel(factsOf(profile), name.trim());
  const [channel] = await db
    .insert(sandboxChannels)
    .values({ ...seed, position: channels.length, profileId: profile.id })
    .returning();
  return channel!;
}

/** What the platform hands back when the person approves: tokens for exactly the permissions granted. */
export async function issueGrant(db: Executor, profile: SandboxProfile, permissions: Permission[]): Promise<TokenSet> {
  const { tokens } = platformOf(profile.platform);
  const now = Date.now();
  const accessToken = `sbx_at_${randomToken(24)}`;
  const refreshToken = tokens.refreshTtlSeconds === null ? null : `sbx_rt_${randomToken(24)}`;
  const expiresAt = new Date(now + tokens.accessTtlSeconds * 1000);
  await db.insert(sandboxGrants).values({
    profileId: profile.id,
    permissions,
    accessTokenHash: sha256Hex(accessToken),
    refreshTokenHash: refreshToken ? sha256Hex(refreshToken) : null,
    accessExpiresAt: expiresAt,
    refreshExpiresAt: refreshToken ? new Date(now + tokens.refreshTtlSeconds! * 1000) : null,
  });
  return { accessToken, refreshToken, expiresAt };
}

/** The person removes the app at the platform: every grant they gave stops working. */
export async function revokeGrants(db: Executor, profileId: string): Promise<void> {
  await db.update(sandboxGrants).set({ revokedAt: new Date() }).where(eq(sandboxGrants.profileId, profileId));
}

/** Time passes at the platform: the access tokens of the profile are expired from now on. */
export async function expireAccessTokens(db: Executor, profileId: string): Promise<void> {
  await db
    .update(sandboxGrants)
    .set({ accessExpiresAt: new Date(Date.now() - 1000) })
    .where(eq(sandboxGrants.profileId, profileId));
}

/** A post published on the platform, with the permalink the platform would give it. */
export async function createPost(
  db: Executor,
  params: { profile: SandboxProfile; channel: SandboxChannel | null; text: string; metadata?: Record<string, unknown>; publishedAt?: Date },
): Promise<SandboxItem> {
  const definition = platformOf(params.profile.platform);
  const externalId = definition.newItemId();
  const [item] = await db
    .insert(sandboxItems)
    .values({
      profileId: params.profile.id,
      channelId: params.channel?.id ?? null,
      kind: 'POST',
      externalId,
      permalink: definition.permalink({ profile: factsOf(params.profile), channel: params.channel, itemId: externalId }),
      text: params.text,
      authorExternalId: params.channel?.externalId ?? params.profile.externalId,
      authorUsername: params.channel?.username ?? params.profile.username,
      metadata: params.metadata ?? {},
      ...(params.publishedAt ? { createdAt: params.publishedAt } : {}),
    })
    .returning();
  return item!;
}

export async function addComment(
  db: Executor,
  params: { profile: SandboxProfile; parent: SandboxItem; text: string; author: { externalId: string; username: string; name?: string } },
): Promise<SandboxItem> {
  const definition = platformOf(params.profile.platform);
  const externalId = definition.newItemId();
  const [item] = await db
    .insert(sandboxItems)
    .values({
      profileId: params.profile.id,
      channelId: params.parent.channelId,
      kind: 'COMMENT',
      parentId: params.parent.id,
      externalId,
      permalink: params.parent.permalink ? `${params.parent.permalink.replace(/\/$/, '')}?comment_id=${encodeURIComponent(externalId)}` : null,
      text: params.text,
      authorExternalId: params.author.externalId,
      authorUsername: params.author.username,
      metadata: params.author.name ? { authorName: params.author.name } : {},
    })
    .returning();
  return item!;
}

/** The post a comment (or a reply to a reply) belongs to. */
export async function rootItem(db: Executor, item: SandboxItem): Promise<SandboxItem> {
  let current = item;
  while (current.kind === 'COMMENT' && current.parentId) {
    const [parent] = await db
      .select()
      .from(sandboxItems)
      .where(and(eq(sandboxItems.profileId, current.profileId), eq(sandboxItems.id, current.parentId)));
    if (!parent) break;
    current = parent;
  }
  return current;
}

export async function findItem(db: Executor, params: { profileId: string; id: string }) {
  const [item] = await db
    .select()
    .from(sandboxItems)
    .where(and(eq(sandboxItems.profileId, params.profileId), eq(sandboxItems.id, params.id)));
  return item ?? null;
}

export async function latestPost(db: Executor, profileId: string) {
  const [item] = await db
    .select()
    .from(sandboxItems)
    .where(and(eq(sandboxItems.profileId, profileId), eq(sandboxItems.kind, 'POST')))
    .orderBy(desc(sandboxItems.createdAt))
    .limit(1);
  return item ?? null;
}

export async function profileByExternalId(db: Executor, platform: string, externalId: string) {
  const [profile] = await db
    .select()
    .from(sandboxProfiles)
    .where(and(eq(sandboxProfiles.platform, platform), eq(sandboxProfiles.externalId, externalId)));
  return profile ?? null;
}
