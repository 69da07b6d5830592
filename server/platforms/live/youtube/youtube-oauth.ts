import type { AuthCapability, LiveConnectCapability } from '../../connector';
import { googleAuth, googleConnect, type GoogleProduct, type TokenWarning } from '../google/google-oauth';
import type { YoutubeApi } from './youtube-api';

export type { TokenWarning };

/**
 * Scopes asked at consent: upload and manage videos and playlists (`youtube`, which covers
 * `youtube.upload`), read channels, and comments (`youtube.force-ssl`).
 */
export const YOUTUBE_SCOPES = ['https://www.googleapis.com/auth/youtube', 'https://www.googleapis.com/auth/youtube.force-ssl'];

const youtubeProduct = (warn: TokenWarning): GoogleProduct => ({ platform: 'YOUTUBE', name: 'YouTube', scopes: YOUTUBE_SCOPES, warn });

/** Google's consent with offline access (google-oauth.ts), for YouTube's scopes. */
export function youtubeConnect(api: YoutubeApi, warn: TokenWarning): LiveConnectCapability {
  return googleConnect(api.config, youtubeProduct(warn));
}

export function youtubeAuth(api: YoutubeApi, warn: TokenWarning): AuthCapability {
  return googleAuth(api.config, youtubeProduct(warn));
}
