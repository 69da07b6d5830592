import { and, eq, isNull } from 'drizzle-orm';
import { sandboxProfiles } from '../db/schema/sandbox';
import { sandboxMessages } from '../db/schema/sandbox-messaging';
import { isSocialAccountType } from '../platforms/registry';
import type { AppServices } from '../services';
import { sendPlatformWebhook } from './sandbox.service';

/**
 * The sandbox platform reports a message the service sent as delivered to the person's device:
 * Messenger's `message_deliveries` webhook (the person, the message ids and a watermark), through
 * the ingestion path. The event id is fixed per message, so a retried job stores it only once.
 */
export async function deliverSandboxMessage(services: AppServices, sandboxMessageId: string): Promise<void> {
  const [row] = await services.db
    .select({ message: sandboxMessages, platform: sandboxProfiles.platform })
    .from(sandboxMessages)
    .innerJoin(sandboxProfiles, eq(sandboxProfiles.id, sandboxMessages.profileId))
    .where(eq(sandboxMessages.id, sandboxMessageId));
  if (!row || row.message.deliveredAt) return;
  const deliveredAt = new Date();
  // The sandbox world's `platform` column is plain text; only account platforms get webhooks.
  if (row.message.recipientId && isSocialAccountType(row.platform)) {
    await sendPlatformWebhook(services, { platform: row.platform, pageId: row.message.pageId }, 'message.delivered', [
      {
        id: `sbx_dlv_${row.message.id}`,
        data: { sender: { id: row.message.recipientId }, messageIds: [row.message.externalMessageId], watermark: deliveredAt.toISOString() },
      },
    ]);
  }
  await services.db
    .update(sandboxMessages)
    .set({ deliveredAt })
    .where(and(eq(sandboxMessages.id, row.message.id), isNull(sandboxMessages.deliveredAt)));
}
