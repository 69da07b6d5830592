import type { AppServices } from '../services';
import { requireAccount, requireListedChannel, selectableModel, setChannel, unsetChannel, type AccountRef, type ChannelTokens } from './accounts.service';
import type { SocialAccountRow } from './account-record';
import { connectorEnv, connectorOf, heldTokens, sealCredentials } from './credentials';

/**
 * `set-channel` through the API: where the chosen channel has a token of its own (a Facebook
 * Page), the connector makes the credentials the account keeps from now on, outside the
 * transaction (a platform call is not rolled back); they are stored with the choice.
 */
export async function selectChannel(services: AppServices, ref: AccountRef & { channelId: string }): Promise<SocialAccountRow> {
  const row = await requireAccount(services.db, ref);
  requireListedChannel(row, ref.channelId);
  return setChannel(services.db, { ...ref, tokens: await channelTokens(services, row, ref.channelId) });
}

/** `unset-channel`: the channel's own token leaves with the choice. */
export async function clearChannel(services: AppServices, ref: AccountRef): Promise<SocialAccountRow> {
  const row = await requireAccount(services.db, ref);
  selectableModel(row, 'unset');
  return unsetChannel(services.db, { ...ref, tokens: row.selectedChannelId ? await channelTokens(services, row, null) : undefined });
}

async function channelTokens(services: AppServices, row: SocialAccountRow, channelId: string | null): Promise<ChannelTokens | undefined> {
  const connector = connectorOf(services, row.type, row.mode);
  if (!connector.profile.channelCredentials) return undefined;
  const held = heldTokens(services, row);
  const kept = await connector.profile.channelCredentials(connectorEnv(services), held.credentials, channelId);
  return { from: held.accessTokenEnc, ...sealCredentials(services, kept) };
}
