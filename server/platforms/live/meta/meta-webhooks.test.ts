import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../../comments/comments-test-kit';
import { inboundEvents } from '../../../db/schema/ingest';
import { dispatchInboundEventJob } from '../../../ingest/ingest.jobs';
import { createTestApp } from '../../../test/test-app';
import { commentDelivery, deliver, messageDelivery, messagingDelivery, postReactionDelivery, referralOf, signature } from './graph-stand-in/webhook-delivery';
import { ACCOUNT_IDS, messagingAccount, signedDelivery, webhookCallback } from './meta-inbound-test-kit';
import { connectThroughConsent } from '../test-kit/live-app';
import { clickConsent, META_APPS, received, startMetaStandIn } from './meta-test-kit';

/**
 * Meta's webhooks reach `/webhooks/meta` (decision 075): the App Dashboard's handshake, signed
 * deliveries verified against the raw body, each event stored once through the one ingest path,
 * and the `subscribed_apps` subscription that enabling messaging makes, against the Graph stand-in.
 */
const PUBLIC_URL = 'https://desk.example';
const VERIFY_TOKEN = 'verify-me-please';
const meta = await startMetaStandIn({ publicUrl: PUBLIC_URL });
afterAll(() => meta.close());
const t = await createTestApp({
  env: { LIVE_PLATFORMS: 'FACEBOOK,INSTAGRAM', PUBLIC_URL, META_WEBHOOK_VERIFY_TOKEN: VERIFY_TOKEN, ...meta.env },
  work: true,
  workOnly: [dispatchInboundEventJob],
});
beforeEach(() => meta.reset());

const grace = { id: '7000000000000101', name: 'Grace Hopper', username: 'grace.h' };
const eventsOf = (accountId: string) => t.services.db.select().from(inboundEvents).where(eq(inboundEvents.socialAccountId, accountId));

describe('the subscription handshake', () => {
  it('answers the challenge to the configured verify token only', async () => {
    const ok = await t.app.request(`/webhooks/meta?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    const wrong = await t.app.request('/webhooks/meta?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444');
    expect(wrong.status).toBe(403);
    const noMode = await t.app.request(`/webhooks/meta?hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`);
    expect(noMode.status).toBe(403);
  });
});

describe('Meta webhook deliveries', { timeout: 60_000 }, () => {
  it('refuses a forged or unsigned delivery and stores nothing', async () => {
    const account = await messagingAccount(t, meta, 'INSTAGRAM_LOGIN');
    const message = meta.world.messaging.personWrites(account.externalId, grace, 'Hello!');
    const delivery = messageDelivery('instagram', account.externalId, message);
    const callback = webhookCallback(t);
    // Signed with a secret that is not the app's, a signature of another body, none at all.
    expect((await deliver(callback, delivery, 'not-the-app-secret')).status).toBe(401);
    expect((await deliver(callback, delivery, META_APPS.instagram.secret, { signature: signature('{}', META_APPS.instagram.secret) })).status).toBe(401);
    expect((await deliver(callback, delivery, META_APPS.instagram.secret, { signature: null })).status).toBe(401);
    expect((await deliver(callback, delivery, META_APPS.instagram.secret, { signature: 'sha256=zz' })).status).toBe(401);
    // A Page delivery signed with the Instagram app's secret: Pages are the Meta app's.
    expect((await deliver(callback, { ...delivery, object: 'page' }, META_APPS.instagram.secret)).status).toBe(401);
    expect(await eventsOf(account.accountId)).toHaveLength(0);
    expect(await account.conversations()).toHaveLength(0);
  });

  it('stores a DM once however often Meta delivers it, and the inbox shows the thread', async () => {
    const account = await messagingAccount(t, meta, 'INSTAGRAM_LOGIN');
    const message = meta.world.messaging.personWrites(account.externalId, grace, 'Do you ship to Lisbon?', [
      { type: 'image', url: 'https://lookaside.example/photo.jpg' },
    ]);
    const send = signedDelivery(t, META_APPS.instagram.secret);
    const first = await send(messageDelivery('instagram', account.externalId, message));
    expect(first.status).toBe(200);
    // One event per connected account with this Instagram id (other tests' organizations connected it too).
    expect(((await first.json()) as { stored: number }).stored).toBeGreaterThanOrEqual(1);
    const again = await send(messageDelivery('instagram', account.externalId, message));
    expect(await again.json()).toMatchObject({ stored: 0 });

    const conversation = await account.conversationWith(grace.id);
    expect(conversation).toMatchObject({ platform: 'INSTAGRAM', unreadCount: 1 });
    const thread = await account.thread(conversation!.id);
    expect(thread).toHaveLength(1);
    expect(thread[0]).toMatchObject({
      direction: 'INBOUND',
      text: 'Do you ship to Lisbon?',
      externalMessageId: message.id,
      attachments: [{ type: 'IMAGE', url: 'https://lookaside.example/photo.jpg' }],
    });
    expect(await eventsOf(account.accountId)).toHaveLength(1);
  });

  it('reads taps, reactions, unsends and read receipts into the thread', async () => {
    const account = await messagingAccount(t, meta, 'INSTAGRAM_LOGIN');
    const send = signedDelivery(t, META_APPS.instagram.secret);
    const hello = meta.world.messaging.personWrites(account.externalId, grace, 'Hi');
    await send(messageDelivery('instagram', account.externalId, hello));
    const tap = meta.world.messaging.personWrites(account.externalId, grace, 'Opening hours');
    await send(messageDelivery('instagram', account.externalId, tap, { quick_reply: { payload: 'HOURS' } }));
    const base = { sender: { id: grace.id }, recipient: { id: account.externalId }, timestamp: Date.now() };
    await send(messagingDelivery('instagram', account.externalId, { ...base, reaction: { mid: hello.id, action: 'react', reaction: 'love', emoji: '❤️' } }));
    await send(messagingDelivery('instagram', account.externalId, { ...base, message: { mid: hello.id, is_deleted: true } }));

    const conversation = await account.conversationWith(grace.id);
    const thread = await waitFor(
      () => account.thread(conversation!.id),
      (items) => items.length === 2 && items.some((item) => item.platformData?.isUnsent),
      30,
    );
    const byId = Object.fromEntries(thread.map((item) => [item.externalMessageId, item]));
    expect(byId[tap.id]).toMatchObject({ text: 'Opening hours', direction: 'INBOUND' });
    expect(byId[hello.id]).toMatchObject({ text: '', platformData: expect.objectContaining({ isUnsent: true }) });
    expect((await eventsOf(account.accountId)).map((event) => event.kind).sort()).toEqual([
      'message.created',
      'message.postback',
      'message.reaction',
      'message.unsent',
    ]);
  });

  it('reads a Page’s Messenger DMs and comments, and ignores the echo of its own send', async () => {
    const account = await messagingAccount(t, meta, 'FACEBOOK');
    const send = signedDelivery(t, META_APPS.facebook.secret);
    const message = meta.world.messaging.personWrites(account.externalId, grace, 'Table for two tonight?');
    expect((await send(messageDelivery('page', account.externalId, message))).status).toBe(200);
    const conversation = await account.conversationWith(grace.id);
    const replied = await t.request('POST', `/conversations/${conversation!.id}/messages`, {
      key: account.key,
      body: { content: { text: 'Yes, at 8?' } },
    });
    expect(replied.status, replied.text).toBe(200);
    const sent = meta.world.messaging.sentBy(account.externalId)[0]!;
    // Meta echoes the Page's send with the metadata it carried: already recorded by the send.
    const echo = {
      sender: { id: account.externalId },
      recipient: { id: grace.id },
      timestamp: Date.now(),
      message: { mid: sent.id, text: sent.text, is_echo: true, app_id: Number(META_APPS.facebook.id), metadata: sent.metadata },
    };
    expect(await (await send(messagingDelivery('page', account.externalId, echo))).json()).toMatchObject({ stored: 0 });
    // A comment on the Page's post: the event is stored (kept as a comment once it is on a post published through the service).
    const comment = meta.world.messaging.personComments(account.externalId, `${account.externalId}_555`, grace, 'Lovely!');
    expect(((await (await send(commentDelivery('page', comment))).json()) as { stored: number }).stored).toBeGreaterThanOrEqual(1);
    expect((await eventsOf(account.accountId)).filter((event) => event.kind === 'comment.created')).toHaveLength(1);
    expect((await account.thread(conversation!.id)).map((item) => item.text)).toEqual(['Table for two tonight?', 'Yes, at 8?']);
  });
});

describe('referrals and post reactions (decision 079)', { timeout: 60_000 }, () => {
  it('keeps an ad’s referral on the Instagram message it came with; a standalone referral stores nothing', async () => {
    const account = await messagingAccount(t, meta, 'INSTAGRAM_LOGIN');
    const send = signedDelivery(t, META_APPS.instagram.secret);
    const message = meta.world.messaging.personWrites(account.externalId, grace, 'Is the sourdough class still on?');
    const fromAd = referralOf({ link: 'ad', adId: '120208000000001' });
    expect((await send(messageDelivery('instagram', account.externalId, message, { referral: fromAd }))).status).toBe(200);
    const conversation = await account.conversationWith(grace.id);
    const [stored] = await account.thread(conversation!.id);
    expect(stored).toMatchObject({
      text: 'Is the sourdough class still on?',
      platformData: expect.objectContaining({ referral: { source: 'ADS', type: 'OPEN_THREAD', ref: null, adId: '120208000000001' } }),
    });

    // Back through an ig.me link in the same thread, writing nothing: acknowledged, nothing stored, the thread unchanged.
    const back = {
      sender: { id: grace.id },
      recipient: { id: account.externalId },
      timestamp: Date.now(),
      referral: referralOf({ link: 'ig.me', ref: 'bio' }),
    };
    const answered = await send(messagingDelivery('instagram', account.externalId, back));
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ stored: 0 });
    expect(await account.thread(conversation!.id)).toHaveLength(1);
    expect((await eventsOf(account.accountId)).map((event) => event.kind)).toEqual(['message.created']);
  });

  it('keeps an m.me link’s ref on the Get Started tap that opens a Messenger thread; a reaction to a Page post stores nothing', async () => {
    const account = await messagingAccount(t, meta, 'FACEBOOK');
    const send = signedDelivery(t, META_APPS.facebook.secret);
    const getStarted = {
      sender: { id: grace.id },
      recipient: { id: account.externalId },
      timestamp: Date.now(),
      postback: { mid: 'm_getstarted_1', title: 'Get Started', payload: 'GET_STARTED', referral: referralOf({ link: 'm.me', ref: 'qr-shop-window' }) },
    };
    expect((await send(messagingDelivery('page', account.externalId, getStarted))).status).toBe(200);
    const conversation = await account.conversationWith(grace.id);
    expect(await account.thread(conversation!.id)).toMatchObject([
      {
        text: 'Get Started',
        platformData: expect.objectContaining({
          isPostback: true,
          postbackPayload: 'GET_STARTED',
          referral: { source: 'SHORTLINK', type: 'OPEN_THREAD', ref: 'qr-shop-window', adId: null },
        }),
      },
    ]);

    // Post reactions are counted by the post's insights, read from Meta: the webhook is acknowledged and nothing is stored.
    const reaction = await send(postReactionDelivery(account.externalId, `${account.externalId}_555`, { id: grace.id, name: grace.name }));
    expect(reaction.status).toBe(200);
    expect(await reaction.json()).toMatchObject({ stored: 0 });
    expect((await eventsOf(account.accountId)).map((event) => event.kind)).toEqual(['message.postback']);
  });
});

describe('Page recommendations', { timeout: 60_000 }, () => {
  it('keeps a recommendation the Page receives, and its edit, as a Facebook review', async () => {
    const account = await messagingAccount(t, meta, 'FACEBOOK');
    const send = signedDelivery(t, META_APPS.facebook.secret);
    const rating = (verb: string, text: string, type: 'positive' | 'negative') => ({
      object: 'page',
      entry: [
        {
          id: account.externalId,
          time: Math.floor(Date.now() / 1000),
          changes: [
            {
              field: 'ratings',
              value: {
                item: 'rating',
                verb,
                open_graph_story_id: `${account.externalId}_900001`,
                reviewer_id: grace.id,
                reviewer_name: grace.name,
                recommendation_type: type,
                review_text: text,
                created_time: Math.floor(Date.now() / 1000),
              },
            },
          ],
        },
      ],
    });
    expect((await send(rating('add', 'Best croissants in town', 'positive'))).status).toBe(200);
    const list = () => t.request('GET', `/misc/facebook/recommendations?teamId=${account.teamId}`, { key: account.key });
    const first = await waitFor(list, (response) => (response.json.recommendations ?? []).length === 1, 30);
    expect(first.json.recommendations[0]).toMatchObject({
      recommendationValue: 'RECOMMEND',
      comment: 'Best croissants in town',
      reviewerDisplayName: grace.name,
    });
    await send(rating('edit', 'Croissants were cold today', 'negative'));
    const edited = await waitFor(list, (response) => response.json.recommendations?.[0]?.recommendationValue === 'NOT_RECOMMEND', 30);
    expect(edited.json.recommendations).toHaveLength(1);
  });
});

describe('enabling messaging', { timeout: 60_000 }, () => {
  it('subscribes the Page to its webhook fields and disabling unsubscribes it', async () => {
    const account = await messagingAccount(t, meta, 'FACEBOOK');
    expect(meta.world.messaging.subscriptions.get(ACCOUNT_IDS.FACEBOOK)).toEqual(
      expect.arrayContaining([
        'messages',
        'messaging_postbacks',
        'messaging_referrals',
        'message_reactions',
        'message_reads',
        'message_echoes',
        'feed',
        'ratings',
      ]),
    );
    const [call] = received(meta.hosts.facebookGraph, `/${ACCOUNT_IDS.FACEBOOK}/subscribed_apps`);
    const pageToken = meta.world.issued({ product: 'facebook', kind: 'page', page: ACCOUNT_IDS.FACEBOOK })[0]!.value;
    expect(call!.query.get('access_token')).toBe(pageToken);
    expect((await account.disable()).status).toBe(200);
    expect(meta.world.messaging.subscriptions.has(ACCOUNT_IDS.FACEBOOK)).toBe(false);
  });

  it('subscribes an Instagram Login account on graph.instagram.com, and an Instagram account through its Page', async () => {
    const direct = await messagingAccount(t, meta, 'INSTAGRAM_LOGIN');
    expect(received(meta.hosts.instagramGraph, '/me/subscribed_apps')).toHaveLength(1);
    expect(meta.world.messaging.subscriptions.get(ACCOUNT_IDS.INSTAGRAM_LOGIN)).toEqual(expect.arrayContaining(['comments', 'messages', 'messaging_seen']));
    expect((await direct.disable()).status).toBe(200);
    expect(meta.world.messaging.subscriptions.has(ACCOUNT_IDS.INSTAGRAM_LOGIN)).toBe(false);

    await messagingAccount(t, meta, 'INSTAGRAM_VIA_PAGE');
    // Through Facebook Login the Page carrying the Instagram account is what subscribes, with the
    // same fields as the Page's own messaging (a POST replaces the list: nothing of the Page's is dropped).
    expect(meta.world.messaging.subscriptions.get(ACCOUNT_IDS.FACEBOOK)).toEqual(
      expect.arrayContaining(['messages', 'messaging_referrals', 'message_reactions', 'feed', 'ratings']),
    );
  });

  it('keeps messaging off when Meta refuses the subscription', async () => {
    const org = await t.createOrg('PRO', ['dms']);
    await connectThroughConsent(t, org.key, org.teamId, 'INSTAGRAM', {
      body: { withMessagingScope: true, instagramConnectionMethod: 'INSTAGRAM' },
      approve: (url) => clickConsent(url),
    });
    // Meta refuses the `subscribed_apps` call (the next one on graph.instagram.com).
    meta.world.failNext('instagram', {
      status: 400,
      body: { error: { message: '(#200) Requires instagram_business_manage_messages permission', type: 'OAuthException', code: 200, fbtrace_id: 'x' } },
    });
    const enabled = await t.request('POST', '/social-account/messaging/enable', { key: org.key, body: { teamId: org.teamId, type: 'INSTAGRAM' } });
    expect(enabled.status).toBe(502);
    const account = await t.request('GET', `/social-account/by-type?teamId=${org.teamId}&type=INSTAGRAM`, { key: org.key });
    expect(account.json).toMatchObject({ messagingStatus: 'DISABLED' });
  });
});
