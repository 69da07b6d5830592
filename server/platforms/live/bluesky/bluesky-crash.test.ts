import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TestNetworkNoAppView } from '@atproto/dev-env';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../../../test/fresh-database';
import { createOrgWithCli, probeUntil, processApi, startServerProcess, type ServerProcess } from '../../../test/processes';
import { createPdsAccount, recordsOnPds } from './bluesky-test-kit';
import { startPdsProxy } from './pds-proxy';

/**
 * The publishing crash test on a real PDS: the worker dies after the PDS wrote the post but before
 * our database learned of it. The next worker finds the record under the intent's key instead of
 * writing a second post.
 */
const network = await TestNetworkNoAppView.create({});
const proxy = await startPdsProxy(network.pds.url);
const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-bsky-crash-'));
const database = await freshDatabaseUrl('sd_bsky_crash');
const env = {
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  DATABASE_URL: database.url,
  PUBLISH_CLAIM_SECONDS: '2',
  LOG_LEVEL: 'error',
  LIVE_PLATFORMS: 'BLUESKY',
  BLUESKY_SERVICE_URL: proxy.url,
};
const running: ServerProcess[] = [];

afterAll(async () => {
  for (const server of running) await server.stop('SIGKILL');
  await proxy.close();
  await network.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a worker killed between the PDS write and the database commit', () => {
  it('leaves exactly one post on the PDS once another worker takes over', { timeout: 180_000 }, async () => {
    const first = await startServerProcess(env);
    running.push(first);
    const { apiKey: key } = await createOrgWithCli(env, { name: 'Crash org' });
    let api = processApi(first.url, key);
    const teamId = (await api('POST', '/team', { name: 'Crash team' })).json.id as string;
    const person = await createPdsAccount(network, 'crash');
    const started = await api('POST', '/social-account/connect', { teamId, type: 'BLUESKY', redirectUrl: 'https://app.example.com/accounts' });
    // PORT=0: the public URL names no real port, the page is on the process's own address.
    const login = await fetch(`${first.url}${new URL(started.json.url).pathname}`, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approve', identifier: person.handle, password: person.appPassword }),
      redirect: 'manual',
    });
    expect(new URL(login.headers.get('location')!).searchParams.get('status')).toBe('success');

    // The PDS writes the post; its answer never reaches the worker, which we kill meanwhile.
    proxy.add({ nsid: 'com.atproto.repo.createRecord', holdAnswer: true, times: 1 });
    const held = proxy.nextHeld();
    const post = (
      await api('POST', '/post', {
        teamId,
        title: 'Crash test',
        postDate: new Date().toISOString(),
        socialAccountTypes: ['BLUESKY'],
        data: { BLUESKY: { text: 'Survives crashes' } },
      })
    ).json;
    await held;
    expect(await recordsOnPds(network, person.did)).toHaveLength(1);
    expect((await api('GET', `/post/${post.id}`)).json.status).toBe('PROCESSING');
    await first.stop('SIGKILL');

    const second = await startServerProcess(env);
    running.push(second);
    api = processApi(second.url, key);
    const done = await probeUntil(
      () => api('GET', `/post/${post.id}`),
      (r) => r.json.status === 'POSTED' || r.json.status === 'ERROR',
      90,
    );
    expect(done.json.status).toBe('POSTED');
    const onPds = await recordsOnPds(network, person.did);
    expect(onPds).toHaveLength(1);
    expect(done.json.externalData.BLUESKY.uri).toBe(onPds[0]!.uri);
    expect(proxy.seen.filter((nsid) => nsid === 'com.atproto.repo.createRecord')).toHaveLength(1);
    expect(await second.stop('SIGTERM')).toBe(0);
  });
});
