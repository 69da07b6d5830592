import type { Credentials } from '../../connector';
import { PlatformError } from '../../platform-error';
import type { LiveHttpClient, LiveRequest } from '../live-http';
import { accountKeyOf } from '../shared/account-key';
import { readMastodonToken } from './mastodon-credentials';

export type MastodonConfig = {
  http: LiveHttpClient;
  /** How long to wait for a server to process an uploaded video (202, then 206 until 200). */
  mediaWait?: { attempts: number; intervalMs: number };
  /** The app name servers show under posts and on the consent screen. */
  appName?: string;
  website?: string;
  /** Seals the client secrets of the apps registered on servers (the platform-token box). */
  vault?: { seal(plaintext: string): string; open(sealed: string): string };
  /**
   * Plain-http servers on 127.0.0.1/localhost (development and tests, with `WEBHOOK_ALLOW_PRIVATE`,
   * which also lets the live client's SSRF guard reach them); never in production.
   */
  allowInsecureLoopback?: boolean;
};

type Call = Omit<LiveRequest, 'platform' | 'accountKey' | 'url'> & { path: string };

/**
 * Mastodon's REST API (https://docs.joinmastodon.org/methods/) through the live client. Every
 * server is one a person named, so every call is a user-chosen host for the live client: checked
 * by the SSRF guard, connected to at the checked address, redirects not followed. The
 * `masto` and `megalodon` clients need Node 22 in their current versions and bring their own
 * fetch; the API is small enough to call directly, and so every call keeps the live client's
 * timeouts, retry rules and per-account limit.
 */
export class MastodonApi {
  constructor(readonly config: MastodonConfig) {}

  /** A call as the account: its server and token come from the credentials. */
  async asAccount<T>(credentials: Credentials, call: Call): Promise<{ body: T; status: number; server: string }> {
    const { server, token } = readMastodonToken(credentials, call.operation);
    const response = await this.send(server, token, call);
    return { body: (response.status === 204 ? undefined : await response.json()) as T, status: response.status, server };
  }

  /** A call to a server before there is an account token (app registration, code exchange). */
  async toServer<T>(server: string, call: Call): Promise<T> {
    const response = await this.send(server, null, call);
    return (await response.json()) as T;
  }

  /** The SSRF guard's verdict on a server, before anything is sent to it (see LiveHttpClient). */
  async checkServer(server: string, operation: string): Promise<void> {
    await this.config.http.checkUserChosenHost({ platform: 'MASTODON', operation, url: server });
  }

  private async send(server: string, token: string | null, call: Call): Promise<Response> {
    const { path, headers, ...rest } = call;
    try {
      return await this.config.http.request({
        ...rest,
        platform: 'MASTODON',
        accountKey: accountKeyOf('MASTODON', server, token ?? ''),
        url: `${server}${path}`,
        userChosenHost: true,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      });
    } catch (error) {
      throw refineMastodonError(error);
    }
  }
}

/**
 * Mastodon answers `{ "error": "…" }`. Its tokens never expire, so a 401 means the person revoked
 * the app (or the server forgot it): reconnecting is the only way on. A 422 is the server's
 * validation (text too long, too many media, a poll with media).
 */
export function refineMastodonError(error: unknown): unknown {
  if (!(error instanceof PlatformError) || error.httpStatus === 0) return error;
  const detail = readError(error.meta.body);
  const message = detail ? `${error.meta.operation}: ${error.httpStatus} ${detail}` : error.message;
  const code = error.httpStatus === 401 ? 'ACCESS_REVOKED' : error.code;
  // A token from before a scope was added (write:favourites): only a new consent grants it.
  const advice = error.httpStatus === 403 && detail?.includes('outside the authorized scopes') ? '; reconnect the account to grant it' : '';
  return new PlatformError({ code, message: message + advice, httpStatus: error.httpStatus, meta: error.meta });
}

function readError(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  try {
    const body = JSON.parse(text) as { error?: unknown; error_description?: unknown };
    return typeof body.error_description === 'string' ? body.error_description : typeof body.error === 'string' ? body.error : null;
  } catch {
    return null;
  }
}

/** Status HTML (`<p>Hi <a …>@x</a><br>…</p>`) as the plain text the post list shows. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}
