import { PlatformError, type PlatformErrorCode } from '../../platform-error';
import type { LiveHttpClient } from '../live-http';
import { accountKeyOf } from '../shared/account-key';

/** What the operator configures for Slack: the app's OAuth client (tokens rotate, so refreshing needs it). */
export type SlackConfig = {
  http: LiveHttpClient;
  clientId: string;
  clientSecret: string;
  /** `SLACK_API_URL`: the real API unless a proxy, a compatible API or a test's local receiver stands in. */
  apiBase?: string;
  /** Slack's consent page (`SLACK_AUTHORIZE_URL`, default `https://slack.com/oauth/v2/authorize`). */
  authorizeUrl?: string;
  /** How long to wait for a shared file's message to appear (Slack shares files asynchronously). */
  shareWait?: { attempts: number; intervalMs: number };
};

export const SLACK_API = 'https://slack.com/api';

export type SlackAnswer = { ok: boolean; error?: string; needed?: string; warning?: string } & Record<string, unknown>;

type Method = {
  operation: string;
  /** Reads go as GET with query parameters (and are retried); writes as POST. */
  read?: boolean;
  /** `form` for the methods that do not take JSON (files.getUploadURLExternal, oauth.v2.access). */
  encoding?: 'json' | 'form';
};

/*
 * Slack answers most failures with HTTP 200 and `{ ok: false, error }`
 * (https://api.slack.com/web#responses); these are the kinds behind its documented error strings.
 */
const REVOKED = new Set([
  'invalid_auth',
  'token_revoked',
  'account_inactive',
  'not_authed',
  'app_uninstalled',
  'team_access_not_granted',
  'invalid_refresh_token',
  'invalid_grant_type',
]);
const EXPIRED = new Set(['token_expired']);
const PERMISSION = new Set(['missing_scope', 'not_allowed_token_type', 'no_permission', 'restricted_action', 'ekm_access_denied', 'access_denied']);
const NOT_FOUND = new Set(['channel_not_found', 'message_not_found', 'thread_not_found', 'file_not_found', 'file_deleted']);
const TRANSIENT = new Set(['internal_error', 'fatal_error', 'service_unavailable', 'request_timeout', 'ratelimited_by_upstream']);
const RATE = new Set(['ratelimited', 'rate_limited', 'message_limit_exceeded']);
const INVALID = new Set([
  'msg_too_long',
  'no_text',
  'invalid_blocks',
  'invalid_blocks_format',
  'too_many_attachments',
  'invalid_arguments',
  'invalid_metadata_format',
  'invalid_metadata_schema',
  'metadata_too_large',
  'not_in_channel',
  'is_archived',
  'invalid_name',
  'too_many_files',
]);

export class SlackApi {
  readonly base: string;

  constructor(readonly config: SlackConfig) {
    this.base = (config.apiBase ?? SLACK_API).replace(/\/$/, '');
  }

  /** Calls a Web API method with the bot token; throws the `PlatformError` its error string means. */
  async call<T extends SlackAnswer>(
    token: string | null,
    method: string,
    params: Record<string, unknown>,
    options: Method,
  ): Promise<{ answer: T; headers: Headers }> {
    const accountKey = accountKeyOf('SLACK', token ?? method);
    const authorization: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const request = options.read
      ? { method: 'GET' as const, url: `${this.base}/${method}?${toForm(params)}`, headers: authorization }
      : options.encoding === 'form'
        ? {
            method: 'POST' as const,
            url: `${this.base}/${method}`,
            headers: { ...authorization, 'content-type': 'application/x-www-form-urlencoded' },
            body: toForm(params).toString(),
          }
        : {
            method: 'POST' as const,
            url: `${this.base}/${method}`,
            headers: { ...authorization, 'content-type': 'application/json; charset=utf-8' },
            body: JSON.stringify(params),
          };
    const response = await this.config.http.request({ platform: 'SLACK', operation: options.operation, accountKey, ...request });
    const answer = (await response.json()) as T;
    if (!answer.ok) throw slackError(answer, response.headers, options.operation);
    return { answer, headers: response.headers };
  }

  /**
   * Sends bytes to the upload URL Slack handed out (no token goes with them: the URL is the
   * permission). The token only picks the concurrency key, the account's own as for its other calls,
   * so one account's uploads do not queue behind every other Slack account's.
   */
  async upload(token: string, url: string, bytes: Blob, operation: string): Promise<void> {
    await this.config.http.request({
      platform: 'SLACK',
      operation,
      accountKey: accountKeyOf('SLACK', token),
      method: 'POST',
      url,
      body: bytes,
      timeoutMs: 120_000,
    });
  }
}

/** The kind behind one of Slack's error strings; unknown ones are permanent (Slack documents them as such). */
export function slackError(answer: SlackAnswer, headers: Headers, operation: string): PlatformError {
  const error = answer.error ?? 'unknown_error';
  const meta = { platform: 'SLACK' as const, operation, slackError: error, ...(answer.needed ? { needed: answer.needed } : {}) };
  const message = `${operation}: ${error}${answer.needed ? ` (needs ${answer.needed})` : ''}`;
  let code: PlatformErrorCode = 'PERMANENT';
  if (REVOKED.has(error)) code = 'ACCESS_REVOKED';
  else if (EXPIRED.has(error)) code = 'TOKEN_EXPIRED';
  else if (PERMISSION.has(error)) code = 'PERMISSION_MISSING';
  else if (NOT_FOUND.has(error)) code = 'NOT_FOUND';
  else if (TRANSIENT.has(error)) code = 'TRANSIENT';
  else if (INVALID.has(error)) code = 'INVALID_REQUEST';
  else if (RATE.has(error)) {
    const seconds = Number(headers.get('retry-after') ?? '');
    const retryAfterSeconds = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60;
    return new PlatformError({
      code: 'RATE_LIMITED',
      message,
      httpStatus: 429,
      meta: { ...meta, retryAfterSeconds, resetAt: new Date(Date.now() + retryAfterSeconds * 1000).toISOString() },
    });
  }
  const userFacingMessage = error === 'not_in_channel' ? 'Invite the app to the Slack channel (/invite), then try again.' : undefined;
  return new PlatformError({ code, message, httpStatus: 200, meta, ...(userFacingMessage ? { userFacingMessage } : {}) });
}

function toForm(params: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    form.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form;
}

/** `https://<team>.slack.com/archives/<channel>/p<ts without dot>[?thread_ts=<ts>&cid=<channel>]`. */
export function parseSlackPermalink(permalink: string | undefined): { channelId: string; ts: string; threadTs: string | null } | null {
  if (!permalink) return null;
  let url: URL;
  try {
    url = new URL(permalink);
  } catch {
    return null;
  }
  const match = /\/archives\/([A-Z0-9]+)\/p(\d{10})(\d{6})$/.exec(url.pathname);
  if (!match) return null;
  return { channelId: match[1]!, ts: `${match[2]}.${match[3]}`, threadTs: url.searchParams.get('thread_ts') };
}
