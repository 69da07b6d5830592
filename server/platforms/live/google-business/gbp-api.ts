import type { Credentials } from '../../connector';
import { PlatformError } from '../../platform-error';
import type { LiveHttpClient, LiveRequest } from '../live-http';
import { accountKeyOf } from '../shared/account-key';
import type { TokenWarning } from '../google/google-oauth';

/** Every Google host the connector calls or redirects to: each one an operator setting (decision 093). */
export type GbpConfig = {
  http: LiveHttpClient;
  /** Hears of refresh tokens that die within 7 days (the Google Cloud app is in "Testing" status). */
  warn?: TokenWarning;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  /** Account Management API v1 (`accounts`). */
  accountsBase: string;
  /** Business Information API v1 (`locations`, `attributes`, `categories`). */
  informationBase: string;
  /** Google My Business API v4 (`localPosts`, `reviews`, `media`, `foodMenus`). */
  v4Base: string;
  /** Place Actions API v1 (`placeActionLinks`). */
  placeActionsBase: string;
  /** Notifications API v1 (`notificationSetting`). */
  notificationsBase: string;
  /** Business Profile Performance API v1. */
  performanceBase: string;
  /** The Pub/Sub topic new and updated reviews are published to; null: reviews are polled. */
  pubsubTopic: string | null;
};

/** Google's error body (`google.rpc.Status`) as its JSON APIs answer it. */
type GoogleError = { error?: { code?: number; message?: string; status?: string; details?: { reason?: string; metadata?: Record<string, string> }[] } };

/**
 * Google's canonical statuses to our kinds: the status, not only the HTTP code, says what happened
 * (a 400 `FAILED_PRECONDITION` is a refusal, a 429 `RESOURCE_EXHAUSTED` the per-minute quota).
 */
export function refineGoogleError(response: Response, text: string, generic: PlatformError): PlatformError {
  let body: GoogleError = {};
  try {
    body = JSON.parse(text) as GoogleError;
  } catch {
    return generic;
  }
  const status = body.error?.status ?? '';
  const message = body.error?.message ?? generic.message;
  const meta = { ...generic.meta, googleStatus: status, googleMessage: message };
  const of = (code: PlatformError['code'], extra: Partial<ConstructorParameters<typeof PlatformError>[0]> = {}) =>
    new PlatformError({ code, message: `${String(generic.meta.operation)}: ${message}`, httpStatus: response.status, meta, ...extra });
  switch (status) {
    case 'UNAUTHENTICATED':
      return of('TOKEN_EXPIRED');
    case 'PERMISSION_DENIED':
      return of('PERMISSION_MISSING', {
        userFacingMessage: 'Google refused: this Google account may not manage this location, or the Business Profile API is not enabled for the project.',
      });
    case 'NOT_FOUND':
      return of('NOT_FOUND');
    case 'INVALID_ARGUMENT':
    case 'FAILED_PRECONDITION':
    case 'ALREADY_EXISTS':
      return of('INVALID_REQUEST', { userFacingMessage: `Google refused the change: ${message}` });
    case 'RESOURCE_EXHAUSTED': {
      // Business Profile APIs meter per minute: the quota is back within the minute.
      const resetAt = new Date(Date.now() + 60_000).toISOString();
      return of('RATE_LIMITED', {
        meta: { ...meta, resetAt, retryAfterSeconds: 60 },
        userFacingMessage: 'Google Business Profile API quota reached; retrying after a minute.',
      });
    }
    case 'UNAVAILABLE':
    case 'INTERNAL':
    case 'DEADLINE_EXCEEDED':
      return of('TRANSIENT');
    default:
      return generic;
  }
}

export class GbpApi {
  constructor(readonly config: GbpConfig) {}

  /** A call with the person's token; `idempotent` for PATCHes that set fields (safe to repeat). */
  async call<T>(
    credentials: Credentials,
    request: Omit<LiveRequest, 'platform' | 'accountKey' | 'headers'> & { headers?: Record<string, string> },
  ): Promise<T> {
    return this.config.http.json<T>({
      ...request,
      platform: 'GOOGLE_BUSINESS',
      accountKey: accountKeyOf('GOOGLE_BUSINESS', credentials.refreshToken ?? credentials.accessToken),
      headers: { authorization: `Bearer ${credentials.accessToken}`, ...request.headers },
      refineError: refineGoogleError,
    });
  }

  /** `locations/{id}` of a channel id (`accounts/{a}/locations/{id}`), for the v1 APIs. */
  static locationOf(channelId: string): string {
    const match = /(locations\/[^/]+)$/.exec(channelId);
    if (!match)
      throw new PlatformError({
        code: 'INVALID_REQUEST',
        message: `Not a Google Business location: ${channelId}`,
        httpStatus: 400,
        meta: { platform: 'GOOGLE_BUSINESS', operation: 'location' },
      });
    return match[1]!;
  }

  /** `accounts/{a}/locations/{id}` for the v4 APIs; a channel id is already that. */
  static v4LocationOf(channelId: string): string {
    if (!/^accounts\/[^/]+\/locations\/[^/]+$/.test(channelId)) {
      throw new PlatformError({
        code: 'INVALID_REQUEST',
        message: `Not a Google Business location: ${channelId}`,
        httpStatus: 400,
        meta: { platform: 'GOOGLE_BUSINESS', operation: 'location' },
      });
    }
    return channelId;
  }
}

/** The selected location, or a clear refusal before anything is sent. */
export function selectedLocation(channelId: string | null, operation: string): string {
  if (!channelId) {
    throw new PlatformError({
      code: 'INVALID_REQUEST',
      message: `${operation}: no location selected`,
      httpStatus: 400,
      userFacingMessage: 'Select a location for this Google Business account first.',
      meta: { platform: 'GOOGLE_BUSINESS', operation },
    });
  }
  return GbpApi.v4LocationOf(channelId);
}
