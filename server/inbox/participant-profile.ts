import { and, eq, isNull } from 'drizzle-orm';
import { connectorEnv, connectorOf, withCredentials } from '../accounts/credentials';
import type { Executor } from '../db/client';
import { conversations } from '../db/schema/inbox';
import { socialAccounts } from '../db/schema/social-accounts';
import type { JobQueue } from '../jobs/job-queue';
import type { ParticipantProfile } from '../platforms/connector';
import { PlatformError } from '../platforms/platform-error';
import type { AppServices } from '../services';
import { updateConversation } from './conversations.service';
import type { ConversationRow } from './inbox-dto';
import { fetchParticipantProfileJob } from './inbox.jobs';

const nameless = (row: Pick<ConversationRow, 'participantDisplayName' | 'participantUsername'>) => !row.participantDisplayName && !row.participantUsername;

/**
 * Schedules the one profile lookup of a thread created without a name (decision 078), in the
 * transaction that created it. The singleton key keeps one queued lookup per thread however many
 * paths (a message, an echo, a private reply) ask.
 */
export async function scheduleProfileLookup(tx: Executor, jobs: Pick<JobQueue, 'send'>, conversation: ConversationRow): Promise<void> {
  if (!nameless(conversation)) return;
  await jobs.send(
    fetchParticipantProfileJob,
    { organizationId: conversation.organizationId, conversationId: conversation.id },
    { executor: tx, singletonKey: `participant-profile:${conversation.id}` },
  );
}

/**
 * Asks the platform who the thread's person is and shows it: the conversation's name, username and
 * picture change and `conversation.updated` reaches the open inbox through the outbox. Nothing is
 * asked when the thread got a name meanwhile, its account is gone, or the platform's events carry
 * names (no `profileOf`). A refusal is logged and kept (the id stays shown); a transient failure
 * throws, so the queue retries with its backoff.
 */
export async function fetchParticipantProfile(services: AppServices, payload: { organizationId: string; conversationId: string }): Promise<void> {
  const [conversation] = await services.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.organizationId, payload.organizationId), eq(conversations.id, payload.conversationId)));
  if (!conversation || !nameless(conversation)) return;
  const [account] = await services.db
    .select()
    .from(socialAccounts)
    .where(
      and(eq(socialAccounts.organizationId, payload.organizationId), eq(socialAccounts.id, conversation.socialAccountId), isNull(socialAccounts.deletedAt)),
    );
  if (!account || !connectorOf(services, account.type, account.mode).messaging?.profileOf) return;

  let profile: ParticipantProfile;
  try {
    profile = await withCredentials(services, account, (connector, credentials) =>
      connector.messaging!.profileOf!(connectorEnv(services), credentials, {
        pageId: account.externalId ?? '',
        personId: conversation.externalParticipantId,
      }),
    );
  } catch (error) {
    if (!(error instanceof PlatformError) || error.isTransient) throw error;
    services.logger.info('participant profile not available', {
      conversationId: conversation.id,
      code: error.code,
      reason: error.userFacingMessage,
    });
    return;
  }
  if (!profile.displayName && !profile.username && !profile.avatarUrl) return;

  await services.db.transaction(async (tx) => {
    const [current] = await tx.select().from(conversations).where(eq(conversations.id, conversation.id)).for('update');
    // A message that carried the name may have arrived while the platform answered: it wins.
    if (!current || !nameless(current)) return;
    await updateConversation(tx, current, {
      participantDisplayName: profile.displayName ?? profile.username ?? '',
      participantUsername: profile.username ?? '',
      participantAvatarUrl: profile.avatarUrl ?? current.participantAvatarUrl,
    });
  });
}
