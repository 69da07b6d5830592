import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../../comments/comments-test-kit';
import { fetchedComments } from '../../../db/schema/comments';
import { outboxEvents } from '../../../db/schema/events';
import { conversations, messages } from '../../../db/schema/inbox';
import { fetchParticipantProfileJob } from '../../../inbox/inbox.jobs';
import { reconcilePendingMessages } from '../../../inbox/reconcile-pending-messages';
import { dispatchInboundEventJob } from '../../../ingest/ingest.jobs';
import { createTestApp } from '../../../test/test-app';
import { profilePicOf } from './graph-stand-in/profile-routes';
import { commentDelivery, messageDelivery } from './graph-stand-in/webhook-delivery';
import { messagingAccount, publishedOn, signedDelivery, type MessagingLogin } from './meta-inbound-test-kit';
import { META_APPS, received, startMetaStandIn } from './meta-test-kit';

/**
 * Who wrote (decision 078): Meta's webhooks name a person by PSID or IGSID only, so a new thread's
 * profile is asked once from the User Profile APIs (on the host and with the token each login
 * uses) by a durable job, and the inbox shows the name. A refusal leaves the id shown and is not
 * retried; a transient failure is. A private reply's thread is the person's PSID thread, so their
 * answer lands in it.
 */
const PUBLIC_URL = 'https://desk.example';
const meta = await startMetaStandIn({ publicUrl: PUBLIC_URL });
afterAll(() => meta.close());
const t = await createTestApp({
  env: { LIVE_PLATFORMS: 'FACEBOOK,INSTAGRAM', PUBLIC_URL, META_WEBHOOK_VERIFY_TOKEN: 'verify-me-please', ...meta.env },
  work: true,
  workOnly: [dispatchInboundEventJob, fetchParticipantProfileJob],
});
beforeEach(() => meta.reset());
// Every test connects the same stand-in Page or account in an organization of its own, and a webhook
// to it reaches every organization that listens: each test's organization stops listening when it
// ends, so a later test's DM opens no thread (nor profile lookup) in an earlier one's.
const listening: { disable: () => Promise<unknown> }[] = [];
afterEach(async () => {
  for (const account of listening.splice(0)) await account.disable();
});
const connected = async (...args: Parameters<typeof messagingAccount> extends [unknown, unknown, ...infer Rest] ? Rest : never) => {
  const account = await messagingAccount(t, meta, ...args);
  listening.push(account);
  return account;
};

const grace = { id: '7000000000000301', name: 'Grace Hopper', username: 'grace.h' };

const LOGINS: { login: MessagingLogin; object: 'page' | 'instagram'; secret: string; host: 'facebookGraph' | 'instagramGraph'; fields: string }[] = [
  { login: 'INSTAGRAM_LOGIN', object: 'instagram', secret: META_APPS.instagram.secret, host: 'instagramGraph', fields: 'name,username,profile_pic' },
  { login: 'INSTAGRAM_VIA_PAGE', object: 'instagram', secret: META_APPS.facebook.secret, host: 'facebookGraph', fields: 'name,username,profile_pic' },
  { login: 'FACEBOOK', object: 'page', secret: META_APPS.facebook.secret, host: 'facebookGraph', fields: 'first_name,last_name,profile_pic' },
];

/** The state pg-boss keeps of the thread's profile jobs (completed, retry, failed…). */
async function profileJobStates(conversationId: string): Promise<string[]> {
  const query = "select state from pgboss.job where name = 'fetch-participant-profile' and data->>'conversationId' = $1";
  const pglite = t.services.database.kind === 'pglite' ? t.services.database.driver.pglite! : null;
  const rows = pglite
    ? (await pglite.query<{ state: string }>(query, [conversationId])).rows
    : ((await t.services.database.driver.sql!.unsafe(query, [conversationId])) as unknown as { state: string }[]);
  return rows.map((row) => row.state);
}

describe('who wrote: participant profiles of live DMs', { timeout: 90_000 }, () => {
  it.each(LOGINS)('$login: the inbox shows the name, username and picture, asked once', async ({ login, object, secret, host, fields }) => {
    const account = await connected(login);
    const deliver = signedDelivery(t, secret);
    await deliver(messageDelivery(object, account.externalId, meta.world.messaging.personWrites(account.externalId, grace, 'Are you open on Sunday?')));
    const created = await account.conversationWith(grace.id);
    const named = await waitFor(
      account.conversations,
      (items) => items.some((item) => item.id === created!.id && item.participantDisplayName === 'Grace Hopper'),
      30,
    );
    expect(named.find((item) => item.id === created!.id)).toMatchObject({
      externalParticipantId: grace.id,
      participantDisplayName: 'Grace Hopper',
      // Messenger's profile has no username.
      participantUsername: object === 'instagram' ? 'grace.h' : '',
      participantAvatarUrl: profilePicOf(grace.id),
    });
    // The open inbox hears of it: `conversation.updated` carries the name.
    const events = await t.services.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.organizationId, account.organizationId), eq(outboxEvents.type, 'conversation.updated')));
    expect(events.map((event) => (event.data as { conversation: { participantDisplayName: string } }).conversation.participantDisplayName)).toContain(
      'Grace Hopper',
    );

    // A second message asks nothing more.
    await deliver(messageDelivery(object, account.externalId, meta.world.messaging.personWrites(account.externalId, grace, 'Or Monday?')));
    await waitFor(
      () => account.thread(created!.id),
      (items) => items.length === 2,
      30,
    );
    const lookups = received(meta.hosts[host], `/${grace.id}`);
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.query.get('fields')).toBe(fields);
    expect(lookups[0]!.query.get('appsecret_proof')).toMatch(/^[0-9a-f]{64}$/);
    expect(await profileJobStates(created!.id)).toEqual(['completed']);
  });

  it('leaves the id shown when Meta refuses the profile (no consent), without retrying', async () => {
    const account = await connected('INSTAGRAM_LOGIN');
    meta.world.failNext('instagram', {
      status: 400,
      body: { error: { message: 'User consent is required to access user profile', type: 'OAuthException', code: 230, fbtrace_id: 'AbCdEf' } },
    });
    await signedDelivery(
      t,
      META_APPS.instagram.secret,
    )(messageDelivery('instagram', account.externalId, meta.world.messaging.personWrites(account.externalId, grace, 'Hi')));
    const conversation = await account.conversationWith(grace.id);
    const states = await waitFor(
      () => profileJobStates(conversation!.id),
      (list) => list.length === 1 && list[0] === 'completed',
      30,
    );
    expect(states).toEqual(['completed']);
    expect(received(meta.hosts.instagramGraph, `/${grace.id}`)).toHaveLength(1);
    const [shown] = (await account.conversations()).filter((item) => item.id === conversation!.id);
    expect(shown).toMatchObject({ externalParticipantId: grace.id, participantDisplayName: '', participantUsername: '' });
  });

  it('retries a transient failure with the job backoff, then shows the name', async () => {
    const account = await connected('FACEBOOK');
    // Three answers: the call and the HTTP client's two retries, so the job's first attempt fails.
    for (let i = 0; i < 3; i += 1) {
      meta.world.failNext('facebook', {
        status: 500,
        body: { error: { message: 'An unexpected error has occurred. Please retry your request later.', type: 'OAuthException', code: 2, is_transient: true } },
      });
    }
    await signedDelivery(
      t,
      META_APPS.facebook.secret,
    )(messageDelivery('page', account.externalId, meta.world.messaging.personWrites(account.externalId, grace, 'Hello')));
    const conversation = await account.conversationWith(grace.id);
    const named = await waitFor(
      account.conversations,
      (items) => items.some((item) => item.id === conversation!.id && item.participantDisplayName === 'Grace Hopper'),
      60,
    );
    expect(named.find((item) => item.id === conversation!.id)).toMatchObject({ participantDisplayName: 'Grace Hopper' });
    expect(received(meta.hosts.facebookGraph, `/${grace.id}`)).toHaveLength(4);
    expect(await profileJobStates(conversation!.id)).toEqual(['completed']);
  });
});

describe('private replies join the person’s DM thread', { timeout: 90_000 }, () => {
  /** A Page commenter: comments show their Facebook id, Messenger their PSID (the stand-in's `messagingId`). */
  const lina = { id: '10150000000000777', name: 'Lina Park', username: '', messagingId: '7000000000000302' };
  const linaInMessenger = { id: lina.messagingId, name: lina.name, username: '' };

  async function commented(account: Awaited<ReturnType<typeof messagingAccount>>, postId: string) {
    await publishedOn(t, account, account, postId);
    const comment = meta.world.messaging.personComments(account.externalId, postId, lina, 'How much is the cake?');
    expect((await signedDelivery(t, META_APPS.facebook.secret)(commentDelivery('page', comment))).status).toBe(200);
    const [stored] = await waitFor(
      () => t.services.db.select().from(fetchedComments).where(eq(fetchedComments.externalId, comment.id)),
      (rows) => rows.length === 1,
      30,
    );
    return stored!;
  }

  const privateReply = (account: Awaited<ReturnType<typeof messagingAccount>>, fetchedCommentId: string) =>
    t.request('POST', '/conversations/private-reply', {
      key: account.key,
      body: { teamId: account.teamId, fetchedCommentId, content: { text: 'Sent you the prices' } },
    });

  it('keys the reply’s thread by the PSID Meta answers, so the person’s answer lands in it', async () => {
    const account = await connected('FACEBOOK');
    const stored = await commented(account, `${account.externalId}_900000000000001`);
    expect(stored.authorExternalId).toBe(lina.id);
    const reply = await privateReply(account, stored.id);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json.conversation).toMatchObject({ externalParticipantId: lina.messagingId, participantDisplayName: 'Lina Park' });
    expect(reply.json.message).toMatchObject({ source: 'PRIVATE_REPLY', status: 'SENT' });

    const answer = meta.world.messaging.personWrites(account.externalId, linaInMessenger, 'Thanks! Can I order one?');
    await signedDelivery(t, META_APPS.facebook.secret)(messageDelivery('page', account.externalId, answer));
    const thread = await waitFor(
      () => account.thread(reply.json.conversation.id),
      (items) => items.length === 2,
      30,
    );
    expect(thread.map((item) => [item.direction, item.source])).toEqual([
      ['OUTBOUND', 'PRIVATE_REPLY'],
      ['INBOUND', 'DM'],
    ]);
    const all = await account.conversations();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: reply.json.conversation.id, platformData: { canReply: true } });
    // The comment named the person: no profile lookup.
    expect(received(meta.hosts.facebookGraph, `/${lina.messagingId}`)).toHaveLength(0);
  });

  it('re-keys the thread of a private reply the reconciler finds after a crash', async () => {
    const account = await connected('FACEBOOK');
    const stored = await commented(account, `${account.externalId}_900000000000003`);
    const reply = await privateReply(account, stored.id);
    expect(reply.status, reply.text).toBe(200);
    // As if the process died after Meta took the reply, before its answer was recorded: the thread
    // still under the comment's author id, the message PENDING.
    const old = new Date(Date.now() - 10 * 60_000);
    await t.services.db
      .update(conversations)
      .set({ externalParticipantId: lina.id, externalConversationId: `t_${account.externalId}_${lina.id}` })
      .where(eq(conversations.id, reply.json.conversation.id));
    await t.services.db
      .update(messages)
      .set({ status: 'PENDING', externalMessageId: null, sentAt: null, createdAt: old })
      .where(eq(messages.id, reply.json.message.id));
    meta.world.messaging.conversations.find((thread) => thread.person.id === lina.messagingId)!.messages.at(-1)!.at = old.getTime() + 500;
    expect(await reconcilePendingMessages(t.services)).toMatchObject({ adopted: 1 });
    const [thread] = await t.services.db.select().from(conversations).where(eq(conversations.id, reply.json.conversation.id));
    expect(thread).toMatchObject({ externalParticipantId: lina.messagingId });
    expect(received(meta.hosts.facebookGraph, `/${account.externalId}/conversations`)[0]!.query.get('user_id')).toBeNull();
  });

  it('moves the reply into the thread the person already has', async () => {
    const account = await connected('FACEBOOK');
    await signedDelivery(
      t,
      META_APPS.facebook.secret,
    )(messageDelivery('page', account.externalId, meta.world.messaging.personWrites(account.externalId, linaInMessenger, 'Hello there')));
    const earlier = await account.conversationWith(lina.messagingId);
    const stored = await commented(account, `${account.externalId}_900000000000002`);
    const reply = await privateReply(account, stored.id);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json.conversation.id).toBe(earlier!.id);
    const all = await account.conversations();
    expect(all.map((item) => item.id)).toEqual([earlier!.id]);
    expect((await account.thread(earlier!.id)).map((item) => item.source)).toEqual(['DM', 'PRIVATE_REPLY']);
    // Asked again, the reply answers the same message in the person's thread.
    const again = await privateReply(account, stored.id);
    expect(again.json).toMatchObject({ conflict: true, conversation: { id: earlier!.id }, message: { id: reply.json.message.id } });
  });
});
