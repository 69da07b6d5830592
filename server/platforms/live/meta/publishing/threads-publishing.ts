import { PlatformError } from '../../../platform-error';
import type { PublishingCapability, PublishMedia, PublishRequest } from '../../../publishing';
import type { MetaConfig } from '../meta-config';
import { findThroughContainer, publishThroughContainer, type ContainerApi, type ContainerState } from './container-flow';
import { asJson, capReached, formOf, publishingActing, type Acting } from './meta-acting';

type ThreadsOptions = {
  text?: string | null;
  mediaItems?: { uploadId: string; altText?: string | null }[] | null;
  topicTag?: string | null;
  replyControl?: string | null;
  linkAttachment?: string | null;
  poll?: { optionA: string; optionB: string; optionC?: string | null; optionD?: string | null } | null;
  gif?: { gifId: string; provider: string } | null;
  allowlistedCountryCodes?: string[] | null;
};

type Limits = {
  data?: {
    quota_usage?: number;
    config?: { quota_total?: number; quota_duration?: number };
    reply_quota_usage?: number;
    reply_config?: { quota_total?: number; quota_duration?: number };
  }[];
};

const PUBLISH = 'publishing.publish';

/**
 * Threads publishing (https://developers.facebook.com/docs/threads/posts): text, an image, a
 * video or a carousel (2 to 20 items), with a topic tag, reply control, a link attachment, a poll, a
 * GIF and country allowlists as `data.THREADS` names them, through the same resumable container
 * flow as Instagram (`threads_publish`). The 250 posts and 1,000 replies a day
 * (`threads_publishing_limit`) are read before publishing; first comments are replies
 * (`reply_to_id`), adopted on a retry when the account already left the same reply.
 */
export function threadsPublishing(config: MetaConfig): PublishingCapability {
  const waitSeconds = config.containerWaitSeconds;
  const actingFor = publishingActing(config, 'THREADS');

  return {
    async publish(_env, credentials, target, request) {
      const acting = await actingFor(credentials, target, PUBLISH);
      const options = request.options as ThreadsOptions;
      const { mediaId, containerId } = await publishThroughContainer(containerApi(acting), request, postPlan(acting, request, options), waitSeconds);
      return { externalData: await describe(acting, mediaId, containerId) };
    },

    async findByIntent(_env, credentials, target, _intentKey, context) {
      const acting = await actingFor(credentials, target, 'publishing.find');
      const text = (context?.options as ThreadsOptions | undefined)?.text ?? null;
      const found = await findThroughContainer(containerApi(acting), context?.progress, text);
      return found ? { externalData: await describe(acting, found.mediaId, found.containerId) } : null;
    },

    async comment(_env, credentials, target, request) {
      const operation = 'publishing.comment';
      // Replies are published with the publishing scope (`threads_content_publish`).
      const acting = await actingFor(credentials, target, operation);
      const parent = request.externalData.id;
      if (!parent) throw missing(operation, 'the Threads post to reply to is unknown');
      const earlier = await ownReply(acting, parent, request.text, operation);
      if (earlier) return { id: earlier.id, permalink: earlier.permalink ?? null };
      const plan = {
        text: request.text,
        checkLimit: () => checkLimits(acting, operation, 'reply'),
        makeContainer: () => make(acting, formOf({ media_type: 'TEXT', text: request.text, reply_to_id: parent })),
      };
      const { mediaId } = await publishThroughContainer(replyApi(acting, parent), {}, plan, waitSeconds);
      const described = await describe(acting, mediaId, '');
      return { id: mediaId, permalink: described.permalink || null };
    },
  };
}

function make(acting: Acting, form: Record<string, string>): Promise<string> {
  return acting.graph
    .call<{ id: string }>({ operation: 'publishing.container', path: `/${acting.accountId}/threads`, token: acting.token, form })
    .then((made) => made.id);
}

function postPlan(acting: Acting, request: PublishRequest, options: ThreadsOptions) {
  const byId = new Map(request.media.map((medium) => [medium.id, medium]));
  const altOf = new Map((options.mediaItems ?? []).map((item) => [item.uploadId, item.altText ?? undefined]));
  const media = request.media.filter((medium) => byId.has(medium.id));
  const mediaFields = (medium: PublishMedia) =>
    medium.type === 'video'
      ? { media_type: 'VIDEO', video_url: medium.url, alt_text: altOf.get(medium.id) }
      : { media_type: 'IMAGE', image_url: medium.url, alt_text: altOf.get(medium.id) };
  const poll = options.poll;
  const shared = {
    text: options.text,
    topic_tag: options.topicTag,
    reply_control: options.replyControl,
    allowlisted_country_codes: options.allowlistedCountryCodes?.length ? options.allowlistedCountryCodes.join(',') : undefined,
  };
  return {
    text: options.text ?? null,
    checkLimit: () => checkLimits(acting, PUBLISH, 'post'),
    makeChildren:
      media.length > 1 ? () => Promise.all(media.map((medium) => make(acting, formOf({ ...mediaFields(medium), is_carousel_item: true })))) : undefined,
    makeContainer: (children: string[]) => {
      if (children.length > 0) return make(acting, formOf({ media_type: 'CAROUSEL', children: children.join(','), ...shared }));
      if (media.length === 1) return make(acting, formOf({ ...mediaFields(media[0]!), ...shared }));
      return make(
        acting,
        formOf({
          media_type: 'TEXT',
          ...shared,
          link_attachment: options.linkAttachment,
          poll_attachment: poll
            ? asJson({
                option_a: poll.optionA,
                option_b: poll.optionB,
                ...(poll.optionC ? { option_c: poll.optionC } : {}),
                ...(poll.optionD ? { option_d: poll.optionD } : {}),
              })
            : undefined,
          gif_attachment: options.gif ? asJson({ gif_id: options.gif.gifId, provider: options.gif.provider }) : undefined,
        }),
      );
    },
  };
}

/** The daily caps: 250 posts and 1,000 replies in 24 hours (`threads_publishing_limit`). */
async function checkLimits(acting: Acting, operation: string, kind: 'post' | 'reply'): Promise<void> {
  const limits = await acting.graph.call<Limits>({
    operation: 'publishing.limit',
    path: `/${acting.accountId}/threads_publishing_limit`,
    token: acting.token,
    query: { fields: 'quota_usage,config,reply_quota_usage,reply_config' },
  });
  const usage = limits.data?.[0];
  const full =
    kind === 'post'
      ? capReached({
          platform: 'THREADS',
          operation,
          used: usage?.quota_usage,
          total: usage?.config?.quota_total,
          durationSeconds: usage?.config?.quota_duration,
          what: 'posts',
        })
      : capReached({
          platform: 'THREADS',
          operation,
          used: usage?.reply_quota_usage,
          total: usage?.reply_config?.quota_total,
          durationSeconds: usage?.reply_config?.quota_duration,
          what: 'replies',
        });
  if (full) throw full;
}

/** Readable words for the `error_message` of a failed Threads container. */
const CONTAINER_ERRORS: Record<string, { kind: 'TRANSIENT' | 'INVALID_REQUEST'; text: string }> = {
  FAILED_DOWNLOADING_VIDEO: {
    kind: 'INVALID_REQUEST',
    text: 'Threads could not fetch the video from its link: PUBLIC_URL must be reachable from the internet.',
  },
  FAILED_DOWNLOADING_IMAGE: {
    kind: 'INVALID_REQUEST',
    text: 'Threads could not fetch the image from its link: PUBLIC_URL must be reachable from the internet.',
  },
  FAILED_PROCESSING_VIDEO: { kind: 'INVALID_REQUEST', text: 'Threads could not process this video.' },
  FAILED_PROCESSING_IMAGE: { kind: 'INVALID_REQUEST', text: 'Threads could not process this image.' },
  INVALID_IMAGE_FORMAT: { kind: 'INVALID_REQUEST', text: 'Threads does not accept this image format.' },
  INVALID_VIDEO_FORMAT: { kind: 'INVALID_REQUEST', text: 'Threads does not accept this video format.' },
  UNKNOWN: { kind: 'TRANSIENT', text: 'Threads had an unknown processing error; the post is tried again.' },
};

function containerApi(acting: Acting): ContainerApi {
  const { graph, token, accountId } = acting;
  return {
    platform: 'THREADS',
    async status(id) {
      const read = await graph.call<{ status?: ContainerState['code']; error_message?: string }>({
        operation: 'publishing.status',
        path: `/${id}`,
        token,
        query: { fields: 'status,error_message' },
      });
      return { code: read.status ?? 'IN_PROGRESS', detail: read.error_message ?? null };
    },
    async publish(containerId) {
      return (await graph.call<{ id: string }>({ operation: PUBLISH, path: `/${accountId}/threads_publish`, token, form: { creation_id: containerId } })).id;
    },
    async findPublished({ since, text }) {
      const listed = await graph.call<{ data?: { id: string; text?: string; timestamp?: string }[] }>({
        operation: 'publishing.find',
        path: `/${accountId}/threads`,
        token,
        query: { fields: 'id,text,timestamp', limit: '25' },
      });
      const found = (listed.data ?? []).find(
        (media) => Date.parse(media.timestamp ?? '') >= since.getTime() && (media.text ?? '').trim() === (text ?? '').trim(),
      );
      return found?.id ?? null;
    },
    failed(state, operation) {
      const known = state.code === 'EXPIRED' ? undefined : CONTAINER_ERRORS[state.detail ?? 'UNKNOWN'];
      return new PlatformError({
        code: state.code === 'EXPIRED' ? 'TRANSIENT' : (known?.kind ?? 'PERMANENT'),
        message: `${operation}: the Threads container ended ${state.code}${state.detail ? ` (${state.detail})` : ''}`,
        httpStatus: 200,
        userFacingMessage:
          state.code === 'EXPIRED'
            ? 'The Threads container expired before it was published; the post is tried again.'
            : (known?.text ?? 'Threads could not process the media.'),
        meta: { platform: 'THREADS', operation, containerStatus: state.detail },
      });
    },
  };
}

/** Replies are found among the account's own replies (`/{user}/replies`), by the post they answer. */
function replyApi(acting: Acting, parent: string): ContainerApi {
  const base = containerApi(acting);
  return {
    ...base,
    async findPublished({ since, text }) {
      const found = await ownReply(acting, parent, text ?? '', 'publishing.find');
      return found && Date.parse(found.timestamp ?? '') >= since.getTime() ? found.id : null;
    },
  };
}

async function ownReply(acting: Acting, parent: string, text: string, operation: string) {
  const listed = await acting.graph.call<{ data?: { id: string; text?: string; timestamp?: string; permalink?: string; replied_to?: { id?: string } }[] }>({
    operation,
    path: `/${acting.accountId}/replies`,
    token: acting.token,
    query: { fields: 'id,text,timestamp,permalink,replied_to', limit: '50' },
  });
  return (listed.data ?? []).find((reply) => reply.replied_to?.id === parent && (reply.text ?? '').trim() === text.trim()) ?? null;
}

async function describe(acting: Acting, mediaId: string, containerId: string): Promise<Record<string, string>> {
  const base = { id: mediaId, ...(containerId ? { creationId: containerId } : {}) };
  try {
    const media = await acting.graph.call<{ permalink?: string }>({
      operation: 'publishing.permalink',
      path: `/${mediaId}`,
      token: acting.token,
      query: { fields: 'id,permalink' },
    });
    return { ...base, permalink: media.permalink ?? '' };
  } catch {
    return { ...base, permalink: '' };
  }
}

const missing = (operation: string, what: string) =>
  new PlatformError({ code: 'INVALID_REQUEST', message: `${operation}: ${what}`, httpStatus: 400, meta: { platform: 'THREADS', operation } });
