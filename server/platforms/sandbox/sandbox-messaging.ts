import { and, eq } from 'drizzle-orm';
import { newId } from '../../db/ids';
import { sandboxItems } from '../../db/schema/sandbox';
import type { ConnectorEnv, Credentials, MessagingCapability, OutboundMessage } from '../connector';
import { PlatformError } from '../platform-error';
import type { PlatformDefinition } from '../platform-definition';
import type { SandboxAccess } from './sandbox-publishing';

const SEVEN_DAYS_MS = 7 * 24 * 3600_000;

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

  return {
    subscribe: (env, credentials, target) => subscription(env, credentials, target, true),
    unsubscribe: (env, credentials, target) => subscription(env, credentials, target, false),
    async send(env, credentials, input) {
      const operation = 'messaging.send';
      await allowed(env, credentials, operation);
      checkMessage(input.message, operation);
      return { externalMessageId: `m_${newId()}` };
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
      if (Date.now() - comment.createdAt.getTime() > SEVEN_DAYS_MS) throw refuse(`${definition.label} allows private replies only to comments at most 7 days old`, operation);
      return { externalMessageId: `m_${newId()}` };
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
