import type { WebhookCapability } from '../../../connector';
import type { MetaConfig } from '../meta-config';
import { messagingActor, messagingHosts, type Network } from '../messaging/messaging-actor';
import { metaWebhookParser } from './meta-webhook-parse';
import { pollMetaActivity } from './meta-polling';

/**
 * The `webhooks` member of the Facebook and Instagram connectors: the parser of Meta's deliveries
 * (`/webhooks/meta`), and, where the operator has not configured Meta's webhooks
 * (`META_WEBHOOK_VERIFY_TOKEN` unset), the poll that reads the same activity on a schedule.
 */
export function metaWebhooks(config: MetaConfig, platform: Network): WebhookCapability {
  const hosts = messagingHosts(config, platform);
  const parse = metaWebhookParser(platform, [config.facebook.app.id, config.instagram.app.id]);
  if (config.webhooksConfigured) return { parse };
  return {
    parse,
    poll: (_env, credentials, input) => pollMetaActivity(messagingActor(hosts, platform, credentials, 'webhooks.poll'), platform, input),
  };
}
