import type { PlatformConnector } from '../../connector';
import { youtube } from '../../definitions/youtube';
import { noInboundWebhooks } from '../shared/no-inbound-webhooks';
import { YoutubeApi, type YoutubeConfig } from './youtube-api';
import { youtubeAuth, youtubeConnect, type TokenWarning } from './youtube-oauth';
import { youtubePlaylists } from './youtube-playlists';
import { youtubeProfile } from './youtube-profile';
import { youtubePublishing } from './youtube-publishing';
import { youtubeActions, youtubeAnalytics, youtubeComments, youtubeHistory } from './youtube-reading';

/**
 * YouTube for real (decision 091): Google OAuth with offline access; the account is the Google
 * account's channel(s), one selected; videos go up through the resumable upload protocol with the
 * session recorded as the intent; comments, history (the uploads playlist) and lifetime statistics.
 * YouTube pushes nothing we subscribe to, so no inbound webhooks.
 */
export function youtubeConnector(config: YoutubeConfig & { warn?: TokenWarning }): PlatformConnector {
  const api = new YoutubeApi(config);
  const warn: TokenWarning = config.warn ?? (() => {});
  return {
    type: 'YOUTUBE',
    definition: youtube,
    mode: 'live',
    connect: youtubeConnect(api, warn),
    auth: youtubeAuth(api, warn),
    profile: youtubeProfile(api),
    messaging: null,
    webhooks: noInboundWebhooks('YOUTUBE'),
    publishing: youtubePublishing(api),
    actions: youtubeActions(api),
    analytics: youtubeAnalytics(api),
    xActions: null,
    comments: youtubeComments(api),
    reviews: null,
    history: youtubeHistory(api),
    providerSettings: null,
    playlists: youtubePlaylists(api),
  };
}
