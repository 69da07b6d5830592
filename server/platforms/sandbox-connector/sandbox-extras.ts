import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { sandboxChannels, sandboxItems, sandboxProfiles } from '../../db/schema/sandbox';
import type { ExtrasCapability, InstagramAudio } from '../extras';
import { FACEBOOK_PAGE_SCOPES } from '../live/meta/meta-permissions';
import type { Permission } from '../permissions';
import { PlatformError } from '../platform-error';
import type { PlatformDefinition } from '../platform-definition';
import { avatarUrl } from './avatars';
import type { SandboxAccess } from './sandbox-publishing';
import { createPost } from './world';

/*
 * The sandbox's Instagram audio library, Facebook token inspection and LinkedIn reshares. Original
 * sounds are the Reels of the organization's sandbox Instagram accounts; music is a fixed catalogue
 * (the same query always finds the same tracks); the token is the grant the sandbox issued; a
 * reshare is a new post of the acting member or organization, pointing at a post of the world.
 */

const hashOf = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0);

/** Music cleared for Reels: title, artist, length. */
const MUSIC: [string, string, number][] = [
  ['Late Night Drive', 'Neon Harbor', 30_000],
  ['Sunday Pancakes', 'The Breakfast Club Band', 27_500],
  ['Lo-fi Study Session', 'Quiet Rooms', 45_000],
  ['Summer in Lisbon', 'Maré Alta', 32_000],
  ['Launch Day', 'Bright Signals', 20_000],
  ['Coffee Shop Jazz', 'Blue Cup Trio', 60_000],
  ['Morning Run', 'Tempo Club', 25_000],
  ['Golden Hour', 'Palm & Pine', 38_000],
  ['City Lights', 'Metro Echo', 41_000],
  ['Tiny Victories', 'Paper Kites Choir', 22_000],
];

const musicId = (title: string) => String(17_900_000_000_000_000 + (hashOf(`music:${title}`) % 99_999_999_999_999));

const matches = (query: string | undefined, ...values: (string | null | undefined)[]) =>
  !query || values.some((value) => value?.toLowerCase().includes(query.trim().toLowerCase()));

export function sandboxExtras(definition: PlatformDefinition, access: SandboxAccess): ExtrasCapability {
  const platform = definition.type;
  const refuse = (code: 'NOT_FOUND' | 'INVALID_REQUEST', message: string, operation: string) =>
    new PlatformError({ code, message, httpStatus: code === 'NOT_FOUND' ? 404 : 400, meta: { platform, operation } });
  const extras: ExtrasCapability = {};

  if (platform === 'INSTAGRAM') {
    extras.instagramAudio = async (env, credentials, _account, input) => {
      const operation = 'extras.instagramAudio';
      const { profile } = await access.authorize(env, credentials, operation);
      if (input.audioType === 'music') {
        // Without a query: the "trending" tracks, the first few of the catalogue.
        const found = input.searchQuery ? MUSIC.filter(([title, artist]) => matches(input.searchQuery, title, artist)) : MUSIC.slice(0, 6);
        return found.map(([title, artist, duration]): InstagramAudio => ({
          audio_id: musicId(title),
          audio_type: 'music',
          title,
          display_artist: artist,
          duration_in_ms: duration,
          cover_artwork_thumbnail_url: avatarUrl(env.publicUrl, 'INSTAGRAM', musicId(title), title),
          download_url: `${env.publicUrl}/sandbox/audio/${musicId(title)}.m4a`,
        }));
      }
      // Original sounds: the video posts (Reels) of the organization's Instagram accounts.
      const reels = await env.db
        .select({ item: sandboxItems, author: sandboxProfiles })
        .from(sandboxItems)
        .innerJoin(sandboxProfiles, eq(sandboxProfiles.id, sandboxItems.profileId))
        .where(
          and(
            eq(sandboxProfiles.organizationId, profile.organizationId),
            eq(sandboxProfiles.platform, 'INSTAGRAM'),
            eq(sandboxItems.kind, 'POST'),
            isNull(sandboxItems.deletedAt),
          ),
        )
        .orderBy(desc(sandboxItems.createdAt))
        .limit(200);
      return reels
        .filter(({ item }) => Array.isArray(item.metadata.media) && (item.metadata.media as { type: string }[]).some((medium) => medium.type === 'VIDEO'))
        .filter(({ item, author }) => matches(input.searchQuery, item.text, item.authorUsername, author.displayName))
        .slice(0, 20)
        .map(({ item }): InstagramAudio => {
          const video = (item.metadata.media as { type: string; durationSeconds: number | null }[]).find((medium) => medium.type === 'VIDEO');
          return {
            audio_id: String(17_800_000_000_000_000 + (hashOf(`sound:${item.id}`) % 99_999_999_999_999)),
            audio_type: 'original_sound',
            title: 'Original audio',
            duration_in_ms: video?.durationSeconds ? Math.round(video.durationSeconds * 1000) : null,
            // The account that posted the Reel: the Instagram account a Page links, or the person's own.
            ig_username: item.authorUsername,
            profile_picture_url: avatarUrl(env.publicUrl, 'INSTAGRAM', item.authorExternalId, item.authorUsername),
          };
        });
    };
  }

  if (platform === 'FACEBOOK') {
    extras.facebookTokenDebug = async (env, credentials) => {
      const operation = 'extras.facebookTokenDebug';
      let authorized: Awaited<ReturnType<SandboxAccess['authorize']>>;
      try {
        authorized = await access.authorize(env, credentials, operation);
      } catch (error) {
        // debug_token describes a dead token instead of failing: is_valid false with the reason.
        if (error instanceof PlatformError && ['ACCESS_REVOKED', 'TOKEN_EXPIRED'].includes(error.code)) {
          return { is_valid: false, scopes: [], granular_scopes: [], error: { code: 190, message: error.message, subcode: 460 } };
        }
        throw error;
      }
      const { grant, profile } = authorized;
      const pages = await env.db.select({ externalId: sandboxChannels.externalId }).from(sandboxChannels).where(eq(sandboxChannels.profileId, profile.id));
      const scopes = [...new Set((grant.permissions as Permission[]).flatMap((permission) => FACEBOOK_PAGE_SCOPES[permission] ?? []))];
      const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
      return {
        type: 'USER',
        application: 'SocialDesk (sandbox)',
        is_valid: true,
        issued_at: seconds(grant.createdAt),
        // Facebook's data access lasts 90 days from the login.
        data_access_expires_at: seconds(grant.createdAt) + 90 * 86_400,
        scopes,
        granular_scopes: scopes
          .filter((scope) => scope.startsWith('pages_') || scope === 'read_insights')
          .map((scope) => ({ scope, target_ids: pages.map((page) => page.externalId) })),
      };
    };
  }

  if (platform === 'LINKEDIN') {
    extras.linkedinReshare = async (env, credentials, account, input) => {
      const operation = 'extras.linkedinReshare';
      const { grant, profile } = await access.authorize(env, credentials, operation);
      access.requirePermission(grant, 'publish', operation);
      // Any post of the organization's LinkedIn world may be reshared, not only the account's own.
      const [parent] = await env.db
        .select({ item: sandboxItems })
        .from(sandboxItems)
        .innerJoin(sandboxProfiles, eq(sandboxProfiles.id, sandboxItems.profileId))
        .where(
          and(
            eq(sandboxProfiles.organizationId, profile.organizationId),
            eq(sandboxProfiles.platform, 'LINKEDIN'),
            eq(sandboxItems.kind, 'POST'),
            inArray(sandboxItems.externalId, [input.parentPostUrn, input.parentPostUrn.replace('urn:li:activity:', 'urn:li:share:')]),
          ),
        );
      if (!parent || parent.item.deletedAt) throw refuse('NOT_FOUND', `LinkedIn post ${input.parentPostUrn} was not found`, operation);
      if (parent.item.metadata.disableReshare === true) throw refuse('INVALID_REQUEST', 'The author of this post turned resharing off', operation);
      if (input.commentary.length > 3000) throw refuse('INVALID_REQUEST', 'LinkedIn commentary is limited to 3,000 characters', operation);
      const [channel] = account.selectedChannelId
        ? await env.db
            .select()
            .from(sandboxChannels)
            .where(and(eq(sandboxChannels.profileId, profile.id), eq(sandboxChannels.externalId, account.selectedChannelId)))
        : [];
      const item = await createPost(env.db, {
        profile,
        channel: channel ?? null,
        text: input.commentary,
        metadata: {
          reshareOf: parent.item.externalId,
          visibility: input.visibility ?? 'PUBLIC',
          ...(input.disableReshare ? { disableReshare: true } : {}),
        },
      });
      return { id: item.externalId, activity: `urn:li:activity:${item.externalId.split(':').pop()}`, permalink: item.permalink };
    };
  }
  return extras;
}
