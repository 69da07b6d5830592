import { randomBytes } from 'node:crypto';
import type { LocalReceiver, Received } from '../../test-kit/local-receiver';
import { authorize, chunkRuleBroken, fail, jsonBody, ok } from './stand-in-rules';
import type { StandInPublish, TikTokWorld } from './stand-in-world';

const PRIVACY = new Set(['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY']);
const VIDEO_MIME = new Set(['video/mp4', 'video/quicktime', 'video/webm']);

/**
 * The Content Posting API: `creator_info/query`, the three inits (direct video, inbox video,
 * photo content), the chunk PUTs to the upload URL, and `status/fetch`. Each request is checked as
 * the reference documents it; the 6-per-minute init limit and the pending-share cap are enforced.
 */
export function postingRoutes(receiver: LocalReceiver, world: TikTokWorld) {
  receiver.on('POST /v2/post/publish/creator_info/query/', async (received) => {
    const who = authorize(world, received, 'video.publish');
    if (who instanceof Response) return who;
    const body = await jsonBody(received);
    if (body instanceof Response) return body;
    return ok({
      creator_avatar_url: world.user.avatarUrl,
      creator_username: world.user.username,
      creator_nickname: world.user.displayName,
      privacy_level_options: world.creator.privacyLevelOptions,
      comment_disabled: world.creator.commentDisabled,
      duet_disabled: world.creator.duetDisabled,
      stitch_disabled: world.creator.stitchDisabled,
      max_video_post_duration_sec: world.creator.maxVideoPostDurationSec,
    });
  });

  const init = async (received: Received, scope: string, kind: 'VIDEO' | 'PHOTO', fixedMode: 'DIRECT' | 'INBOX' | null) => {
    const who = authorize(world, received, scope);
    if (who instanceof Response) return who;
    const body = await jsonBody(received);
    if (body instanceof Response) return body;
    // Each user access token: 6 init requests a minute.
    const now = world.now();
    const recent = (world.inits.get(who.token) ?? []).filter((at) => at > now - 60_000);
    if (recent.length >= 6) return fail(429, 'rate_limit_exceeded', 'API rate limit was exceeded, only 6 requests are allowed per minute.');
    world.inits.set(who.token, [...recent, now]);
    const mode = fixedMode ?? (body.post_mode === 'MEDIA_UPLOAD' ? 'INBOX' : body.post_mode === 'DIRECT_POST' ? 'DIRECT' : null);
    if (!mode) return fail(400, 'invalid_params', 'post_mode must be DIRECT_POST or MEDIA_UPLOAD');
    if (kind === 'PHOTO' && body.media_type !== 'PHOTO') return fail(400, 'invalid_params', 'media_type must be PHOTO');
    if (mode === 'INBOX') {
      const pending = [...world.publishes.values()].filter((publish) => publish.openId === who.openId && publish.status === 'SEND_TO_USER_INBOX');
      if (pending.length >= world.pendingShareLimit) {
        return fail(403, 'spam_risk_too_many_pending_share', 'The daily upload cap of pending shares for this user has been reached (5 in 24 hours).');
      }
    }
    const post = (body.post_info ?? null) as Record<string, unknown> | null;
    if (mode === 'DIRECT') {
      if (!post) return fail(400, 'invalid_params', 'post_info is required for a direct post');
      const privacy = post.privacy_level;
      if (typeof privacy !== 'string' || !PRIVACY.has(privacy)) return fail(400, 'invalid_params', 'post_info.privacy_level is required');
      if (!world.creator.privacyLevelOptions.includes(privacy))
        return fail(400, 'privacy_level_option_mismatch', 'privacy_level is not one of the creator’s options.');
      if (!world.audited && privacy !== 'SELF_ONLY') {
        return fail(
          403,
          'unaudited_client_can_only_post_to_private_accounts',
          'Please review our integration guidelines: unaudited clients can only post to private accounts.',
        );
      }
      if (post.brand_content_toggle === true && privacy === 'SELF_ONLY') return fail(400, 'invalid_params', 'Branded content cannot be private.');
      const title = kind === 'VIDEO' ? post.title : post.description;
      if (title !== undefined && (typeof title !== 'string' || [...title].length > (kind === 'VIDEO' ? 2200 : 4000)))
        return fail(400, 'invalid_params', 'title is too long');
      for (const flag of ['disable_comment', 'disable_duet', 'disable_stitch', 'brand_content_toggle', 'brand_organic_toggle', 'is_aigc', 'auto_add_music']) {
        if (post[flag] !== undefined && typeof post[flag] !== 'boolean') return fail(400, 'invalid_params', `post_info.${flag} must be a boolean`);
      }
      if (world.creator.commentDisabled && post.disable_comment === false) return fail(400, 'invalid_params', 'Comments are disabled by the creator.');
    }
    const source = (body.source_info ?? {}) as Record<string, unknown>;
    const publish: StandInPublish = {
      id: `v_pub_file~v2-1.${world.id(18)}`,
      openId: who.openId,
      kind,
      mode,
      body,
      upload: null,
      status: 'PROCESSING_UPLOAD',
      failReason: null,
      processingPolls: world.processingPolls,
      postId: null,
    };
    if (kind === 'VIDEO') {
      if (source.source !== 'FILE_UPLOAD') return fail(400, 'invalid_params', 'this stand-in takes source FILE_UPLOAD');
      const broken = chunkRuleBroken(source);
      if (broken) return fail(400, 'invalid_params', broken);
      const token = randomBytes(12).toString('hex');
      publish.upload = {
        token,
        videoSize: source.video_size as number,
        chunkSize: source.chunk_size as number,
        totalChunkCount: source.total_chunk_count as number,
        nextChunk: 0,
        bytes: 0,
        mime: null,
      };
      world.publishes.set(publish.id, publish);
      return ok({ publish_id: publish.id, upload_url: `${receiver.url}/upload/?upload_id=${encodeURIComponent(publish.id)}&upload_token=${token}` });
    }
    if (source.source !== 'PULL_FROM_URL') return fail(400, 'invalid_params', 'photos take source PULL_FROM_URL');
    const images = source.photo_images;
    if (!Array.isArray(images) || images.length === 0 || images.length > 35 || !images.every((url) => typeof url === 'string')) {
      return fail(400, 'invalid_params', 'photo_images must list 1 to 35 URLs');
    }
    const cover = source.photo_cover_index;
    if (cover !== undefined && (!Number.isInteger(cover) || (cover as number) < 0 || (cover as number) >= images.length))
      return fail(400, 'invalid_params', 'photo_cover_index is out of range');
    if (!(images as string[]).every((url) => world.verifiedUrlPrefixes.some((prefix) => url.startsWith(prefix)))) {
      return fail(403, 'url_ownership_unverified', 'Please review our URL ownership verification rules.');
    }
    publish.status = 'PROCESSING_DOWNLOAD';
    world.publishes.set(publish.id, publish);
    return ok({ publish_id: publish.id });
  };

  receiver.on('POST /v2/post/publish/video/init/', (received) => init(received, 'video.publish', 'VIDEO', 'DIRECT'));
  receiver.on('POST /v2/post/publish/inbox/video/init/', (received) => init(received, 'video.upload', 'VIDEO', 'INBOX'));
  receiver.on('POST /v2/post/publish/content/init/', async (received) => {
    // Drafts need `video.upload`, direct posts `video.publish`.
    const scope = received.text.includes('"MEDIA_UPLOAD"') ? 'video.upload' : 'video.publish';
    return init(received, scope, 'PHOTO', null);
  });

  // The upload URL: chunks in order, each `Content-Range: bytes first-last/total` of the declared plan.
  receiver.on('PUT /upload/', (received) => {
    const publish = world.publishes.get(received.query.get('upload_id') ?? '');
    const upload = publish?.upload;
    if (!publish || !upload || upload.token !== received.query.get('upload_token'))
      return fail(404, 'invalid_publish_id', 'The upload URL is unknown or expired.');
    if (publish.status !== 'PROCESSING_UPLOAD') return fail(400, 'invalid_file_upload', 'The upload is already complete.');
    const mime = received.headers.get('content-type') ?? '';
    if (!VIDEO_MIME.has(mime)) return fail(400, 'invalid_file_upload', `Content-Type ${mime || '(none)'} is not a supported video type`);
    const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(received.headers.get('content-range') ?? '');
    if (!range) return fail(400, 'invalid_file_upload', 'Content-Range must be "bytes {first}-{last}/{total}"');
    const [first, last, total] = [Number(range[1]), Number(range[2]), Number(range[3])];
    const index = upload.nextChunk;
    const expectedFirst = index * upload.chunkSize;
    const expectedLast = index === upload.totalChunkCount - 1 ? upload.videoSize - 1 : expectedFirst + upload.chunkSize - 1;
    if (total !== upload.videoSize) return fail(400, 'invalid_file_upload', `Content-Range total ${total} is not the declared video_size ${upload.videoSize}`);
    if (first !== expectedFirst || last !== expectedLast) {
      return fail(416, 'invalid_file_upload', `Chunks must be sent in order: expected bytes ${expectedFirst}-${expectedLast}/${total}, got ${first}-${last}`);
    }
    if (received.bytes.length !== last - first + 1) return fail(400, 'invalid_file_upload', `Content-Length ${received.bytes.length} does not match the range`);
    if (world.failChunks > 0) {
      world.failChunks -= 1;
      return fail(500, 'internal_error', 'Something went wrong. Please try again later.');
    }
    upload.nextChunk += 1;
    upload.bytes += received.bytes.length;
    upload.mime = mime;
    if (upload.nextChunk < upload.totalChunkCount) return new Response(null, { status: 206 });
    publish.status = publish.mode === 'INBOX' ? 'SEND_TO_USER_INBOX' : 'PUBLISH_COMPLETE';
    // Processing comes first: status/fetch answers PROCESSING_UPLOAD for a few more polls.
    return new Response(null, { status: 201 });
  });

  receiver.on('POST /v2/post/publish/status/fetch/', async (received) => {
    const token = (received.headers.get('authorization') ?? '').replace(/^Bearer /, '');
    const scopes = world.accessTokens.get(token)?.scopes ?? [];
    const who = authorize(world, received, scopes.includes('video.publish') ? 'video.publish' : 'video.upload');
    if (who instanceof Response) return who;
    const body = await jsonBody(received);
    if (body instanceof Response) return body;
    const publish = world.publishes.get(String(body.publish_id ?? ''));
    if (!publish || publish.openId !== who.openId) return fail(400, 'invalid_publish_id', 'The publish_id does not exist.');
    // Post ids are int64 in TikTok's JSON, beyond what a JavaScript number holds exactly: written as digits.
    const status = statusOf(world, publish);
    const text = JSON.stringify({ data: { ...status, publicaly_available_post_id: '@IDS@' }, error: { code: 'ok', message: '', log_id: 'x' } });
    return new Response(text.replace('"@IDS@"', `[${status.publicaly_available_post_id.join(',')}]`), { headers: { 'content-type': 'application/json' } });
  });
}

/** What `status/fetch` answers, moving a publish along: uploaded (or pulled) media is processed for a few polls first. */
function statusOf(world: TikTokWorld, publish: StandInPublish) {
  const done = publish.status === 'PUBLISH_COMPLETE' || publish.status === 'SEND_TO_USER_INBOX';
  if (publish.kind === 'PHOTO' && publish.status === 'PROCESSING_DOWNLOAD') {
    if (publish.processingPolls > 0) publish.processingPolls -= 1;
    else publish.status = publish.mode === 'INBOX' ? 'SEND_TO_USER_INBOX' : 'PUBLISH_COMPLETE';
  } else if (done && publish.processingPolls > 0) {
    publish.processingPolls -= 1;
    return { status: 'PROCESSING_UPLOAD', publicaly_available_post_id: [] as string[], uploaded_bytes: publish.upload?.bytes ?? 0 };
  }
  if (publish.status === 'PUBLISH_COMPLETE' && !publish.postId) {
    // A public post gets its id after moderation; private ones get none.
    const privacy = (publish.body.post_info as Record<string, unknown> | undefined)?.privacy_level;
    publish.postId = world.id(19);
    world.videos.set(publish.postId, { id: publish.postId, openId: publish.openId, views: 0, likes: 0, comments: 0, shares: 0 });
    if (privacy === 'SELF_ONLY') publish.postId = `private:${publish.postId}`;
  }
  const publicId = publish.postId && !publish.postId.startsWith('private:') ? [publish.postId] : [];
  return {
    status: publish.status,
    ...(publish.failReason ? { fail_reason: publish.failReason } : {}),
    publicaly_available_post_id: publicId,
    uploaded_bytes: publish.upload?.bytes ?? 0,
  };
}
