import type { Credentials } from '../../../connector';
import type { Permission } from '../../../permissions';
import { PlatformError } from '../../../platform-error';
import type { PostPlatform } from '../../../platform-types';
import type { PublishTarget } from '../../../publishing';
import type { MetaConfig } from '../meta-config';
import { readMetaToken, metaTokenKind } from '../meta-credentials';
import { MetaGraph } from '../meta-graph';
import { INSTAGRAM_LOGIN_SCOPES, THREADS_SCOPES, type ScopeTable } from '../meta-permissions';

/**
 * Who a reading call acts as, on which host, with which token (decision 076): a Facebook Page or an
 * Instagram account linked to one acts with the Page's token on graph.facebook.com; an Instagram
 * Login account with its own token on graph.instagram.com; a Threads profile on graph.threads.net.
 */
export type Acting = {
  platform: PostPlatform;
  graph: MetaGraph;
  token: string;
  /** The node the account is: the Page, the Instagram professional account, the Threads profile. */
  nodeId: string;
  login: 'facebook' | 'instagram' | 'threads';
  /**
   * The scopes the token was granted where the login reported them (Instagram Login, Threads),
   * checked before calling; Facebook Login tokens are checked by Meta, whose code 10/200 answer
   * reads as PERMISSION_MISSING.
   */
  scopes: string[] | null;
  table: ScopeTable | null;
};

type GrantedPage = { id: string; access_token?: string; instagram_business_account?: { id: string } };

/** What each of the service's permissions lets SocialDesk do, in the words a person reads. */
const WHAT: Record<Permission, string> = {
  profile: 'read the account’s profile and posts',
  publish: 'publish',
  comments: 'read and moderate comments',
  analytics: 'read insights',
  messaging: 'manage messages',
};

/** The three Graph hosts, each with its version and the secret of the app its tokens belong to (for `appsecret_proof`). */
export function metaGraphs(config: MetaConfig, platform: PostPlatform) {
  return {
    facebook: new MetaGraph({
      http: config.http,
      platform,
      baseUrl: config.facebook.graphUrl,
      version: config.graphVersion,
      appSecret: config.facebook.app.secret,
    }),
    instagram: new MetaGraph({
      http: config.http,
      platform,
      baseUrl: config.instagram.graphUrl,
      version: config.graphVersion,
      appSecret: config.instagram.app.secret,
    }),
    threads: new MetaGraph({
      http: config.http,
      platform,
      baseUrl: config.threads.graphUrl,
      version: config.threadsVersion,
      appSecret: config.threads.app.secret,
    }),
  };
}

export function metaActing(config: MetaConfig, platform: PostPlatform) {
  const graphs = metaGraphs(config, platform);

  /**
   * The Page token of the selected channel: the one kept at `set-channel`, or (after a reconnect,
   * which keeps the choice but not the Page token, decision 072) found again from the user token.
   */
  async function pageToken(user: string, kept: { id: string; token: string; instagramId?: string } | undefined, channelId: string, operation: string) {
    if (kept && (kept.id === channelId || kept.instagramId === channelId)) return { token: kept.token, pageId: kept.id };
    const pages = await graphs.facebook.all<GrantedPage>({
      operation,
      path: '/me/accounts',
      token: user,
      query: { fields: 'id,access_token,instagram_business_account{id}', limit: '100' },
    });
    const page = pages.find((candidate) => (platform === 'INSTAGRAM' ? candidate.instagram_business_account?.id : candidate.id) === channelId);
    if (!page?.access_token) {
      throw new PlatformError({
        code: 'NOT_FOUND',
        message: `${operation}: ${channelId} is no longer among the ${platform === 'INSTAGRAM' ? 'Instagram accounts' : 'Pages'} this login shares`,
        httpStatus: 404,
        userFacingMessage: 'This channel is no longer shared with SocialDesk; reconnect and share it again.',
        meta: { platform, operation },
      });
    }
    return { token: page.access_token, pageId: page.id };
  }

  return async function acting(credentials: Credentials, target: PublishTarget, operation: string): Promise<Acting> {
    const meta = { platform, operation };
    const kind =
      platform === 'THREADS' ? 'threads' : platform === 'FACEBOOK' ? 'facebook' : metaTokenKind(credentials) === 'instagram' ? 'instagram' : 'facebook';
    if (kind === 'facebook') {
      const held = readMetaToken(credentials, 'facebook', meta);
      const channelId = target.selectedChannelId ?? held.page?.instagramId ?? held.page?.id;
      if (!channelId) {
        throw new PlatformError({
          code: 'INVALID_REQUEST',
          message: `${operation}: no ${platform === 'INSTAGRAM' ? 'Instagram account' : 'Page'} is selected for this account`,
          httpStatus: 400,
          userFacingMessage: `Select the ${platform === 'INSTAGRAM' ? 'Instagram account' : 'Page'} to use (set-channel) first.`,
          meta,
        });
      }
      const { token } = await pageToken(held.user, held.page, channelId, operation);
      return { platform, graph: graphs.facebook, token, nodeId: channelId, login: 'facebook', scopes: null, table: null };
    }
    const held = readMetaToken(credentials, kind, meta);
    return {
      platform,
      graph: graphs[kind],
      token: held.token,
      nodeId: held.userId,
      login: kind,
      scopes: held.scopes,
      table: kind === 'threads' ? THREADS_SCOPES : INSTAGRAM_LOGIN_SCOPES,
    };
  };
}

/**
 * Refuses before calling when the login reported its scopes and the one this needs is missing
 * (`extra`: a scope outside the service's permission table, such as Threads' `threads_delete`).
 */
export function requireGranted(acting: Acting, permission: Permission, operation: string, extra: string[] = []): void {
  if (!acting.scopes || !acting.table) return;
  const missing = [...acting.table[permission], ...extra].filter((scope) => !acting.scopes!.includes(scope));
  if (missing.length === 0) return;
  const label = acting.platform === 'THREADS' ? 'Threads' : 'Instagram';
  throw new PlatformError({
    code: 'PERMISSION_MISSING',
    message: `${operation}: the ${label} token was not granted ${missing.join(', ')}`,
    httpStatus: 403,
    userFacingMessage: `This ${label} account did not allow SocialDesk to ${WHAT[permission]}; reconnect it and allow that permission.`,
    meta: { platform: acting.platform, operation, missingScopes: missing },
  });
}

/** A refusal of something Meta's API does not offer, in plain words. */
export function notOffered(platform: PostPlatform, operation: string, what: string): PlatformError {
  return new PlatformError({
    code: 'INVALID_REQUEST',
    message: `${operation}: ${what}`,
    httpStatus: 400,
    userFacingMessage: what,
    meta: { platform, operation },
  });
}

type Paged<T> = { data?: T[]; paging?: { cursors?: { after?: string }; next?: string } };

/** One page of an edge: its items and the `after` cursor of the next page, null on the last (Meta sends `next` only when more follows). */
export async function onePage<T>(graph: MetaGraph, call: Parameters<MetaGraph['call']>[0]): Promise<{ items: T[]; after: string | null }> {
  const answer = await graph.call<Paged<T>>(call);
  return { items: answer.data ?? [], after: answer.paging?.next ? (answer.paging.cursors?.after ?? null) : null };
}
