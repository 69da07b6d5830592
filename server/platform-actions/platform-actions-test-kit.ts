import { expect } from 'vitest';
import { connectAccount } from '../posts/posts-test-kit';
import type { createTestApp } from '../test/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export type Published = {
  id: string;
  status: string;
  externalData: Record<string, Record<string, string>>;
  socialAccounts: { socialAccountId: string; deletedAt: string | null }[];
  data: Record<string, Record<string, unknown>>;
};
export type SandboxItem = {
  id: string;
  externalId: string;
  kind: string;
  text: string | null;
  parentId: string | null;
  editedAt: string | null;
  deletedAt: string | null;
  metadata: Record<string, unknown>;
};

/** A post published now on one platform by the worker; resolves once it is POSTED. */
export async function publish(
  t: TestApp,
  key: string,
  teamId: string,
  platform: string,
  options: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  const created = await t.request('POST', '/post', {
    key,
    body: { teamId, title: `${platform} post`, postDate: new Date().toISOString(), socialAccountTypes: [platform], data: { [platform]: options }, ...extra },
  });
  expect(created.status, created.text).toBe(200);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const post = (await t.request('GET', `/post/${created.json.id}`, { key })).json as Published;
    const commentsDone =
      !extra.firstComment ||
      Object.keys(post.externalData).length === 0 ||
      (await items(t, key, post.socialAccounts[0]!.socialAccountId, 'COMMENT')).length > 0;
    if ((post.status === 'POSTED' && commentsDone) || post.status === 'ERROR' || Date.now() > deadline) {
      expect(post.status, JSON.stringify(post)).toBe('POSTED');
      return post;
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export async function items(t: TestApp, key: string, socialAccountId: string, kind: 'POST' | 'COMMENT') {
  const response = await t.request('GET', `/sandbox/items?socialAccountId=${socialAccountId}&kind=${kind}`, { key });
  expect(response.status).toBe(200);
  return response.json.items as SandboxItem[];
}

/** Someone else comments on the account's latest post; returns the comment's platform id. */
export async function strangerComment(t: TestApp, key: string, socialAccountId: string, text = 'Nice one!') {
  const response = await t.request('POST', '/sandbox/inbound/comment', { key, body: { socialAccountId, text } });
  expect(response.status, response.text).toBe(200);
  const comment = (await items(t, key, socialAccountId, 'COMMENT')).find((item) => item.text === text);
  return comment!.externalId;
}

/** A connected account with the named page or channel selected (Facebook pages, Slack and Discord channels). */
export async function connectWithChannel(t: TestApp, key: string, teamId: string, type: string, channelName: string) {
  const account = (await connectAccount(t, key, teamId, type, { channelName })) as Awaited<ReturnType<typeof connectAccount>> & {
    selectedChannelId: string | null;
    channels: { id: string; name: string }[] | null;
  };
  return { ...account, channelId: account.selectedChannelId ?? account.channels?.[0]?.id ?? '' };
}
