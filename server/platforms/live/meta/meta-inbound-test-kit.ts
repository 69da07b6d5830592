import { expect } from 'vitest';
import { waitFor } from '../../../comments/comments-test-kit';
import { posts, postTargets } from '../../../db/schema/posts';
import type { createTestApp } from '../../../test/test-app';
import { connectThroughConsent } from '../test-kit/live-app';
import { deliver, type Callback } from './graph-stand-in/webhook-delivery';
import { clickConsent, type MetaStandIn } from './meta-test-kit';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** How an account is connected for messaging: a Page, Instagram through its Page, or Instagram Login. */
export type MessagingLogin = 'FACEBOOK' | 'INSTAGRAM_VIA_PAGE' | 'INSTAGRAM_LOGIN';

/** The stand-in's accounts each login acts as (the Bakery Page and its Instagram account; Ada's Instagram Login account). */
export const ACCOUNT_IDS: Record<MessagingLogin, string> = {
  FACEBOOK: '104000000000001',
  INSTAGRAM_VIA_PAGE: '17841400000000001',
  INSTAGRAM_LOGIN: '17841405551230001',
};

/** The app's `/webhooks/meta`, called in-process as Meta would call it. */
export const webhookCallback =
  (t: TestApp): Callback =>
  (body, headers) =>
    t.app.request('/webhooks/meta', { method: 'POST', body, headers });

export const signedDelivery = (t: TestApp, secret: string) => (delivery: unknown) => deliver(webhookCallback(t), delivery, secret);

/**
 * An organization with DMs (and automations) on and one live account connected through the
 * product's connect API with messaging allowed, its channel selected and messaging enabled.
 */
export async function messagingAccount(t: TestApp, meta: MetaStandIn, login: MessagingLogin, features: ('dms' | 'automations')[] = ['dms']) {
  const org = await t.createOrg('PRO', features);
  const type = login === 'FACEBOOK' ? 'FACEBOOK' : 'INSTAGRAM';
  const body =
    login === 'FACEBOOK'
      ? { withMessagingScope: true }
      : { withMessagingScope: true, instagramConnectionMethod: login === 'INSTAGRAM_LOGIN' ? 'INSTAGRAM' : 'FACEBOOK' };
  const { accountId } = await connectThroughConsent(t, org.key, org.teamId, type, { body, approve: (url) => clickConsent(url) });
  if (login !== 'INSTAGRAM_LOGIN') {
    const selected = await t.request('POST', '/social-account/set-channel', {
      key: org.key,
      body: { teamId: org.teamId, type, channelId: ACCOUNT_IDS[login] },
    });
    expect(selected.status, selected.text).toBe(200);
  }
  const enable = () => t.request('POST', '/social-account/messaging/enable', { key: org.key, body: { teamId: org.teamId, type } });
  const disable = () => t.request('POST', '/social-account/messaging/disable', { key: org.key, body: { teamId: org.teamId, type } });
  const enabled = await enable();
  expect(enabled.status, enabled.text).toBe(200);
  const conversations = async () =>
    (await t.request('GET', `/conversations?teamId=${org.teamId}&limit=50`, { key: org.key })).json.items as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  const thread = async (id: string) =>
    (await t.request('GET', `/conversations/${id}/messages?limit=100`, { key: org.key })).json.items as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Waits for the first conversation the inbox shows with this person. */
  const conversationWith = async (personId: string) => {
    const theirs = (item: Record<string, unknown>) => String(item.externalConversationId).endsWith(`_${personId}`);
    const list = await waitFor(conversations, (items) => items.some(theirs), 30);
    return list.find(theirs);
  };
  return { ...org, type, accountId, externalId: ACCOUNT_IDS[login], enable, disable, conversations, thread, conversationWith };
}

/**
 * A post the service published on the account (`externalId` is Meta's media or post id). The
 * publishing slice is another part of issue 23: the rows it leaves are written here, so comments
 * on it are kept as they would be on any post published through the service.
 */
export async function publishedOn(
  t: TestApp,
  org: { organizationId: string; teamId: string },
  account: { accountId: string; type: string },
  externalId: string,
) {
  const now = new Date();
  const [post] = await t.services.db
    .insert(posts)
    .values({
      organizationId: org.organizationId,
      teamId: org.teamId,
      title: 'Fresh bread',
      status: 'POSTED',
      postDate: now,
      postedDate: now,
      platforms: [account.type],
      data: { [account.type]: { text: 'Fresh bread today' } },
    })
    .returning();
  await t.services.db.insert(postTargets).values({
    postId: post!.id,
    organizationId: org.organizationId,
    platform: account.type as 'INSTAGRAM',
    socialAccountId: account.accountId,
    status: 'POSTED',
    externalData: { id: externalId, permalink: `https://www.instagram.com/p/${externalId}/` },
    publishedAt: now,
  });
  return post!;
}
