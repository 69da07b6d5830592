import { json, type LocalReceiver } from '../../test-kit/local-receiver';
import { type Caller, invalidParameter, lacking, readingRoute, unsupported } from './engagement-rules';
import { graphError } from './graph-rules';
import type { ContainerType, StandInContainer } from './publishing-world';
import type { MetaWorld } from './stand-in-world';

/*
 * Instagram's and Threads' container publishing, as documented:
 * - Instagram (https://developers.facebook.com/docs/instagram-platform/content-publishing,
 *   .../reference/ig-user/media, .../ig-user/media_publish, .../ig-container, .../ig-user/content_publishing_limit):
 *   `POST /{ig-user-id}/media`, `GET /{container-id}?fields=status_code,status`,
 *   `POST /{ig-user-id}/media_publish`, `GET /{ig-user-id}/content_publishing_limit`;
 * - Threads (https://developers.facebook.com/docs/threads/posts, .../troubleshooting, .../reference/publishing):
 *   `POST /{threads-user-id}/threads`, `GET /{container-id}?fields=status,error_message`,
 *   `POST /{threads-user-id}/threads_publish`, `GET /{threads-user-id}/threads_publishing_limit`,
 *   and `GET /{threads-user-id}/replies` (the profile's own replies).
 * Media URLs are downloaded as Meta does; an unreachable one fails as Meta documents it.
 */
const INSTAGRAM_STATUS: Record<string, string> = {
  IN_PROGRESS: 'In Progress: Media is still being processed.',
  FINISHED: 'Finished: Media has been uploaded and it is ready to be published.',
  PUBLISHED: 'Published: Media has been published.',
  EXPIRED: 'Expired: Media was not published within 24 hours.',
};
const DOWNLOAD_FAILED = 'Error: Media download has failed. The media URI doesn’t meet our requirements. (2207052)';
const THREADS_REPLY_CONTROLS = ['everyone', 'accounts_you_follow', 'mentioned_only', 'parent_post_author_only', 'followers_only'];
const DAY_SECONDS = 86_400;

const instagramError = (code: number, subcode: number, message: string, userTitle: string) =>
  graphError({ message, type: 'OAuthException', code, error_subcode: subcode, error_user_title: userTitle } as Parameters<typeof graphError>[0]);

export function containerRoutes(
  hosts: { facebook: LocalReceiver; instagram: LocalReceiver; threads: LocalReceiver },
  world: MetaWorld,
  version: string,
  threadsVersion: string,
) {
  const { publishing, engagement } = world;
  const isContainer = (id: string) => publishing.containers.has(id);
  const isThreadsProfile = (id: string) => world.threadsProfiles.some((profile) => profile.id === id);
  const ownContainer = (caller: Caller, id: string) => {
    const container = publishing.containers.get(id);
    return container && caller.selves.includes(container.ownerId) ? container : null;
  };
  const instagramAccount = (caller: Caller) => caller.selves.includes(caller.id) && !world.pages.some((page) => page.id === caller.id);
  const publishScope = (caller: Caller) => (caller.token.product === 'facebook' ? 'instagram_content_publish' : 'instagram_business_content_publish');

  for (const [product, host] of [
    ['facebook', hosts.facebook],
    ['instagram', hosts.instagram],
  ] as const) {
    readingRoute(host, world, product, version, 'POST /:id/media', async (caller) => {
      if (!instagramAccount(caller)) return unsupported(caller.id);
      const denied = lacking(caller, [publishScope(caller)]);
      if (denied) return denied;
      return createInstagramContainer(caller);
    });

    readingRoute(
      host,
      world,
      product,
      version,
      'GET /:id',
      (caller) => {
        const container = ownContainer(caller, caller.id);
        if (!container || container.product !== 'instagram') return unsupported(caller.id);
        const state = publishing.containerState(container);
        return json({ id: container.id, status_code: state, status: state === 'ERROR' ? container.error : INSTAGRAM_STATUS[state] });
      },
      isContainer,
    );

    readingRoute(host, world, product, version, 'POST /:id/media_publish', (caller) => {
      if (!instagramAccount(caller)) return unsupported(caller.id);
      const denied = lacking(caller, [publishScope(caller)]);
      if (denied) return denied;
      const creationId = caller.params.get('creation_id');
      if (!creationId) return invalidParameter('The parameter creation_id is required');
      const container = ownContainer(caller, creationId);
      if (!container || container.product !== 'instagram' || container.carouselItem) return unsupported(creationId);
      const state = publishing.containerState(container);
      if (state === 'IN_PROGRESS')
        return instagramError(9007, 2207027, 'Media ID is not available', 'The media is not ready for publishing, please wait for a moment');
      if (state === 'EXPIRED') return instagramError(9007, 2207008, 'Media builder expired', 'The media container expired; create it again');
      if (state === 'ERROR') return instagramError(9007, 2207032, 'Create media fail', 'The media could not be created');
      if (state === 'PUBLISHED') return instagramError(9007, 2207027, 'Media ID is not available', 'This media container was already published');
      if (publishing.used(container.ownerId, 'instagram', false) >= publishing.caps.instagram) {
        return instagramError(
          9,
          2207042,
          'Application request limit reached',
          'You reached maximum number of posts that is allowed to be published by Content Publishing API',
        );
      }
      const mediaId = publishInstagram(container);
      if (publishing.loseAnswer())
        return graphError(
          { message: 'An unexpected error has occurred. Please retry your request later.', type: 'OAuthException', code: 2, is_transient: true },
          500,
        );
      return json({ id: mediaId });
    });

    readingRoute(host, world, product, version, 'GET /:id/content_publishing_limit', (caller) => {
      if (!instagramAccount(caller)) return unsupported(caller.id);
      const denied = lacking(caller, [publishScope(caller)]);
      if (denied) return denied;
      return json({
        data: [
          { quota_usage: publishing.used(caller.id, 'instagram', false), config: { quota_total: publishing.caps.instagram, quota_duration: DAY_SECONDS } },
        ],
      });
    });
  }

  async function createInstagramContainer(caller: Caller): Promise<Response> {
    const params = caller.params;
    const type = (params.get('media_type') ?? 'IMAGE') as ContainerType;
    const carouselItem = params.get('is_carousel_item') === 'true';
    if (!['IMAGE', 'VIDEO', 'REELS', 'STORIES', 'CAROUSEL'].includes(type))
      return instagramError(100, 2207023, 'The media type is unknown', 'Unknown media type');
    // VIDEO is only a carousel item now; feed videos are published as REELS.
    if (type === 'VIDEO' && !carouselItem) return instagramError(100, 2207023, 'The media type VIDEO is not supported. Use REELS', 'Unsupported media type');
    const caption = params.get('caption');
    if (caption && caption.length > 2200) return instagramError(100, 2207010, 'The caption is too long', 'Caption too long');
    const video = ['VIDEO', 'REELS'].includes(type) || (type === 'STORIES' && params.has('video_url'));
    if (type !== 'CAROUSEL') {
      const url = params.get(video ? 'video_url' : 'image_url');
      if (!url) return invalidParameter(`The parameter ${video ? 'video_url' : 'image_url'} is required`);
    }
    if (params.has('share_to_feed') && type !== 'REELS') return invalidParameter('share_to_feed is only for REELS');
    if (params.has('thumb_offset') && !['REELS', 'VIDEO'].includes(type)) return invalidParameter('thumb_offset is only for videos');
    // "cover_url: Applies only to Reels": an image Meta downloads from the URL.
    const coverUrl = params.get('cover_url');
    if (coverUrl !== null && type !== 'REELS') return invalidParameter('cover_url is only for REELS');
    if (coverUrl !== null && !/^https?:\/\//.test(coverUrl)) return invalidParameter('cover_url must be a public URL');
    if (params.has('alt_text') && (video || type === 'CAROUSEL')) return invalidParameter('alt_text is only for images');
    for (const name of ['user_tags', 'collaborators', 'trial_params'] as const) {
      const value = params.get(name);
      if (value === null) continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return invalidParameter(`The parameter ${name} is not valid JSON`);
      }
      if (name === 'user_tags') {
        const tags = parsed as { username?: unknown; x?: unknown; y?: unknown }[];
        const placedOnImage = !video;
        if (
          !Array.isArray(tags) ||
          tags.some(
            (tag) =>
              typeof tag.username !== 'string' || (placedOnImage && !(Number(tag.x) >= 0 && Number(tag.x) <= 1 && Number(tag.y) >= 0 && Number(tag.y) <= 1)),
          )
        ) {
          return invalidParameter('user_tags must be a list of {username, x, y} with x and y between 0 and 1');
        }
      }
      if (name === 'collaborators' && (!Array.isArray(parsed) || parsed.length > 3))
        return invalidParameter('collaborators must be a list of at most 3 usernames');
      if (name === 'trial_params' && !['MANUAL', 'SS_PERFORMANCE'].includes((parsed as { graduation_strategy?: string }).graduation_strategy ?? '')) {
        return invalidParameter('trial_params.graduation_strategy must be MANUAL or SS_PERFORMANCE');
      }
    }
    let children: string[] = [];
    if (type === 'CAROUSEL') {
      children = (params.get('children') ?? '').split(',').filter(Boolean);
      if (children.length < 2 || children.length > 10) return instagramError(100, 2207028, 'The carousel needs 2 to 10 items', 'Invalid carousel');
      for (const id of children) {
        const child = publishing.containers.get(id);
        if (!child || child.ownerId !== caller.id || !child.carouselItem) return invalidParameter(`The children ${id} is not a carousel item of this account`);
        if (publishing.containerState(child) !== 'FINISHED')
          return instagramError(9007, 2207027, 'Media ID is not available', 'A carousel item is not ready yet');
      }
    }
    const url = type === 'CAROUSEL' ? null : params.get(video ? 'video_url' : 'image_url')!;
    let error: string | null = null;
    if (url) {
      const fetched = await publishing.fetch(url, video ? 'video' : 'image');
      // An image is downloaded while the request waits; a video afterwards, so its container fails.
      if (!fetched.ok && !video)
        return instagramError(9004, 2207052, 'Media download has failed. The media URI doesn’t meet our requirements.', 'Media download failed');
      if (!fetched.ok) error = DOWNLOAD_FAILED;
    }
    // The cover is fetched with the reel's video, while the container processes: a bad one fails the container.
    if (coverUrl && !(await publishing.fetch(coverUrl, 'image')).ok) error ??= DOWNLOAD_FAILED;
    const container = addContainer({ product: 'instagram', ownerId: caller.id, type, carouselItem, params, children, mediaUrl: url, video, error });
    return json({ id: container.id });
  }

  function addContainer(
    input: Pick<StandInContainer, 'product' | 'ownerId' | 'type' | 'carouselItem' | 'children' | 'mediaUrl' | 'error'> & {
      params: URLSearchParams;
      video: boolean;
    },
  ) {
    const params: Record<string, string> = {};
    input.params.forEach((value, key) => {
      if (key !== 'access_token' && key !== 'appsecret_proof') params[key] = value;
    });
    const now = world.now();
    const container: StandInContainer = {
      id: publishing.nextId(input.product === 'instagram' ? '1790' : '1890'),
      product: input.product,
      ownerId: input.ownerId,
      type: input.type,
      carouselItem: input.carouselItem,
      params,
      children: input.children,
      mediaUrl: input.mediaUrl,
      createdAt: now,
      readyAt: input.video ? now + publishing.videoSeconds * 1000 : now,
      error: input.error,
      mediaId: null,
    };
    publishing.containers.set(container.id, container);
    return container;
  }

  function publishInstagram(container: StandInContainer): string {
    const children = container.children.map((id) => publishing.containers.get(id)!);
    const media = engagement.publish({
      ownerId: container.ownerId,
      product: 'instagram',
      mediaType: container.type === 'CAROUSEL' ? 'CAROUSEL_ALBUM' : container.params.video_url ? 'VIDEO' : 'IMAGE',
      productType: container.type === 'REELS' ? 'REELS' : container.type === 'STORIES' ? 'STORY' : 'FEED',
      text: container.type === 'STORIES' ? null : (container.params.caption ?? null),
      mediaUrl: container.mediaUrl,
      thumbnailUrl: container.params.video_url ? `https://scontent.example/${container.id}-cover.jpg` : null,
      sharedToFeed: container.params.share_to_feed !== 'false',
      children: children.map((child) => ({
        id: publishing.nextId('1791'),
        mediaType: child.params.video_url ? 'VIDEO' : 'IMAGE',
        mediaUrl: child.mediaUrl ?? '',
      })),
    });
    container.mediaId = media.id;
    publishing.publishes.push({ ownerId: container.ownerId, product: 'instagram', reply: false, at: world.now() });
    return media.id;
  }

  // Deleting a published media: Instagram's on graph.facebook.com, Threads' posts (with `threads_delete`).
  const ownMediaOf = (caller: Caller, product: 'instagram' | 'threads') => {
    const media = engagement.media.get(caller.id);
    return media && media.product === product && caller.selves.includes(media.ownerId) ? media : null;
  };
  readingRoute(
    hosts.facebook,
    world,
    'facebook',
    version,
    'DELETE /:id',
    (caller) => {
      const media = ownMediaOf(caller, 'instagram');
      if (!media) return unsupported(caller.id);
      const denied = lacking(caller, ['instagram_basic', 'instagram_content_publish']);
      if (denied) return denied;
      engagement.media.delete(media.id);
      return json({ success: true });
    },
    (id) => engagement.media.get(id)?.product === 'instagram',
  );
  readingRoute(
    hosts.threads,
    world,
    'threads',
    threadsVersion,
    'DELETE /:id',
    (caller) => {
      const media = ownMediaOf(caller, 'threads');
      if (!media) return unsupported(caller.id);
      const denied = lacking(caller, ['threads_basic', 'threads_delete']);
      if (denied) return denied;
      engagement.media.delete(media.id);
      return json({ success: true, deleted_id: media.id });
    },
    (id) => engagement.media.get(id)?.product === 'threads',
  );

  // Threads.
  readingRoute(hosts.threads, world, 'threads', threadsVersion, 'POST /:id/threads', async (caller) => {
    if (!caller.selves.includes(caller.id)) return unsupported(caller.id);
    const denied = lacking(caller, ['threads_basic', 'threads_content_publish']);
    if (denied) return denied;
    const params = caller.params;
    const type = params.get('media_type') as ContainerType | null;
    if (!type || !['TEXT', 'IMAGE', 'VIDEO', 'CAROUSEL'].includes(type)) return invalidParameter('media_type must be one of TEXT, IMAGE, VIDEO, CAROUSEL');
    const carouselItem = params.get('is_carousel_item') === 'true';
    const text = params.get('text');
    if (text && [...text].length > 500) return invalidParameter('The text is longer than 500 characters');
    if (type === 'TEXT' && !text && !params.has('poll_attachment')) return invalidParameter('A TEXT post needs text');
    for (const textOnly of ['link_attachment', 'poll_attachment', 'gif_attachment']) {
      if (params.has(textOnly) && type !== 'TEXT') return invalidParameter(`${textOnly} is only for TEXT posts`);
    }
    const topic = params.get('topic_tag');
    if (topic !== null && (topic.length < 1 || topic.length > 50 || /[.&]/.test(topic)))
      return invalidParameter('topic_tag must be 1 to 50 characters without periods or ampersands');
    const replyControl = params.get('reply_control');
    if (replyControl !== null && !THREADS_REPLY_CONTROLS.includes(replyControl)) return invalidParameter('reply_control is not valid');
    const poll = params.get('poll_attachment');
    if (poll !== null) {
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(poll) as Record<string, unknown>;
      } catch {
        return invalidParameter('poll_attachment is not valid JSON');
      }
      const options = ['option_a', 'option_b', 'option_c', 'option_d'].map((key) => parsed[key]).filter((value) => value !== undefined);
      if (
        typeof parsed.option_a !== 'string' ||
        typeof parsed.option_b !== 'string' ||
        options.some((option) => typeof option !== 'string' || option.length > 25)
      ) {
        return invalidParameter('poll_attachment needs option_a and option_b (at most 25 characters each)');
      }
    }
    const replyTo = params.get('reply_to_id');
    if (replyTo !== null && !engagement.media.has(replyTo) && !engagement.comments.has(replyTo)) return unsupported(replyTo);
    let children: string[] = [];
    if (type === 'CAROUSEL') {
      children = (params.get('children') ?? '').split(',').filter(Boolean);
      if (children.length < 2 || children.length > 20) return invalidParameter('A carousel needs 2 to 20 items');
      for (const id of children) {
        const child = publishing.containers.get(id);
        if (!child || child.ownerId !== caller.id || !child.carouselItem) return invalidParameter(`The children ${id} is not a carousel item of this profile`);
        if (publishing.containerState(child) !== 'FINISHED') return invalidParameter(`The carousel item ${id} is not ready`);
      }
    }
    const video = type === 'VIDEO';
    const url = type === 'IMAGE' || type === 'VIDEO' ? params.get(video ? 'video_url' : 'image_url') : null;
    if ((type === 'IMAGE' || type === 'VIDEO') && !url) return invalidParameter(`The parameter ${video ? 'video_url' : 'image_url'} is required`);
    let error: string | null = null;
    if (url && !(await publishing.fetch(url, video ? 'video' : 'image')).ok) error = video ? 'FAILED_DOWNLOADING_VIDEO' : 'FAILED_DOWNLOADING_IMAGE';
    const container = addContainer({ product: 'threads', ownerId: caller.id, type, carouselItem, params, children, mediaUrl: url, video, error });
    return json({ id: container.id });
  });

  readingRoute(
    hosts.threads,
    world,
    'threads',
    threadsVersion,
    'GET /:id',
    (caller) => {
      const container = ownContainer(caller, caller.id);
      if (!container) return unsupported(caller.id);
      const state = publishing.containerState(container);
      return json({ id: container.id, status: state, ...(container.error ? { error_message: container.error } : {}) });
    },
    isContainer,
  );

  readingRoute(hosts.threads, world, 'threads', threadsVersion, 'POST /:id/threads_publish', (caller) => {
    if (!caller.selves.includes(caller.id)) return unsupported(caller.id);
    const denied = lacking(caller, ['threads_basic', 'threads_content_publish']);
    if (denied) return denied;
    const creationId = caller.params.get('creation_id');
    if (!creationId) return invalidParameter('The parameter creation_id is required');
    const container = ownContainer(caller, creationId);
    if (!container || container.product !== 'threads' || container.carouselItem) return unsupported(creationId);
    const state = publishing.containerState(container);
    if (state !== 'FINISHED') return invalidParameter(`The media container is ${state} and cannot be published`);
    const reply = !!container.params.reply_to_id;
    const cap = reply ? publishing.caps.threadsReplies : publishing.caps.threadsPosts;
    if (publishing.used(container.ownerId, 'threads', reply) >= cap) {
      return graphError({ message: `The user has reached the limit of ${cap} ${reply ? 'replies' : 'posts'} in 24 hours`, type: 'OAuthException', code: 4 });
    }
    const mediaId = publishThreads(container);
    if (publishing.loseAnswer())
      return graphError(
        { message: 'An unexpected error has occurred. Please retry your request later.', type: 'OAuthException', code: 2, is_transient: true },
        500,
      );
    return json({ id: mediaId });
  });

  readingRoute(hosts.threads, world, 'threads', threadsVersion, 'GET /:id/threads_publishing_limit', (caller) => {
    if (!caller.selves.includes(caller.id)) return unsupported(caller.id);
    return json({
      data: [
        {
          quota_usage: publishing.used(caller.id, 'threads', false),
          config: { quota_total: publishing.caps.threadsPosts, quota_duration: DAY_SECONDS },
          reply_quota_usage: publishing.used(caller.id, 'threads', true),
          reply_config: { quota_total: publishing.caps.threadsReplies, quota_duration: DAY_SECONDS },
        },
      ],
    });
  });

  // The profile's own replies, newest first (`/{threads-user-id}/replies`); a media's replies are the reading slice's.
  const profileReplies = (caller: Caller) => {
    const replies = [...publishing.containers.values()]
      .filter((container) => container.product === 'threads' && container.ownerId === caller.id && container.mediaId && container.params.reply_to_id)
      .map((container) => ({ container, comment: engagement.comments.get(container.mediaId!) }))
      .filter((entry) => entry.comment)
      .sort((a, b) => b.comment!.timestamp - a.comment!.timestamp);
    return json({
      data: replies.map(({ container, comment }) => ({
        id: comment!.id,
        text: comment!.text,
        timestamp: new Date(comment!.timestamp).toISOString().replace(/\.\d{3}Z$/, '+0000'),
        permalink: `https://www.threads.com/post/${comment!.id}`,
        replied_to: { id: container.params.reply_to_id },
        username: world.threadsProfiles.find((profile) => profile.id === caller.id)?.username,
      })),
    });
  };
  readingRoute(hosts.threads, world, 'threads', threadsVersion, 'GET /:id/replies', (caller) => profileReplies(caller), isThreadsProfile);

  function publishThreads(container: StandInContainer): string {
    const replyTo = container.params.reply_to_id;
    const profile = world.threadsProfiles.find((candidate) => candidate.id === container.ownerId);
    let id: string;
    if (replyTo) {
      // A reply is a comment under the post it answers (and under its root when it answers a reply).
      const parentComment = engagement.comments.get(replyTo);
      const comment = engagement.comment({
        id: publishing.nextId('1793'),
        objectId: parentComment?.objectId ?? replyTo,
        parentId: parentComment ? replyTo : null,
        fromId: container.ownerId,
        fromName: profile?.username ?? container.ownerId,
        text: container.params.text ?? '',
      });
      id = comment.id;
    } else {
      const children = container.children.map((child) => publishing.containers.get(child)!);
      id = engagement.publish({
        ownerId: container.ownerId,
        product: 'threads',
        mediaType: container.type === 'TEXT' ? 'TEXT_POST' : container.type === 'CAROUSEL' ? 'CAROUSEL_ALBUM' : container.type,
        productType: 'THREADS',
        text: container.params.text ?? null,
        mediaUrl: container.mediaUrl,
        children: children.map((child) => ({ id: publishing.nextId('1794'), mediaType: child.type, mediaUrl: child.mediaUrl ?? '' })),
      }).id;
    }
    container.mediaId = id;
    publishing.publishes.push({ ownerId: container.ownerId, product: 'threads', reply: !!replyTo, at: world.now() });
    return id;
  }
}
