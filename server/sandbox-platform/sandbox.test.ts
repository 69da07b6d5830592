import { describe, expect, it } from 'vitest';
import { dispatchInboundEvent } from '../ingest/dispatch-inbound-event';
import { inboundConsumers } from '../ingest/consumers';
import { ingestWebhook } from '../ingest/ingest.service';
import { createTestApp } from '../test/test-app';
import { sandboxAccount } from './test-helpers';

const t = await createTestApp();

const PERMALINKS: Record<string, RegExp> = {
  TIKTOK: /^https:\/\/www\.tiktok\.com\/@[\w.]+\/video\/\d{19}$/,
  YOUTUBE: /^https:\/\/www\.youtube\.com\/watch\?v=[A-Za-z0-9]{11}$/,
  INSTAGRAM: /^https:\/\/www\.instagram\.com\/p\/[A-Za-z0-9]{11}\/$/,
  FACEBOOK: /^https:\/\/www\.facebook\.com\/\d{15}\/posts\/\d{16}$/,
  TWITTER: /^https:\/\/x\.com\/\w+\/status\/\d{19}$/,
  THREADS: /^https:\/\/www\.threads\.net\/@[\w.]+\/post\/[A-Za-z0-9]{11}$/,
  LINKEDIN: /^https:\/\/www\.linkedin\.com\/feed\/update\/urn:li:share:\d{19}\/$/,
  PINTEREST: /^https:\/\/www\.pinterest\.com\/pin\/\d{18}\/$/,
  REDDIT: /^https:\/\/www\.reddit\.com\/r\/\w+\/comments\/[a-z2-7]{7}\/$/,
  MASTODON: /^https:\/\/mastodon\.social\/@\w+\/\d{18}$/,
  DISCORD: /^https:\/\/discord\.com\/channels\/\d{18}\/\d{18}\/\d{19}$/,
  SLACK: /^https:\/\/[\w-]+\.slack\.com\/archives\/C0[A-Z2-7]{9}\/p\d+$/,
  BLUESKY: /^https:\/\/bsky\.app\/profile\/[\w.-]+\/post\/[a-z2-7]{13}$/,
  GOOGLE_BUSINESS: /^https:\/\/local\.google\.com\/place\?id=\d{19}&use=posts&lpsid=\d{19}$/,
};

describe('sandbox platform world', () => {
  it('connects every platform and publishes items with realistic permalinks', async () => {
    const { key, teamId } = await t.createOrg();
    for (const [type, permalink] of Object.entries(PERMALINKS)) {
      const needsChannel = ['FACEBOOK', 'YOUTUBE', 'GOOGLE_BUSINESS', 'REDDIT', 'DISCORD', 'SLACK'].includes(type);
      const account = await sandboxAccount(t, key, { teamId, type, channelName: needsChannel ? 'Launch news' : undefined });
      expect(account.type).toBe(type);
      expect(account.avatarUrl ?? account.channels?.[0]?.avatarUrl).toContain('/sandbox/avatars/');
      const channelId = ['REDDIT', 'DISCORD', 'SLACK'].includes(type) ? account.channels.at(-1).id : undefined;
      const item = await t.request('POST', '/sandbox/items', { key, body: { socialAccountId: account.id, text: 'Hello', channelId } });
      expect(item.status, type).toBe(200);
      expect(item.json.permalink, type).toMatch(permalink);
    }
    const team = await t.request('GET', `/team/${teamId}`, { key });
    expect(team.json.socialAccounts).toHaveLength(14);
  });

  it('validates sandbox account requests and refuses duplicates', async () => {
    const { key, teamId } = await t.createOrg();
    const bad = await t.request('POST', '/sandbox/accounts', { key, body: { teamId, type: 'SNAPCHAT' } });
    expect(bad.json.issues[0]).toMatchObject({ code: 'invalid_enum_value', path: ['type'] });
    const badName = await t.request('POST', '/sandbox/accounts', { key, body: { teamId, type: 'TIKTOK', username: 'no spaces!' } });
    expect(badName.json.issues[0]).toMatchObject({ code: 'invalid_string', path: ['username'] });
    await sandboxAccount(t, key, { teamId, type: 'TIKTOK', username: 'first' });
    const second = await t.request('POST', '/sandbox/accounts', { key, body: { teamId, type: 'TIKTOK', username: 'second' } });
    expect(second.status).toBe(409);
    const theirs = await t.createOrg();
    expect((await t.request('POST', '/sandbox/accounts', { key, body: { teamId: theirs.teamId, type: 'TIKTOK' } })).status).toBe(404);
  });
});

describe('inbound activity through the ingestion path', () => {
  it('stores DMs, taps, reactions, read receipts and echoes once messaging is enabled', async () => {
    const { key, teamId } = await t.createOrg('PRO', ['dms']);
    const account = await sandboxAccount(t, key, { teamId, type: 'INSTAGRAM', grantMessaging: true });

    const early = await t.request('POST', '/sandbox/inbound/message', { key, body: { socialAccountId: account.id, text: 'Anyone there?' } });
    expect(early.status).toBe(200);
    expect(early.json.items[0]).toMatchObject({
      kind: 'message.created',
      domain: 'inbox',
      status: 'IGNORED',
      note: 'messaging is not enabled for the account',
    });

    expect((await t.request('POST', '/social-account/messaging/enable', { key, body: { teamId, type: 'INSTAGRAM' } })).status).toBe(200);
    const dm = await t.request('POST', '/sandbox/inbound/message', {
      key,
      body: {
        socialAccountId: account.id,
        text: 'Do you ship to Oslo?',
        senderId: '5550001',
        senderName: 'Jonas Lindqvist',
        attachments: [{ type: 'image', url: 'https://example.com/a.jpg' }],
      },
    });
    expect(dm.json.items).toHaveLength(1);
    expect(dm.json.items[0]).toMatchObject({
      socialAccountId: account.id,
      teamId,
      platform: 'INSTAGRAM',
      source: 'sandbox',
      kind: 'message.created',
      domain: 'inbox',
      status: 'PENDING',
      note: null,
      payload: {
        text: 'Do you ship to Oslo?',
        sender: { id: '5550001', name: 'Jonas Lindqvist' },
        recipientExternalId: account.externalId,
        attachments: [{ type: 'image' }],
      },
      processedAt: null,
    });
    const messageId = dm.json.items[0].payload.messageId;

    const more = [
      ['/sandbox/inbound/postback', { kind: 'QUICK_REPLY', payload: 'SHIPPING_NO', title: 'No thanks', senderId: '5550001' }, 'message.postback'],
      ['/sandbox/inbound/postback', { kind: 'BUTTON', payload: 'TALK_TO_HUMAN', title: 'Talk to us' }, 'message.postback'],
      ['/sandbox/inbound/reaction', { messageId, senderId: '5550001' }, 'message.reaction'],
      ['/sandbox/inbound/read', { senderId: '5550001' }, 'message.read'],
      ['/sandbox/inbound/echo', { recipientId: '5550001', text: 'Yes, we do!' }, 'message.echo'],
    ] as const;
    for (const [path, body, kind] of more) {
      const response = await t.request('POST', path, { key, body: { socialAccountId: account.id, ...body } });
      expect(response.status, path).toBe(200);
      expect(response.json.items[0]).toMatchObject({ kind, status: 'PENDING' });
    }
    const reaction = await t.request('GET', `/sandbox/inbound-events?socialAccountId=${account.id}&limit=3`, { key });
    expect(reaction.json.total).toBe(7);
    expect(reaction.json.items.map((item: { kind: string }) => item.kind)).toEqual(['message.echo', 'message.read', 'message.reaction']);
    expect(reaction.json.items[2].payload).toMatchObject({ messageId, reaction: 'love', action: 'react' });

    const tiktok = await sandboxAccount(t, key, { teamId, type: 'TIKTOK' });
    const noDms = await t.request('POST', '/sandbox/inbound/message', { key, body: { socialAccountId: tiktok.id, text: 'hi' } });
    expect(noDms.status).toBe(400);
    expect(noDms.json.message).toBe('TikTok has no direct messages in this service');
    const empty = await t.request('POST', '/sandbox/inbound/message', { key, body: { socialAccountId: account.id } });
    expect(empty.json.issues[0]).toMatchObject({ code: 'custom', path: ['text'] });
  });

  it('stores comments on published items, once per team that connected the page', async () => {
    const { key, teamId } = await t.createOrg();
    const other = (await t.request('POST', '/team', { key, body: { name: 'Second team' } })).json.id;
    const account = await sandboxAccount(t, key, { teamId, type: 'FACEBOOK', username: 'lena.okafor' });
    const noPage = await t.request('POST', '/sandbox/inbound/comment', { key, body: { socialAccountId: account.id, text: 'Nice!' } });
    expect(noPage.status).toBe(400);
    expect(noPage.json.message).toMatch(/Select a page first/);

    const withPage = await sandboxAccount(t, key, { teamId: other, type: 'FACEBOOK', username: 'lena.okafor', channelName: 'Okafor Garden' });
    // The first team's account learns about the new page when its channels are refreshed.
    const stale = await t.request('POST', '/social-account/set-channel', { key, body: { teamId, type: 'FACEBOOK', channelId: withPage.channelId } });
    expect(stale.status).toBe(404);
    await t.request('POST', '/social-account/refresh-channels', { key, body: { teamId, type: 'FACEBOOK' } });
    expect((await t.request('POST', '/social-account/set-channel', { key, body: { teamId, type: 'FACEBOOK', channelId: withPage.channelId } })).status).toBe(
      200,
    );
    const item = await t.request('POST', '/sandbox/items', { key, body: { socialAccountId: withPage.id, text: 'Spring sale' } });
    const comment = await t.request('POST', '/sandbox/inbound/comment', {
      key,
      body: { socialAccountId: withPage.id, itemId: item.json.id, text: 'Is it still on?', authorName: 'Sofia Tanaka' },
    });
    expect(comment.status).toBe(200);
    expect(comment.json.items.map((row: { teamId: string }) => row.teamId).sort()).toEqual([teamId, other].sort());
    const payload = comment.json.items[0].payload;
    expect(comment.json.items[0]).toMatchObject({ kind: 'comment.created', domain: 'comments', status: 'PENDING' });
    expect(payload).toMatchObject({
      postId: item.json.externalId,
      postPermalink: item.json.permalink,
      text: 'Is it still on?',
      author: { name: 'Sofia Tanaka' },
      parentCommentId: null,
    });
    expect(payload.permalink).toContain('comment_id=');

    const reply = await t.request('POST', '/sandbox/inbound/comment', {
      key,
      body: { socialAccountId: withPage.id, parentCommentId: payload.sandboxCommentId, text: 'Me too' },
    });
    expect(reply.json.items[0].payload).toMatchObject({ parentCommentId: payload.commentId, postId: item.json.externalId });
    const unknown = await t.request('POST', '/sandbox/inbound/comment', { key, body: { socialAccountId: withPage.id, itemId: 'nope', text: 'x' } });
    expect(unknown.status).toBe(404);

    const twitter = await sandboxAccount(t, key, { teamId, type: 'TWITTER' });
    expect((await t.request('POST', '/sandbox/inbound/comment', { key, body: { socialAccountId: twitter.id, text: 'x' } })).status).toBe(400);
  });

  it('stores new and edited reviews', async () => {
    const { key, teamId } = await t.createOrg();
    const account = await sandboxAccount(t, key, { teamId, type: 'GOOGLE_BUSINESS', channelName: 'Harbour Café' });
    const review = await t.request('POST', '/sandbox/inbound/review', { key, body: { socialAccountId: account.id, rating: 4, comment: 'Great coffee' } });
    expect(review.json.items[0]).toMatchObject({ kind: 'review.created', domain: 'reviews', payload: { starRating: 'FOUR', comment: 'Great coffee' } });
    const reviewId = review.json.items[0].payload.reviewId;
    const edited = await t.request('POST', '/sandbox/inbound/review', {
      key,
      body: { socialAccountId: account.id, reviewId, rating: 2, comment: 'Cold today' },
    });
    expect(edited.json.items[0]).toMatchObject({ kind: 'review.updated', payload: { reviewId, starRating: 'TWO' } });
    expect((await t.request('POST', '/sandbox/inbound/review', { key, body: { socialAccountId: account.id, rating: 6 } })).json.issues[0].code).toBe('too_big');
    const tiktok = await sandboxAccount(t, key, { teamId, type: 'TIKTOK' });
    expect((await t.request('POST', '/sandbox/inbound/review', { key, body: { socialAccountId: tiktok.id, rating: 5 } })).status).toBe(400);
  });

  it('stores a redelivered webhook once, and dispatches to a domain consumer once one exists', async () => {
    const { key, teamId, organizationId } = await t.createOrg();
    const account = await sandboxAccount(t, key, { teamId, type: 'YOUTUBE', channelName: 'Trail Runs' });
    const payload = {
      object: 'sandbox',
      platform: 'YOUTUBE',
      entry: [{ id: account.externalId, time: Date.now(), events: [{ id: 'evt-redelivered-1', type: 'review.created', data: { text: 'First!' } }] }],
    };
    const first = await ingestWebhook(t.services, { platform: 'YOUTUBE', payload, source: 'webhook' });
    const second = await ingestWebhook(t.services, { platform: 'YOUTUBE', payload, source: 'webhook' });
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(0);
    await expect(ingestWebhook(t.services, { platform: 'YOUTUBE', payload: { nope: true }, source: 'webhook' })).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
    });

    // A domain without a consumer leaves its events waiting (the reviews domain's is taken away for this).
    const realConsumer = inboundConsumers.reviews;
    delete inboundConsumers.reviews;
    const seen: string[] = [];
    try {
      await dispatchInboundEvent(t.services, first[0]!.id);
      const waiting = await t.request('GET', `/sandbox/inbound-events?socialAccountId=${account.id}`, { key });
      expect(waiting.json.items[0]).toMatchObject({ status: 'PENDING', processedAt: null });

      inboundConsumers.reviews = async (_tx, event) => {
        seen.push(event.id);
      };
      await dispatchInboundEvent(t.services, first[0]!.id);
      await dispatchInboundEvent(t.services, first[0]!.id);
    } finally {
      inboundConsumers.reviews = realConsumer;
    }
    expect(seen).toEqual([first[0]!.id]);
    const done = await t.request('GET', `/sandbox/inbound-events?socialAccountId=${account.id}`, { key });
    expect(done.json.items[0]).toMatchObject({ status: 'PROCESSED', source: 'webhook', processedAt: expect.any(String) });
    expect(organizationId).toBe(first[0]!.organizationId);
  });

  it("never emits on, lists, or faults another organization's account", async () => {
    const mine = await t.createOrg('PRO', ['dms']);
    const theirs = await t.createOrg('PRO', ['dms']);
    const account = await sandboxAccount(t, theirs.key, { teamId: theirs.teamId, type: 'INSTAGRAM', grantMessaging: true });
    await t.request('POST', '/social-account/messaging/enable', { key: theirs.key, body: { teamId: theirs.teamId, type: 'INSTAGRAM' } });
    await t.request('POST', '/sandbox/inbound/message', { key: theirs.key, body: { socialAccountId: account.id, text: 'private' } });
    const calls: [string, string, unknown][] = [
      ['POST', '/sandbox/inbound/message', { socialAccountId: account.id, text: 'x' }],
      ['POST', '/sandbox/inbound/comment', { socialAccountId: account.id, text: 'x' }],
      ['POST', '/sandbox/items', { socialAccountId: account.id }],
      ['POST', '/sandbox/faults', { type: 'INSTAGRAM', socialAccountId: account.id, kind: 'TRANSIENT' }],
      ['POST', `/sandbox/accounts/${account.id}/revoke-access`, undefined],
      ['POST', `/sandbox/accounts/${account.id}/expire-token`, undefined],
    ];
    for (const [method, path, body] of calls) expect((await t.request(method, path, { key: mine.key, body })).status, path).toBe(404);
    expect((await t.request('GET', `/sandbox/inbound-events?socialAccountId=${account.id}`, { key: mine.key })).json.total).toBe(0);
    const theirFault = await t.request('POST', '/sandbox/faults', { key: theirs.key, body: { type: 'INSTAGRAM', kind: 'TRANSIENT' } });
    expect((await t.request('DELETE', `/sandbox/faults/${theirFault.json.id}`, { key: mine.key })).status).toBe(404);
    expect((await t.request('GET', '/sandbox/faults', { key: mine.key })).json.total).toBe(0);
    // Their fault does not touch my Instagram accounts.
    await sandboxAccount(t, mine.key, { teamId: mine.teamId, type: 'INSTAGRAM' });
    expect(
      (await t.request('POST', '/social-account/connection-check', { key: mine.key, body: { teamId: mine.teamId, type: 'INSTAGRAM' } })).json.success,
    ).toBe(true);
  });
});

describe('sandbox faults', () => {
  it('lists, validates and removes faults', async () => {
    const { key } = await t.createOrg();
    const slow = await t.request('POST', '/sandbox/faults', { key, body: { type: 'TIKTOK', kind: 'SLOW' } });
    expect(slow.json.issues[0]).toMatchObject({ code: 'custom', path: ['delayMs'] });
    const badOperation = await t.request('POST', '/sandbox/faults', { key, body: { type: 'TIKTOK', kind: 'TRANSIENT', operation: 'publish' } });
    expect(badOperation.json.issues[0]).toMatchObject({ code: 'invalid_enum_value', path: ['operation'] });
    const created = await t.request('POST', '/sandbox/faults', { key, body: { type: 'TIKTOK', kind: 'RATE_LIMITED', retryAfterSeconds: 30, count: 2 } });
    expect(created.json).toMatchObject({ type: 'TIKTOK', kind: 'RATE_LIMITED', remaining: 2, retryAfterSeconds: 30, socialAccountId: null });
    expect((await t.request('GET', '/sandbox/faults', { key })).json.items.map((fault: { id: string }) => fault.id)).toEqual([created.json.id]);
    expect((await t.request('DELETE', `/sandbox/faults/${created.json.id}`, { key })).status).toBe(200);
    expect((await t.request('GET', '/sandbox/faults', { key })).json.total).toBe(0);
  });
});

describe('SANDBOX=false', () => {
  // A second app of its own (migrations included): slow on a busy machine.
  it(
    'removes the sandbox control API and pages, offers only the live platforms, and connect explains there is no connector',
    { timeout: 120_000 },
    async () => {
      const off = await createTestApp({ env: { SANDBOX: 'false', LIVE_PLATFORMS: 'BLUESKY' } });
      const { key, teamId } = await off.createOrg();
      expect((await off.request('POST', '/sandbox/accounts', { key, body: { teamId, type: 'TIKTOK' } })).status).toBe(404);
      expect((await off.request('GET', '/sandbox/faults', { key })).status).toBe(404);
      expect((await off.app.request('/sandbox/connect/anything')).status).toBe(404);
      const connect = await off.request('POST', '/social-account/connect', { key, body: { teamId, type: 'TIKTOK', redirectUrl: 'https://app.example.com/' } });
      expect(connect.status).toBe(400);
      expect(connect.json.message).toMatch(/no live connector/);
      expect((await off.request('GET', '/social-account/platforms', { key })).json).toEqual({
        platforms: [{ type: 'BLUESKY', modes: ['live'] }],
        mediaFetchWarning: null,
      });
      const live = await off.request('POST', '/social-account/connect', { key, body: { teamId, type: 'BLUESKY', redirectUrl: 'https://app.example.com/' } });
      expect(new URL(live.json.url).pathname).toMatch(/^\/connect\/[\w-]+$/);
      const sandboxAsked = await off.request('POST', '/social-account/connect', {
        key,
        body: { teamId, type: 'BLUESKY', mode: 'sandbox', redirectUrl: 'https://app.example.com/' },
      });
      expect(sandboxAsked.json.message).toMatch(/SANDBOX=false/);
      const spec = await off.app.request('/api/v1/openapi.json');
      expect(Object.keys((await spec.json()).paths)).not.toContain('/api/v1/sandbox/accounts');
    },
  );

  it('documents the sandbox API in the OpenAPI document when on', async () => {
    const spec = await (await t.app.request('/api/v1/openapi.json')).json();
    for (const path of [
      '/api/v1/sandbox/accounts',
      '/api/v1/sandbox/inbound/message',
      '/api/v1/sandbox/faults',
      '/api/v1/social-account/connect',
      '/api/v1/organization/usage/daily-limits',
    ]) {
      expect(Object.keys(spec.paths)).toContain(path);
    }
    expect(spec.paths['/api/v1/social-account/messaging/enable'].post.operationId).toBe('enableSocialAccountMessaging');
  });
});
