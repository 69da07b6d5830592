import type { Credentials } from '../../connector';
import { PlatformError } from '../../platform-error';
import type { PostPlatform } from '../../platform-types';

/**
 * What a Meta account's sealed access token holds. Connector calls get the account's credentials,
 * not its row (as for Mastodon, decision 060), and a Meta account needs more than one string:
 * - `facebook` (Facebook Login for Business: Pages, and Instagram through a Page): the person's
 *   long-lived user token, which lists their Pages, and once a channel is selected that Page's
 *   long-lived token (which does not expire), the one Page and Instagram calls act with;
 * - `instagram` (Instagram Login) and `threads`: the long-lived user token, the account it belongs
 *   to and the scopes granted, which those APIs do not report again later.
 */
export type MetaToken =
  | { kind: 'facebook'; user: string; page?: { id: string; token: string; instagramId?: string } }
  | { kind: 'instagram'; token: string; userId: string; scopes: string[] }
  | { kind: 'threads'; token: string; userId: string; scopes: string[] };

export function metaAccessToken(token: MetaToken): string {
  return JSON.stringify(token);
}

/** The account's Meta token of this kind; anything else (a damaged row, a token of another login) means reconnecting. */
export function readMetaToken<K extends MetaToken['kind']>(
  credentials: Credentials,
  kind: K,
  meta: { platform: PostPlatform; operation: string },
): Extract<MetaToken, { kind: K }> {
  try {
    const parsed = JSON.parse(credentials.accessToken) as Partial<MetaToken>;
    if (parsed.kind === kind) return parsed as Extract<MetaToken, { kind: K }>;
  } catch {
    // Falls through: not a credential this connector issued.
  }
  throw new PlatformError({
    code: 'ACCESS_REVOKED',
    message: `${meta.operation}: this ${meta.platform} connection holds no ${kind} token; reconnect it`,
    httpStatus: 401,
    meta,
  });
}

/** The kind of Meta token the account holds (Instagram accounts hold either login's). */
export function metaTokenKind(credentials: Credentials): MetaToken['kind'] | null {
  try {
    const kind = (JSON.parse(credentials.accessToken) as Partial<MetaToken>).kind;
    return kind === 'facebook' || kind === 'instagram' || kind === 'threads' ? kind : null;
  } catch {
    return null;
  }
}
