import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../test/fresh-database';
import { createOrgWithCli, probeUntil, processApi, startServerProcess, type ProcessApi, type ServerProcess } from '../test/processes';
import { testMedia, type TestMediaName } from '../test/test-media';

/**
 * The worker dies after the platform published but before our database learned of it. The next
 * worker must find the item through the recorded intent instead of publishing a second one.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-crash-'));
const database = await freshDatabaseUrl('sd_crash');
const env = { DATA_DIR: dataDir, DATABASE_URL: database.url, SEED_DEMO: 'false', PUBLISH_CLAIM_SECONDS: '2', LOG_LEVEL: 'error' };
const running: ServerProcess[] = [];

afterAll(async () => {
  for (const server of running) await server.stop('SIGKILL');
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function upload(api: ProcessApi, name: TestMediaName) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await testMedia(name))]), name);
  const response = await api('POST', '/upload/create', form);
  expect(response.status).toBe(200);
  return response.json.id as string;
}

describe('a worker killed between the platform call and the database commit', () => {
  it('publishes exactly one item once another worker takes over', { timeout: 180_000 }, async () => {
    const first = await startServerProcess(env);
    running.push(first);
    const { apiKey: key } = await createOrgWithCli(env, { name: 'Crash org' });
    let api = processApi(first.url, key);
    const teamId = (await api('POST', '/team', { name: 'Crash team' })).json.id as string;
    const account = (await api('POST', '/sandbox/accounts', { teamId, type: 'YOUTUBE', channelName: 'Crash Course' })).json;
    const video = await upload(api, 'vertical-3s.mp4');
    const image = await upload(api, 'square-1080.jpg');
    // The item exists on the platform, then the call hangs on the thumbnail: that is when we kill.
    await api('POST', '/sandbox/faults', { type: 'YOUTUBE', operation: 'publishing.thumbnail', kind: 'SLOW', delayMs: 30_000, count: 1 });
    const post = (
      await api('POST', '/post', {
        teamId,
        title: 'Crash test',
        postDate: new Date().toISOString(),
        socialAccountTypes: ['YOUTUBE'],
        data: { YOUTUBE: { uploadIds: [video], text: 'Survives crashes', thumbnail: image } },
      })
    ).json;
    const items = () => api('GET', `/sandbox/items?socialAccountId=${account.id}&kind=POST`);
    expect((await probeUntil(items, (r) => r.json.total > 0, 60)).json.total).toBe(1);
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
    const onPlatform = (await items()).json;
    expect(onPlatform.total).toBe(1);
    expect(done.json.externalData.YOUTUBE.id).toBe(onPlatform.items[0].externalId);
    expect(await second.stop('SIGTERM')).toBe(0);
  });
});
