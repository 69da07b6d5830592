import type { AuthCapability, LiveConnectCapability, TokenSet } from '../../connector';
import { PlatformError } from '../../platform-error';
import { accountKeyOf } from '../shared/account-key';
import type { YoutubeApi } from './youtube-api';

/**
 * Scopes asked at consent: upload and manage videos and playlists (`youtube`, which covers
 * `youtube.upload`), read channels, and comments (`youtube.force-ssl`).
 */
export const YOUTUBE_SCOPES = ['https://www.googleapis.com/auth/youtube', 'https://www.googleapis.com/auth/youtube.force-ssl'];

type TokenAnswer = {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  scope?: string;
  /** Set when the refresh token itself expires: apps in "Testing" publishing status get 7 days. */
  refresh_token_expires_in?: number;
};

/** Refresh tokens that die within this window come from an app in "Testing" status (Google: 7 days). */
const TESTING_MODE_SECONDS = 7 * 24 * 3600;

export type TokenWarning = (warning: { message: string; refreshTokenExpiresAt: Date }) => void;

async function tokenCall(api: YoutubeApi, form: Record<string, string>, operation: string, warn: TokenWarning): Promise<TokenAnswer & { expiresAt: Date }> {
  const body = new URLSearchParams({ ...form, client_id: api.config.clientId, client_secret: api.config.clientSecret });
  try {
    const response = await api.config.http.request({
      platform: 'YOUTUBE',
      operation,
      accountKey: accountKeyOf('YOUTUBE', 'token', form.refresh_token ?? form.code ?? operation),
      method: 'POST',
      url: api.config.tokenUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });
    const tokens = (await response.json()) as TokenAnswer;
    if (tokens.refresh_token_expires_in !== undefined && tokens.refresh_token_expires_in <= TESTING_MODE_SECONDS) {
      warn({
        message:
          'Google issued a refresh token that expires within 7 days: the OAuth consent screen of the Google Cloud project is in "Testing" status. Publish the app (or have it verified) or this YouTube connection stops working in a week.',
        refreshTokenExpiresAt: new Date(Date.now() + tokens.refresh_token_expires_in * 1000),
      });
    }
    return { ...tokens, expiresAt: new Date(Date.now() + tokens.expires_in * 1000) };
  } catch (error) {
    // `invalid_grant`: the person revoked the app, the code was used, or a Testing-mode token expired.
    if (error instanceof PlatformError && error.httpStatus === 400 && String(error.meta.body).includes('invalid_grant')) {
      throw new PlatformError({
        code: 'ACCESS_REVOKED',
        message: `Google refused the grant (invalid_grant)`,
        httpStatus: 400,
        userFacingMessage: 'Google no longer accepts this YouTube connection (revoked, or the app is in Testing mode and 7 days passed); reconnect it.',
        meta: { platform: 'YOUTUBE', operation },
      });
    }
    throw error;
  }
}

/** Google's consent with offline access: the code brings a refresh token, kept with the account. */
export function youtubeConnect(api: YoutubeApi, warn: TokenWarning): LiveConnectCapability {
  return {
    method: 'oauth',
    async authorizationUrl(_env, input) {
      const query = new URLSearchParams({
        client_id: api.config.clientId,
        redirect_uri: input.redirectUri,
        response_type: 'code',
        scope: YOUTUBE_SCOPES.join(' '),
        // `offline` + `consent`: Google sends a refresh token on every consent, also a repeated one.
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state: input.state,
      });
      return `${api.config.authorizeUrl}?${query}`;
    },
    async exchange(_env, input): Promise<TokenSet> {
      const tokens = await tokenCall(
        api,
        { grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri },
        'connect.exchangeCode',
        warn,
      );
      if (!tokens.refresh_token) {
        throw new PlatformError({
          code: 'PERMISSION_MISSING',
          message: 'Google answered without a refresh token (offline access not granted)',
          httpStatus: 200,
          userFacingMessage: 'Google did not grant offline access; connect again and accept all permissions.',
          meta: { platform: 'YOUTUBE', operation: 'connect.exchangeCode' },
        });
      }
      return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresAt: tokens.expiresAt };
    },
  };
}

/** Google access tokens last an hour; the refresh token stays (Google rarely sends a new one). */
export function youtubeAuth(api: YoutubeApi, warn: TokenWarning): AuthCapability {
  return {
    // Refreshed five minutes ahead, so an upload of several chunks does not cross the expiry.
    refreshAheadSeconds: 300,
    async refresh(_env, credentials) {
      if (!credentials.refreshToken) {
        throw new PlatformError({
          code: 'TOKEN_EXPIRED',
          message: 'This YouTube connection has no refresh token',
          httpStatus: 400,
          meta: { platform: 'YOUTUBE', operation: 'auth.refresh' },
        });
      }
      const tokens = await tokenCall(api, { grant_type: 'refresh_token', refresh_token: credentials.refreshToken }, 'auth.refresh', warn);
      return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token ?? credentials.refreshToken, expiresAt: tokens.expiresAt };
    },
  };
}
