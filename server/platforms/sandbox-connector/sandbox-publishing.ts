import { and, eq } from 'drizzle-orm';
import { sandboxChannels, sandboxGrants, sandboxItems, sandboxProfiles } from '../../db/schema/sandbox';
import { sandboxPublications } from '../../db/schema/sandbox-publishing';
import type { ConnectorEnv, Credentials } from '../connector';
import type { Permission } from '../permissions';
import { PlatformError } from '../platform-error';
import type { PlatformDefinition } from '../platform-definition';
import type { PostPlatform } from '../platform-types';
import type { PublishingCapability, PublishRequest, PublishResult, PublishTarget } from '../publishing';
import { applyFaults } from './fault-gate';
import { addComment, createPost, ensureChannel, factsOf, rootItem, type SandboxChannel, type SandboxItem } from './world';

type Grant = typeof sandboxGrants.$inferSelect;
type Profile = typeof sandboxProfiles.$inferSelect;

export type SandboxAccess = {
  authorize(env: ConnectorEnv, credentials: Credentials, operation: string): Promise<{ grant: Grant; profile: Profile }>;
  requirePermission(grant: Grant, permission: Permission, operation: string): void;
};

/** Options that name the channel a post goes to, where the platform picks it per post. */
const PER_POST_CHANNEL: Partial<Record<PostPlatform, (options: Record<string, unknown>) => string | null>> = {
  REDDIT: (options) => (typeof options.sr === 'string' ? `r/${options.sr}` : null),
  PINTEREST: (options) => (typeof options.boardName === 'string' ? options.boardName : null),
};

// A custom thumbnail that the platform refuses is tried again this many times before giving up.
const THUMBNAIL_ATTEMPTS = 3;

/**
 * Publishing on a sandbox platform: checks the token and its permission, resolves the channel,
 * applies injected faults, stores the item with a realistic permalink, and remembers the request's
 * idempotency key so a repeat (or a crashed worker's lookup) finds the first item.
 */
export function sandboxPublishing(definition: PlatformDefinition, access: SandboxAccess): PublishingCapability {
  const platform = definition.type;

  async function channelFor(env: ConnectorEnv, profile: Profile, target: PublishTarget, request: PublishRequest, operation: string) {
    const named = PER_POST_CHANNEL[platform]?.(request.options);
    if (named) return ensureChannel(env.db, profile, named);
    const wanted = request.channelId ?? target.selectedChannelId;
    const model = definition.channels({});
    if (!wanted) {
      if (model?.selection === 'required' || model?.selection === 'per-post') {
        throw new PlatformError({
          code: 'INVALID_REQUEST',
          message: `Choose a ${model.label.toLowerCase()} for this ${definition.label} account before publishing`,
          httpStatus: 400,
          meta: { platform, operation },
        });
      }
      return null;
    }
    const [channel] = await env.db
      .select()
      .from(sandboxChannels)
      .where(and(eq(sandboxChannels.profileId, profile.id), eq(sandboxChannels.externalId, wanted)));
    if (!channel) {
      throw new PlatformError({
        code: 'NOT_FOUND',
        message: `${definition.label} channel ${wanted} was not found`,
        httpStatus: 404,
        meta: { platform, operation },
      });
    }
    return channel;
  }

  async function previous(env: ConnectorEnv, profile: Profile, intentKey: string): Promise<PublishResult | null> {
    const [found] = await env.db
      .select()
      .from(sandboxPublications)
      .where(and(eq(sandboxPublications.profileId, profile.id), eq(sandboxPublications.intentKey, intentKey)));
    return found?.result ?? null;
  }

  async function customThumbnail(env: ConnectorEnv, profile: Profile): Promise<string | undefined> {
    let lastError: PlatformError | undefined;
    for (let attempt = 0; attempt < THUMBNAIL_ATTEMPTS; attempt++) {
      try {
        await applyFaults(env.db, { organizationId: profile.organizationId, platform, profileId: profile.id, operation: 'publishing.thumbnail' });
        return undefined;
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        lastError = error;
      }
    }
    return `Published, but the custom thumbnail was refused: ${lastError!.message}`;
  }

  /**
   * The platform takes the files as a real one does, by reading every byte (a download of the
   * media URL, or an upload from our storage): a file this worker cannot read, because it is
   * missing or on another machine's disk, fails the publish instead of passing unseen.
   */
  async function receiveMedia(env: ConnectorEnv, request: PublishRequest, operation: string) {
    if (request.media.length === 0) return;
    if (!env.storage) throw new Error('the sandbox needs the upload storage to receive media');
    for (const medium of request.media) {
      let received = 0;
      try {
        for await (const chunk of env.storage.open(medium.key)) received += (chunk as Buffer).length;
      } catch {
        received = -1;
      }
      if (received !== medium.size) {
        throw new PlatformError({
          code: 'TRANSIENT',
          message: `${definition.label} could not fetch the media at ${medium.url} (${received < 0 ? 'not found' : `${received} of ${medium.size} bytes`}) (sandbox)`,
          httpStatus: 400,
          meta: { platform, operation },
        });
      }
    }
  }

  return {
    async publish(env, credentials, target, request) {
      const operation = 'publishing.publish';
      const { grant, profile } = await access.authorize(env, credentials, operation);
      access.requirePermission(grant, 'publish', operation);
      const earlier = await previous(env, profile, request.intentKey);
      if (earlier) return earlier;
      const channel = await channelFor(env, profile, target, request, operation);
      await receiveMedia(env, request, operation);
      const text = [request.options.text, request.options.description].find((value): value is string => typeof value === 'string') ?? '';
      // The item and the record of the request's key commit together: whatever happens to the
      // caller afterwards, a lookup by the key finds exactly this item.
      const published = await env.db
        .transaction(async (tx) => {
          const item = await createPost(tx as never, { profile, channel, text, metadata: itemFacts(platform, request) });
          const result: PublishResult = { externalData: externalDataFor(platform, item, channel, profile, request) };
          const stored = await tx
            .insert(sandboxPublications)
            .values({
              profileId: profile.id,
              intentKey: request.intentKey,
              itemId: item.id,
              request: { options: request.options, media: request.media },
              result,
            })
            .onConflictDoNothing()
            .returning({ id: sandboxPublications.id });
          // Two requests with one key raced and the other won: keep only its item.
          if (stored.length === 0) throw new IntentTaken();
          return { id: stored[0]!.id, result };
        })
        .catch(async (error) => {
          if (error instanceof IntentTaken) return null;
          throw error;
        });
      if (!published) return (await previous(env, profile, request.intentKey))!;
      if (typeof request.options.thumbnail !== 'string') return published.result;
      const warning = await customThumbnail(env, profile);
      if (!warning) return published.result;
      const result = { ...published.result, warning };
      await env.db.update(sandboxPublications).set({ result }).where(eq(sandboxPublications.id, published.id));
      return result;
    },

    async findByIntent(env, credentials, _target, intentKey) {
      const { profile } = await access.authorize(env, credentials, 'publishing.find');
      return previous(env, profile, intentKey);
    },

    async comment(env, credentials, _target, request) {
      const operation = 'publishing.comment';
      const { grant, profile } = await access.authorize(env, credentials, operation);
      access.requirePermission(grant, 'publish', operation);
      const earlier = await previous(env, profile, request.intentKey);
      if (earlier) return { id: earlier.externalData.id!, permalink: earlier.externalData.permalink ?? null };
      const [parent] = await env.db
        .select()
        .from(sandboxItems)
        .where(and(eq(sandboxItems.profileId, profile.id), eq(sandboxItems.externalId, request.externalData.id ?? '')));
      if (!parent || parent.deletedAt) {
        throw new PlatformError({
          code: 'NOT_FOUND',
          message: `The ${definition.label} ${parent?.kind === 'COMMENT' ? 'comment' : 'post'} was not found`,
          httpStatus: 404,
          meta: { platform, operation },
        });
      }
      // The account comments as whoever published the post (the page, the channel), also in replies.
      const root = await rootItem(env.db, parent);
      const result = await env.db.transaction(async (tx) => {
        const comment = await addComment(tx as never, {
          profile,
          parent,
          text: request.text,
          author: { externalId: root.authorExternalId, username: root.authorUsername, name: profile.displayName },
        });
        const result = { externalData: { id: comment.externalId, ...(comment.permalink ? { permalink: comment.permalink } : {}) } };
        await tx
          .insert(sandboxPublications)
          .values({ profileId: profile.id, intentKey: request.intentKey, itemId: comment.id, request: { text: request.text }, result })
          .onConflictDoNothing();
        return result;
      });
      // The platform has the comment; the answer can still be lost on the way back (a timeout):
      // the caller retries with the same key and must get this comment, not a second one.
      await applyFaults(env.db, { organizationId: profile.organizationId, platform, profileId: profile.id, operation: 'publishing.comment.response' });
      return { id: result.externalData.id, permalink: result.externalData.permalink ?? null };
    },
  };
}

class IntentTaken extends Error {}

/** What the platform remembers about a post beyond its text: what kind of Reddit post, a video's metadata. */
function itemFacts(platform: PostPlatform, request: PublishRequest): Record<string, unknown> {
  // The media as the platform keeps them (what a history listing shows later).
  const media = request.media.map((medium) => ({
    type: medium.type === 'video' ? 'VIDEO' : 'IMAGE',
    url: medium.url,
    width: medium.width ?? null,
    height: medium.height ?? null,
    durationSeconds: medium.videoLength ?? null,
  }));
  const withMedia = media.length > 0 ? { media, ...(platform === 'YOUTUBE' && isShort(request) ? { isShort: true } : {}) } : {};
  // The frame a video's cover is taken from, where the platform takes an offset (Instagram, TikTok).
  const offset = request.options.thumbnailOffset;
  if (typeof offset === 'number' && request.media.some((medium) => medium.type === 'video')) Object.assign(withMedia, { coverFrameMs: offset });
  return { ...platformFacts(platform, request), ...withMedia };
}

function platformFacts(platform: PostPlatform, request: PublishRequest): Record<string, unknown> {
  const options = request.options;
  if (platform === 'REDDIT') {
    // Reddit decides at submission whether a post is text (selftext), a link or media, and never changes it.
    const kind = typeof options.link === 'string' && options.link ? 'link' : request.media.length > 0 ? 'media' : 'text';
    return { kind, title: options.text ?? null, body: typeof options.description === 'string' ? options.description : '' };
  }
  // A LinkedIn author may turn resharing off (the reshare route honours it).
  if (platform === 'LINKEDIN' && options.disableReshare === true) return { disableReshare: true };
  if (platform === 'YOUTUBE') {
    return {
      title: options.text ?? null,
      description: options.description ?? null,
      privacyStatus: typeof options.privacy === 'string' ? options.privacy.toLowerCase() : 'public',
    };
  }
  return {};
}

/** `externalData.<PLATFORM>` with the fields each platform's API returns (all strings). */
function externalDataFor(
  platform: PostPlatform,
  item: SandboxItem,
  channel: SandboxChannel | null,
  profile: Profile,
  request: PublishRequest,
): Record<string, string> {
  const id = item.externalId;
  const thumbnail = request.media.find((media) => media.type === 'image')?.url;
  let permalink = item.permalink ?? '';
  if (platform === 'YOUTUBE' && isShort(request)) permalink = `https://www.youtube.com/shorts/${id}`;
  const base = { id, permalink };
  const withThumbnail = thumbnail ? { ...base, thumbnail } : base;
  const facts = factsOf(profile);
  switch (platform) {
    case 'FACEBOOK':
      return {
        ...withThumbnail,
        postId: `${channel?.externalId ?? facts.externalId}_${id}`,
        ...(request.media.some((m) => m.type === 'video') ? { videoId: id } : {}),
      };
    case 'INSTAGRAM':
    case 'THREADS':
      return { ...(platform === 'INSTAGRAM' ? withThumbnail : base), creationId: `${id}0` };
    case 'TIKTOK':
      return { ...base, shareId: `v_pub_${id}`, requestId: item.id, status: 'PUBLISH_COMPLETE' };
    case 'LINKEDIN':
      return { ...withThumbnail, activity: `urn:li:activity:${id}` };
    case 'REDDIT':
      return { ...base, subreddit_name: channel?.username ?? '' };
    case 'DISCORD':
    case 'SLACK':
      return { ...base, channelId: channel?.externalId ?? '' };
    case 'YOUTUBE':
      return { ...withThumbnail, sessionUri: `https://www.googleapis.com/upload/youtube/v3/videos?upload_id=${item.id}` };
    case 'BLUESKY':
      return { ...base, uri: `at://${facts.externalId}/app.bsky.feed.post/${id}`, cid: `bafyrei${item.id}`, did: facts.externalId };
    case 'SNAPCHAT':
      return {
        ...base,
        mediaId: item.id,
        type: String(request.options.type ?? 'STORY'),
        profileId: facts.externalId,
        sourceUploadId: request.media[0]?.id ?? '',
        status: 'PUBLISHED',
      };
    case 'PINTEREST':
    case 'MASTODON':
      return withThumbnail;
    default:
      return base;
  }
}

/** YouTube files a video as a short when it is under 180 seconds and vertical or square. */
function isShort(request: PublishRequest): boolean {
  const video = request.media.find((media) => media.type === 'video');
  if (!video || request.options.type === 'VIDEO') return false;
  const { width, height, videoLength } = video;
  return !!width && !!height && (videoLength ?? Infinity) < 180 && width / height <= 1 && width / height >= 1 / 3;
}
