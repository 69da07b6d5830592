import { expect } from 'vitest';
import type { createTestApp } from '../../../test/test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export type ConsentOptions = {
  /** More fields of the connect request (`instagramConnectionMethod`, `reconnect`, `withMessagingScope`). */
  body?: Record<string, unknown>;
  /** How the person answers the platform's consent page (default: a GET that approves at once, as Slack's and Discord's stand-ins do). */
  approve?: (consent: URL) => Promise<Response>;
  /** The outcome our callback sends the app back with (default `success`). */
  expect?: Record<string, string>;
};

/**
 * Connects a live OAuth account as a person would: the connect API's URL, our connect page's
 * redirect to the platform's consent page (a local receiver standing in for the platform, which
 * approves), and the platform's redirect back to our callback. Answers the consent page's address,
 * the connected account's id and the parameters the app was sent back with.
 */
export async function connectThroughConsent(t: TestApp, key: string, teamId: string, type: string, options: ConsentOptions = {}) {
  const started = await t.request('POST', '/social-account/connect', {
    key,
    body: { teamId, type, redirectUrl: 'https://app.example.com/accounts', ...options.body },
  });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const toConsent = await t.app.request(new URL(started.json.url as string).pathname);
  expect(toConsent.status).toBe(302);
  const consent = new URL(toConsent.headers.get('location')!);
  const approved = await (options.approve ?? ((url: URL) => fetch(url, { redirect: 'manual' })))(consent);
  expect(approved.status).toBe(302);
  const callback = new URL(approved.headers.get('location')!);
  expect(`${callback.origin}${callback.pathname}`).toBe(`${t.config.publicUrl}/connect/callback`);
  const back = await t.app.request(`${callback.pathname}${callback.search}`);
  expect(back.status).toBe(302);
  const done = new URL(back.headers.get('location')!);
  const outcome = Object.fromEntries(done.searchParams);
  expect(outcome).toMatchObject(options.expect ?? { status: 'success', type });
  return { consent, accountId: done.searchParams.get('socialAccountId')!, outcome };
}

export type PublishedPost = {
  id: string;
  status: string;
  errors: Record<string, string>;
  errorsVerbose: Record<string, { code: string; retryability: string; errorMessage: string; userFacingMessage: string; meta: Record<string, unknown> }>;
  externalData: Record<string, Record<string, string>>;
};

/** Polls the post through the API until `done` says so (or the time is up), and answers its last state. */
export async function waitForPost(t: TestApp, key: string, id: string, done: (post: PublishedPost) => boolean, seconds = 60): Promise<PublishedPost> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const post = (await t.request('GET', `/post/${id}`, { key })).json as PublishedPost;
    if (done(post) || Date.now() > deadline) return post;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The worker is done with the post: published, or failed for good. */
export const settled = (post: PublishedPost) => post.status === 'POSTED' || post.status === 'ERROR';

/**
 * A post on one platform, due now, created through the API as a client would (`firstComment` on
 * the same platform); answers its id once the API accepted it.
 */
export async function createPostNow(
  t: TestApp,
  key: string,
  input: { teamId: string; title: string; type: string; data: Record<string, unknown>; firstComment?: string },
): Promise<string> {
  const { teamId, title, type, data, firstComment } = input;
  const created = await t.request('POST', '/post', {
    key,
    body: {
      teamId,
      title,
      postDate: new Date().toISOString(),
      socialAccountTypes: [type],
      data: { [type]: data },
      ...(firstComment ? { firstComment: { [type]: firstComment } } : {}),
    },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  return created.json.id as string;
}
