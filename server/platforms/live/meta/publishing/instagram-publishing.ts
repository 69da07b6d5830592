import { PlatformError } from '../../../platform-error';
import type { PublishingCapability, PublishMedia, PublishRequest } from '../../../publishing';
import { INSTAGRAM_MEDIA_ERRORS } from '../instagram-media-errors';
import type { MetaConfig } from '../meta-config';
import { findThroughContainer, publishThroughContainer, type ContainerApi, type ContainerState } from './container-flow';
import { asJson, capReached, formOf, publishingActing, type Acting } from './meta-acting';
import { ownComment } from './meta-comments';

type Tag = { username: string; x?: number | null; y?: number | null };
type InstagramOptions = {
  type?: 'POST' | 'REEL' | 'STORY';
  text?: string | null;
  altText?: string | null;
  thumbnailOffset?: number | null;
  thumbnail?: string | null;
  shareToFeed?: boolean | null;
  collaborators?: string[] | null;
  tagged?: Tag[] | null;
  carouselItems?: { uploadId: string; altText?: string | null; tagged?: Tag[] | null }[] | null;
  locationId?: string | null;
  trialParams?: { graduationStrategy: string } | null;
};

const PUBLISH = 'publishing.publish';

/**
 * Instagram publishing (https://developers.facebook.com/docs/instagram-platform/content-publishing):
 * feed images, videos (published as reels shared to the feed, Meta's only video kind now), reels,
 * stories and carousels of images and videos, each through a container published with
 * `media_publish` once `FINISHED` (`container-flow.ts`). Media reach Instagram by their public URL
 * (`PUBLIC_URL`); alt text, collaborators, the location, user tags, `share_to_feed`, a reel's cover
 * (the `thumbnail` image as `cover_url`, else the offset into the video) and trial reels are sent
 * as documented. The daily cap (`content_publishing_limit`) is read before anything is made. First
 * comments go under the media as the account.
 */
export function instagramPublishing(config: MetaConfig): PublishingCapability {
  const waitSeconds = config.containerWaitSeconds;
  const actingFor = publishingActing(config, 'INSTAGRAM');

  return {
    async publish(_env, credentials, target, request) {
      const acting = await actingFor(credentials, { ...target, selectedChannelId: request.channelId ?? target.selectedChannelId }, PUBLISH);
      const options = request.options as InstagramOptions;
      const api = containerApi(acting, options.type === 'STORY');
      const text = options.type === 'STORY' ? null : (options.text ?? null);
      const plan = planFor(acting, request, options, text);
      const { mediaId, containerId } = await publishThroughContainer(api, request, plan, waitSeconds);
      return {
        externalData: await describe(acting, mediaId, containerId),
        // Meta takes a cover image (`cover_url`) on reels only: images, carousels and stories have none.
        ...(request.thumbnail && !plan.reel
          ? { warning: 'Published; Instagram takes a cover image only for reels and videos, so the thumbnail was not used.' }
          : {}),
      };
    },

    async findByIntent(_env, credentials, target, _intentKey, context) {
      const acting = await actingFor(credentials, { ...target, selectedChannelId: context?.channelId ?? target.selectedChannelId }, 'publishing.find');
      const options = (context?.options ?? {}) as InstagramOptions;
      const text = options.type === 'STORY' ? null : (options.text ?? null);
      const found = await findThroughContainer(containerApi(acting, options.type === 'STORY'), context?.progress, text);
      return found ? { externalData: await describe(acting, found.mediaId, found.containerId) } : null;
    },

    async comment(_env, credentials, target, request) {
      const operation = 'publishing.comment';
      const acting = await actingFor(credentials, target, operation, 'comments');
      const parentId = request.externalData.id;
      if (!parentId) throw noMedia(operation);
      // What we published carries its container; anything else answered here is a comment, whose replies have their own edge.
      const edge = request.externalData.creationId ? 'comments' : 'replies';
      // No idempotency key: a retry adopts the comment an earlier attempt left.
      const earlier = await ownComment(acting, { operation, objectId: parentId, text: request.text, textField: 'text', edge });
      if (earlier) return { id: earlier, permalink: null };
      const made = await acting.graph.call<{ id: string }>({ operation, path: `/${parentId}/${edge}`, token: acting.token, form: { message: request.text } });
      return { id: made.id, permalink: null };
    },
  };
}

function planFor(acting: Acting, request: PublishRequest, options: InstagramOptions, text: string | null) {
  const { graph, token, accountId } = acting;
  const make = (fields: Record<string, string>) =>
    graph.call<{ id: string }>({ operation: 'publishing.container', path: `/${accountId}/media`, token, form: fields }).then((made) => made.id);
  const byId = new Map(request.media.map((medium) => [medium.id, medium]));
  const type = options.type ?? 'POST';
  const items = options.carouselItems?.length
    ? options.carouselItems.map((item) => ({ medium: byId.get(item.uploadId), altText: item.altText, tagged: item.tagged }))
    : request.media.map((medium, index) => ({ medium, altText: options.altText, tagged: index === 0 ? options.tagged : null }));
  const media = items.filter((item): item is typeof item & { medium: PublishMedia } => !!item.medium);
  if (media.length === 0) throw noMedia(PUBLISH);
  const shared = { location_id: options.locationId, collaborators: options.collaborators?.length ? asJson(options.collaborators) : undefined };
  const carousel = type === 'POST' && media.length > 1;

  return {
    text,
    /** One video outside a carousel or a story: a REELS container, the only kind Meta gives a cover image. */
    reel: !carousel && type !== 'STORY' && media[0]!.medium.type === 'video',
    checkLimit: async () => {
      const limit = await graph.call<{ data?: { quota_usage?: number; config?: { quota_total?: number; quota_duration?: number } }[] }>({
        operation: 'publishing.limit',
        path: `/${accountId}/content_publishing_limit`,
        token,
        query: { fields: 'quota_usage,config' },
      });
      const usage = limit.data?.[0];
      const full = capReached({
        platform: 'INSTAGRAM',
        operation: PUBLISH,
        used: usage?.quota_usage,
        total: usage?.config?.quota_total,
        durationSeconds: usage?.config?.quota_duration,
        what: 'posts',
      });
      if (full) throw full;
    },
    makeChildren: carousel
      ? () =>
          Promise.all(
            media.map(({ medium, altText, tagged }) =>
              make(
                formOf({
                  is_carousel_item: true,
                  ...(medium.type === 'video' ? { media_type: 'VIDEO', video_url: medium.url } : { image_url: medium.url, alt_text: altText }),
                  user_tags: tagged?.length ? asJson(tagged.map((tag) => placed(tag))) : undefined,
                }),
              ),
            ),
          )
      : undefined,
    makeContainer: (children: string[]) => {
      if (carousel) return make(formOf({ media_type: 'CAROUSEL', children: children.join(','), caption: text, ...shared }));
      const [{ medium, altText, tagged }] = media as [(typeof media)[number]];
      if (type === 'STORY')
        return make(formOf(medium.type === 'video' ? { media_type: 'STORIES', video_url: medium.url } : { media_type: 'STORIES', image_url: medium.url }));
      if (medium.type !== 'video') {
        if (type === 'REEL')
          throw new PlatformError({
            code: 'INVALID_REQUEST',
            message: `${PUBLISH}: a reel needs a video`,
            httpStatus: 400,
            userFacingMessage: 'An Instagram reel needs a video.',
            meta: { platform: 'INSTAGRAM', operation: PUBLISH },
          });
        return make(
          formOf({ image_url: medium.url, caption: text, alt_text: altText, user_tags: tagged?.length ? asJson(tagged.map(placed)) : undefined, ...shared }),
        );
      }
      // Feed videos are reels (Meta retired VIDEO as a feed media type); a REEL shares to the feed only when asked.
      return make(
        formOf({
          media_type: 'REELS',
          video_url: medium.url,
          caption: text,
          share_to_feed: type === 'REEL' ? Boolean(options.shareToFeed) : true,
          // Meta fetches the cover from its URL and ignores thumb_offset when both are sent.
          cover_url: request.thumbnail?.url,
          thumb_offset: request.thumbnail ? undefined : (options.thumbnailOffset ?? undefined),
          user_tags: tagged?.length ? asJson(tagged.map((tag) => ({ username: tag.username }))) : undefined,
          trial_params: options.trialParams ? asJson({ graduation_strategy: options.trialParams.graduationStrategy }) : undefined,
          ...shared,
        }),
      );
    },
  };
}

/** A tag on an image sits at a point (0..1 from the top left); Meta needs both coordinates. */
const placed = (tag: Tag) => ({ username: tag.username, x: tag.x ?? 0.5, y: tag.y ?? 0.5 });

function containerApi(acting: Acting, story: boolean): ContainerApi {
  const { graph, token, accountId } = acting;
  return {
    platform: 'INSTAGRAM',
    async status(id) {
      const read = await graph.call<{ status_code?: ContainerState['code']; status?: string }>({
        operation: 'publishing.status',
        path: `/${id}`,
        token,
        query: { fields: 'status_code,status' },
      });
      return { code: read.status_code ?? 'IN_PROGRESS', detail: read.status ?? null };
    },
    async publish(containerId) {
      const published = await graph.call<{ id: string }>({
        operation: PUBLISH,
        path: `/${accountId}/media_publish`,
        token,
        form: { creation_id: containerId },
      });
      return published.id;
    },
    async findPublished({ since, text }) {
      // Stories are not on the media edge; they have their own.
      const listed = await graph.call<{ data?: { id: string; caption?: string; timestamp?: string }[] }>({
        operation: 'publishing.find',
        path: `/${accountId}/${story ? 'stories' : 'media'}`,
        token,
        query: { fields: 'id,caption,timestamp', limit: '25' },
      });
      const found = (listed.data ?? []).find(
        (media) => Date.parse(media.timestamp ?? '') >= since.getTime() && (story || (media.caption ?? '').trim() === (text ?? '').trim()),
      );
      return found?.id ?? null;
    },
    failed(state, operation) {
      // `status` carries the error subcode of a failed container ("Error: ... 2207026").
      const subcode = Number(/22070\d\d/.exec(state.detail ?? '')?.[0]);
      const known = INSTAGRAM_MEDIA_ERRORS[subcode];
      return new PlatformError({
        code: state.code === 'EXPIRED' ? 'TRANSIENT' : (known?.kind ?? 'PERMANENT'),
        message: `${operation}: the Instagram container ended ${state.code}${state.detail ? ` (${state.detail})` : ''}`,
        httpStatus: 200,
        userFacingMessage: state.code === 'EXPIRED' ? INSTAGRAM_MEDIA_ERRORS[2207008]!.text : (known?.text ?? 'Instagram could not process the media.'),
        meta: { platform: 'INSTAGRAM', operation, containerStatus: state.detail, ...(known ? { metaSubcode: subcode } : {}) },
      });
    },
  };
}

/** The published media's permalink and picture; looked up best-effort (the post is out whatever this answers). */
async function describe(acting: Acting, mediaId: string, containerId: string): Promise<Record<string, string>> {
  const base = { id: mediaId, ...(containerId ? { creationId: containerId } : {}) };
  try {
    const media = await acting.graph.call<{ permalink?: string; media_url?: string; thumbnail_url?: string }>({
      operation: 'publishing.permalink',
      path: `/${mediaId}`,
      token: acting.token,
      query: { fields: 'id,permalink,media_url,thumbnail_url' },
    });
    const thumbnail = media.thumbnail_url ?? media.media_url;
    return { ...base, permalink: media.permalink ?? '', ...(thumbnail ? { thumbnail } : {}) };
  } catch {
    return { ...base, permalink: '' };
  }
}

const noMedia = (operation: string) =>
  new PlatformError({
    code: 'INVALID_REQUEST',
    message: `${operation}: nothing to publish on Instagram (no media found)`,
    httpStatus: 400,
    userFacingMessage: 'Instagram posts need an image or a video.',
    meta: { platform: 'INSTAGRAM', operation },
  });
