import { TestNetworkNoAppView } from '@atproto/dev-env';
import { afterAll, describe, expect, it } from 'vitest';
import { postJobs } from '../../../posts/posts.jobs';
import { createTestApp } from '../../../test/test-app';
import { connectLive, createPdsAccount, recordsOnPds, waitForPost } from './bluesky-test-kit';
import { startPdsProxy } from './pds-proxy';

/**
 * What the PDS answers when things go wrong, as the publishing worker sees it: a rate limit with
 * its reset, an expired session (refreshed with the refresh JWT), a revoked app password (the
 * account must be reconnected). The PDS is real; the proxy in front of it adds the rate limit.
 */
const network = await TestNetworkNoAppView.create({});
const proxy = await startPdsProxy(network.pds.url);
afterAll(async () => {
  await proxy.close();
  await network.close();
});

const t = await createTestApp({
  work: true,
  workOnly: postJobs,
  env: { LIVE_PLATFORMS: 'BLUESKY', BLUESKY_SERVICE_URL: proxy.url, PUBLISH_RETRY_BASE_SECONDS: '0.5' },
});

async function connected() {
  const org = await t.createOrg('PRO');
  const person = await createPdsAccount(network, 'err');
  const { location } = await connectLive(t, org.key, org.teamId, { identifier: person.handle, password: person.appPassword });
  expect(new URL(location!).searchParams.get('status')).toBe('success');
  const publish = (text: string) =>
    t.request('POST', '/post', {
      key: org.key,
      body: { teamId: org.teamId, title: text, postDate: new Date().toISOString(), socialAccountTypes: ['BLUESKY'], data: { BLUESKY: { text } } },
    });
  return { ...org, person, publish };
}

describe('Bluesky errors through the publishing worker', { timeout: 120_000 }, () => {
  it('waits out a rate limit until its reset, then publishes once', async () => {
    const { key, person, publish } = await connected();
    const resetAt = Math.ceil(Date.now() / 1000) + 3;
    proxy.add({
      nsid: 'com.atproto.repo.createRecord',
      times: 1,
      answer: {
        status: 429,
        headers: { 'ratelimit-limit': '5000', 'ratelimit-remaining': '0', 'ratelimit-reset': String(resetAt) },
        body: { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' },
      },
    });
    const created = await publish('After the limit');
    const limited = await waitForPost(t, key, created.json.id, (post) => post.errorsVerbose?.BLUESKY?.code === 'RATE_LIMITED' || post.status === 'POSTED');
    expect(limited.errorsVerbose.BLUESKY).toMatchObject({
      code: 'RATE_LIMITED',
      retryability: 'retryable',
      meta: { resetAt: new Date(resetAt * 1000).toISOString() },
    });
    const done = await waitForPost(t, key, created.json.id, (post) => post.status === 'POSTED' || post.status === 'ERROR');
    expect(done.status).toBe('POSTED');
    expect(Date.now()).toBeGreaterThanOrEqual(resetAt * 1000);
    expect((await recordsOnPds(network, person.did)).map((record) => record.value.text)).toEqual(['After the limit']);
  });

  it('refreshes an expired session with the refresh JWT and publishes', async () => {
    const { key, person, publish } = await connected();
    proxy.add({ nsid: 'com.atproto.repo.createRecord', times: 1, answer: { status: 400, body: { error: 'ExpiredToken', message: 'Token has expired' } } });
    const refreshesBefore = proxy.seen.filter((nsid) => nsid === 'com.atproto.server.refreshSession').length;
    const created = await publish('After a refresh');
    const done = await waitForPost(t, key, created.json.id, (post) => post.status === 'POSTED' || post.status === 'ERROR');
    expect(done.status).toBe('POSTED');
    expect(proxy.seen.filter((nsid) => nsid === 'com.atproto.server.refreshSession').length).toBe(refreshesBefore + 1);
    expect(await recordsOnPds(network, person.did)).toHaveLength(1);
  });

  it('asks for a reconnect when the app password was revoked', async () => {
    const { key, person, publish } = await connected();
    const passwords = (await person.agent.com.atproto.server.listAppPasswords()).data.passwords;
    for (const password of passwords) await person.agent.com.atproto.server.revokeAppPassword({ name: password.name });
    // The access JWT would live on for its two hours: the PDS says it expired, the refresh is refused.
    proxy.add({ nsid: 'com.atproto.repo.createRecord', times: 1, answer: { status: 400, body: { error: 'ExpiredToken', message: 'Token has expired' } } });
    const created = await publish('Never published');
    const done = await waitForPost(t, key, created.json.id, (post) => post.status === 'ERROR' || post.status === 'POSTED');
    expect(done.status).toBe('ERROR');
    expect(done.errorsVerbose.BLUESKY).toMatchObject({ code: 'ACCESS_REVOKED', retryability: 'non_retryable' });
    expect(await recordsOnPds(network, person.did)).toHaveLength(0);
  });
});
