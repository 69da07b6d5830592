import type { AuthCapability, LiveConnectCapability, ProfileCapability, TokenSet } from '../../connector';
import type { Permission } from '../../permissions';
import { TIKTOK_AUTHORIZE, tiktokError, type TikTokApi } from './tiktok-api';

/**
 * What Login Kit is asked for: who the person is (basic, profile, stats), posting (direct and to
 * the inbox) and their videos (history and analytics). TikTok has no comment scope for this kind of
 * app (decision 092).
 */
export const TIKTOK_SCOPES = ['user.info.basic', 'user.info.profile', 'user.info.stats', 'video.publish', 'video.upload', 'video.list'];

type TokenAnswer = { open_id: string; scope: string; access_token: string; expires_in: number; refresh_token: string; refresh_expires_in: number };

type UserInfo = {
  user: {
    open_id: string;
    union_id?: string;
    avatar_url?: string;
    display_name?: string;
    username?: string;
    bio_description?: string;
    profile_deep_link?: string;
    is_verified?: boolean;
    follower_count?: number;
    following_count?: number;
    likes_count?: number;
    video_count?: number;
  };
};

export const USER_FIELDS =
  'open_id,union_id,avatar_url,display_name,username,bio_description,profile_deep_link,is_verified,follower_count,following_count,likes_count,video_count';

const tokens = (answer: TokenAnswer): TokenSet => ({
  accessToken: answer.access_token,
  refreshToken: answer.refresh_token,
  // 24 hours for the access token; the refresh token lasts a year and may change on every refresh.
  expiresAt: new Date(Date.now() + answer.expires_in * 1000),
});

/** Login Kit for Web (OAuth 2.0 code flow): the consent page, then the code for tokens. */
export function tiktokConnect(api: TikTokApi): LiveConnectCapability {
  return {
    method: 'oauth',
    async authorizationUrl(_env, input) {
      const query = new URLSearchParams({
        client_key: api.config.clientKey,
        scope: TIKTOK_SCOPES.join(','),
        response_type: 'code',
        redirect_uri: input.redirectUri,
        state: input.state,
        // A reconnect shows the account picker again rather than reusing the signed-in session silently.
        ...(input.reconnect ? { disable_auto_auth: '1' } : {}),
      });
      return `${api.config.authorizeUrl ?? TIKTOK_AUTHORIZE}?${query}`;
    },
    async exchange(_env, input) {
      const answer = await api.token<TokenAnswer>(
        { code: input.code, grant_type: 'authorization_code', redirect_uri: input.redirectUri },
        'connect.exchangeCode',
      );
      return tokens(answer);
    },
  };
}

/**
 * Access tokens last 24 hours. A refresh answers a new access token and a refresh token that may be
 * a new one: the old one stops working, so the caller stores both at once (`withCredentials` keeps
 * one refresh per account at a time and saves the pair in one update).
 */
export function tiktokAuth(api: TikTokApi): AuthCapability {
  return {
    // Refresh a little ahead: a publish is several calls (creator info, init, chunks, status).
    refreshAheadSeconds: 10 * 60,
    async refresh(_env, credentials) {
      if (!credentials.refreshToken) throw tiktokError('TOKEN_EXPIRED', 'auth.refresh', 'this TikTok connection has no refresh token', undefined, 401);
      const answer = await api.token<TokenAnswer>({ grant_type: 'refresh_token', refresh_token: credentials.refreshToken }, 'auth.refresh');
      return { ...tokens(answer), refreshToken: answer.refresh_token || credentials.refreshToken };
    },
  };
}

export async function userInfo(api: TikTokApi, accessToken: string, operation: string): Promise<UserInfo['user']> {
  const data = await api.asUser<UserInfo>(accessToken, { operation, path: `/v2/user/info/?fields=${USER_FIELDS}` });
  return data.user;
}

/** The connected account is the TikTok user; TikTok has no pages or channels. */
export function tiktokProfile(api: TikTokApi): ProfileCapability {
  return {
    async fetch(_env, credentials) {
      const user = await userInfo(api, credentials.accessToken, 'profile.fetch');
      // What the service can do with the scopes asked: TikTok offers no comment API to this app.
      const permissions: Permission[] = ['profile', 'publish', 'analytics'];
      return {
        profile: {
          externalId: user.open_id,
          username: user.username ?? null,
          displayName: user.display_name ?? null,
          bio: user.bio_description ?? null,
          avatarUrl: user.avatar_url ?? null,
          email: null,
          attributes: { business: false, verified: user.is_verified ?? null, profileLink: user.profile_deep_link ?? null },
        },
        permissions,
      };
    },
    listChannels: async () => [],
  };
}
