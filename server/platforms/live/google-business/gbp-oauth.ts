import type { AuthCapability, LiveConnectCapability, TokenSet } from '../../connector';
import { PlatformError } from '../../platform-error';
import { accountKeyOf } from '../shared/account-key';
import type { GbpApi } from './gbp-api';

/** The one scope of the Business Profile APIs, and who the person is (userinfo). */
export const GBP_SCOPES = ['https://www.googleapis.com/auth/business.manage', 'openid', 'email', 'profile'];

type TokenAnswer = { access_token: string; expires_in: number; refresh_token?: string; scope?: string };

/** Google's token endpoint (form-encoded, client secret in the body as Google's web-server flow documents). */
async function tokenCall(api: GbpApi, form: Record<string, string>, operation: string): Promise<TokenAnswer> {
  const { config } = api;
  try {
    return await config.http.json<TokenAnswer>({
      platform: 'GOOGLE_BUSINESS',
      operation,
      accountKey: accountKeyOf('GOOGLE_BUSINESS', 'token', form.refresh_token ?? form.code ?? operation),
      method: 'POST',
      url: config.tokenUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form, client_id: config.clientId, client_secret: config.clientSecret }).toString(),
    });
  } catch (error) {
    // `invalid_grant`: revoked by the person, a used code, or a refresh token of a "Testing" app past 7 days.
    if (error instanceof PlatformError && error.httpStatus === 400 && String(error.meta.body ?? error.message).includes('invalid_grant')) {
      throw new PlatformError({
        code: 'ACCESS_REVOKED',
        message: 'Google refused the grant (invalid_grant)',
        httpStatus: 400,
        userFacingMessage: 'Google no longer accepts this Google Business connection; reconnect it.',
        meta: { platform: 'GOOGLE_BUSINESS', operation },
      });
    }
    throw error;
  }
}

/** Google's consent with offline access (a refresh token is kept with the account). */
export function gbpConnect(api: GbpApi): LiveConnectCapability {
  return {
    method: 'oauth',
    async authorizationUrl(_env, input) {
      const query = new URLSearchParams({
        client_id: api.config.clientId,
        redirect_uri: input.redirectUri,
        response_type: 'code',
        scope: GBP_SCOPES.join(' '),
        // `offline` + `consent`: a refresh token on every consent, also a repeated one.
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state: input.state,
      });
      return `${api.config.authorizeUrl}?${query}`;
    },
    async exchange(_env, input): Promise<TokenSet> {
      const tokens = await tokenCall(api, { grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri }, 'connect.exchangeCode');
      if (!tokens.refresh_token) {
        throw new PlatformError({
          code: 'PERMISSION_MISSING',
          message: 'Google answered without a refresh token (offline access not granted)',
          httpStatus: 200,
          userFacingMessage: 'Google did not grant offline access; connect again and accept all permissions.',
          meta: { platform: 'GOOGLE_BUSINESS', operation: 'connect.exchangeCode' },
        });
      }
      if (tokens.scope && !tokens.scope.split(' ').includes(GBP_SCOPES[0]!)) {
        throw new PlatformError({
          code: 'PERMISSION_MISSING',
          message: 'The business.manage scope was not granted',
          httpStatus: 200,
          userFacingMessage: 'Allow SocialDesk to manage your Business Profile when Google asks.',
          meta: { platform: 'GOOGLE_BUSINESS', operation: 'connect.exchangeCode' },
        });
      }
      return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresAt: new Date(Date.now() + tokens.expires_in * 1000) };
    },
  };
}

/** Access tokens last an hour; Google keeps the refresh token (it rarely sends a new one). */
export function gbpAuth(api: GbpApi): AuthCapability {
  return {
    refreshAheadSeconds: 300,
    async refresh(_env, credentials) {
      if (!credentials.refreshToken) {
        throw new PlatformError({
          code: 'TOKEN_EXPIRED',
          message: 'No refresh token',
          httpStatus: 400,
          meta: { platform: 'GOOGLE_BUSINESS', operation: 'auth.refresh' },
        });
      }
      const tokens = await tokenCall(api, { grant_type: 'refresh_token', refresh_token: credentials.refreshToken }, 'auth.refresh');
      return {
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token ?? credentials.refreshToken,
        expiresAt: new Date(Date.now() + tokens.expires_in * 1000),
      };
    },
  };
}
