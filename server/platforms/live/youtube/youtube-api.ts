import { PlatformError, type PlatformErrorCode } from '../../platform-error';
import type { LiveHttpClient, LiveRequest } from '../live-http';
import { accountKeyOf } from '../shared/account-key';

/**
 * What the operator configures for YouTube (decision 091). `googleapis` is not a dependency of the
 * service: this small client speaks the Data API v3 over the live HTTP client (timeouts, retry
 * rules, per-account limits), with every Google host a setting.
 */
export type YoutubeConfig = {
  http: LiveHttpClient;
  clientId: string;
  clientSecret: string;
  /** `YOUTUBE_API_URL`: `https://www.googleapis.com/youtube/v3`. */
  apiBase: string;
  /** `YOUTUBE_UPLOAD_URL`: `https://www.googleapis.com/upload/youtube/v3` (resumable uploads, thumbnails). */
  uploadBase: string;
  /** `YOUTUBE_AUTHORIZE_URL`: Google's consent page. */
  authorizeUrl: string;
  /** `YOUTUBE_TOKEN_URL`: Google's token endpoint. */
  tokenUrl: string;
  /** Bytes per upload request, a multiple of 256 KiB. */
  chunkBytes: number;
  /** How long a publish waits for processing before letting the worker go. */
  processingWaitSeconds: number;
};

type Call = Omit<LiveRequest, 'platform' | 'accountKey' | 'url' | 'headers'> & {
  /** A path under the API root, or a whole URL (a resumable session's). */
  path: string;
  query?: Record<string, string | undefined>;
  headers?: Record<string, string>;
  /** The upload host instead of the API root. */
  upload?: boolean;
};

export class YoutubeApi {
  constructor(readonly config: YoutubeConfig) {}

  url(call: Pick<Call, 'path' | 'query' | 'upload'>): string {
    const base = (call.upload ? this.config.uploadBase : this.config.apiBase).replace(/\/$/, '');
    const url = new URL(/^https?:\/\//.test(call.path) ? call.path : `${base}${call.path}`);
    for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) url.searchParams.set(name, value);
    return url.toString();
  }

  /** A call as the account (its Google access token); Google's error body refines the kind. */
  async raw(accessToken: string, call: Call): Promise<Response> {
    const { path, query, headers, upload, ...rest } = call;
    return this.config.http.request({
      ...rest,
      platform: 'YOUTUBE',
      accountKey: accountKeyOf('YOUTUBE', accessToken),
      url: this.url({ path, query, upload }),
      headers: { authorization: `Bearer ${accessToken}`, ...headers },
      refineError: (_response, _text, generic) => refineYoutubeError(generic),
    });
  }

  async json<T>(accessToken: string, call: Call): Promise<T> {
    const response = await this.raw(accessToken, call);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }
}

type GoogleErrorBody = {
  error?: { code?: number; message?: string; errors?: { reason?: string; domain?: string; message?: string }[] } | string;
  error_description?: string;
};

/** Reasons of the Data API that are limits, not faults: reset at midnight Pacific time. */
const QUOTA_REASONS = new Set(['quotaExceeded', 'uploadLimitExceeded', 'dailyLimitExceeded', 'rateLimitExceeded', 'userRateLimitExceeded']);
// A 401 (`authError`) is an expired or unknown access token: the refresh path handles it.
const REVOKED_REASONS = new Set(['invalid_grant', 'accountClosed', 'accountSuspended']);

/**
 * Google answers `{ error: { code, message, errors: [{ domain, reason }] } }`; the reason says
 * more than the status. `quotaExceeded` (403, the project's daily units) and `uploadLimitExceeded`
 * (400, the channel's daily uploads) are rate limits that reset at midnight Pacific time.
 */
export function refineYoutubeError(error: PlatformError): PlatformError {
  const body = parseBody(error.meta.body);
  const detail = typeof body.error === 'object' ? body.error : undefined;
  const reason = detail?.errors?.[0]?.reason ?? (typeof body.error === 'string' ? body.error : undefined);
  const words = detail?.message ?? body.error_description ?? null;
  const meta = { ...error.meta, ...(reason ? { youtubeReason: reason } : {}) };
  const message = words ? `${error.meta.operation}: ${words}${reason ? ` (${reason})` : ''}` : error.message;
  if (reason && QUOTA_REASONS.has(reason)) {
    const daily = reason === 'quotaExceeded' || reason === 'uploadLimitExceeded' || reason === 'dailyLimitExceeded';
    const resetAt = daily ? nextPacificMidnight(new Date()) : new Date(Date.now() + 60_000);
    const retryAfterSeconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
    return new PlatformError({
      code: 'RATE_LIMITED',
      message,
      httpStatus: error.httpStatus,
      userFacingMessage:
        reason === 'uploadLimitExceeded'
          ? 'This YouTube channel reached its daily upload limit; publishing resumes after midnight Pacific time.'
          : reason === 'quotaExceeded'
            ? "The service's daily YouTube API quota is used up; publishing resumes after midnight Pacific time."
            : 'YouTube is limiting requests for this account; it will work again shortly.',
      meta: { ...meta, resetAt: resetAt.toISOString(), retryAfterSeconds },
    });
  }
  let code: PlatformErrorCode = error.code;
  if (reason && REVOKED_REASONS.has(reason)) code = 'ACCESS_REVOKED';
  else if (reason === 'forbidden' || reason === 'insufficientPermissions') code = 'PERMISSION_MISSING';
  else if (reason === 'videoNotFound' || reason === 'playlistNotFound' || reason === 'commentNotFound' || reason === 'channelNotFound') code = 'NOT_FOUND';
  return new PlatformError({ code, message, httpStatus: error.httpStatus, meta });
}

/** The next midnight in America/Los_Angeles, when YouTube's daily quotas reset. */
export function nextPacificMidnight(now: Date): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const secondsIntoDay = Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
  // Whole seconds: the reset is "at midnight", the milliseconds are ours.
  return new Date(Math.floor(now.getTime() / 1000) * 1000 + (86_400 - secondsIntoDay) * 1000);
}

function parseBody(text: unknown): GoogleErrorBody {
  if (typeof text !== 'string' || !text.trim().startsWith('{')) return {};
  try {
    return JSON.parse(text) as GoogleErrorBody;
  } catch {
    return {};
  }
}

export const watchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${videoId}`;
export const shortsUrl = (videoId: string) => `https://www.youtube.com/shorts/${videoId}`;
