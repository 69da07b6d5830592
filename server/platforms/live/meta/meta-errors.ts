import { PlatformError, type PlatformErrorCode } from '../../platform-error';
import type { PostPlatform } from '../../platform-types';
import { rateLimitReset } from '../live-http';
import { INSTAGRAM_MEDIA_ERRORS } from './instagram-media-errors';

/**
 * Meta's error answer, the same on graph.facebook.com, graph.instagram.com and graph.threads.net
 * (https://developers.facebook.com/docs/graph-api/guides/error-handling). Instagram Login's token
 * endpoint answers the older `{ error_type, code, error_message }` instead; both are read.
 */
type MetaErrorBody = {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  fbtrace_id?: string;
  is_transient?: boolean;
};

// Throttling codes: 4 app, 17 user, 32 Page, 613 custom, 341 application limit reached; 80001-80014
// the Business Use Case limits of Pages (80001), Instagram (80002) and the other business objects.
const RATE_LIMIT_CODES = new Set([4, 17, 32, 341, 613]);
const isBusinessUseCaseLimit = (code: number) => code >= 80001 && code <= 80014;
/** Platform limits count over a rolling hour: without a header saying when, wait that long. */
const DEFAULT_RATE_LIMIT_SECONDS = 3600;

// Subcodes of code 190 (and 102): why the token no longer works.
const TOKEN_SUBCODES: Record<number, { code: PlatformErrorCode; advice: string }> = {
  458: { code: 'ACCESS_REVOKED', advice: 'SocialDesk was removed from the apps of this account; reconnect it.' },
  459: { code: 'ACCESS_REVOKED', advice: 'Meta asks the person to log in on facebook.com to pass a security check, then reconnect.' },
  460: { code: 'ACCESS_REVOKED', advice: 'The password of this account changed; reconnect it.' },
  463: { code: 'TOKEN_EXPIRED', advice: 'The connection to this account expired; reconnect it.' },
  464: { code: 'ACCESS_REVOKED', advice: 'Meta asks the person to confirm their account on facebook.com, then reconnect.' },
  467: { code: 'ACCESS_REVOKED', advice: 'Meta no longer accepts the connection to this account; reconnect it.' },
  492: { code: 'ACCESS_REVOKED', advice: 'The person no longer has a role on this Page; reconnect with an account that does.' },
};

/**
 * The `PlatformError` a Meta answer means, for every Meta connector. `X-Business-Use-Case-Usage`
 * (and `Retry-After`) say when a rate limit resets; the Meta code, subcode and `fbtrace_id` stay in
 * `meta` for `errorsVerbose` and support requests.
 */
export function metaError(input: {
  status: number;
  bodyText: string;
  headers: Headers;
  platform: PostPlatform;
  operation: string;
  now?: number;
}): PlatformError {
  const { status, headers, platform, operation } = input;
  const now = input.now ?? Date.now();
  const body = readErrorBody(input.bodyText);
  const code = body.code ?? null;
  const subcode = body.error_subcode ?? null;
  const meta = {
    platform,
    operation,
    ...(code !== null ? { metaCode: code } : {}),
    ...(subcode !== null ? { metaSubcode: subcode } : {}),
    ...(body.type ? { metaType: body.type } : {}),
    ...(body.fbtrace_id ? { fbtraceId: body.fbtrace_id } : {}),
  };
  const numbers = [code !== null ? `code ${code}` : null, subcode !== null ? `subcode ${subcode}` : null].filter(Boolean).join(', ');
  const message = `${operation}: ${body.message ?? (input.bodyText.slice(0, 300) || `HTTP ${status}`)}${numbers ? ` (${numbers})` : ''}`;
  const make = (kind: PlatformErrorCode, extra: { userFacingMessage?: string; meta?: Record<string, unknown>; isTransient?: boolean } = {}) =>
    new PlatformError({
      code: kind,
      message,
      httpStatus: status,
      meta: { ...meta, ...extra.meta },
      userFacingMessage: extra.userFacingMessage,
      isTransient: extra.isTransient,
    });

  // Media errors first: Instagram sends some with a code that alone would read as something else
  // (2207051, restricted as spam, comes with code 4).
  const media = subcode !== null ? INSTAGRAM_MEDIA_ERRORS[subcode] : undefined;
  if (media) {
    if (media.kind === 'RATE_LIMITED') return rateLimited(make, headers, now, media.waitSeconds ?? DEFAULT_RATE_LIMIT_SECONDS, media.text);
    return make(media.kind, { userFacingMessage: media.text });
  }
  if (code === 190 || code === 102 || (code === null && status === 401)) {
    const reason = subcode !== null ? TOKEN_SUBCODES[subcode] : undefined;
    return make(reason?.code ?? 'TOKEN_EXPIRED', { userFacingMessage: reason?.advice });
  }
  if (code !== null && (RATE_LIMIT_CODES.has(code) || isBusinessUseCaseLimit(code))) return rateLimited(make, headers, now, DEFAULT_RATE_LIMIT_SECONDS);
  if (code === 10 || (code !== null && code >= 200 && code <= 299)) {
    return make('PERMISSION_MISSING', { userFacingMessage: 'The account did not grant a permission this needs; reconnect it and allow it.' });
  }
  if (code === 1 || code === 2 || body.is_transient === true || status >= 500) return make('TRANSIENT');
  if (code === 368)
    return make('TRANSIENT', { userFacingMessage: 'Meta temporarily blocked this action on the account for a policy reason; it is tried again later.' });
  if (code === 506) return make('INVALID_REQUEST', { userFacingMessage: 'Meta refuses to publish the same post twice in a row.' });
  // (#100) with subcode 33: the object does not exist, or this token cannot see it; 803: an unknown alias.
  if ((code === 100 && subcode === 33) || code === 803 || status === 404) return make('NOT_FOUND');
  if (status === 429) return rateLimited(make, headers, now, DEFAULT_RATE_LIMIT_SECONDS);
  if (status === 403) return make('PERMISSION_MISSING');
  if (status === 400) return make('INVALID_REQUEST');
  return make('PERMANENT');
}

function rateLimited(
  make: (kind: PlatformErrorCode, extra?: { userFacingMessage?: string; meta?: Record<string, unknown> }) => PlatformError,
  headers: Headers,
  now: number,
  fallbackSeconds: number,
  userFacingMessage?: string,
): PlatformError {
  const reset = usageResetAt(headers, now) ?? rateLimitReset(headers, now) ?? new Date(now + fallbackSeconds * 1000);
  const retryAfterSeconds = Math.max(1, Math.ceil((reset.getTime() - now) / 1000));
  return make('RATE_LIMITED', { userFacingMessage, meta: { resetAt: reset.toISOString(), retryAfterSeconds, ...usageOf(headers) } });
}

type BusinessUseCaseUsage = Record<
  string,
  { type?: string; call_count?: number; total_cputime?: number; total_time?: number; estimated_time_to_regain_access?: number }[]
>;

/**
 * When access comes back, from `X-Business-Use-Case-Usage`: per business object, the minutes
 * until the throttle lifts (`estimated_time_to_regain_access`). The latest of them; null when no
 * object is throttled or the header is absent (`X-App-Usage` carries percentages, not a time).
 */
export function usageResetAt(headers: Headers, now = Date.now()): Date | null {
  const usage = parseHeader<BusinessUseCaseUsage>(headers.get('x-business-use-case-usage'));
  if (!usage) return null;
  let minutes = 0;
  for (const entries of Object.values(usage)) {
    for (const entry of Array.isArray(entries) ? entries : []) minutes = Math.max(minutes, Number(entry.estimated_time_to_regain_access) || 0);
  }
  return minutes > 0 ? new Date(now + minutes * 60_000) : null;
}

/** The usage headers as Meta sent them, kept for `errorsVerbose`. */
function usageOf(headers: Headers): Record<string, unknown> {
  const app = parseHeader<Record<string, number>>(headers.get('x-app-usage'));
  const business = parseHeader<BusinessUseCaseUsage>(headers.get('x-business-use-case-usage'));
  return { ...(app ? { appUsage: app } : {}), ...(business ? { businessUseCaseUsage: business } : {}) };
}

function parseHeader<T>(value: string | null): T | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as T) : null;
  } catch {
    return null;
  }
}

function readErrorBody(text: string): MetaErrorBody {
  const parsed = parseHeader<{ error?: MetaErrorBody; error_type?: string; code?: number; error_message?: string }>(text.trim().startsWith('{') ? text : null);
  if (!parsed) return {};
  if (parsed.error && typeof parsed.error === 'object') return parsed.error;
  // Instagram Login's token endpoint: { "error_type": "OAuthException", "code": 400, "error_message": "…" }.
  if (parsed.error_type || parsed.error_message) return { type: parsed.error_type, message: parsed.error_message };
  return {};
}
