import { and, asc, eq, gt, lt } from 'drizzle-orm';
import { connectorEnv, connectorOf, withCredentials } from '../accounts/credentials';
import { conversations, messages } from '../db/schema/inbox';
import { socialAccounts } from '../db/schema/social-accounts';
import { PlatformError } from '../platforms/platform-error';
import type { AppServices } from '../services';
import type { MessageRow } from './inbox-dto';
import { adoptRecipient } from './private-reply-thread';
import { intentKeyOf, recordSendOutcome, type SendOutcome } from './send-outcome';
import { messagingOf } from '../platforms/messaging-of';

const PAGE = 100;
/** A send the platform could not be asked about for this long is given up as failed. */
const GIVE_UP_MS = 24 * 3600_000;

export const NOT_ON_PLATFORM =
  'The service stopped before the platform answered this send, and the platform has no message for it: it was not sent. Send it again.';

export type ReconcileResult = { adopted: number; failed: number; waiting: number };

/** An outcome, with the person's DM id where the platform named it for a found private reply. */
type Found = SendOutcome & { recipientId?: string };

/**
 * A process that died between a send's two transactions left its message PENDING. Once it is older
 * than `MESSAGE_RECONCILE_AFTER_SECONDS` (no live call takes that long), the platform is asked
 * whether a message with the send's intent key exists: found, it is adopted as SENT with the
 * platform's id; not found, the send never reached it and is FAILED (its quota slot given back).
 * A lookup that fails is tried again at the next sweep, for a day.
 */
export async function reconcilePendingMessages(services: AppServices, now = new Date()): Promise<ReconcileResult> {
  const cutoff = new Date(now.getTime() - services.config.MESSAGE_RECONCILE_AFTER_SECONDS * 1000);
  const result: ReconcileResult = { adopted: 0, failed: 0, waiting: 0 };
  let after = '';
  for (;;) {
    const page = await services.db
      .select()
      .from(messages)
      .where(and(eq(messages.status, 'PENDING'), lt(messages.createdAt, cutoff), gt(messages.id, after)))
      .orderBy(asc(messages.id))
      .limit(PAGE);
    for (const message of page) {
      const outcome = await askPlatform(services, message, now);
      if (!outcome) {
        result.waiting += 1;
        continue;
      }
      const recorded = await services.db.transaction(async (tx) => {
        const done = await recordSendOutcome(tx, message, outcome);
        // A found private reply names the person's DM id: the thread becomes theirs (decision 078).
        const recipientId = outcome.kind === 'SENT' && message.source === 'PRIVATE_REPLY' ? outcome.recipientId : undefined;
        return done && recipientId ? adoptRecipient(tx, done, recipientId, services.jobs) : done;
      });
      if (recorded) result[outcome.kind === 'SENT' ? 'adopted' : 'failed'] += 1;
    }
    if (page.length < PAGE) break;
    after = page.at(-1)!.id;
  }
  if (result.adopted + result.failed + result.waiting > 0) services.logger.info('interrupted message sends reconciled', result);
  return result;
}

/** What the platform knows of the send, as an outcome to record; null to ask again later. */
async function askPlatform(services: AppServices, message: MessageRow, now: Date): Promise<Found | null> {
  const [account] = await services.db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.organizationId, message.organizationId), eq(socialAccounts.id, message.socialAccountId)));
  const unknown = (why: string): SendOutcome => ({
    kind: 'FAILED',
    error: `The service stopped before the platform answered this send, and ${why}: it may or may not have been sent.`,
    mayHaveArrived: true,
  });
  if (!account || account.deletedAt) return unknown('the social account was disconnected since');
  if (!connectorOf(services, account.type, account.mode).messaging) return unknown(`${account.type} has no messaging to ask`);
  try {
    // Platforms without an idempotency key (Meta) are searched for what was sent, to whom, since when.
    const [conversation] = await services.db
      .select({ participantId: conversations.externalParticipantId })
      .from(conversations)
      .where(eq(conversations.id, message.conversationId));
    const hint = {
      recipientId: message.source === 'PRIVATE_REPLY' ? null : (conversation?.participantId ?? null),
      text: message.text,
      after: message.createdAt,
    };
    const found = await withCredentials(services, account, (connector, credentials) =>
      messagingOf(connector, 'messaging.findByIntent').findByIntent(connectorEnv(services), credentials, {
        pageId: account.externalId ?? '',
        intentKey: intentKeyOf(message),
        hint,
      }),
    );
    if (found) return { kind: 'SENT', externalMessageId: found.externalMessageId, sentAt: found.sentAt, recipientId: found.recipientId };
    return { kind: 'FAILED', error: NOT_ON_PLATFORM, mayHaveArrived: false };
  } catch (error) {
    const reason = error instanceof PlatformError ? error.message : String(error);
    if (now.getTime() - message.createdAt.getTime() > GIVE_UP_MS) return unknown(`the platform could not be asked for a day (${reason})`);
    services.logger.warn('interrupted message send: platform lookup failed, trying again later', { messageId: message.id, error: reason });
    return null;
  }
}
