import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { TestNetwork } from '@atproto/dev-env';
import { afterAll, describe, expect, it } from 'vitest';
import { postJobs } from '../../../posts/posts.jobs';
import { createTestApp } from '../../../test/test-app';
import { connectLive, createPdsAccount } from './bluesky-test-kit';

/**
 * Engagement counts need the AppView (likes are records in other people's repositories, counted
 * there). `@atproto/dev-env`'s full network runs one, on Postgres and Redis: this file runs on
 * the Postgres variant (DATABASE_URL) with `redis-server` on the PATH, and is skipped otherwise.
 */
const postgres = process.env.DATABASE_URL;
const redisBinary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((candidate) => existsSync(candidate));

describe.skipIf(!postgres || !redisBinary)('Bluesky engagement counts from the AppView', { timeout: 180_000 }, async () => {
  if (!postgres || !redisBinary) return;
  const redisPort = await freePort();
  const redis: ChildProcess = spawn(redisBinary, ['--port', String(redisPort), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  process.env.REDIS_HOST = `127.0.0.1:${redisPort}`;
  await new Promise((resolve) => setTimeout(resolve, 300));
  const network = await TestNetwork.create({ dbPostgresUrl: postgres, dbPostgresSchema: `bsky_${Date.now().toString(36).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}` });
  const t = await createTestApp({ work: true, workOnly: postJobs, env: { LIVE_PLATFORMS: 'BLUESKY', BLUESKY_SERVICE_URL: network.pds.url } });
  afterAll(async () => {
    await network.close();
    redis.kill('SIGTERM');
  });

  it('reads likes, reposts and replies of a published post and the account\'s followers', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const author = await createPdsAccount(network, 'author');
    const fan = await createPdsAccount(network, 'fan');
    const { location } = await connectLive(t, key, teamId, { identifier: author.handle, password: author.appPassword });
    expect(new URL(location!).searchParams.get('status')).toBe('success');
    const created = await t.request('POST', '/post', {
      key,
      body: { teamId, title: 'Counted', postDate: new Date().toISOString(), socialAccountTypes: ['BLUESKY'], data: { BLUESKY: { text: 'Like me' } } },
    });
    let post = (await t.request('GET', `/post/${created.json.id}`, { key })).json;
    for (let i = 0; i < 150 && post.status !== 'POSTED' && post.status !== 'ERROR'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      post = (await t.request('GET', `/post/${created.json.id}`, { key })).json;
    }
    expect(post.status).toBe('POSTED');
    const { uri, cid } = post.externalData.BLUESKY;
    await fan.agent.like(uri, cid);
    await fan.agent.repost(uri, cid);
    await fan.agent.follow(author.did);
    await fan.agent.post({ text: 'Nice one', reply: { root: { uri, cid }, parent: { uri, cid } } });
    await network.processAll();

    const forced = await t.request('POST', '/analytics/post/force', { key, body: { postId: created.json.id, platformType: 'BLUESKY' } });
    expect(forced.status, forced.text).toBe(200);
    expect(forced.json).toMatchObject({ likes: 1, comments: 1, shares: 1 });
    const account = await t.request('POST', '/analytics/social-account/force', { key, body: { teamId, platformType: 'BLUESKY' } });
    expect(account.status, account.text).toBe(200);
    expect(account.json).toMatchObject({ followers: 1, postCount: 1 });
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
