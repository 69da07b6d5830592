import type { PlatformConnector } from '../../connector';
import { tiktok } from '../../definitions/tiktok';
import { noInboundWebhooks } from '../shared/no-inbound-webhooks';
import { TikTokApi, type TikTokConfig } from './tiktok-api';
import { tiktokAnalytics } from './tiktok-analytics';
import { tiktokLookups } from './tiktok-lookups';
import { tiktokAuth, tiktokConnect, tiktokProfile } from './tiktok-login';
import { tiktokPublishing } from './tiktok-publishing';

/**
 * TikTok for real (decision 092): Login Kit for the account, the Content Posting API for videos
 * (direct or to the creator's inbox, uploaded in chunks) and photos (pulled from our public
 * address), the Display API for numbers. TikTok's API lets this kind of app neither read nor write
 * comments, nor edit or delete posts, and pushes no webhooks we use: those members are null.
 */
export function tiktokConnector(config: TikTokConfig): PlatformConnector & { api: TikTokApi } {
  const api = new TikTokApi(config);
  return {
    api,
    type: 'TIKTOK',
    definition: tiktok,
    mode: 'live',
    connect: tiktokConnect(api),
    auth: tiktokAuth(api),
    profile: tiktokProfile(api),
    messaging: null,
    webhooks: noInboundWebhooks('TIKTOK'),
    publishing: tiktokPublishing(api),
    // No edit or delete API for what is published; the composer's lookups only.
    actions: { editPost: null, deletePost: null, editComment: null, deleteComment: null, lookups: tiktokLookups(api) },
    analytics: tiktokAnalytics(api),
    xActions: null,
    comments: null,
    reviews: null,
    history: null,
    providerSettings: null,
  };
}
