import { waitFor } from '../comments/comments-test-kit';
import { connectAccount } from '../posts/posts-test-kit';
import type { createTestApp } from '../test/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export type ImportedPost = {
  id: string;
  externalId: string;
  permalink: string;
  publishedAt: string;
  type: string;
  contentType: string | null;
  isShort: boolean;
  thumbnail: string | null;
  extraData: Record<string, unknown> | null;
  analytics: { likes: number; impressions: number }[];
};

export const finished = (status: string) => ['COMPLETED', 'FAILED'].includes(status);

/** An organization with one connected sandbox account and helpers around its history import. */
export async function historyOrg(t: TestApp, plan: 'FREE' | 'PRO' | 'BUSINESS', type: string, extra: Record<string, unknown> = {}) {
  const org = await t.createOrg(plan);
  const account = await connectAccount(t, org.key, org.teamId, type, extra);
  const seed = async (count: number, months = 6) => {
    const response = await t.request('POST', '/sandbox/history', { key: org.key, body: { socialAccountId: account.id, count, months } });
    if (response.status !== 200) throw new Error(`seed failed: ${response.status} ${response.text}`);
    return response.json.items as { id: string; externalId: string; permalink: string; createdAt: string }[];
  };
  const publish = async (body: Record<string, unknown>) => {
    const response = await t.request('POST', '/sandbox/items', { key: org.key, body: { socialAccountId: account.id, ...body } });
    if (response.status !== 200) throw new Error(`publish failed: ${response.status} ${response.text}`);
    return response.json as { id: string; externalId: string; permalink: string };
  };
  const start = (body: Record<string, unknown>) =>
    t.request('POST', '/post-history-import', { key: org.key, body: { teamId: org.teamId, socialAccountType: type, ...body } });
  const get = (id: string) => t.request('GET', `/post-history-import/${id}`, { key: org.key });
  const waitDone = async (id: string) =>
    (
      await waitFor(
        () => get(id),
        (response) => finished(response.json.status),
      )
    ).json;
  /** Starts an import (expects 201) and waits until it is over. */
  const run = async (body: Record<string, unknown>) => {
    const started = await start(body);
    if (started.status !== 201) throw new Error(`start failed: ${started.status} ${started.text}`);
    return waitDone(started.json.id);
  };
  const posts = async (limit = 100) => {
    const response = await t.request('GET', `/post-history-import/posts?teamId=${org.teamId}&socialAccountType=${type}&limit=${limit}`, { key: org.key });
    if (response.status !== 200) throw new Error(`posts failed: ${response.status} ${response.text}`);
    return response.json as { posts: ImportedPost[]; total: number; limit: number; remainingCapacity: number };
  };
  const fault = (body: Record<string, unknown>) => t.request('POST', '/sandbox/faults', { key: org.key, body: { type, operation: 'history.list', ...body } });
  return { ...org, account, seed, publish, start, get, waitDone, run, posts, fault };
}
