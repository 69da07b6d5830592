import type { Credentials } from '../../connector';
import type { GbpApi } from './gbp-api';

/**
 * Points the Google account's notifications at the operator's Pub/Sub topic (Notifications API v1,
 * `accounts.updateNotificationSetting`) for new and updated reviews. Google keeps one setting per
 * account, so this replaces whatever topic the account had: another tool using the same Google
 * account's notifications loses them (docs/connectors.md says so). Repeating it is harmless.
 */
export async function subscribeReviews(api: GbpApi, credentials: Credentials, locationName: string): Promise<void> {
  const topic = api.config.pubsubTopic;
  const account = /^(accounts\/[^/]+)\//.exec(locationName)?.[1];
  if (!topic || !account) return;
  await api.call(credentials, {
    operation: 'notifications.update',
    method: 'PATCH',
    idempotent: true,
    url: `${api.config.notificationsBase}/${account}/notificationSetting?updateMask=pubsubTopic,notificationTypes`,
    body: { name: `${account}/notificationSetting`, pubsubTopic: topic, notificationTypes: ['NEW_REVIEW', 'UPDATED_REVIEW'] },
  });
}
