import { json, type LocalReceiver } from '../../test-kit/local-receiver';
import { type Caller, instagramScope, iso, lacking, ownMedia, paged, readingRoute, unsupported } from './engagement-rules';
import type { StandInMedia } from './engagement-world';
import { fieldsOf, pick } from './graph-rules';
import type { MetaWorld } from './stand-in-world';

const DAY_MS = 86_400_000;
const shortcode = (id: string) => Buffer.from(id).toString('base64url').slice(0, 11);

/** An Instagram media as `/{ig-media-id}` and the `/media` edge present it (https://developers.facebook.com/docs/instagram-platform/reference/instagram-media). */
export function instagramMedia(media: StandInMedia, comments: number): Record<string, unknown> {
  return {
    id: media.id,
    caption: media.text ?? undefined,
    media_type: media.mediaType,
    media_product_type: media.productType,
    media_url: media.mediaUrl ?? undefined,
    thumbnail_url: media.mediaType === 'VIDEO' ? (media.thumbnailUrl ?? undefined) : undefined,
    permalink: `https://www.instagram.com/${media.productType === 'REELS' ? 'reel' : media.productType === 'STORY' ? 'stories' : 'p'}/${shortcode(media.id)}/`,
    timestamp: iso(media.timestamp),
    ...(media.productType === 'REELS' ? { is_shared_to_feed: media.sharedToFeed } : {}),
    like_count: media.likeCount,
    comments_count: comments,
    owner: { id: media.ownerId },
    children:
      media.mediaType === 'CAROUSEL_ALBUM'
        ? { data: media.children.map((child) => ({ id: child.id, media_type: child.mediaType, media_url: child.mediaUrl })) }
        : undefined,
  };
}

/** A Page post as `/{page-post-id}` and the `/posts` edge present it (https://developers.facebook.com/docs/graph-api/reference/post). */
export function facebookPost(media: StandInMedia, comments: number): Record<string, unknown> {
  const image = (src: string) => ({ image: { src, width: 1080, height: 1080 } });
  const attachment =
    media.mediaType === 'album'
      ? {
          type: 'album',
          media_type: 'album',
          subattachments: { data: media.children.map((child) => ({ type: child.mediaType, media_type: child.mediaType, media: image(child.mediaUrl) })) },
        }
      : media.mediaType === 'photo'
        ? { type: 'photo', media_type: 'photo', media: image(media.mediaUrl ?? '') }
        : media.mediaType === 'video'
          ? { type: 'video_inline', media_type: 'video', media: { ...image(media.thumbnailUrl ?? ''), source: media.mediaUrl } }
          : null;
  return {
    id: media.id,
    message: media.text ?? undefined,
    created_time: iso(media.timestamp),
    permalink_url: `https://www.facebook.com/${media.ownerId}/posts/${media.id.split('_')[1] ?? media.id}`,
    full_picture: media.mediaType === 'status' ? undefined : (media.thumbnailUrl ?? media.mediaUrl ?? media.children[0]?.mediaUrl),
    attachments: attachment ? { data: [attachment] } : undefined,
    shares: { count: media.shares },
    reactions: { data: [], summary: { total_count: media.likeCount, viewer_reaction: 'NONE' } },
    comments: { data: [], summary: { order: 'ranked', total_count: comments, can_comment: true } },
  };
}

/** A Threads post as `/{threads-media-id}` and the `/threads` edge present it (https://developers.facebook.com/docs/threads/threads-media). */
export function threadsPost(media: StandInMedia): Record<string, unknown> {
  return {
    id: media.id,
    media_product_type: 'THREADS',
    media_type: media.mediaType,
    media_url: media.mediaUrl ?? undefined,
    thumbnail_url: media.thumbnailUrl ?? undefined,
    permalink: `https://www.threads.com/post/${shortcode(media.id)}`,
    text: media.text ?? undefined,
    timestamp: iso(media.timestamp),
    is_quote_post: false,
    children:
      media.mediaType === 'CAROUSEL_ALBUM'
        ? { data: media.children.map((child) => ({ id: child.id, media_type: child.mediaType, media_url: child.mediaUrl })) }
        : undefined,
  };
}

function present(caller: Caller, media: StandInMedia): Record<string, unknown> {
  const comments = caller.engagement.commentsOf(media.id).length;
  const object =
    media.product === 'instagram' ? instagramMedia(media, comments) : media.product === 'facebook' ? facebookPost(media, comments) : threadsPost(media);
  return pick(JSON.parse(JSON.stringify(object)) as Record<string, unknown>, fieldsOf(caller.params, ['id']));
}

const newestFirst = (items: StandInMedia[]) => items.sort((a, b) => b.timestamp - a.timestamp || b.id.localeCompare(a.id));

function publishedBy(caller: Caller, product: StandInMedia['product'], keep: (media: StandInMedia) => boolean) {
  return newestFirst([...caller.engagement.media.values()].filter((media) => media.product === product && media.ownerId === caller.id && keep(media)));
}

/** The listing edges and the media objects on the three Graph hosts. */
export function mediaRoutes(
  hosts: { facebook: LocalReceiver; instagram: LocalReceiver; threads: LocalReceiver },
  world: MetaWorld,
  version: string,
  threadsVersion: string,
) {
  const isPage = (id: string) => world.pages.some((page) => page.id === id);
  const known = (id: string) => world.engagement.media.has(id);

  for (const [product, host] of [
    ['facebook', hosts.facebook],
    ['instagram', hosts.instagram],
  ] as const) {
    // The Instagram account's media (not its stories), newest first.
    readingRoute(host, world, product, version, 'GET /:id/media', (caller) => {
      if (!caller.selves.includes(caller.id) || isPage(caller.id)) return unsupported(caller.id);
      const denied = lacking(caller, [instagramScope(caller, 'basic')]);
      if (denied) return denied;
      const items = publishedBy(caller, 'instagram', (media) => media.productType !== 'STORY').map((media) => present(caller, media));
      return paged(items, caller, `${host.url}/${version}/${caller.id}/media`);
    });
    // Stories live for 24 hours: Instagram's (and, on graph.facebook.com, a Page's).
    readingRoute(host, world, product, version, 'GET /:id/stories', (caller) => {
      if (!caller.selves.includes(caller.id)) return unsupported(caller.id);
      const page = isPage(caller.id);
      const denied = lacking(caller, [page ? 'pages_read_engagement' : instagramScope(caller, 'basic')]);
      if (denied) return denied;
      const live = publishedBy(caller, page ? 'facebook' : 'instagram', (media) => media.productType === 'STORY' && world.now() - media.timestamp < DAY_MS);
      const items = page
        ? live.map((media) => ({
            post_id: media.id,
            status: 'PUBLISHED',
            creation_time: String(Math.floor(media.timestamp / 1000)),
            media_type: media.mediaType === 'video' ? 'video' : 'photo',
            media_id: media.id.split('_')[1] ?? media.id,
            url: `https://www.facebook.com/stories/${caller.id}/${media.id}`,
          }))
        : live.map((media) => present(caller, media));
      return paged(items, caller, `${host.url}/${version}/${caller.id}/stories`);
    });
    // One media (or post) by id, with the fields asked.
    readingRoute(
      host,
      world,
      product,
      version,
      'GET /:id',
      (caller) => {
        const media = ownMedia(caller, caller.id);
        if (media instanceof Response) return media;
        const denied = lacking(caller, [media.product === 'facebook' ? 'pages_read_engagement' : instagramScope(caller, 'basic')]);
        return denied ?? json(present(caller, media));
      },
      known,
    );
  }

  // The Page's own posts (not visitors' posts on its feed), newest first.
  readingRoute(hosts.facebook, world, 'facebook', version, 'GET /:id/posts', (caller) => {
    if (!caller.selves.includes(caller.id) || !isPage(caller.id)) return unsupported(caller.id);
    const denied = lacking(caller, ['pages_read_engagement']);
    if (denied) return denied;
    const items = publishedBy(caller, 'facebook', (media) => media.productType !== 'STORY').map((media) => present(caller, media));
    return paged(items, caller, `${hosts.facebook.url}/${version}/${caller.id}/posts`);
  });

  // The Threads profile's posts, newest first (`/me/threads` or `/{threads-user-id}/threads`).
  readingRoute(hosts.threads, world, 'threads', threadsVersion, 'GET /:id/threads', (caller) => {
    if (!caller.selves.includes(caller.id)) return unsupported(caller.id);
    const denied = lacking(caller, ['threads_basic']);
    if (denied) return denied;
    const items = publishedBy(caller, 'threads', () => true).map((media) => present(caller, media));
    return paged(items, caller, `${hosts.threads.url}/${threadsVersion}/${caller.id}/threads`);
  });
  readingRoute(
    hosts.threads,
    world,
    'threads',
    threadsVersion,
    'GET /:id',
    (caller) => {
      const media = ownMedia(caller, caller.id);
      if (media instanceof Response) return media;
      return lacking(caller, ['threads_basic']) ?? json(present(caller, media));
    },
    known,
  );
}
