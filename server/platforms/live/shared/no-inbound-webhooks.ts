import type { WebhookCapability } from '../../connector';
import { PlatformError } from '../../platform-error';
import type { PostPlatform } from '../../platform-types';

/**
 * For platforms that push nothing to our webhook endpoint in this wave (Mastodon streams, Discord
 * has a gateway, Slack an events API we do not subscribe to): a payload claiming to come from
 * them is refused as unreadable rather than trusted.
 */
export function noInboundWebhooks(platform: PostPlatform): WebhookCapability {
  return {
    parse() {
      throw new PlatformError({
        code: 'INVALID_REQUEST',
        message: `The live ${platform} connector receives no webhooks`,
        httpStatus: 400,
        meta: { platform, operation: 'webhooks.parse' },
      });
    },
  };
}
