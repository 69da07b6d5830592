import type { Credentials, PlatformChannel, ProfileCapability } from '../../connector';
import { PERMISSIONS } from '../../permissions';
import type { GbpApi } from './gbp-api';

type Account = { name: string; accountName?: string; type?: string; role?: string };
type Location = {
  name: string;
  title?: string;
  storefrontAddress?: { addressLines?: string[]; locality?: string };
  metadata?: { canOperateLocalPost?: boolean };
};

/** Every business account the person may act for (their own and location groups), all pages. */
export async function listAccounts(api: GbpApi, credentials: Credentials): Promise<Account[]> {
  const accounts: Account[] = [];
  let pageToken: string | undefined;
  do {
    const query = new URLSearchParams({ pageSize: '20', ...(pageToken ? { pageToken } : {}) });
    const page = await api.call<{ accounts?: Account[]; nextPageToken?: string }>(credentials, {
      operation: 'profile.accounts',
      url: `${api.config.accountsBase}/accounts?${query}`,
    });
    accounts.push(...(page.accounts ?? []));
    pageToken = page.nextPageToken;
  } while (pageToken);
  return accounts;
}

/** Who connected (userinfo), and the business account named after them. */
export function gbpProfile(api: GbpApi): ProfileCapability {
  return {
    async fetch(_env, credentials) {
      const me = await api.call<{ sub: string; name?: string; email?: string; picture?: string }>(credentials, {
        operation: 'profile.fetch',
        url: api.config.userinfoUrl,
      });
      const accounts = await listAccounts(api, credentials);
      const personal = accounts.find((account) => account.type === 'PERSONAL') ?? accounts[0];
      return {
        profile: {
          // The business account: Google's notifications and v4 resources are named after it.
          externalId: personal?.name ?? `users/${me.sub}`,
          username: me.email ?? null,
          displayName: me.name ?? personal?.accountName ?? null,
          bio: null,
          avatarUrl: me.picture ?? null,
          email: me.email ?? null,
          attributes: { accountId: personal?.name ?? null, googleUserId: me.sub },
        },
        // business.manage covers posts, reviews, insights and the location profile.
        permissions: PERMISSIONS.filter((permission) => permission !== 'messaging' && permission !== 'comments'),
      };
    },
    async listChannels(_env, credentials) {
      const channels: PlatformChannel[] = [];
      for (const account of await listAccounts(api, credentials)) {
        let pageToken: string | undefined;
        do {
          const query = new URLSearchParams({ readMask: 'name,title,storefrontAddress,metadata', pageSize: '100', ...(pageToken ? { pageToken } : {}) });
          const page = await api.call<{ locations?: Location[]; nextPageToken?: string }>(credentials, {
            operation: 'profile.listChannels',
            url: `${api.config.informationBase}/${account.name}/locations?${query}`,
          });
          for (const location of page.locations ?? []) {
            const address = location.storefrontAddress;
            channels.push({
              // v4 resources need the account as well: `accounts/{a}/locations/{l}`.
              id: `${account.name}/${location.name}`,
              name: location.title ?? location.name,
              username: null,
              address: address ? [...(address.addressLines ?? []), address.locality].filter(Boolean).join(', ') : null,
              avatarUrl: null,
              webhook: null,
              metadata: null,
            });
          }
          pageToken = page.nextPageToken;
        } while (pageToken);
      }
      return channels;
    },
  };
}
