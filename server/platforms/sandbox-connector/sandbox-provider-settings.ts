import { and, eq } from 'drizzle-orm';
import { sandboxMessengerProfiles } from '../../db/schema/sandbox';
import type { ConnectorEnv, Credentials } from '../connector';
import { PlatformError } from '../platform-error';
import type { PlatformDefinition } from '../platform-definition';
import type { MessengerSetting, ProviderSettingsCapability } from '../provider-settings';
import type { SandboxAccess } from './sandbox-publishing';
import { listChannelsOf } from './world';

/** Instagram's and Facebook's own limits on what a DM screen shows (their API refuses beyond them). */
const RULES = { iceBreakers: 4, question: 80, menuItems: 3, menuTitle: 30, payload: 1000 } as const;

/** The sandbox's DM screens: Instagram keeps ice breakers, Facebook pages a persistent menu. */
export function sandboxProviderSettings(definition: PlatformDefinition, access: SandboxAccess): ProviderSettingsCapability | null {
  const platform = definition.type;
  const kind = platform === 'INSTAGRAM' ? 'INSTAGRAM_ICE_BREAKERS' : platform === 'FACEBOOK' ? 'FACEBOOK_PERSISTENT_MENU' : null;
  if (!kind) return null;
  const refuse = (message: string, operation: string, httpStatus = 400) =>
    new PlatformError({ code: httpStatus === 404 ? 'NOT_FOUND' : 'INVALID_REQUEST', message, httpStatus, meta: { platform, operation } });

  /** The caller may manage the page: messaging permission, and the page is the profile's or one of its channels. */
  async function managedPage(env: ConnectorEnv, credentials: Credentials, pageId: string, operation: string) {
    const { grant, profile } = await access.authorize(env, credentials, operation);
    access.requirePermission(grant, 'messaging', operation);
    const owned = profile.externalId === pageId || (await listChannelsOf(env.db, profile.id)).some((channel) => channel.externalId === pageId);
    if (!owned) throw refuse(`${definition.label} account ${pageId} is not managed by this user`, operation, 404);
  }

  function check(setting: MessengerSetting, operation: string) {
    if (setting.type !== kind) throw refuse(`${definition.label} has no ${setting.type}`, operation);
    if (setting.type === 'INSTAGRAM_ICE_BREAKERS') {
      if (setting.iceBreakers.length === 0) throw refuse('Instagram needs at least one ice breaker; remove them instead', operation);
      if (setting.iceBreakers.length > RULES.iceBreakers) throw refuse(`Instagram allows at most ${RULES.iceBreakers} ice breakers`, operation);
      for (const item of setting.iceBreakers) {
        if ([...item.question].length > RULES.question) throw refuse(`Ice breaker questions can be at most ${RULES.question} characters`, operation);
        if (item.payload.length > RULES.payload) throw refuse(`Payloads can be at most ${RULES.payload} characters`, operation);
      }
      return;
    }
    if (setting.items.length === 0) throw refuse('A persistent menu needs at least one item; remove it instead', operation);
    if (setting.items.length > RULES.menuItems) throw refuse(`Facebook allows at most ${RULES.menuItems} menu items`, operation);
    for (const item of setting.items) {
      if ([...item.title].length > RULES.menuTitle) throw refuse(`Menu item titles can be at most ${RULES.menuTitle} characters`, operation);
      if (item.type === 'URL' && !item.url.startsWith('https://')) throw refuse('Menu links must use https', operation);
    }
  }

  return {
    types: [kind],
    async push(env, credentials, input) {
      const operation = 'providerSettings.push';
      await managedPage(env, credentials, input.pageId, operation);
      check(input.setting, operation);
      const { type, ...config } = input.setting;
      await env.db
        .insert(sandboxMessengerProfiles)
        .values({ platform, targetExternalId: input.pageId, type, config })
        .onConflictDoUpdate({
          target: [sandboxMessengerProfiles.platform, sandboxMessengerProfiles.targetExternalId, sandboxMessengerProfiles.type],
          set: { config, updatedAt: new Date() },
        });
    },
    async remove(env, credentials, input) {
      const operation = 'providerSettings.remove';
      await managedPage(env, credentials, input.pageId, operation);
      await env.db
        .delete(sandboxMessengerProfiles)
        .where(
          and(
            eq(sandboxMessengerProfiles.platform, platform),
            eq(sandboxMessengerProfiles.targetExternalId, input.pageId),
            eq(sandboxMessengerProfiles.type, input.type),
          ),
        );
    },
  };
}
