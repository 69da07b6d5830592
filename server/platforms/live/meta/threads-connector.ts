import type { PlatformConnector } from '../../connector';
import { threads } from '../../definitions/threads';
import { noInboundWebhooks } from '../shared/no-inbound-webhooks';
import type { MetaConfig } from './meta-config';
import { MetaGraph } from './meta-graph';
import { THREADS_SCOPES } from './meta-permissions';
import { userLogin } from './meta-user-login';
import { threadsPublishing } from './publishing/threads-publishing';
import { metaActions } from './publishing/meta-actions';
import { threadsReading } from './reading/threads-reading';

type ThreadsMe = { id: string; username?: string; name?: string; threads_profile_picture_url?: string; threads_biography?: string };

/**
 * Threads for real (decision 072), this slice: connecting (threads.net authorization window with
 * the Threads app id, long-lived token refreshed every 30 days) and the profile. Publishing,
 * replies and insights come with the next slices, as the definition already describes them.
 */
export function threadsConnector(config: MetaConfig): PlatformConnector {
  const { app, authorizeUrl, graphUrl } = config.threads;
  const graph = new MetaGraph({ http: config.http, platform: 'THREADS', baseUrl: graphUrl, version: config.threadsVersion, appSecret: app.secret });
  const { connect, auth, profile } = userLogin<ThreadsMe>({
    platform: 'THREADS',
    kind: 'threads',
    app,
    authorizeUrl: `${authorizeUrl}/oauth/authorize`,
    // Threads takes the code on its Graph host.
    codeHost: graph,
    graph,
    grants: { exchange: 'th_exchange_token', refresh: 'th_refresh_token' },
    scopes: THREADS_SCOPES,
    reauthenticate: {},
    me: {
      fields: 'id,username,name,threads_profile_picture_url,threads_biography',
      profile: (me) => ({
        externalId: me.id,
        username: me.username ?? null,
        displayName: me.name ?? me.username ?? null,
        bio: me.threads_biography ?? null,
        avatarUrl: me.threads_profile_picture_url ?? null,
        email: null,
        attributes: {},
      }),
    },
  });
  return {
    type: 'THREADS',
    definition: threads,
    mode: 'live',
    connect,
    auth,
    profile,
    webhooks: noInboundWebhooks('THREADS'),
    xActions: null,
    reviews: null,
    // Threads has no DMs, ice breakers or menu.
    messaging: null,
    providerSettings: null,
    publishing: threadsPublishing(config),
    actions: metaActions(config, 'THREADS'),
    // History, replies and insights (decision 076).
    ...threadsReading(config),
  };
}
