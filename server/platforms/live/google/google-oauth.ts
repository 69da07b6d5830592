import type { AuthCapability, LiveConnectCapability, TokenSet } from '../../connector';
import { PlatformError } from '../../platform-error';
import type { LiveHttpClient } from '../live-http';
import { accountKeyOf } from '../shared/account-key';

/**
 * Google's OAuth 2.0 web-server flow with offline access, as YouTube and Google Business Profile
 * both use it: consent asked with `access_type=offline` and `prompt=consent` (a refresh token on
 * every consent, also a repeated one), access tokens of an hour refreshed five minutes ahead, and
 * the refresh token kept (Google rarely sends a new one).
 */
export type GoogleOAuthClient = { http: LiveHttpClient; clientId: string; clientSecret: string; authorizeUrl: string; tokenUrl: string };

export type TokenWarning = (warning: { message: string; refreshTokenExpiresAt: Date }) => void;

export type GoogleProduct = {
  platform: 'YOUTUBE' | 'GOOGLE_BUSINESS';
  /** How the person knows the connection, in messages: "YouTube", "Google Business". */
  name: string;
  scopes: string[];
  /** A scope without which the connection is of no use: refused at connect with this message. */
  requiredScope?: { scope: string; message: string; userFacingMessage: string };
  /** Hears of refresh tokens that die within 7 days (an app in "Testing" status). */
  warn?: TokenWarning;
};

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

/** Google's token endpoint (form-encoded, the client secret in the body as the web-server flow documents). */
async function tokenCall(client: GoogleOAuthClient, product: GoogleProduct, form: Record<string, string>, operation: string) {
  const { platform } = product;
  let tokens: TokenAnswer;
  try {
    tokens = await client.http.json<TokenAnswer>({
      platform,
      operation,
      accountKey: accountKeyOf(platform, 'token', form.refresh_token ?? form.code ?? operation),
      method: 'POST',
      url: client.tokenUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form, client_id: client.clientId, client_secret: client.clientSecret }).toString(),
    });
  } catch (error) {
    // `invalid_grant`: revoked by the person, a used code, or a refresh token of a "Testing" app past 7 days.
    if (error instanceof PlatformError && error.httpStatus === 400 && String(error.meta.body ?? error.message).includes('invalid_grant')) {
      throw new PlatformError({
        code: 'ACCESS_REVOKED',
        message: 'Google refused the grant (invalid_grant)',
        httpStatus: 400,
        userFacingMessage: `Google no longer accepts this ${product.name} connection (revoked, or the app is in Testing mode and 7 days passed); reconnect it.`,
        meta: { platform, operation },
      });
    }
    throw error;
  }
  if (tokens.refresh_token_expires_in !== undefined && tokens.refresh_token_expires_in <= TESTING_MODE_SECONDS) {
    product.warn?.({
      message: `Google issued a refresh token that expires within 7 days: the OAuth consent screen of the Google Cloud project is in "Testing" status. Publish the app (or have it verified) or this ${product.name} connection stops working in a week.`,
      refreshTokenExpiresAt: new Date(Date.now() + tokens.refresh_token_expires_in * 1000),
    });
  }
  return { ...tokens, expiresAt: new Date(Date.now() + tokens.expires_in * 1000) };
}

/** Google's consent with offline access: the code brings a refresh token, kept with the account. */
export function googleConnect(client: GoogleOAuthClient, product: GoogleProduct): LiveConnectCapability {
  const operation = 'connect.exchangeCode';
  const missing = (message: string, userFacingMessage: string) =>
    new PlatformError({ code: 'PERMISSION_MISSING', message, httpStatus: 200, userFacingMessage, meta: { platform: product.platform, operation } });
  return {
    method: 'oauth',
    async authorizationUrl(_env, input) {
      const query = new URLSearchParams({
        client_id: client.clientId,
        redirect_uri: input.redirectUri,
        response_type: 'code',
        scope: product.scopes.join(' '),
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state: input.state,
      });
      return `${client.authorizeUrl}?${query}`;
    },
    async exchange(_env, input): Promise<TokenSet> {
      const tokens = await tokenCall(client, product, { grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri }, operation);
      if (!tokens.refresh_token) {
        throw missing(
          'Google answered without a refresh token (offline access not granted)',
          'Google did not grant offline access; connect again and accept all permissions.',
        );
      }
      const required = product.requiredScope;
      if (required && tokens.scope && !tokens.scope.split(' ').includes(required.scope)) throw missing(required.message, required.userFacingMessage);
      return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresAt: tokens.expiresAt };
    },
  };
}

/** Access tokens last an hour: refreshed five minutes ahead, so a long upload does not cross the expiry. */
export function googleAuth(client: GoogleOAuthClient, product: GoogleProduct): AuthCapability {
  return {
    refreshAheadSeconds: 300,
    async refresh(_env, credentials) {
      if (!credentials.refreshToken) {
        throw new PlatformError({
          code: 'TOKEN_EXPIRED',
          message: `This ${product.name} connection has no refresh token`,
          httpStatus: 400,
          meta: { platform: product.platform, operation: 'auth.refresh' },
        });
      }
      const tokens = await tokenCall(client, product, { grant_type: 'refresh_token', refresh_token: credentials.refreshToken }, 'auth.refresh');
      return { accessToken: tokens.access_token, refreshToken: tokens.refresh_token ?? credentials.refreshToken, expiresAt: tokens.expiresAt };
    },
  };
}
