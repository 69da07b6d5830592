import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { inboundEvents } from '../../../db/schema/ingest';
import { pollInboundActivityHandler } from '../../../ingest/ingest.job-handlers';
import { dispatchInboundEventJob } from '../../../ingest/ingest.jobs';
import { createTestApp } from '../../../test/test-app';
import { messageDelivery } from './graph-stand-in/webhook-delivery';
import { messagingAccount, publishedOn, signedDelivery } from './meta-inbound-test-kit';
import { META_APPS, received, startMetaStandIn } from './meta-test-kit';

/**
 * A self-hoster without a public URL configures no Meta webhook (`META_WEBHOOK_VERIFY_TOKEN`
 * unset): the `poll-inbound-activity` job reads live accounts' recent conversations and the
 * comments on their recent posts into the same ingest path, with the webhook's event ids
 * (decision 075).
 */
const PUBLIC_URL = 'https://desk.example';
const meta = await startMetaStandIn({ publicUrl: PUBLIC_URL });
afterAll(() => meta.close());
const t = await createTestApp({ env: { LIVE_PLATFORMS: 'FACEBOOK,INSTAGRAM', PUBLIC_URL, ...meta.env }, work: true, workOnly: [dispatchInboundEventJob] });
beforeEach(() => meta.reset());

const poll = () => pollInboundActivityHandler.handle({}, { services: t.services, jobId: 'test', attempt: 1 });
const noor = { id: '7000000000000303', name: 'Noor Haddad', username: 'noor.h' };

describe('polling Meta when no webhook reaches the service', { timeout: 60_000 }, () => {
  it('picks up a DM and a comment on an Instagram account, once, as a webhook would have', async () => {
    const account = await messagingAccount(t, meta, 'INSTAGRAM_LOGIN');
    const post = await publishedOn(t, account, account, '18000000000000888');
    // Meta's times have whole seconds: the activity comes a moment after messaging was enabled.
    meta.world.advance(2);
    const dm = meta.world.messaging.personWrites(account.externalId, noor, 'Is the workshop full?');
    const comment = meta.world.messaging.personComments(account.externalId, '18000000000000888', noor, 'Count me in!');

    await poll();
    const conversation = await account.conversationWith(noor.id);
    expect((await account.thread(conversation!.id)).map((item) => [item.text, item.externalMessageId])).toEqual([['Is the workshop full?', dm.id]]);
    const comments = await t.request('GET', `/comment/import/comments?teamId=${account.teamId}&postId=${post.id}`, { key: account.key });
    expect(comments.json.items).toMatchObject([{ text: 'Count me in!', authorName: 'noor.h', authorExternalId: noor.id }]);
    expect(received(meta.hosts.instagramGraph, '/me/conversations')[0]!.query.get('platform')).toBe('instagram');
    expect(received(meta.hosts.instagramGraph, '/18000000000000888/comments')).toHaveLength(1);

    // The next run, and the webhook Meta might still deliver, find the same ids: nothing new is stored.
    await poll();
    const late = await signedDelivery(t, META_APPS.instagram.secret)(messageDelivery('instagram', account.externalId, dm));
    expect(await late.json()).toMatchObject({ stored: 0 });
    const events = await t.services.db.select().from(inboundEvents).where(eq(inboundEvents.socialAccountId, account.accountId));
    expect(events.map((event) => [event.kind, event.externalEventId]).sort()).toEqual([
      ['comment.created', `comment:${comment.id}`],
      ['message.created', dm.id],
    ]);
  });

  it('reads a Page’s Messenger conversations with its Page token, and skips accounts without messaging', async () => {
    const account = await messagingAccount(t, meta, 'FACEBOOK');
    meta.world.advance(2);
    meta.world.messaging.personWrites(account.externalId, noor, 'Do you cater weddings?');
    await poll();
    const conversation = await account.conversationWith(noor.id);
    expect(conversation).toMatchObject({ platform: 'FACEBOOK' });
    const [call] = received(meta.hosts.facebookGraph, `/${account.externalId}/conversations`);
    expect(call!.query.get('platform')).toBe('messenger');
    expect(call!.query.get('access_token')).toBe(meta.world.issued({ product: 'facebook', kind: 'page', page: account.externalId })[0]!.value);

    expect((await account.disable()).status).toBe(200);
    meta.world.messaging.personWrites(account.externalId, noor, 'Hello again');
    const before = received(meta.hosts.facebookGraph, `/${account.externalId}/conversations`).length;
    await poll();
    expect(received(meta.hosts.facebookGraph, `/${account.externalId}/conversations`).length).toBe(before);
  });
});
