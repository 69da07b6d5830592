import type { MessagingCapability } from '../../../connector';
import { PlatformError } from '../../../platform-error';
import { SEND_METADATA_PREFIX } from '../inbound/messaging-events';
import type { MetaConfig } from '../meta-config';
import { graphTime, recentConversations, toSecond } from './meta-conversations';
import { messagingError } from './meta-messaging-errors';
import { isHeavy, metaMessages, type MetaMessage } from './meta-send-body';
import { returnMessagingSlot, takeMessagingSlot } from './meta-send-limits';
import { messagingActor, messagingHosts, type MessagingActor, type Network } from './messaging-actor';
import { metaProfiles } from './meta-profiles';

/**
 * Webhook fields each subscription asks for (`subscribed_apps`). A Page's are Page fields; an
 * Instagram account through Facebook Login is subscribed through its Page (its Instagram fields,
 * comments included, are chosen on the app); an Instagram Login account names its own fields.
 * A Page carrying both a Facebook and an Instagram account asks for the same list either way:
 * each POST replaces the Page's fields, so a shorter list would drop the other account's
 * (decision 090). `messaging_referrals` brings m.me/ig.me links and ads that open a thread.
 */
const PAGE_FIELDS = [
  'messages',
  'messaging_postbacks',
  'messaging_referrals',
  'message_reactions',
  'message_reads',
  'message_deliveries',
  'message_echoes',
  'feed',
  'ratings',
];
const SUBSCRIBED_FIELDS = {
  page: PAGE_FIELDS,
  instagramPage: PAGE_FIELDS,
  instagramLogin: ['comments', 'live_comments', 'mentions', 'messages', 'messaging_postbacks', 'message_reactions', 'messaging_seen', 'messaging_referral'],
};

/** How long before the intent was recorded a message found on Meta may be dated: clocks differ. */
const CLOCK_SKEW_MS = 60_000;
/** The HUMAN_AGENT tag's window: 7 days after the person's last message (Meta's messaging policy). */
const HUMAN_AGENT_WINDOW_MS = 7 * 86_400_000;

type SendAnswer = { recipient_id?: string; message_id?: string };

/**
 * Direct messages on Facebook Pages and Instagram (decision 075) through the Send API. Meta has no
 * idempotency key: every message carries `metadata` naming its intent (Messenger echoes it back,
 * which is how the webhook parser knows our own sends), and `findByIntent` searches the
 * conversation for the account's message with the intent's text sent after the intent was recorded.
 */
export function metaMessaging(config: MetaConfig, platform: Network): MessagingCapability {
  const hosts = messagingHosts(config, platform);
  const profileOf = metaProfiles(hosts, platform);
  const actorFor = (credentials: Parameters<typeof messagingActor>[2], operation: string) => messagingActor(hosts, platform, credentials, operation);

  async function call<T>(actor: MessagingActor, operation: string, body: Record<string, unknown>): Promise<T> {
    try {
      return await actor.graph.call<T>({ operation, path: `/${actor.node}/messages`, token: actor.token, jsonBody: body });
    } catch (error) {
      throw messagingError(error);
    }
  }

  // Instagram's Send API documents no `metadata`; Messenger's does (1000 characters) and echoes it.
  const withIntent = (part: MetaMessage, intentKey: string) => (platform === 'FACEBOOK' ? { ...part, metadata: `${SEND_METADATA_PREFIX}${intentKey}` } : part);

  async function subscription(credentials: Parameters<typeof actorFor>[0], subscribe: boolean) {
    const operation = subscribe ? 'messaging.subscribe' : 'messaging.unsubscribe';
    const actor = actorFor(credentials, operation);
    const fields =
      actor.login === 'instagram' ? SUBSCRIBED_FIELDS.instagramLogin : platform === 'FACEBOOK' ? SUBSCRIBED_FIELDS.page : SUBSCRIBED_FIELDS.instagramPage;
    const answer = await actor.graph.call<{ success?: boolean }>({
      operation,
      path: `/${actor.node}/subscribed_apps`,
      token: actor.token,
      ...(subscribe ? { form: { subscribed_fields: fields.join(',') } } : { method: 'DELETE' as const }),
    });
    if (answer.success !== true) {
      throw new PlatformError({
        code: 'TRANSIENT',
        message: `${operation}: Meta did not confirm the webhook subscription`,
        httpStatus: 200,
        meta: { platform, operation },
      });
    }
  }

  return {
    // Only where the operator says Meta approved the app for Human Agent: otherwise Meta refuses the tag.
    ...(config.humanAgent ? { humanAgentWindowMs: HUMAN_AGENT_WINDOW_MS } : {}),
    subscribe: (_env, credentials) => subscription(credentials, true),
    unsubscribe: (_env, credentials) => subscription(credentials, false),

    async send(_env, credentials, input) {
      const operation = 'messaging.send';
      const actor = actorFor(credentials, operation);
      const parts = metaMessages(input.message, platform, operation);
      let first: string | null = null;
      for (const part of parts) {
        const limit = isHeavy(part) ? 'media' : 'text';
        takeMessagingSlot(limit, actor.selfId, { platform, operation });
        // Inside the 24-hour window (the inbox checks it before calling) a RESPONSE; a person's later reply, within 7 days, tagged.
        const answer = await call<SendAnswer>(actor, operation, {
          recipient: { id: input.recipientId },
          ...(input.humanAgent ? { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' } : { messaging_type: 'RESPONSE' }),
          message: withIntent(part, input.intentKey),
        });
        first ??= answer.message_id ?? null;
      }
      if (!first) throw noMessageId(operation);
      return { externalMessageId: first };
    },

    async privateReply(_env, credentials, input) {
      const operation = 'messaging.privateReply';
      const actor = actorFor(credentials, operation);
      const [part] = metaMessages({ text: input.text, attachments: [] }, platform, operation);
      takeMessagingSlot('privateReplies', actor.selfId, { platform, operation });
      let answer: SendAnswer;
      try {
        answer = await call<SendAnswer>(actor, operation, { recipient: { comment_id: input.commentId }, message: withIntent(part!, input.intentKey) });
      } catch (error) {
        // Refused before sending (the comment is too old, already answered): the hour's slot was not used.
        if (error instanceof PlatformError && !error.isTransient) returnMessagingSlot('privateReplies', actor.selfId);
        throw error;
      }
      if (!answer.message_id) throw noMessageId(operation);
      // The person's PSID or IGSID, derived by Meta from the comment: their answer arrives under it (decision 078).
      return { externalMessageId: answer.message_id, ...(answer.recipient_id ? { recipientId: answer.recipient_id } : {}) };
    },

    async findByIntent(_env, credentials, input) {
      const operation = 'messaging.findByIntent';
      // Without what was sent there is nothing to recognize on Meta: the reconciler passes it.
      if (!input.hint) return null;
      const actor = actorFor(credentials, operation);
      const after = new Date(toSecond(input.hint.after) - CLOCK_SKEW_MS);
      const threads = await recentConversations(actor, operation, { after, userId: input.hint.recipientId }).catch((error: unknown) => {
        throw messagingError(error);
      });
      const text = input.hint.text.trim();
      for (const thread of threads) {
        const ours = (thread.messages?.data ?? [])
          .filter((message) => message.from?.id === actor.selfId && graphTime(message.created_time) >= after && (message.message ?? '').trim() === text)
          .filter((message) => !input.hint!.recipientId || (message.to?.data ?? []).some((to) => to.id === input.hint!.recipientId))
          .sort((a, b) => graphTime(a.created_time).getTime() - graphTime(b.created_time).getTime());
        // A private reply's recipient is known only from what Meta kept: the thread it opened (decision 078).
        const recipientId = input.hint.recipientId ? undefined : ours[0]?.to?.data?.[0]?.id;
        if (ours[0]) return { externalMessageId: ours[0].id, sentAt: graphTime(ours[0].created_time), ...(recipientId ? { recipientId } : {}) };
      }
      return null;
    },

    async react(_env, credentials, input) {
      const operation = 'messaging.react';
      if (platform !== 'INSTAGRAM') {
        throw new PlatformError({
          code: 'INVALID_REQUEST',
          message: `${operation}: Messenger does not let Pages react to messages`,
          httpStatus: 400,
          userFacingMessage: 'Facebook Pages cannot react to messages; only Instagram accounts can.',
          meta: { platform, operation },
        });
      }
      const actor = actorFor(credentials, operation);
      takeMessagingSlot('text', actor.selfId, { platform, operation });
      await call(actor, operation, {
        recipient: { id: input.recipientId },
        sender_action: input.action === 'REACT' ? 'react' : 'unreact',
        payload: input.action === 'REACT' ? { message_id: input.externalMessageId, reaction: input.reaction } : { message_id: input.externalMessageId },
      });
    },

    async markSeen(_env, credentials, input) {
      const operation = 'messaging.markSeen';
      const actor = actorFor(credentials, operation);
      takeMessagingSlot('text', actor.selfId, { platform, operation });
      await call(actor, operation, { recipient: { id: input.recipientId }, sender_action: 'mark_seen' });
    },

    profileOf: (_env, credentials, input) => profileOf(credentials, input.personId),
  };

  function noMessageId(operation: string) {
    // Meta took the call but named no message: it may exist, so this is not a clean refusal.
    return new PlatformError({
      code: 'TRANSIENT',
      message: `${operation}: Meta answered without a message id`,
      httpStatus: 200,
      meta: { platform, operation },
    });
  }
}
