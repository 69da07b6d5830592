import { PlatformError, type PlatformErrorCode } from '../../platform-error';
import type { LiveHttpClient, LiveRequest } from '../live-http';
import { accountKeyOf } from '../shared/account-key';

/** What the operator configures for TikTok (decision 092): the Login Kit client and every TikTok host. */
export type TikTokConfig = {
  http: LiveHttpClient;
  clientKey: string;
  clientSecret: string;
  /** `TIKTOK_API_URL`: the Open API (OAuth token, user info, Content Posting, video list/query). */
  apiBase?: string;
  /** `TIKTOK_AUTHORIZE_URL`: Login Kit's consent page. */
  authorizeUrl?: string;
  /**
   * `TIKTOK_UPLOAD_URL`: where chunks go. TikTok answers an `upload_url` per upload; set, its origin
   * is replaced by this one (a proxy, or a stand-in), its path and query kept.
   */
  uploadBase?: string;
  /** `TIKTOK_BUSINESS_API_URL`: the API for Business, where the Commercial Music Library lives. */
  businessApiBase?: string;
  /** `TIKTOK_APP_AUDITED`: the app passed TikTok's audit; until then TikTok keeps every post private (SELF_ONLY). */
  appAudited?: boolean;
  /** Bytes per upload chunk (TikTok: 5 MB to 64 MB; the last chunk takes the trailing bytes). */
  chunkBytes?: number;
  /** How long one publish attempt polls `status/fetch` before it lets the worker go (`stillProcessing`). */
  statusWaitSeconds?: number;
  /** Between two `status/fetch` polls (TikTok allows 30 a minute per token). */
  statusPollMs?: number;
};

export const TIKTOK_API = 'https://open.tiktokapis.com';
export const TIKTOK_AUTHORIZE = 'https://www.tiktok.com/v2/auth/authorize/';
export const TIKTOK_BUSINESS_API = 'https://business-api.tiktok.com';

/** TikTok's answer envelope: `data`, and `error.code` which is `ok` on success. */
type Envelope<T> = { data?: T; error?: { code?: string; message?: string; log_id?: string } };

type Call = Omit<LiveRequest, 'platform' | 'accountKey' | 'url' | 'headers'> & { path: string; headers?: Record<string, string> };

const PLATFORM = 'TIKTOK' as const;

/**
 * The Open API v2 through the live client, as the user (Bearer access token). Every answer carries
 * `error.code` (`ok` on success); failures are read from it into `PlatformError`s (`refineTikTokError`).
 */
export class TikTokApi {
  readonly base: string;

  constructor(readonly config: TikTokConfig) {
    this.base = (config.apiBase ?? TIKTOK_API).replace(/\/$/, '');
  }

  /** A JSON call as the user; answers `data`. */
  async asUser<T>(accessToken: string, call: Call): Promise<T> {
    const { path, headers, ...rest } = call;
    const response = await this.config.http.request({
      ...rest,
      platform: PLATFORM,
      accountKey: accountKeyOf(PLATFORM, accessToken),
      url: `${this.base}${path}`,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(rest.body !== undefined ? { 'content-type': 'application/json; charset=UTF-8' } : {}),
        ...headers,
      },
      refineError: (_response, text, generic) => refineTikTokError(generic, text),
    });
    const answer = parseInt64Json<Envelope<T>>(await response.text());
    if (answer?.error?.code && answer.error.code !== 'ok') {
      throw refineTikTokError(
        new PlatformError({
          code: 'PERMANENT',
          message: `${call.operation}: ${answer.error.code}`,
          httpStatus: 200,
          meta: { platform: PLATFORM, operation: call.operation },
        }),
        JSON.stringify(answer),
      );
    }
    return (answer?.data ?? {}) as T;
  }

  /** A call to any URL TikTok gave (an upload URL): raw response, errors refined the same way. */
  raw(accessToken: string, call: Omit<Call, 'path'> & { url: string }) {
    const { url, headers, ...rest } = call;
    return this.config.http.request({
      ...rest,
      platform: PLATFORM,
      accountKey: accountKeyOf(PLATFORM, accessToken),
      url,
      headers: headers ?? {},
      refineError: (_response, text, generic) => refineTikTokError(generic, text),
    });
  }

  /** The token endpoint (form-encoded, the client secret in the form). */
  async token<T>(form: Record<string, string>, operation: string): Promise<T> {
    const body = new URLSearchParams({ ...form, client_key: this.config.clientKey, client_secret: this.config.clientSecret });
    const answer = await this.config.http.json<T & { error?: string; error_description?: string }>({
      operation,
      platform: PLATFORM,
      accountKey: accountKeyOf(PLATFORM, 'token', form.refresh_token ?? form.code ?? operation),
      method: 'POST',
      url: `${this.base}/v2/oauth/token/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
      refineError: (_response, text, generic) => tokenError(generic, text, operation),
    });
    // TikTok answers some token failures with 200 and an `error` field.
    if (answer && typeof answer.error === 'string' && answer.error) throw tokenError(null, JSON.stringify(answer), operation);
    return answer;
  }

  /** Where a chunk goes: TikTok's `upload_url`, or the same path on `TIKTOK_UPLOAD_URL`. */
  uploadUrl(given: string): string {
    if (!this.config.uploadBase) return given;
    const url = new URL(given);
    return `${this.config.uploadBase.replace(/\/$/, '')}${url.pathname}${url.search}`;
  }
}

function tokenError(generic: PlatformError | null, text: string, operation: string): PlatformError {
  const body = parseBody(text);
  const code = typeof body.error === 'string' ? body.error : null;
  const description = typeof body.error_description === 'string' ? body.error_description : '';
  // `invalid_grant`: the code expired or was used, or the refresh token was revoked, rotated away or is over a year old.
  if (code === 'invalid_grant' || (code === 'invalid_request' && /refresh/i.test(description))) {
    return new PlatformError({
      code: 'ACCESS_REVOKED',
      message: `${operation}: TikTok refused the grant (${code}${description ? `: ${description}` : ''})`,
      httpStatus: generic?.httpStatus ?? 400,
      meta: { platform: PLATFORM, operation, tiktokError: code, logId: body.log_id },
    });
  }
  if (generic) return generic;
  return new PlatformError({
    code: 'PERMANENT',
    message: `${operation}: ${code ?? 'token request refused'}${description ? `: ${description}` : ''}`,
    httpStatus: 200,
    meta: { platform: PLATFORM, operation, tiktokError: code },
  });
}

/**
 * TikTok's `error.code` says more than the status. From the Content Posting API reference: the
 * 6-per-minute init limit (`rate_limit_exceeded`, 429), too many posts today, too many pending
 * inbox shares, and the app's daily cap of active users are rate limits; an unaudited app may only
 * post `SELF_ONLY` (a permission the app lacks until its audit); a pulled URL must be on a
 * verified domain.
 */
export function refineTikTokError(error: PlatformError, text: string): PlatformError {
  if (error.httpStatus === 0) return error;
  const body = parseBody(text);
  const detail = (body.error ?? {}) as { code?: string; message?: string; log_id?: string };
  const code = typeof detail.code === 'string' ? detail.code : null;
  const operation = error.meta.operation;
  const message = `${operation}: ${code ?? error.httpStatus}${detail.message ? `: ${detail.message}` : ''}`;
  const meta = { ...error.meta, ...(code ? { tiktokError: code } : {}), ...(detail.log_id ? { logId: detail.log_id } : {}) };
  const make = (kind: PlatformErrorCode, extra: { userFacingMessage?: string; meta?: Record<string, unknown> } = {}) =>
    new PlatformError({ code: kind, message, httpStatus: error.httpStatus, userFacingMessage: extra.userFacingMessage, meta: { ...meta, ...extra.meta } });
  const resetIn = (seconds: number) => ({ resetAt: new Date(Date.now() + seconds * 1000).toISOString(), retryAfterSeconds: seconds });
  switch (code) {
    case 'rate_limit_exceeded':
      // Init endpoints: 6 a minute per token; status/fetch 30; creator_info 20. The header wins when given.
      return make('RATE_LIMITED', {
        userFacingMessage: 'TikTok allows 6 uploads a minute per account; this one goes out when the minute is over.',
        meta: error.meta.resetAt ? {} : resetIn(60),
      });
    case 'spam_risk_too_many_pending_share':
      return make('RATE_LIMITED', {
        userFacingMessage:
          'TikTok holds too many drafts of this account waiting in its TikTok inbox (5 in 24 hours). Open TikTok, post or discard them; this one is tried again later.',
        meta: resetIn(3600),
      });
    case 'spam_risk_too_many_posts':
      return make('RATE_LIMITED', {
        userFacingMessage: 'This TikTok account reached its daily posting limit; it is tried again later.',
        meta: resetIn(6 * 3600),
      });
    case 'reached_active_user_cap':
      return make('RATE_LIMITED', {
        userFacingMessage: "This app reached TikTok's daily cap of posting users; it is tried again later.",
        meta: resetIn(6 * 3600),
      });
    case 'spam_risk_user_banned_from_posting':
      return make('PERMANENT', { userFacingMessage: 'TikTok does not let this account post at the moment.' });
    case 'unaudited_client_can_only_post_to_private_accounts':
      return make('PERMISSION_MISSING', {
        userFacingMessage:
          'This TikTok app has not passed TikTok’s audit yet, so it may only post privately: choose "Only me" (SELF_ONLY), or ask the operator to have the app audited.',
      });
    case 'url_ownership_unverified':
      return make('INVALID_REQUEST', {
        userFacingMessage:
          "TikTok fetches photos only from a domain verified in the app's TikTok settings; the operator must verify this service's public address.",
      });
    case 'privacy_level_option_mismatch':
      return make('INVALID_REQUEST', { userFacingMessage: 'This TikTok account does not offer the chosen privacy level; pick one of those it offers.' });
    case 'access_token_invalid':
      return make('TOKEN_EXPIRED');
    case 'scope_not_authorized':
    case 'scope_permission_missed':
      return make('PERMISSION_MISSING', { userFacingMessage: 'TikTok was not granted this permission; reconnect the account and allow it.' });
    case 'invalid_params':
    case 'invalid_file_upload':
    case 'invalid_publish_id':
    case 'file_format_check_failed':
    case 'duration_check_failed':
    case 'frame_rate_check_failed':
    case 'picture_size_check_failed':
    case 'video_pull_failed':
    case 'photo_pull_failed':
      return make('INVALID_REQUEST', { userFacingMessage: `TikTok refused the post: ${detail.message || code}` });
    case 'internal_error':
      return make('TRANSIENT');
    default:
      return code ? make(error.code) : error;
  }
}

/**
 * TikTok's ids are int64 and some answers carry them as JSON numbers (`publicaly_available_post_id`),
 * which a JavaScript number would round: integers of 16 digits or more are read as strings.
 */
export function parseInt64Json<T>(text: string): T {
  if (!text.trim()) return {} as T;
  return JSON.parse(text.replace(/([:[,]\s*)(-?\d{16,})(?=\s*[,\]}])/g, '$1"$2"')) as T;
}

export function parseBody(text: unknown): Record<string, unknown> {
  if (typeof text !== 'string' || !text.trimStart().startsWith('{')) return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export function tiktokError(code: PlatformErrorCode, operation: string, message: string, userFacingMessage?: string, httpStatus = 400): PlatformError {
  return new PlatformError({ code, message: `${operation}: ${message}`, httpStatus, userFacingMessage, meta: { platform: PLATFORM, operation } });
}
