import { connectAccount } from '../posts/posts-test-kit';
import type { createTestApp } from '../test/test-app';
import { waitFor } from '../comments/comments-test-kit';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export { waitFor };

const BASE = { GOOGLE_BUSINESS: '/misc/google-business/reviews', FACEBOOK: '/misc/facebook/recommendations' } as const;
export type Platform = keyof typeof BASE;

/** A connected location (Google) or page (Facebook) with its sandbox history of 30 reviews. */
export async function connectPlace(t: TestApp, key: string, teamId: string, platform: Platform) {
  return connectAccount(t, key, teamId, platform, { channelName: platform === 'FACEBOOK' ? 'Corner Bakery' : 'Corner Bakery Main Street' });
}

export function importPath(platform: Platform) {
  return platform === 'GOOGLE_BUSINESS' ? `${BASE.GOOGLE_BUSINESS}/import` : `${BASE.FACEBOOK}/import`;
}

export function listPath(platform: Platform) {
  return BASE[platform];
}

/** Starts an import and waits until it settles (COMPLETED or FAILED). */
export async function runImport(t: TestApp, key: string, teamId: string, count: number, platform: Platform = 'GOOGLE_BUSINESS') {
  const started = await t.request('POST', importPath(platform), { key, body: { teamId, count } });
  if (started.status !== 201) throw new Error(`import failed to start: ${started.status} ${started.text}`);
  const done = await waitFor(
    () => t.request('GET', `${importPath(platform)}/${started.json.id}`, { key }),
    (response) => ['COMPLETED', 'FAILED'].includes(response.json.status),
  );
  return done.json as { id: string; status: string; reviewsImported?: number; itemsImported?: number; error: string | null };
}
