import type { ActionsCapability } from '../../actions';
import type { Credentials } from '../../connector';
import { PlatformError } from '../../platform-error';
import type { PublishingCapability, PublishRequest, PublishResult } from '../../publishing';
import { type GbpApi, selectedLocation } from './gbp-api';

/** Google's LocalPost (v4), as created and listed. */
type LocalPost = { name: string; summary?: string; topicType?: string; searchUrl?: string; state?: string; createTime?: string };

function googleDate(iso: string) {
  const date = new Date(iso);
  return {
    date: { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
    time: { hours: date.getUTCHours(), minutes: date.getUTCMinutes(), seconds: 0, nanos: 0 },
  };
}

/** The post's options (`data.GOOGLE_BUSINESS`, already checked by the content rules) as a LocalPost body. */
export function localPostBody(request: Pick<PublishRequest, 'options' | 'media'>): Record<string, unknown> {
  const o = request.options as Record<string, string | null | undefined>;
  const topicType = o.topicType ?? 'STANDARD';
  const body: Record<string, unknown> = { languageCode: o.languageCode ?? 'en', topicType };
  if (o.text) body.summary = o.text;
  if (o.callToActionType) body.callToAction = { actionType: o.callToActionType, ...(o.callToActionUrl ? { url: o.callToActionUrl } : {}) };
  if ((topicType === 'EVENT' || topicType === 'OFFER') && o.eventStartDate) {
    const start = googleDate(o.eventStartDate);
    // An offer without an end runs the day it starts (Google requires an end of the schedule).
    const end = googleDate(o.eventEndDate ?? o.eventStartDate);
    body.event = {
      // Google requires a title for offers too: the offer's name, else the start of the text.
      title: o.eventTitle ?? (o.text ?? '').slice(0, 58),
      schedule: {
        startDate: start.date,
        startTime: start.time,
        endDate: end.date,
        endTime: o.eventEndDate ? end.time : { hours: 23, minutes: 59, seconds: 0, nanos: 0 },
      },
    };
  }
  if (topicType === 'OFFER') {
    body.offer = {
      ...(o.offerCouponCode ? { couponCode: o.offerCouponCode } : {}),
      ...(o.offerRedeemOnlineUrl ? { redeemOnlineUrl: o.offerRedeemOnlineUrl } : {}),
      ...(o.offerTermsConditions ? { termsConditions: o.offerTermsConditions } : {}),
    };
  }
  if (topicType === 'ALERT' && o.alertType) body.alertType = o.alertType;
  if (request.media.length > 0) {
    // Google fetches each file from its public URL (`PUBLIC_URL` must be reachable from the internet).
    body.media = request.media.map((item) => ({ mediaFormat: item.type === 'video' ? 'VIDEO' : 'PHOTO', sourceUrl: item.url }));
  }
  return body;
}

const resultOf = (post: LocalPost): PublishResult => ({ externalData: { id: post.name, permalink: post.searchUrl ?? '' } });

/**
 * Local posts (v4 `accounts.locations.localPosts`). Google keeps no idempotency key, so after a
 * crash `findByIntent` searches the location's newest posts for one with the same text and type
 * made since the attempt was due; a crash between Google's answer and our commit with two equal
 * posts in that window could still pick the older one, never publish twice.
 */
export function gbpPublishing(api: GbpApi): PublishingCapability {
  async function recent(credentials: Credentials, location: string): Promise<LocalPost[]> {
    const page = await api.call<{ localPosts?: LocalPost[] }>(credentials, {
      operation: 'publishing.findByIntent',
      url: `${api.config.v4Base}/${location}/localPosts?pageSize=20`,
    });
    return page.localPosts ?? [];
  }
  return {
    async publish(_env, credentials, target, request) {
      const location = selectedLocation(request.channelId ?? target.selectedChannelId, 'publishing.publish');
      const post = await api.call<LocalPost>(credentials, {
        operation: 'publishing.publish',
        method: 'POST',
        url: `${api.config.v4Base}/${location}/localPosts`,
        body: localPostBody(request),
      });
      if (post.state === 'REJECTED') {
        throw new PlatformError({
          code: 'INVALID_REQUEST',
          message: `Google rejected the local post ${post.name}`,
          httpStatus: 200,
          userFacingMessage: 'Google rejected this post for its content policy.',
          meta: { platform: 'GOOGLE_BUSINESS', operation: 'publishing.publish', postName: post.name },
        });
      }
      return resultOf(post);
    },
    async findByIntent(_env, credentials, target, _intentKey, context) {
      const location = selectedLocation(context?.channelId ?? target.selectedChannelId, 'publishing.findByIntent');
      const options = (context?.options ?? {}) as Record<string, string | undefined>;
      const since = (context?.publishAt?.getTime() ?? 0) - 60_000;
      const found = (await recent(credentials, location)).find(
        (post) =>
          (post.summary ?? '') === (options.text ?? '') &&
          (post.topicType ?? 'STANDARD') === (options.topicType ?? 'STANDARD') &&
          Date.parse(post.createTime ?? '') >= since,
      );
      return found ? resultOf(found) : null;
    },
    async comment() {
      throw new PlatformError({
        code: 'INVALID_REQUEST',
        message: 'Google Business posts have no comments',
        httpStatus: 400,
        meta: { platform: 'GOOGLE_BUSINESS', operation: 'publishing.comment' },
      });
    },
  };
}

/** A local post of the account's location: never one of another location by a forged name. */
function ownPost(name: string, channelId: string | null, operation: string) {
  const location = selectedLocation(channelId, operation);
  if (!name.startsWith(`${location}/localPosts/`)) {
    throw new PlatformError({
      code: 'NOT_FOUND',
      message: `${name} is not a post of ${location}`,
      httpStatus: 404,
      meta: { platform: 'GOOGLE_BUSINESS', operation },
    });
  }
  return name;
}

/** Edit a local post's text (`updateMask=summary`), delete it. */
export function gbpActions(api: GbpApi): ActionsCapability {
  return {
    editPost: async (_env, credentials, account, input) => {
      const name = ownPost(input.externalId, account.selectedChannelId, 'actions.editPost');
      const post = await api.call<LocalPost>(credentials, {
        operation: 'actions.editPost',
        method: 'PATCH',
        idempotent: true,
        url: `${api.config.v4Base}/${name}?updateMask=summary`,
        body: { summary: input.edit.text ?? '' },
      });
      return { permalink: post.searchUrl ?? null };
    },
    deletePost: async (_env, credentials, account, input) => {
      const name = ownPost(input.externalId, account.selectedChannelId, 'actions.deletePost');
      await api.call(credentials, { operation: 'actions.deletePost', method: 'DELETE', url: `${api.config.v4Base}/${name}` });
    },
    editComment: null,
    deleteComment: null,
    lookups: {},
  };
}
