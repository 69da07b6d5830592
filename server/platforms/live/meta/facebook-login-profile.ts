import type { PlatformChannel, ProfileCapability } from '../../connector';
import { PlatformError } from '../../platform-error';
import type { FacebookLogin } from './facebook-login';
import { metaAccessToken, readMetaToken, type MetaToken } from './meta-credentials';
import { permissionsFrom, type ScopeTable } from './meta-permissions';

type InstagramAccount = { id: string; username?: string; name?: string; profile_picture_url?: string };
type GraphPage = {
  id: string;
  name: string;
  username?: string;
  picture?: { data?: { url?: string } };
  tasks?: string[];
  access_token?: string;
  instagram_business_account?: InstagramAccount;
};

const PAGE_FIELDS = 'id,name,username,picture{url},tasks';
const INSTAGRAM_FIELDS = 'id,name,tasks,instagram_business_account{id,username,name,profile_picture_url}';

/** What a person may do on a Page (`tasks`): publishing needs CREATE_CONTENT; Instagram publishing goes through the same Page. */
const canPublish = (page: GraphPage) => (page.tasks ?? []).includes('CREATE_CONTENT');

/**
 * Who logged in with Facebook, what they granted, and the channels: the Pages they may publish to
 * (`FACEBOOK`), or the Instagram professional accounts linked to those Pages (`INSTAGRAM`), read
 * from `/me/accounts` page by page. Selecting one keeps its Page's long-lived token
 * (`channelCredentials`), the token every Page and Instagram call of the account acts with.
 */
export function facebookLoginProfile(login: FacebookLogin, scopes: ScopeTable, channels: 'pages' | 'instagram'): Required<ProfileCapability> {
  const { graph, platform } = login;
  const userToken = (credentials: Parameters<ProfileCapability['fetch']>[1], operation: string) =>
    readMetaToken(credentials, 'facebook', { platform, operation });
  const grantedPages = (token: string, operation: string, withTokens: boolean) =>
    graph.all<GraphPage>({
      operation,
      path: '/me/accounts',
      token,
      query: { fields: `${channels === 'pages' ? PAGE_FIELDS : INSTAGRAM_FIELDS}${withTokens ? ',access_token' : ''}`, limit: '100' },
    });

  return {
    async fetch(_env, credentials) {
      const operation = 'profile.fetch';
      const held = userToken(credentials, operation);
      const me = await graph.call<{ id: string; name?: string; picture?: { data?: { url?: string } } }>({
        operation,
        path: '/me',
        token: held.user,
        query: { fields: 'id,name,picture{url}' },
      });
      const granted = await graph.call<{ data?: { permission: string; status: string }[] }>({ operation, path: '/me/permissions', token: held.user });
      // The selected channel's own token is what publishing will use: it is checked too.
      if (held.page) {
        await graph.call({ operation, path: `/${held.page.instagramId ?? held.page.id}`, token: held.page.token, query: { fields: 'id' } });
      }
      return {
        profile: {
          externalId: me.id,
          username: null,
          displayName: me.name ?? null,
          bio: null,
          avatarUrl: me.picture?.data?.url ?? null,
          email: null,
          attributes: {},
        },
        permissions: permissionsFrom(
          scopes,
          (granted.data ?? []).filter((entry) => entry.status === 'granted').map((entry) => entry.permission),
        ),
      };
    },
    async listChannels(_env, credentials) {
      const pages = (await grantedPages(userToken(credentials, 'profile.listChannels').user, 'profile.listChannels', false)).filter(canPublish);
      if (channels === 'pages') return pages.map(pageChannel);
      return pages.flatMap((page) => (page.instagram_business_account ? [instagramChannel(page.instagram_business_account)] : []));
    },
    async channelCredentials(_env, credentials, channelId) {
      const operation = 'profile.channelCredentials';
      const held = userToken(credentials, operation);
      if (channelId === null) return { accessToken: metaAccessToken({ kind: 'facebook', user: held.user }), refreshToken: null };
      const pages = (await grantedPages(held.user, operation, true)).filter(canPublish);
      const page = pages.find((candidate) => (channels === 'pages' ? candidate.id : candidate.instagram_business_account?.id) === channelId);
      if (!page?.access_token) {
        throw new PlatformError({
          code: 'NOT_FOUND',
          message: `${operation}: ${channelId} is not among the ${channels === 'pages' ? 'Pages' : 'Instagram accounts'} this login may publish to`,
          httpStatus: 404,
          userFacingMessage: 'This channel is no longer shared with SocialDesk; reconnect and share it again.',
          meta: { platform, operation },
        });
      }
      const kept: MetaToken = {
        kind: 'facebook',
        user: held.user,
        page: { id: page.id, token: page.access_token, ...(channels === 'instagram' ? { instagramId: channelId } : {}) },
      };
      return { accessToken: metaAccessToken(kept), refreshToken: null };
    },
  };
}

function pageChannel(page: GraphPage): PlatformChannel {
  return {
    id: page.id,
    name: page.name,
    username: page.username ?? null,
    address: null,
    avatarUrl: page.picture?.data?.url ?? null,
    webhook: null,
    metadata: null,
  };
}

function instagramChannel(account: InstagramAccount): PlatformChannel {
  return {
    id: account.id,
    name: account.name ?? account.username ?? null,
    username: account.username ?? null,
    address: null,
    avatarUrl: account.profile_picture_url ?? null,
    webhook: null,
    metadata: null,
  };
}
