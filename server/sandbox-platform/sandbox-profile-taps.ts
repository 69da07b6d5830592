import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { sandboxMessengerProfiles } from '../db/schema/sandbox';
import { BadRequestError } from '../http/errors';
import type { IceBreakers, PersistentMenu } from '../platforms/provider-settings';
import { platformOf } from '../platforms/registry';
import type { ProfileTap } from './sandbox.schemas';

const SETTING_OF: Record<ProfileTap, { platform: string; type: 'INSTAGRAM_ICE_BREAKERS' | 'FACEBOOK_PERSISTENT_MENU'; what: string }> = {
  ICE_BREAKER: { platform: 'INSTAGRAM', type: 'INSTAGRAM_ICE_BREAKERS', what: 'ice breaker' },
  MENU_ITEM: { platform: 'FACEBOOK', type: 'FACEBOOK_PERSISTENT_MENU', what: 'persistent menu item' },
  GET_STARTED: { platform: 'FACEBOOK', type: 'FACEBOOK_PERSISTENT_MENU', what: 'Get Started button' },
};

function labelOf(kind: ProfileTap, config: Record<string, unknown>, payload: string): string | null {
  if (kind === 'ICE_BREAKER') return (config as Omit<IceBreakers, 'type'>).iceBreakers.find((item) => item.payload === payload)?.question ?? null;
  const menu = config as Omit<PersistentMenu, 'type'>;
  if (kind === 'GET_STARTED') return menu.getStartedPayload === payload ? 'Get Started' : null;
  return menu.items.find((item) => item.type === 'POSTBACK' && item.payload === payload)?.title ?? null;
}

/**
 * The label of a tap on the page's ice breakers, persistent menu or Get Started button, as last
 * synced to the sandbox platform. Platforms send these postbacks only for what the page really
 * shows, so a payload it does not offer (or a setting never synced, or removed) is refused.
 */
export async function profileTapLabel(db: Executor, account: { type: string; externalId: string | null }, kind: ProfileTap, payload: string): Promise<string> {
  const setting = SETTING_OF[kind];
  const platform = platformOf(account.type).label;
  if (account.type !== setting.platform) throw new BadRequestError(`${platform} has no ${setting.what}s`);
  const [row] = await db
    .select({ config: sandboxMessengerProfiles.config })
    .from(sandboxMessengerProfiles)
    .where(
      and(
        eq(sandboxMessengerProfiles.platform, account.type),
        eq(sandboxMessengerProfiles.targetExternalId, account.externalId ?? ''),
        eq(sandboxMessengerProfiles.type, setting.type),
      ),
    );
  const label = row ? labelOf(kind, row.config, payload) : null;
  if (label === null) {
    throw new BadRequestError(
      `This ${platform} account shows no ${setting.what} with payload "${payload}": save the automation provider setting and sync it first`,
    );
  }
  return label;
}
