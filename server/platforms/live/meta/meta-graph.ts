import type { PostPlatform } from '../../platform-types';
import type { LiveHttpClient } from '../live-http';
import { accountKeyOf } from '../shared/account-key';
import { appSecretProof } from './appsecret-proof';
import { metaError } from './meta-errors';

/** One Meta API host: graph.facebook.com, graph.instagram.com, graph.threads.net, or Instagram's token host. */
export type GraphHost = {
  http: LiveHttpClient;
  platform: PostPlatform;
  baseUrl: string;
  /** The pinned version every versioned path starts with. */
  version: string;
  /** The secret of the app whose tokens this host receives: each call's `appsecret_proof`. */
  appSecret: string;
};

export type GraphCall = {
  operation: string;
  path: string;
  /** A user or Page token: sent as `access_token`, with its `appsecret_proof`. */
  token?: string;
  query?: Record<string, string | undefined>;
  /** A POST with this form-encoded body. */
  form?: Record<string, string>;
  /** A POST with this JSON body (the Messenger Platform's endpoints, such as `messenger_profile`, document JSON). */
  jsonBody?: Record<string, unknown>;
  /** A POST with this multipart body: parameters Meta documents as files (a Page video's `thumb`). */
  multipart?: FormData;
  /** `DELETE` (a comment, a Messenger profile's fields); otherwise POST with a body, else GET. */
  method?: 'DELETE';
  /** Token endpoints (`/access_token`, `/refresh_access_token`, Instagram's and Threads' `/oauth/access_token`) have no version. */
  unversioned?: boolean;
  /** A call that must not be repeated (a single-use authorization code): not retried after a timeout. */
  once?: boolean;
};

type Paged<T> = { data?: T[]; paging?: { cursors?: { after?: string }; next?: string } };

/** Pages of an edge read at most, a guard against a cursor that never ends. */
const MAX_PAGES = 50;

/**
 * Calls to one Meta host through the live client: the pinned version in the path, the token and
 * its `appsecret_proof` on every call that carries a token (calls that carry the app secret itself,
 * the token endpoints, need none), and Meta's error answers read by `metaError`.
 */
export class MetaGraph {
  constructor(readonly host: GraphHost) {}

  async call<T>(call: GraphCall): Promise<T> {
    const { host } = this;
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(call.query ?? {})) if (value !== undefined) query.set(key, value);
    if (call.token) {
      query.set('access_token', call.token);
      query.set('appsecret_proof', appSecretProof(call.token, host.appSecret));
    }
    const path = call.unversioned ? call.path : `/${host.version}${call.path}`;
    const search = query.toString();
    return host.http.json<T>({
      platform: host.platform,
      operation: call.operation,
      accountKey: accountKeyOf(host.platform, call.token ?? 'oauth'),
      method: call.method ?? (call.form || call.jsonBody || call.multipart ? 'POST' : 'GET'),
      url: `${host.baseUrl}${path}${search ? `?${search}` : ''}`,
      ...(call.form ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(call.form).toString() } : {}),
      ...(call.jsonBody ? { body: call.jsonBody } : {}),
      ...(call.multipart ? { body: call.multipart } : {}),
      ...(call.once ? { idempotent: false } : {}),
      refineError: (response, bodyText) =>
        metaError({ status: response.status, bodyText, headers: response.headers, platform: host.platform, operation: call.operation }),
    });
  }

  /**
   * Every item of a paged edge (`/me/accounts`). The `after` cursor is sent on our own URL rather
   * than following `paging.next`, which names Meta's host and carries the token in its query.
   */
  async all<T>(call: GraphCall): Promise<T[]> {
    const items: T[] = [];
    let after: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const answer = await this.call<Paged<T>>({ ...call, query: { ...call.query, after } });
      items.push(...(answer.data ?? []));
      after = answer.paging?.next ? answer.paging.cursors?.after : undefined;
      if (!after) break;
    }
    return items;
  }
}
