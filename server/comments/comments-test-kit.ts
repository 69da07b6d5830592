import type { createTestApp } from '../test/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, seconds = 90): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A post published now on the given platforms (accounts already connected), waited for until POSTED. */
export async function publishedPost(t: TestApp, key: string, teamId: string, data: Record<string, Record<string, unknown>>) {
  const created = await t.request('POST', '/post', {
    key,
    body: { teamId, title: 'Post for comments', postDate: new Date().toISOString(), socialAccountTypes: Object.keys(data), data },
  });
  if (created.status !== 200) throw new Error(`post failed: ${created.status} ${created.text}`);
  const post = await waitFor(
    () => t.request('GET', `/post/${created.json.id}`, { key }),
    (response) => ['POSTED', 'ERROR'].includes(response.json.status),
  );
  if (post.json.status !== 'POSTED') throw new Error(`post did not publish: ${post.text}`);
  return post.json as { id: string; externalData: Record<string, { id: string; permalink: string }> };
}

export async function waitForComment(t: TestApp, key: string, id: string, done = (status: string) => ['POSTED', 'ERROR'].includes(status)) {
  const response = await waitFor(
    () => t.request('GET', `/comment/${id}`, { key }),
    (r) => done(r.json.status),
  );
  return response.json;
}

export async function sandboxComments(t: TestApp, key: string, socialAccountId: string) {
  const response = await t.request('GET', `/sandbox/items?socialAccountId=${socialAccountId}&kind=COMMENT&limit=100`, { key });
  return response.json as { items: { id: string; externalId: string; text: string; parentId: string | null; authorUsername: string }[]; total: number };
}
