import { and, eq } from 'drizzle-orm';
import { newId } from '../../db/ids';
import { sandboxItems } from '../../db/schema/sandbox';
import { sandboxMessages } from '../../db/schema/sandbox-messaging';
import type { ConnectorEnv, Credentials, MessagingCapability, MessagingEnv, OutboundMessage, SentMessage } from '../connector';
import { PlatformError } from '../platform-error';
import type { PlatformDefinition } from '../platform-definition';
import { deliverSandboxMessageJob } from '../../sandbox-platform/sandbox.jobs';
import { applyFaults } from './fault-gate';
import type { SandboxAccess } from './sandbox-publishing';

const SEVEN_DAYS_MS = 7 * 24 * 3600_000;

type Profile = Awaited<ReturnType<SandboxAccess['authorize']>>['profile'];
type Recorded = { pageId: string; recipientId: string | null; commentId?: string; message: Record<string, unknown> };

/** DMs on the sandbox's Meta platforms, with the rules Instagram and Facebook enforce themselves. */
export function sandboxMessaging(
  definition: PlatformDefinition,
  access: SandboxAccess,
  subscription: (env: ConnectorEnv, credentials: Credentials, target: { externalId: string }, subscribe: boolean) => Promise<void>,
): MessagingCapability {
  const platform = definition.type;
  const refuse = (message: string, operation: string, httpStatus = 400) =>
    new PlatformError({ code: httpStatus === 404 ? 'NOT_FOUND' : 'INVALID_REQUEST', message, httpStatus, meta: { platform, operation } });

  async function allowed(env: ConnectorEnv, credentials: Credentials, operation: string) {
    const authorized = await access.authorize(env, credentials, operation);
    access.requirePermission(authorized.grant, 'messaging', operation);
    return authorized;
  }

  function checkMessage(message: OutboundMessage, operation: string) {
    // Instagram measures text in bytes: emoji and non-Latin text reach the limit sooner.
    if (platform === 'INSTAGRAM' && message.text && new TextEncoder().encode(message.text).length > 1000) {
      throw refuse('Instagram rejected the message: text is over 1000 bytes', operation);
    }
    const buttons = [...(message.buttons ?? []), ...(message.carousel?.cards.flatMap((card) => card.buttons ?? []) ?? [])];
    if (platform === 'INSTAGRAM' && buttons.some((button) => button.type === 'PHONE')) throw refuse('Instagram does not support phone buttons', operation);
  }

  async function previous(env: ConnectorEnv, profile: Profile, intentKey: string) {
    const [found] = await env.db
      .select()
      .from(sandboxMessages)
      .where(and(eq(sandboxMessages.profileId, profile.id), eq(sandboxMessages.intentKey, intentKey)));
    return found ?? null;
  }

  /**
   * The message and its idempotency key commit together, with the job that later reports it
   * delivered: a repeat with the key (or a reconciler's lookup) finds exactly this message.
   */
  async function record(env: MessagingEnv, profile: Profile, intentKey: string, recorded: Recorded, operation: string): Promise<SentMessage> {
    const earlier = await previous(env, profile, intentKey);
    if (earlier) return { externalMessageId: earlier.externalMessageId };
    const stored = await env.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(sandboxMessages)
        .values({ profileId: profile.id, intentKey, externalMessageId: `m_${newId()}`, ...recorded })
        .onConflictDoNothing()
        .returning();
      if (row) await env.jobs.send(deliverSandboxMessageJob, { sandboxMessageId: row.id }, { executor: tx });
      return row;
    });
    // Two requests with one key raced and the other won: answer with its message.
    const message = stored ?? (await previous(env, profile, intentKey))!;
    // The platform has the message; its answer can still be lost on the way back (a timeout, or
    // the caller dies): the reconciler then finds it by the key.
    await applyFaults(env.db, { organizationId: profile.organizationId, platform, profileId: profile.id, operation: `${operation}.response` });
    return { externalMessageId: message.externalMessageId };
  }

  return {
    subscribe: (env, credentials, target) => subscription(env, credentials, target, true),
    unsubscribe: (env, credentials, target) => subscription(env, credentials, target, false),
    async send(env, credentials, input) {
      const operation = 'messaging.send';
      const { profile } = await allowed(env, credentials, operation);
      checkMessage(input.message, operation);
      return record(env, profile, input.intentKey, { pageId: input.pageId, recipientId: input.recipientId, message: { ...input.message } }, operation);
    },
    async privateReply(env, credentials, input) {
      const operation = 'messaging.privateReply';
      const { grant, profile } = await allowed(env, credentials, operation);
      if (platform === 'INSTAGRAM') access.requirePermission(grant, 'comments', operation);
      const [comment] = await env.db
        .select()
        .from(sandboxItems)
        .where(and(eq(sandboxItems.profileId, profile.id), eq(sandboxItems.externalId, input.commentId), eq(sandboxItems.kind, 'COMMENT')));
      if (!comment || comment.deletedAt) throw refuse(`The ${definition.label} comment ${input.commentId} was not found`, operation, 404);
      if (Date.now() - comment.createdAt.getTime() > SEVEN_DAYS_MS)
        throw refuse(`${definition.label} allows private replies only to comments at most 7 days old`, operation);
      return record(
        env,
        profile,
        input.intentKey,
        { pageId: input.pageId, recipientId: comment.authorExternalId, commentId: comment.externalId, message: { text: input.text } },
        operation,
      );
    },
    async findByIntent(env, credentials, input) {
      const { profile } = await allowed(env, credentials, 'messaging.find');
      const found = await previous(env, profile, input.intentKey);
      return found ? { externalMessageId: found.externalMessageId, sentAt: found.createdAt } : null;
    },
    async react(env, credentials, input) {
      const operation = 'messaging.react';
      await allowed(env, credentials, operation);
      if (platform !== 'INSTAGRAM') throw refuse(`${definition.label} does not let pages react to messages`, operation);
      if (input.reaction !== 'love') throw refuse('Instagram supports only the love reaction', operation);
    },
    async markSeen(env, credentials) {
      await allowed(env, credentials, 'messaging.markSeen');
    },
  };
}
