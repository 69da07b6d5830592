import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminCommandSchema } from '../admin/admin-command-schema';
import { runAdminCommand } from '../admin/commands';
import { addFault } from '../analytics/analytics-test-kit';
import { creditLedger } from '../db/schema/billing';
import { reserveCharge } from './credits.service';
import { reconcilePendingCharges } from './reconcile-charges';
import { connectAccount } from '../posts/posts-test-kit';
import { postJobs } from '../posts/posts.jobs';
import { createTestApp } from '../test/test-app';

const t = await createTestApp({ work: true, workOnly: postJobs });

const REPOST_PRICE = 10_000; // micro-dollars: TWITTER_CONTENT_MANAGE
const DELETE_PRICE = 10_000; // TWITTER_INTERACTION_DELETE

async function addCredits(org: string, usd: string) {
  return runAdminCommand(t.services.db, adminCommandSchema.parse({ command: 'add-credits', org, usd }));
}

const balance = async (key: string) => (await t.request('GET', '/billing/credits/balance', { key })).json;

async function xOrg() {
  const org = await t.createOrg('PRO');
  const x = await connectAccount(t, org.key, org.teamId, 'TWITTER');
  // Someone else's X post, in another team of the organization, to repost.
  const team = await t.request('POST', '/team', { key: org.key, body: { name: 'Other brand' } });
  const other = await connectAccount(t, org.key, team.json.id, 'TWITTER');
  const tweet = await t.request('POST', '/sandbox/items', { key: org.key, body: { socialAccountId: other.id, text: 'Worth sharing' } });
  expect(tweet.status).toBe(200);
  return { ...org, x, tweetId: tweet.json.externalId as string };
}

async function xItems(key: string, socialAccountId: string, kind = 'POST') {
  return (await t.request('GET', `/sandbox/items?socialAccountId=${socialAccountId}&kind=${kind}`, { key })).json.items as {
    externalId: string;
    text: string;
    deletedAt: string | null;
    metadata: Record<string, unknown>;
  }[];
}

const retweet = (key: string, teamId: string, tweetId: string, method: 'POST' | 'DELETE' = 'POST') =>
  t.request(method, '/misc/twitter/retweet', { key, body: { teamId, tweetId } });

describe('prepaid credits', { timeout: 120_000 }, () => {
  it('starts at zero, and the operator command adds credits', async () => {
    const { key, organizationId } = await t.createOrg('PRO');
    expect(await balance(key)).toMatchObject({ organizationId, currency: 'usd', balanceMicros: 0, availableMicros: 0, lowBalance: true, updatedAt: null });
    const added = await addCredits(organizationId, '12.5');
    expect(added.text).toContain('$12.50');
    expect(await balance(key)).toMatchObject({
      balanceMicros: 12_500_000,
      availableMicros: 12_500_000,
      balanceCents: 1250,
      availableCents: 1250,
      lowBalance: false,
    });
    await expect(addCredits(organizationId, '-20')).rejects.toThrow(/below zero/);
    expect(() => adminCommandSchema.parse({ command: 'add-credits', org: organizationId, usd: 'lots' })).toThrow();
  });

  it('quotes metered X actions against the available balance', async () => {
    const { key, teamId, organizationId } = await t.createOrg('PRO');
    await addCredits(organizationId, '0.02');
    const quote = await t.request('POST', '/billing/billable-usage/quote', { key, body: { teamId, action: 'TWITTER_CONTENT_MANAGE', quantity: 3 } });
    expect(quote.status).toBe(200);
    expect(quote.json).toMatchObject({
      billable: true,
      totalMicros: 3 * REPOST_PRICE,
      lines: [{ action: 'TWITTER_CONTENT_MANAGE', unitAmountMicros: REPOST_PRICE, amountMicros: 3 * REPOST_PRICE, amountCents: 3, currency: 'usd' }],
      availableMicros: 20_000,
      wouldExceedBalance: true,
    });
    const posts = await t.request('POST', '/billing/billable-usage/quote', {
      key,
      body: { teamId, texts: ['plain', 'see https://example.com'], altTextCount: 1 },
    });
    expect(posts.json.lines.map((line: { action: string }) => line.action)).toEqual([
      'TWITTER_CONTENT_CREATE',
      'TWITTER_CONTENT_CREATE_WITH_URL',
      'TWITTER_CONTENT_MANAGE',
    ]);
    const none = await t.request('POST', '/billing/billable-usage/quote', { key, body: { teamId } });
    expect(none.json).toMatchObject({ billable: false, lines: [], totalMicros: 0, wouldExceedBalance: false });
    expect((await t.request('POST', '/billing/billable-usage/quote', { key, body: { teamId, quantity: 2 } })).status).toBe(400);
    expect((await t.request('POST', '/billing/billable-usage/quote', { key, body: { teamId, action: 'TWITTER_DANCE' } })).status).toBe(400);
    const stranger = await t.createOrg('PRO');
    expect((await t.request('POST', '/billing/billable-usage/quote', { key: stranger.key, body: { teamId, action: 'TWITTER_POST_READ' } })).status).toBe(404);
  });

  it('refuses a repost with 402 when the balance is one micro-dollar short, and does nothing', async () => {
    const { key, teamId, organizationId, x, tweetId } = await xOrg();
    const empty = await retweet(key, teamId, tweetId);
    expect(empty.status).toBe(402);
    expect(empty.json).toMatchObject({ statusCode: 402, message: expect.stringContaining('Not enough prepaid credits') });
    await addCredits(organizationId, String((REPOST_PRICE - 1) / 1_000_000));
    expect((await retweet(key, teamId, tweetId)).status).toBe(402);
    expect((await balance(key)).balanceMicros).toBe(REPOST_PRICE - 1);
    expect(await xItems(key, x.id)).toEqual([]);
  });

  it('charges a repost once per post per account per UTC day, with exactly enough credits', async () => {
    const { key, teamId, organizationId, x, tweetId } = await xOrg();
    await addCredits(organizationId, String(REPOST_PRICE / 1_000_000));
    const first = await retweet(key, teamId, tweetId);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ success: true, tweetId, retweeted: true, charged: true });
    expect((await balance(key)).balanceMicros).toBe(0);
    const reposts = await xItems(key, x.id);
    expect(reposts).toHaveLength(1);
    expect(reposts[0]).toMatchObject({ metadata: { repostOf: tweetId }, deletedAt: null, text: expect.stringContaining('Worth sharing') });

    // Same post, same account, same day: free, in both directions.
    expect((await retweet(key, teamId, tweetId)).json).toMatchObject({ retweeted: true, charged: false });
    const undo = await retweet(key, teamId, tweetId, 'DELETE');
    expect(undo.status).toBe(200);
    expect(undo.json).toEqual({ success: true, tweetId, retweeted: false, charged: false });
    expect((await xItems(key, x.id))[0]!.deletedAt).not.toBeNull();
    expect((await balance(key)).balanceMicros).toBe(0);

    // Another post is another charge, which the empty balance cannot pay.
    const another = await t.request('POST', '/sandbox/items', { key, body: { socialAccountId: x.id, text: 'Mine' } });
    expect((await retweet(key, teamId, another.json.externalId)).status).toBe(402);

    // A new UTC day: the same post is charged again.
    await t.services.db
      .update(creditLedger)
      .set({ dedupeKey: sql`regexp_replace(${creditLedger.dedupeKey}, ':[0-9-]+$', ':2000-01-01')` })
      .where(and(eq(creditLedger.organizationId, organizationId), eq(creditLedger.kind, 'CHARGE')));
    expect((await retweet(key, teamId, tweetId)).status).toBe(402);
    await addCredits(organizationId, '1');
    expect((await retweet(key, teamId, tweetId)).json).toMatchObject({ retweeted: true, charged: true });
    expect((await balance(key)).balanceMicros).toBe(1_000_000 - REPOST_PRICE);
  });

  it('charges nothing when the platform fails or the post does not exist', async () => {
    const { key, teamId, organizationId, x, tweetId } = await xOrg();
    await addCredits(organizationId, '1');
    await addFault(t, key, { type: 'TWITTER', socialAccountId: x.id, operation: 'xActions.repost', kind: 'TRANSIENT', count: 1 });
    const failed = await retweet(key, teamId, tweetId);
    expect(failed.status).toBe(502);
    await addFault(t, key, { type: 'TWITTER', socialAccountId: x.id, operation: 'xActions.repost', kind: 'RATE_LIMITED', count: 1 });
    expect((await retweet(key, teamId, tweetId)).status).toBe(429);
    const missing = await retweet(key, teamId, '999999999');
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('Post 999999999 not found');
    expect((await balance(key)).balanceMicros).toBe(1_000_000);
    expect(await xItems(key, x.id)).toEqual([]);
    // After the failures the repost goes through and is charged once.
    expect((await retweet(key, teamId, tweetId)).json.charged).toBe(true);
    expect((await balance(key)).balanceMicros).toBe(1_000_000 - REPOST_PRICE);
  });

  it("deletes the account's X reply for a charge; a reply that is not there is not charged", async () => {
    const { key, teamId, organizationId, x } = await xOrg();
    await addCredits(organizationId, String((DELETE_PRICE * 2) / 1_000_000));
    const created = await t.request('POST', '/post', {
      key,
      body: {
        teamId,
        title: 'Thread',
        postDate: new Date().toISOString(),
        status: 'SCHEDULED',
        socialAccountTypes: ['TWITTER'],
        data: { TWITTER: { text: 'Main post' } },
        firstComment: { TWITTER: 'My own reply' },
      },
    });
    expect(created.status).toBe(200);
    let replyId: string | undefined;
    for (let i = 0; i < 300 && !replyId; i++) {
      replyId = (await t.request('GET', `/post/${created.json.id}`, { key })).json.externalData?.TWITTER?.firstCommentId;
      if (!replyId) await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(replyId).toBeDefined();
    const unknown = await t.request('DELETE', '/misc/twitter/comment', { key, body: { teamId, commentId: '123456789' } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('Reply 123456789 not found');
    expect((await balance(key)).balanceMicros).toBe(DELETE_PRICE * 2);

    const deleted = await t.request('DELETE', '/misc/twitter/comment', { key, body: { teamId, commentId: replyId } });
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ success: true, charged: true });
    expect((await balance(key)).balanceMicros).toBe(DELETE_PRICE);
    expect((await xItems(key, x.id, 'COMMENT')).find((comment) => comment.externalId === replyId)!.deletedAt).not.toBeNull();
    const again = await t.request('DELETE', '/misc/twitter/comment', { key, body: { teamId, commentId: replyId } });
    expect(again.status).toBe(404);
    expect((await balance(key)).balanceMicros).toBe(DELETE_PRICE);

    const otherOrg = await t.createOrg('PRO');
    expect((await t.request('DELETE', '/misc/twitter/comment', { key: otherOrg.key, body: { teamId, commentId: replyId } })).status).toBe(404);
    expect((await retweet(otherOrg.key, teamId, 'x')).status).toBe(404);
  });

  it('makes a twin of a running paid action wait, and lets a new request supersede a crashed one', async () => {
    const { key, teamId, organizationId, x, tweetId } = await xOrg();
    await addCredits(organizationId, '1');
    const today = new Date().toISOString().slice(0, 10);
    // A repost of this post is being charged right now (another request, still running).
    const running = await reserveCharge(t.services.db, {
      organizationId,
      action: 'TWITTER_CONTENT_MANAGE',
      dedupeKey: `x-repost:${x.id}:${tweetId}:${today}`,
      details: { socialAccountId: x.id, op: 'repost', tweetId },
    });
    const twin = await retweet(key, teamId, tweetId);
    expect(twin.status).toBe(409);
    expect(twin.json.message).toMatch(/running right now/);
    expect((await balance(key)).balanceMicros).toBe(1_000_000 - REPOST_PRICE);
    expect(await xItems(key, x.id)).toEqual([]);

    // That request crashed: eleven minutes on, the caller undoes the repost instead.
    await t.services.db
      .update(creditLedger)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(creditLedger.id, running!.id));
    const undo = await retweet(key, teamId, tweetId, 'DELETE');
    expect(undo.status, undo.text).toBe(200);
    expect(undo.json).toMatchObject({ retweeted: false, charged: true });
    // The crashed charge came back and the undo paid: one price in all, and nothing left to replay.
    expect((await balance(key)).balanceMicros).toBe(1_000_000 - REPOST_PRICE);
    expect(await t.services.db.select().from(creditLedger).where(eq(creditLedger.id, running!.id))).toEqual([]);
    expect(await reconcilePendingCharges(t.services, new Date(Date.now() + 11 * 60_000))).toEqual({ completed: 0, refunded: 0 });
    expect((await xItems(key, x.id)).filter((item) => item.deletedAt === null)).toEqual([]);
  });

  it('refunds, without replaying, a crashed repost the caller has acted on since', async () => {
    const { key, teamId, organizationId, x, tweetId } = await xOrg();
    await addCredits(organizationId, '1');
    // Crashed yesterday, between the debit and the X call.
    const crashed = await reserveCharge(t.services.db, {
      organizationId,
      action: 'TWITTER_CONTENT_MANAGE',
      dedupeKey: `x-repost:${x.id}:${tweetId}:2000-01-01`,
      details: { socialAccountId: x.id, op: 'repost', tweetId },
    });
    await t.services.db
      .update(creditLedger)
      .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(creditLedger.id, crashed!.id));
    // Today the caller asks for the repost to be undone; then the reconciler runs.
    expect((await retweet(key, teamId, tweetId, 'DELETE')).json).toMatchObject({ retweeted: false, charged: true });
    expect(await reconcilePendingCharges(t.services)).toEqual({ completed: 0, refunded: 1 });
    expect((await xItems(key, x.id)).filter((item) => item.deletedAt === null)).toEqual([]);
    expect((await balance(key)).balanceMicros).toBe(1_000_000 - REPOST_PRICE);
  });

  it('finishes or refunds a charge whose request was interrupted after the debit', async () => {
    const { key, organizationId, x, tweetId } = await xOrg();
    await addCredits(organizationId, '1');
    // What a crash between the debit and the X call leaves behind: PENDING charges, no action.
    const interrupted = await reserveCharge(t.services.db, {
      organizationId,
      action: 'TWITTER_CONTENT_MANAGE',
      dedupeKey: `x-repost:${x.id}:${tweetId}:crashed`,
      details: { socialAccountId: x.id, op: 'repost', tweetId },
    });
    const doomed = await reserveCharge(t.services.db, {
      organizationId,
      action: 'TWITTER_INTERACTION_DELETE',
      dedupeKey: `x-reply-delete:${x.id}:404`,
      details: { socialAccountId: x.id, op: 'deleteReply', replyId: '404' },
    });
    expect((await balance(key)).balanceMicros).toBe(1_000_000 - REPOST_PRICE - DELETE_PRICE);
    // Fresh ones are left alone: the request may still be running.
    expect(await reconcilePendingCharges(t.services)).toMatchObject({ completed: 0, refunded: 0 });
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await reconcilePendingCharges(t.services, later)).toEqual({ completed: 1, refunded: 1 });
    expect((await xItems(key, x.id))[0]).toMatchObject({ metadata: { repostOf: tweetId }, deletedAt: null });
    expect((await balance(key)).balanceMicros).toBe(1_000_000 - REPOST_PRICE);
    const rows = await t.services.db.select().from(creditLedger).where(eq(creditLedger.id, interrupted!.id));
    expect(rows[0]!.status).toBe('COMPLETED');
    expect(await t.services.db.select().from(creditLedger).where(eq(creditLedger.id, doomed!.id))).toEqual([]);
  });
});
