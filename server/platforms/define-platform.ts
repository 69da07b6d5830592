import { NO_EXTRA_FIELDS, noChannels, noReconnect, standardPermissions, type PlatformDefinition } from './platform-definition';

type Required = Pick<PlatformDefinition, 'type' | 'label' | 'brandColor' | 'supports' | 'dailyLimits' | 'tokens' | 'newProfile' | 'newItemId' | 'permalink'>;

/** Fills the behaviour most platforms share; a platform module overrides what differs. */
export function definePlatform(definition: Required & Partial<PlatformDefinition>): PlatformDefinition {
  return {
    connectable: true,
    channels: noChannels,
    permissionsAsked: (input) => standardPermissions(definition.supports, input),
    requiredPermissions: [],
    supportsReconnect: noReconnect,
    seedChannels: () => [],
    newChannel: () => {
      throw new Error(`${definition.type} has no channels`);
    },
    accountFields: () => NO_EXTRA_FIELDS,
    ...definition,
  };
}
