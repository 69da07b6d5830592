import { AtpAgent } from '@atproto/api';
import type { TestNetworkNoAppView } from '@atproto/dev-env';
import { expect } from 'vitest';
import type { createTestApp } from '../../../test/test-app';

export { createPostNow, settled, waitForPost, type PublishedPost } from '../test-kit/live-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let counter = 0;

/** A person with an account on the test PDS and an app password for SocialDesk. */
export async function createPdsAccount(network: TestNetworkNoAppView, name = 'person') {
  counter += 1;
  const handle = `${name}${counter}${Date.now().toString(36).slice(-4)}.test`;
  const agent = new AtpAgent({ service: network.pds.url });
  await agent.createAccount({ email: `${handle}@example.com`, handle, password: 'main-password' });
  const appPassword = (await agent.com.atproto.server.createAppPassword({ name: `socialdesk-${counter}` })).data.password;
  return { agent, handle, did: agent.session!.did, appPassword };
}

/** Connects the account as a person would: the connect API's URL, then our app-password page. */
export async function connectLive(t: TestApp, key: string, teamId: string, login: { identifier: string; password: string }) {
  const started = await t.request('POST', '/social-account/connect', {
    key,
    body: { teamId, type: 'BLUESKY', redirectUrl: 'https://app.example.com/accounts' },
  });
  expect(started.status).toBe(200);
  const url = new URL(started.json.url as string);
  const form = new URLSearchParams({ decision: 'approve', ...login });
  const answer = await t.app.request(url.pathname, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  return { url, answer, location: answer.headers.get('location') };
}

/** The records of a collection in a repository, read straight from the PDS. */
export async function recordsOnPds(network: TestNetworkNoAppView, did: string, collection = 'app.bsky.feed.post') {
  const agent = new AtpAgent({ service: network.pds.url });
  const { data } = await agent.com.atproto.repo.listRecords({ repo: did, collection, limit: 100 });
  return data.records as { uri: string; cid: string; value: Record<string, any> }[]; // eslint-disable-line @typescript-eslint/no-explicit-any
}
