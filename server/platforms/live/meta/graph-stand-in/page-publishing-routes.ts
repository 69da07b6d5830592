import { createHmac } from 'node:crypto';
import { json, type LocalReceiver } from '../../test-kit/local-receiver';
import { type Caller, invalidParameter, iso, lacking, readingRoute, unsupported } from './engagement-rules';
import { authenticate, graphError, paramsOf } from './graph-rules';
import type { StandInPagePost, StandInVideo } from './publishing-world';
import type { MetaWorld } from './stand-in-world';

/*
 * A Page's publishing, as documented (https://developers.facebook.com/docs/pages-api/posts,
 * .../graph-api/reference/page/photos, .../page/feed, .../page/videos, .../video-api/guides/reels-publishing,
 * .../page-stories-api): photos (`url`, `published`), feed posts (`message`, `link`,
 * `attached_media`, `published`, `scheduled_publish_time`), posts shown later (`is_published`),
 * edited (`message`) and deleted, videos by `file_url`, reels and video stories (start → upload on
 * the rupload host → finish), photo stories; comments under the Page's posts. A Page token and
 * `pages_manage_posts` are required, as Meta requires them.
 */
const TEN_MINUTES = 600;
const SEVENTY_FIVE_DAYS = 75 * 86_400;

const THUMB_MAX_BYTES = 10 * 1024 * 1024;

/**
 * A video post's `thumb` (https://developers.facebook.com/docs/graph-api/reference/page/videos/#Creating):
 * an image file in a multipart body, 10 MB at most. A URL or text in its place is refused as Meta does.
 */
async function thumbOf(caller: Caller): Promise<{ type: string; size: number } | null | Response> {
  const type = caller.received.headers.get('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) {
    return caller.params.has('thumb') ? invalidParameter('thumb must be an image file sent as multipart/form-data') : null;
  }
  const part = (await caller.received.request.clone().formData()).get('thumb');
  if (part === null) return null;
  if (typeof part === 'string') return invalidParameter('thumb must be an image file sent as multipart/form-data');
  const bytes = new Uint8Array(await part.arrayBuffer());
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  if (!jpeg && !png) return invalidParameter('thumb must be a JPEG or PNG image');
  if (bytes.byteLength > THUMB_MAX_BYTES) return invalidParameter('thumb must be 10 MB or smaller');
  return { type: jpeg ? 'image/jpeg' : 'image/png', size: bytes.byteLength };
}

export function pagePublishingRoutes(hosts: { facebook: LocalReceiver; instagram: LocalReceiver; rupload: LocalReceiver }, world: MetaWorld, version: string) {
  const { publishing, engagement } = world;
  const graph = hosts.facebook;
  const isPage = (id: string) => world.pages.some((page) => page.id === id);
  const isPost = (id: string) => publishing.posts.has(id);
  const isVideo = (id: string) => publishing.videos.has(id);
  const pageOf = (caller: Caller) => (isPage(caller.id) && caller.selves.includes(caller.id) ? caller.id : null);
  const route = (line: string, handler: (caller: Caller) => Response | Promise<Response>, claims?: (id: string) => boolean) =>
    readingRoute(graph, world, 'facebook', version, line, handler, claims);
  const onPage = (handler: (caller: Caller, pageId: string) => Response | Promise<Response>) => (caller: Caller) => {
    const pageId = pageOf(caller);
    if (!pageId) return unsupported(caller.id);
    return lacking(caller, ['pages_manage_posts', 'pages_read_engagement']) ?? handler(caller, pageId);
  };
  const pageUsername = (pageId: string) => world.pages.find((page) => page.id === pageId)?.username ?? pageId;

  route(
    'POST /:id/photos',
    onPage(async (caller, pageId) => {
      const url = caller.params.get('url');
      if (!url) return invalidParameter('The parameter url is required');
      if (!(await publishing.fetch(url, 'image')).ok) return graphError({ message: '(#324) Missing or invalid image file', type: 'OAuthException', code: 324 });
      const id = publishing.nextId('1220');
      const published = caller.params.get('published') !== 'false';
      publishing.photos.set(id, { id, pageId, url, published, altText: caller.params.get('alt_text_custom') });
      if (!published) return json({ id });
      const post = engagement.publish({
        id: `${pageId}_${id}`,
        ownerId: pageId,
        product: 'facebook',
        mediaType: 'photo',
        productType: 'POST',
        text: caller.params.get('message') ?? caller.params.get('caption'),
        mediaUrl: url,
      });
      return json({ id, post_id: post.id });
    }),
  );

  route(
    'POST /:id/feed',
    onPage((caller, pageId) => {
      const params = caller.params;
      const attached: string[] = [];
      for (let index = 0; params.has(`attached_media[${index}]`); index += 1) {
        let fbid: unknown;
        try {
          fbid = (JSON.parse(params.get(`attached_media[${index}]`)!) as { media_fbid?: unknown }).media_fbid;
        } catch {
          return invalidParameter(`attached_media[${index}] is not valid JSON`);
        }
        const photo = typeof fbid === 'string' ? publishing.photos.get(fbid) : undefined;
        // Only the Page's own photos, uploaded with published=false, can be attached.
        if (!photo || photo.pageId !== pageId || photo.published) return invalidParameter(`attached_media[${index}] is not an unpublished photo of this Page`);
        attached.push(photo.id);
      }
      const message = params.get('message');
      const link = params.get('link');
      if (!message && !link && attached.length === 0) return invalidParameter('Missing message or attachment');
      if (link && attached.length > 0) return invalidParameter('A post cannot have both a link and attached media');
      const published = params.get('published') !== 'false';
      const scheduled = params.get('scheduled_publish_time');
      let scheduledAt: number | null = null;
      if (scheduled !== null) {
        const seconds = Number(scheduled) - Math.floor(world.now() / 1000);
        if (published) return invalidParameter('A scheduled post must be created with published=false');
        if (!(seconds >= TEN_MINUTES && seconds <= SEVENTY_FIVE_DAYS))
          return invalidParameter('The specified scheduled publish time is invalid: between 10 minutes and 75 days from now');
        scheduledAt = Number(scheduled) * 1000;
      }
      const post: StandInPagePost = {
        id: `${pageId}_${publishing.nextId('')}`,
        pageId,
        message,
        link,
        photos: attached,
        published: false,
        scheduledAt,
        createdAt: world.now(),
      };
      publishing.posts.set(post.id, post);
      for (const id of attached) publishing.photos.get(id)!.published = true;
      if (published) show(post);
      return json({ id: post.id });
    }),
  );

  /** The post as people see it, in the reading slice's world. */
  function show(post: StandInPagePost) {
    post.published = true;
    const photos = post.photos.map((id) => publishing.photos.get(id)!);
    engagement.publish({
      id: post.id,
      ownerId: post.pageId,
      product: 'facebook',
      mediaType: photos.length > 1 ? 'album' : photos.length === 1 ? 'photo' : 'status',
      productType: 'POST',
      text: post.message,
      mediaUrl: photos[0]?.url ?? null,
      children: photos.length > 1 ? photos.map((photo) => ({ id: photo.id, mediaType: 'photo', mediaUrl: photo.url })) : [],
    });
  }

  const ownPost = (caller: Caller) => {
    const post = publishing.posts.get(caller.id);
    return post && caller.selves.includes(post.pageId) ? post : null;
  };

  route(
    'GET /:id',
    (caller) => {
      const post = ownPost(caller);
      if (!post) return unsupported(caller.id);
      const photo = post.photos[0] ? publishing.photos.get(post.photos[0]) : undefined;
      return json({
        id: post.id,
        message: post.message ?? undefined,
        created_time: iso(post.createdAt),
        is_published: post.published,
        ...(post.scheduledAt ? { scheduled_publish_time: Math.floor(post.scheduledAt / 1000) } : {}),
        permalink_url: `https://www.facebook.com/${post.pageId}/posts/${post.id.split('_')[1]}`,
        ...(photo ? { full_picture: photo.url } : {}),
      });
    },
    isPost,
  );

  // Shows an unpublished post (`is_published=true`) or edits its text (`message`).
  route(
    'POST /:id',
    (caller) => {
      const post = ownPost(caller);
      if (!post) return unsupported(caller.id);
      const denied = lacking(caller, ['pages_manage_posts']);
      if (denied) return denied;
      const isPublished = caller.params.get('is_published');
      const message = caller.params.get('message');
      if (isPublished === null && message === null) return invalidParameter('Nothing to update: is_published or message is required');
      if (message !== null) {
        post.message = message;
        const shown = engagement.media.get(post.id);
        if (shown) shown.text = message;
      }
      if (isPublished === 'true' && !post.published) {
        if (post.scheduledAt) return invalidParameter('A scheduled post is published by Facebook at its time');
        show(post);
        if (publishing.loseAnswer())
          return graphError(
            { message: 'An unexpected error has occurred. Please retry your request later.', type: 'OAuthException', code: 2, is_transient: true },
            500,
          );
      }
      return json({ success: true });
    },
    isPost,
  );

  route(
    'DELETE /:id',
    (caller) => {
      const post = ownPost(caller);
      const video = !post ? ownVideo(caller) : null;
      if (!post && !video) return unsupported(caller.id);
      const denied = lacking(caller, ['pages_manage_posts']);
      if (denied) return denied;
      if (post) publishing.posts.delete(post.id);
      if (video) publishing.videos.delete(video.id);
      engagement.media.delete(caller.id);
      if (video?.postId) engagement.media.delete(video.postId);
      return json({ success: true });
    },
    (id) => isPost(id) || isVideo(id),
  );

  // Videos.
  const ownVideo = (caller: Caller) => {
    const video = publishing.videos.get(caller.id);
    return video && caller.selves.includes(video.pageId) ? video : null;
  };
  const newVideo = (pageId: string, kind: StandInVideo['kind']): StandInVideo => {
    const video: StandInVideo = {
      id: publishing.nextId('1050'),
      pageId,
      kind,
      fileUrl: null,
      description: null,
      title: null,
      createdAt: world.now(),
      finishedAt: null,
      postId: null,
    };
    publishing.videos.set(video.id, video);
    return video;
  };
  const uploadUrl = (video: StandInVideo) => `${hosts.rupload.url}/video-upload/${version}/${video.id}`;

  route(
    'POST /:id/videos',
    onPage(async (caller, pageId) => {
      const fileUrl = caller.params.get('file_url');
      if (!fileUrl) return invalidParameter('The parameter file_url (or source) is required');
      if (!(await publishing.fetch(fileUrl, 'video')).ok)
        return graphError({ message: '(#390) There was a problem uploading your video file. Please try again.', type: 'OAuthException', code: 390 });
      const thumb = await thumbOf(caller);
      if (thumb instanceof Response) return thumb;
      const video = newVideo(pageId, 'video');
      Object.assign(video, { fileUrl, description: caller.params.get('description'), title: caller.params.get('title'), finishedAt: world.now(), thumb });
      engagement.publish({
        id: video.id,
        ownerId: pageId,
        product: 'facebook',
        mediaType: 'video',
        productType: 'POST',
        text: video.description,
        mediaUrl: fileUrl,
        thumbnailUrl: thumb ? `https://scontent.example/${video.id}-thumb.jpg` : null,
      });
      return json({ id: video.id });
    }),
  );

  route(
    'GET /:id/videos',
    onPage((_caller, pageId) => {
      const videos = [...publishing.videos.values()]
        .filter((video) => video.pageId === pageId && video.finishedAt !== null)
        .sort((a, b) => b.createdAt - a.createdAt);
      return json({ data: videos.map((video) => ({ id: video.id, description: video.description ?? undefined, created_time: iso(video.createdAt) })) });
    }),
  );

  for (const edge of ['video_reels', 'video_stories'] as const) {
    route(
      `POST /:id/${edge}`,
      onPage((caller, pageId) => {
        const phase = caller.params.get('upload_phase');
        if (phase === 'start') {
          const video = newVideo(pageId, edge === 'video_reels' ? 'reel' : 'story');
          return json({ video_id: video.id, upload_url: uploadUrl(video) });
        }
        if (phase !== 'finish') return invalidParameter('upload_phase must be start or finish');
        const video = publishing.videos.get(caller.params.get('video_id') ?? '');
        if (!video || video.pageId !== pageId || video.kind !== (edge === 'video_reels' ? 'reel' : 'story'))
          return invalidParameter('video_id is not a video started on this edge');
        if (!video.fileUrl)
          return graphError({
            message: '(#6000) There was a problem uploading your video file. Please try again with another file.',
            type: 'OAuthException',
            code: 6000,
          });
        if (video.finishedAt !== null) return invalidParameter('This video was already finished');
        video.finishedAt = world.now();
        if (edge === 'video_stories') {
          video.postId = `${pageId}_${video.id}`;
          engagement.publish({ id: video.postId, ownerId: pageId, product: 'facebook', mediaType: 'video', productType: 'STORY', mediaUrl: video.fileUrl });
          return json({ success: true, post_id: video.postId });
        }
        const state = caller.params.get('video_state');
        if (state !== 'PUBLISHED') return invalidParameter('video_state must be PUBLISHED (DRAFT and SCHEDULED are not offered here)');
        Object.assign(video, { description: caller.params.get('description'), title: caller.params.get('title') });
        // Finished with PUBLISHED: the reel is the Page's from now on (its status shows processing, then published).
        engagement.publish({
          id: video.id,
          ownerId: pageId,
          product: 'facebook',
          mediaType: 'video',
          productType: 'POST',
          text: video.description,
          mediaUrl: video.fileUrl,
        });
        return json({ success: true });
      }),
    );
  }

  route(
    'POST /:id/photo_stories',
    onPage((caller, pageId) => {
      const photo = publishing.photos.get(caller.params.get('photo_id') ?? '');
      if (!photo || photo.pageId !== pageId || photo.published) return invalidParameter('photo_id is not an unpublished photo of this Page');
      photo.published = true;
      const post = engagement.publish({
        id: `${pageId}_${photo.id}`,
        ownerId: pageId,
        product: 'facebook',
        mediaType: 'photo',
        productType: 'STORY',
        mediaUrl: photo.url,
      });
      return json({ success: true, post_id: post.id });
    }),
  );

  route(
    'GET /:id',
    (caller) => {
      const video = ownVideo(caller);
      if (!video) return unsupported(caller.id);
      const phase = publishing.videoPhase(video);
      const uploaded = video.fileUrl !== null;
      return json({
        id: video.id,
        description: video.description ?? undefined,
        permalink_url: `/${pageUsername(video.pageId)}/videos/${video.id}/`,
        picture: `https://scontent.example/${video.id}-${video.thumb ? 'thumb' : 'picture'}.jpg`,
        status: {
          video_status: !uploaded ? 'upload_complete' : phase === 'complete' ? 'ready' : 'processing',
          uploading_phase: { status: uploaded ? 'complete' : 'not_started' },
          processing_phase: { status: phase === 'complete' ? 'complete' : uploaded && phase === 'in_progress' ? 'in_progress' : 'not_started' },
          publishing_phase: {
            status: phase,
            ...(phase === 'complete' ? { publish_status: 'published', publish_time: iso(video.finishedAt! + publishing.videoSeconds * 1000) } : {}),
          },
        },
      });
    },
    isVideo,
  );

  // Comments as the account: under the Page's own posts and videos or an Instagram account's media
  // (`/{object-id}/comments`), and replies: Facebook's under a comment on the same edge, Instagram's
  // on `/{ig-comment-id}/replies`.
  for (const [product, host] of [
    ['facebook', hosts.facebook],
    ['instagram', hosts.instagram],
  ] as const) {
    for (const edge of ['comments', 'replies'] as const) {
      readingRoute(
        host,
        world,
        product,
        version,
        `POST /:id/${edge}`,
        (caller) => {
          const parent = engagement.comments.get(caller.id);
          const media = engagement.media.get(parent?.objectId ?? caller.id);
          if (!media || !caller.selves.includes(media.ownerId)) return unsupported(caller.id);
          const instagram = media.product === 'instagram';
          // Instagram replies only on `/replies` and only to top-level comments; Facebook has no `/replies` edge.
          if (instagram ? (edge === 'replies') !== !!parent || parent?.parentId : edge === 'replies') return unsupported(caller.id);
          const denied = lacking(caller, [
            instagram ? (caller.token.product === 'facebook' ? 'instagram_manage_comments' : 'instagram_business_manage_comments') : 'pages_manage_engagement',
          ]);
          if (denied) return denied;
          const message = caller.params.get('message');
          if (!message) return invalidParameter('The parameter message is required');
          const name = instagram
            ? world.pages.find((page) => page.instagram?.id === media.ownerId)?.instagram?.username
            : world.pages.find((page) => page.id === media.ownerId)?.name;
          const comment = engagement.comment({
            objectId: media.id,
            parentId: parent?.id ?? null,
            fromId: media.ownerId,
            fromName: name ?? media.ownerId,
            text: message,
          });
          return json({ id: comment.id });
        },
        (id) => engagement.media.has(id) || engagement.comments.has(id),
      );
    }
  }

  // Editing the Page's own comment (`POST /{comment-id}` with `message`); hiding is the reading slice's route.
  graph.on(`POST /${version}/:id`, async (received) => {
    const id = received.path.split('/')[2] ?? '';
    const comment = engagement.comments.get(id);
    const params = await paramsOf(received);
    if (!comment || !params.has('message')) return null;
    const token = authenticate(world, 'facebook', params, received);
    if (token instanceof Response) return token;
    const media = engagement.media.get(comment.objectId);
    if (!media || media.product !== 'facebook' || !token.pages.includes(media.ownerId) || comment.fromId !== media.ownerId) return unsupported(id);
    if (!token.scopes.includes('pages_manage_engagement'))
      return graphError({ message: "(#10) This endpoint requires the 'pages_manage_engagement' permission", type: 'OAuthException', code: 10 });
    if (!params.get('message')) return invalidParameter('The parameter message cannot be empty');
    comment.text = params.get('message')!;
    return json({ success: true });
  });

  // The resumable upload host: the video's bytes, or (here) its public URL in `file_url`.
  hosts.rupload.on('POST /video-upload/:version/:id', async (received) => {
    const [, , requested, id] = received.path.split('/');
    if (requested !== version) return json({ debug_info: { retriable: false, type: 'NotFoundError', message: `Unknown version ${requested}` } }, 404);
    const token = world.token(/^OAuth (.+)$/.exec(received.headers.get('authorization') ?? '')?.[1] ?? '');
    if (!token || token.product !== 'facebook' || token.kind !== 'page')
      return json({ debug_info: { retriable: false, type: 'AuthException', message: 'Invalid OAuth access token' } }, 401);
    const proof = received.query.get('appsecret_proof');
    if (proof && proof !== createHmac('sha256', world.apps.facebook.secret).update(token.value).digest('hex')) {
      return json({ debug_info: { retriable: false, type: 'AuthException', message: 'Invalid appsecret_proof' } }, 401);
    }
    const video = publishing.videos.get(id ?? '');
    if (!video || !token.pages.includes(video.pageId))
      return json({ debug_info: { retriable: false, type: 'NotFoundError', message: 'Unknown video id' } }, 404);
    const fileUrl = received.headers.get('file_url');
    if (!fileUrl)
      return json(
        { debug_info: { retriable: false, type: 'BadRequest', message: 'Either file_url or offset and file_size with the bytes are required' } },
        400,
      );
    if (!(await publishing.fetch(fileUrl, 'video')).ok)
      return json({ debug_info: { retriable: false, type: 'ProcessingFailedError', message: 'Request processing failed' } }, 400);
    video.fileUrl = fileUrl;
    return json({ success: true });
  });
}
