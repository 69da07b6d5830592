import { PlatformError, type PlatformErrorCode } from '../../platform-error';
import type { LiveHttpClient, LiveRequest } from '../live-http';
import { accountKeyOf } from '../shared/account-key';

/** What the operator configures for Discord: the OAuth application and its bot. */
export type DiscordConfig = {
  http: LiveHttpClient;
  /** The application's id (also its OAuth client id): our webhooks are the ones it owns. */
  applicationId: string;
  clientSecret: string;
  botToken: string;
  /** `DISCORD_API_URL`: the real API unless a proxy, a compatible API or a test's local receiver stands in. */
  apiBase?: string;
  /** Discord's consent page (`DISCORD_AUTHORIZE_URL`, default `https://discord.com/oauth2/authorize`). */
  authorizeUrl?: string;
  /** The name of the webhook the bot creates in a channel (Discord refuses names containing "discord"). */
  webhookName?: string;
};

export const DISCORD_API = 'https://discord.com/api/v10';

// JSON error codes of Discord's API (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json).
const NOT_FOUND_CODES = new Set([10003, 10004, 10008, 10015]);
const PERMISSION_CODES = new Set([50001, 50013]);
export const THREAD_ALREADY_CREATED = 160004;

type Call = Omit<LiveRequest, 'platform' | 'accountKey' | 'url' | 'headers'> & { path: string; headers?: Record<string, string> };

/**
 * Discord's REST API through the live client, as the user (their OAuth token: who they are, which
 * servers they manage) or as the operator's bot (channels, webhooks, threads). Failures come back
 * as `PlatformError`s read from Discord's JSON error codes.
 */
export class DiscordApi {
  readonly base: string;

  constructor(readonly config: DiscordConfig) {
    this.base = (config.apiBase ?? DISCORD_API).replace(/\/$/, '');
  }

  asUser<T>(accessToken: string, call: Call): Promise<T> {
    return this.send<T>(call, `Bearer ${accessToken}`, accountKeyOf('DISCORD', accessToken), 'user');
  }

  asBot<T>(accountHint: string, call: Call): Promise<T> {
    return this.send<T>(call, `Bot ${this.config.botToken}`, accountKeyOf('DISCORD', 'bot', accountHint), 'bot');
  }

  /** Without an authorization header: webhook calls (the token is in the path) and the token endpoint (the client secret is in the form). */
  withoutAuth<T>(accountHint: string, call: Call): Promise<T> {
    return this.send<T>(call, null, accountKeyOf('DISCORD', 'webhook', accountHint), 'webhook');
  }

  private async send<T>(call: Call, authorization: string | null, accountKey: string, as: 'user' | 'bot' | 'webhook'): Promise<T> {
    const { path, headers, ...rest } = call;
    try {
      return await this.config.http.json<T>({
        ...rest,
        platform: 'DISCORD',
        accountKey,
        url: `${this.base}${path}`,
        headers: { ...(authorization ? { authorization } : {}), ...headers },
      });
    } catch (error) {
      throw refineDiscordError(error, as);
    }
  }
}

/** Discord's answer to a failed call: its JSON `code` says more than the HTTP status. */
export function refineDiscordError(error: unknown, as: 'user' | 'bot' | 'webhook'): unknown {
  if (!(error instanceof PlatformError) || error.httpStatus === 0) return error;
  const body = parseBody(error.meta.body);
  const code = typeof body.code === 'number' ? body.code : null;
  const detail = typeof body.message === 'string' ? body.message : null;
  const meta = { ...error.meta, ...(code !== null ? { discordCode: code } : {}) };
  const message = detail ? `${error.meta.operation}: ${detail}${code !== null ? ` (${code})` : ''}` : error.message;
  if (error.code === 'RATE_LIMITED') {
    // Discord says when in the body too (`retry_after`, seconds), also when a proxy drops the header.
    if (!meta.resetAt && typeof body.retry_after === 'number') {
      const retryAfterSeconds = Math.max(1, Math.ceil(body.retry_after));
      return rebuild(error, 'RATE_LIMITED', message, {
        ...meta,
        retryAfterSeconds,
        resetAt: new Date(Date.now() + body.retry_after * 1000).toISOString(),
        global: body.global === true,
      });
    }
    return rebuild(error, 'RATE_LIMITED', message, { ...meta, global: body.global === true });
  }
  let kind: PlatformErrorCode = error.code;
  if (code !== null && NOT_FOUND_CODES.has(code)) kind = 'NOT_FOUND';
  else if (code !== null && PERMISSION_CODES.has(code)) kind = 'PERMISSION_MISSING';
  else if (code === 50035) kind = 'INVALID_REQUEST';
  else if (error.httpStatus === 401 && as === 'bot') {
    // The operator's bot token was refused: no reconnect by the team fixes that.
    return rebuild(error, 'PERMANENT', `${error.meta.operation}: the Discord bot token configured for this service was refused`, meta);
  }
  return rebuild(error, kind, message, meta);
}

function rebuild(error: PlatformError, code: PlatformErrorCode, message: string, meta: PlatformError['meta']): PlatformError {
  return new PlatformError({ code, message, httpStatus: error.httpStatus, meta });
}

function parseBody(text: unknown): Record<string, unknown> {
  if (typeof text !== 'string' || !text.startsWith('{')) return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** `https://discord.com/channels/<guild>/<channel>/<message>`, the permalink Discord clients open. */
export function discordPermalink(guildId: string, channelId: string, messageId: string): string {
  return `https://discord.com/channels/${guildId}/${channelId}/${messageId}`;
}

export function parseDiscordPermalink(permalink: string | undefined): { guildId: string; channelId: string; messageId: string } | null {
  const match = /\/channels\/(\d+)\/(\d+)\/(\d+)$/.exec(permalink ?? '');
  return match ? { guildId: match[1]!, channelId: match[2]!, messageId: match[3]! } : null;
}
