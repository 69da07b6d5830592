import { PLATFORMS, SOCIAL_ACCOUNT_TYPES } from '@server/platforms/registry';
import type { ChannelModel } from '@server/platforms/platform-definition';
import type { AccountType, SocialAccount } from '@/api/get-team-accounts';

/** The 14 types a team can connect, in the spec's order. */
export const ACCOUNT_TYPES = SOCIAL_ACCOUNT_TYPES;

/** What the server's platform registry says about a type: label, colour, capabilities. */
export function platformInfo(type: AccountType) {
  return PLATFORMS[type];
}

// One label lookup for the whole dashboard (lib/post-platforms.ts); re-exported for this feature's files.
export { platformLabel } from '@/lib/post-platforms';

/** The channel model of this account, which can depend on how it was connected (Instagram through Facebook). */
export function channelModelOf(account: Pick<SocialAccount, 'type' | 'instagramConnectionMethod'>): ChannelModel | null {
  return PLATFORMS[account.type].channels({ instagramConnectionMethod: account.instagramConnectionMethod ?? undefined });
}

/** Channels the user picks once for the account (not per post), as set-channel accepts. */
export function hasSelectableChannel(account: Pick<SocialAccount, 'type' | 'instagramConnectionMethod'>): boolean {
  const model = channelModelOf(account);
  return model !== null && model.selection !== 'per-post';
}

export function supportsMessaging(type: AccountType): boolean {
  return PLATFORMS[type].supports.messaging;
}

export function supportsReconnect(account: Pick<SocialAccount, 'type' | 'instagramConnectionMethod'>): boolean {
  return PLATFORMS[account.type].supportsReconnect({ instagramConnectionMethod: account.instagramConnectionMethod });
}

/** Types that ask for DM access when the organization is enabled, in a readable list ("Instagram and Facebook"). */
export const MESSAGING_TYPES = ACCOUNT_TYPES.filter(supportsMessaging);

export function readableList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
