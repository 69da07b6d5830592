import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { TestNetwork } from '@atproto/dev-env';
import { afterAll, describe, expect, it } from 'vitest';
import { commentJobs } from '../../../comments/comments.jobs';
import { postJobs } from '../../../posts/posts.jobs';
import { createTestApp } from '../../../test/test-app';
import { connectLive, createPdsAccount, createPostNow, recordsOnPds, settled, waitForPost } from './bluesky-test-kit';

/**
 * Engagement counts and comments need the AppView (likes and replies are records in other people's
 * repositories, counted and threaded there; the PDS proxies `app.bsky.*` queries to it). `@atproto/dev-env`'s full network runs one, on Postgres and Redis: this file runs on
 * the Postgres variant (DATABASE_URL) with `redis-server` on the PATH, and is skipped otherwise.
 */
const postgres = process.env.DATABASE_URL;
const redisBinary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((candidate) => existsSync(candidate));

describe.skipIf(!postgres || !redisBinary)('Bluesky engagement counts and comments from the AppView', { timeout: 180_000 }, async () => {
  if (!postgres || !redisBinary) return;
  const redisPort = await freePort();
  const redis: ChildProcess = spawn(redisBinary, ['--port', String(redisPort), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  // Stopped even when the network fails to start.
  // Test files share their worker's process (isolate: false): the variable goes with the file.
  const redisHostBefore = process.env.REDIS_HOST;
  afterAll(() => {
    redis.kill('SIGTERM');
    if (redisHostBefore === undefined) delete process.env.REDIS_HOST;
    else process.env.REDIS_HOST = redisHostBefore;
  });
  process.env.REDIS_HOST = `127.0.0.1:${redisPort}`;
  await new Promise((resolve) => setTimeout(resolve, 300));
  const network = await TestNetwork.create({
    dbPostgresUrl: postgres,
    dbPostgresSchema: `bsky_${Date.now()
      .toString(36)
      .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}`,
  });
  const t = await createTestApp({
    work: true,
    workOnly: [...postJobs, ...commentJobs],
    env: { LIVE_PLATFORMS: 'BLUESKY', BLUESKY_SERVICE_URL: network.pds.url },
  });
  afterAll(() => network.close());

  it("reads likes, reposts and replies of a published post and the account's followers", async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const author = await createPdsAccount(network, 'author');
    const fan = await createPdsAccount(network, 'fan');
    const { location } = await connectLive(t, key, teamId, { identifier: author.handle, password: author.appPassword });
    expect(new URL(location!).searchParams.get('status')).toBe('success');
    const post = await waitForPost(t, key, await createPostNow(t, key, { teamId, title: 'Counted', type: 'BLUESKY', data: { text: 'Like me' } }), settled, 30);
    expect(post.status).toBe('POSTED');
    const { uri, cid } = post.externalData.BLUESKY as { uri: string; cid: string };
    await fan.agent.like(uri, cid);
    await fan.agent.repost(uri, cid);
    await fan.agent.follow(author.did);
    await fan.agent.post({ text: 'Nice one', reply: { root: { uri, cid }, parent: { uri, cid } } });
    await network.processAll();

    const forced = await t.request('POST', '/analytics/post/force', { key, body: { postId: post.id, platformType: 'BLUESKY' } });
    expect(forced.status, forced.text).toBe(200);
    expect(forced.json).toMatchObject({ likes: 1, comments: 1, shares: 1 });
    const account = await t.request('POST', '/analytics/social-account/force', { key, body: { teamId, platformType: 'BLUESKY' } });
    expect(account.status, account.text).toBe(200);
    expect(account.json).toMatchObject({ followers: 1, postCount: 1 });
  });

  it('imports the replies of a published post with authors and threads, likes and unlikes one, answers one, deletes only its own', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const author = await createPdsAccount(network, 'writer');
    const fan = await createPdsAccount(network, 'reader');
    await fan.agent.upsertProfile((profile) => ({ ...profile, displayName: 'Rea Der' }));
    await connectLive(t, key, teamId, { identifier: author.handle, password: author.appPassword });
    const post = await waitForPost(
      t,
      key,
      await createPostNow(t, key, { teamId, title: 'Discussed', type: 'BLUESKY', data: { text: 'Thoughts?' } }),
      settled,
      30,
    );
    expect(post.status).toBe('POSTED');
    const { uri, cid } = post.externalData.BLUESKY!;
    const question = await fan.agent.post({ text: 'What about video?', reply: { root: { uri: uri!, cid: cid! }, parent: { uri: uri!, cid: cid! } } });
    const answer = await author.agent.post({ text: 'Next week', reply: { root: { uri: uri!, cid: cid! }, parent: question } });
    await network.processAll();

    const started = await t.request('POST', '/comment/import', { key, body: { teamId, postId: post.id, socialAccountType: 'BLUESKY' } });
    expect(started.status, started.text).toBe(201);
    let run = started.json;
    for (let i = 0; i < 150 && !['COMPLETED', 'FAILED'].includes(run.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      run = (await t.request('GET', `/comment/import/${started.json.id}`, { key })).json;
    }
    expect([run.status, run.error, run.commentsImported]).toEqual(['COMPLETED', null, 2]);
    const listed = await t.request('GET', `/comment/import/comments?teamId=${teamId}&postId=${post.id}`, { key });
    type Fetched = {
      id: string;
      externalId: string;
      externalParentId: string | null;
      authorName: string;
      authorExternalId: string;
      text: string;
      platformData: Record<string, unknown>;
    };
    const [reply, first] = listed.json.items as Fetched[];
    // Newest first: the account's answer under the reader's question, which answers the post itself.
    expect([reply!.externalId, reply!.externalParentId, reply!.authorExternalId, reply!.text]).toEqual([answer.uri, question.uri, author.did, 'Next week']);
    expect(reply!.platformData).toMatchObject({ owner: true, canDelete: true });
    expect(first).toMatchObject({
      externalId: question.uri,
      externalParentId: null,
      authorExternalId: fan.did,
      authorName: 'Rea Der',
      text: 'What about video?',
    });
    expect(first!.platformData).toMatchObject({ owner: false, canDelete: false, canLike: true, likedByMe: false });

    const act = (id: string, action: string) => t.request('POST', `/comment/import/comments/${id}/action`, { key, body: { teamId, action } });
    const liked = await act(first!.id, 'LIKE');
    expect(liked.status, liked.text).toBe(200);
    expect(liked.json.item).toMatchObject({ likesCount: 1, platformData: { likedByMe: true } });
    // The like is a record in the account's own repository, pointing at the reader's reply.
    expect((await recordsOnPds(network, author.did, 'app.bsky.feed.like')).map((record) => record.value.subject.uri)).toEqual([question.uri]);
    await network.processAll();
    expect((await act(first!.id, 'LIKE')).status).toBe(400);
    const unliked = await act(first!.id, 'UNLIKE');
    expect(unliked.status, unliked.text).toBe(200);
    expect(unliked.json.item).toMatchObject({ likesCount: 0, platformData: { likedByMe: false } });
    expect(await recordsOnPds(network, author.did, 'app.bsky.feed.like')).toEqual([]);

    // A reply to the imported comment goes under it, in the post's thread.
    const answered = await t.request('POST', '/comment', {
      key,
      body: { teamId, internalPostId: post.id, fetchedParentCommentId: first!.id, text: 'Soon, promised' },
    });
    expect(answered.status, answered.text).toBe(200);
    let comment = answered.json;
    for (let i = 0; i < 150 && !['POSTED', 'ERROR'].includes(comment.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      comment = (await t.request('GET', `/comment/${answered.json.id}`, { key })).json;
    }
    expect(comment.status, JSON.stringify(comment.errors ?? comment)).toBe('POSTED');
    const written = (await recordsOnPds(network, author.did)).find((record) => record.value.text === 'Soon, promised')!;
    expect([written.value.reply.parent.uri, written.value.reply.root.uri]).toEqual([question.uri, uri]);

    const refused = await act(first!.id, 'DELETE');
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain('only its own comments');
    const deleted = await act(reply!.id, 'DELETE');
    expect(deleted.status, deleted.text).toBe(200);
    expect((await recordsOnPds(network, author.did)).map((record) => record.uri)).not.toContain(answer.uri);
    expect((await t.request('GET', `/comment/import/comments?teamId=${teamId}&postId=${post.id}`, { key })).json.total).toBe(1);
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
