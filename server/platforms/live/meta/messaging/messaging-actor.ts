import type { Credentials } from '../../../connector';
import { PlatformError } from '../../../platform-error';
import type { MetaConfig } from '../meta-config';
import { metaTokenKind, readMetaToken } from '../meta-credentials';
import type { MetaGraph } from '../meta-graph';
import { metaGraphs } from '../reading/meta-acting';

/**
 * Who sends and receives for an account, and where (decision 075):
 * - a Facebook Page: its Page token on graph.facebook.com, `/{page-id}/…`;
 * - an Instagram account through Facebook Login: its linked Page's token on graph.facebook.com,
 *   `/{page-id}/…` (the Messenger Platform's Instagram messaging), the Instagram account being
 *   who appears in conversations;
 * - an Instagram account with Instagram Login: its own token on graph.instagram.com, `/me/…`.
 */
export type MessagingActor = {
  graph: MetaGraph;
  token: string;
  /** The node messages, subscriptions and conversations hang from. */
  node: string;
  /** The account as Meta names it in conversations (`from.id`) and webhook entries. */
  selfId: string;
  /** The `platform` parameter of the Conversations API. */
  conversations: 'messenger' | 'instagram';
  login: 'facebook' | 'instagram';
};

export type Network = 'FACEBOOK' | 'INSTAGRAM';

/** The Graph hosts messaging uses (the same clients the other Meta calls use). */
export function messagingHosts(config: MetaConfig, platform: Network) {
  const { facebook, instagram } = metaGraphs(config, platform);
  return { facebook, instagram };
}

export function messagingActor(hosts: ReturnType<typeof messagingHosts>, platform: Network, credentials: Credentials, operation: string): MessagingActor {
  const meta = { platform, operation };
  if (platform === 'INSTAGRAM' && metaTokenKind(credentials) === 'instagram') {
    const held = readMetaToken(credentials, 'instagram', meta);
    return { graph: hosts.instagram, token: held.token, node: 'me', selfId: held.userId, conversations: 'instagram', login: 'instagram' };
  }
  const held = readMetaToken(credentials, 'facebook', meta);
  const page = held.page;
  if (!page || (platform === 'INSTAGRAM' && !page.instagramId)) {
    throw new PlatformError({
      code: 'INVALID_REQUEST',
      message: `${operation}: the account holds no Page token; select its ${platform === 'FACEBOOK' ? 'Page' : 'Instagram account'} again with set-channel`,
      httpStatus: 400,
      userFacingMessage: `Select the ${platform === 'FACEBOOK' ? 'Page' : 'Instagram account'} of this connection again (set-channel) to use messaging.`,
      meta,
    });
  }
  return {
    graph: hosts.facebook,
    token: page.token,
    node: page.id,
    selfId: platform === 'FACEBOOK' ? page.id : page.instagramId!,
    conversations: platform === 'FACEBOOK' ? 'messenger' : 'instagram',
    login: 'facebook',
  };
}
