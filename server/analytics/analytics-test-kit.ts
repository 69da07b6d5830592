import type { createTestApp } from '../test/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Schedules a post for now on the given platforms and waits for the publish worker to post it. */
export async function publishNow(t: TestApp, key: string, teamId: string, data: Record<string, Record<string, unknown>>) {
  const created = await t.request('POST', '/post', {
    key,
    body: { teamId, title: 'Analytics post', postDate: new Date().toISOString(), status: 'SCHEDULED', socialAccountTypes: Object.keys(data), data },
  });
  if (created.status !== 200) throw new Error(`post create failed: ${created.status} ${created.text}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const post = (await t.request('GET', `/post/${created.json.id}`, { key })).json;
    if (post.status === 'POSTED') return post as { id: string; externalData: Record<string, Record<string, string>> };
    if (post.status === 'ERROR' || Date.now() > deadline) throw new Error(`post did not publish: ${JSON.stringify(post)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export async function addFault(t: TestApp, key: string, body: Record<string, unknown>) {
  const response = await t.request('POST', '/sandbox/faults', { key, body });
  if (response.status !== 200) throw new Error(`fault failed: ${response.status} ${response.text}`);
  return response.json.id as string;
}
