import type { ActionsCapability } from '../../actions';
import type { Credentials, PlatformConnector } from '../../connector';
import { PlatformError } from '../../platform-error';
import { PLATFORMS } from '../../registry';
import type { LiveConnectorContext } from '../live-connectors';
import { POST_COLLECTION } from './bluesky-records';
import { blueskyComments } from './bluesky-comments';
import { blueskyAnalytics, blueskyHistory } from './bluesky-reading';
import { blueskyPublishing } from './bluesky-publishing';
import { blueskyOAuth } from './bluesky-oauth';
import { blueskyOAuthOffered } from './bluesky-oauth-client';
import { blueskySession, didOf } from './bluesky-session';
import { blueskyXrpc, type BlueskyXrpc } from './bluesky-xrpc';

/**
 * Bluesky over the AT Protocol (decision 059): an app password logs in at the operator's
 * `BLUESKY_SERVICE_URL` (bsky.social, or any PDS), or OAuth at the account's own server where it
 * offers it (decision 065); posts are records written to the account's
 * repository under keys derived from the publishing intent, reading goes to the repository
 * (history) or the AppView the PDS proxies to (engagement counts, comments).
 */
export function blueskyConnector({ config, http }: LiveConnectorContext): PlatformConnector {
  const serviceUrl = config.BLUESKY_SERVICE_URL;
  const appUrl = config.BLUESKY_APPVIEW_URL;
  const xrpc = blueskyXrpc(http, serviceUrl);
  const { connect, auth, profile } = blueskySession(xrpc, serviceUrl, blueskyOAuthOffered(config) ? blueskyOAuth(config) : null);
  return {
    type: 'BLUESKY',
    definition: PLATFORMS.BLUESKY,
    mode: 'live',
    connect,
    auth,
    profile,
    messaging: null,
    webhooks: {
      // Bluesky sends no webhooks (its events are a firehose to subscribe to).
      parse() {
        throw new PlatformError({
          code: 'INVALID_REQUEST',
          message: 'Bluesky sends no webhooks',
          httpStatus: 400,
          meta: { platform: 'BLUESKY', operation: 'webhooks.parse' },
        });
      },
    },
    publishing: blueskyPublishing(xrpc, appUrl),
    actions: blueskyActions(xrpc),
    analytics: blueskyAnalytics(xrpc),
    xActions: null,
    comments: blueskyComments(xrpc, appUrl),
    reviews: null,
    history: blueskyHistory(xrpc, serviceUrl, appUrl),
    providerSettings: null,
  };
}

/** Bluesky posts cannot be edited; posts and replies are deleted as records of the repository. */
function blueskyActions(xrpc: BlueskyXrpc): ActionsCapability {
  const remove = async (credentials: Credentials, externalId: string, operation: string) => {
    const did = didOf(credentials.accessToken);
    const rkey = externalId.startsWith('at://') ? externalId.split('/').pop()! : externalId;
    // Deleting a record that is gone already succeeds: a repeated delete is harmless.
    await xrpc.procedure({
      nsid: 'com.atproto.repo.deleteRecord',
      body: { repo: did, collection: POST_COLLECTION, rkey },
      token: credentials.accessToken,
      account: did,
      operation,
    });
  };
  return {
    editPost: null,
    async deletePost(_env, credentials, _account, input) {
      // A thread's later parts first, last to first, so no part is left replying to a deleted one
      // if this stops halfway; a thread published before `threadUris` was kept loses its root only.
      const later = (input.externalData?.threadUris ?? '').split(' ').filter(Boolean).reverse();
      for (const uri of later) await remove(credentials, uri, 'actions.deletePost');
      await remove(credentials, input.externalId, 'actions.deletePost');
    },
    editComment: null,
    deleteComment: (_env, credentials, _account, input) => remove(credentials, input.externalId, 'actions.deleteComment'),
    lookups: {},
  };
}
