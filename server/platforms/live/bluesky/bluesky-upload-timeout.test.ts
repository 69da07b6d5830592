import { TestNetworkNoAppView } from '@atproto/dev-env';
import { afterAll, describe, expect, it } from 'vitest';
import { postJobs } from '../../../posts/posts.jobs';
import { uploadMedia } from '../../../posts/posts-test-kit';
import { createTestApp } from '../../../test/test-app';
import { connectLive, createPdsAccount, createPostNow, recordsOnPds, settled, waitForPost } from './bluesky-test-kit';
import { startPdsProxy } from './pds-proxy';

/**
 * Uploads get more time than other calls: a video of up to 100 MB takes longer to send than the
 * live client's usual timeout, here cut to 8 s, while the proxy in front of the real PDS answers
 * every `uploadBlob` after 9 s. The upload is waited for once, not timed out and sent again. (At
 * 3 s, a loaded machine's PDS answered another call of the attempt late: the retry uploaded again.)
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
  env: { LIVE_PLATFORMS: 'BLUESKY', BLUESKY_SERVICE_URL: proxy.url, LIVE_HTTP_TIMEOUT_SECONDS: '8' },
});

describe('Bluesky uploads', { timeout: 60_000 }, () => {
  it('waits for a slow uploadBlob beyond the usual call timeout', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const person = await createPdsAccount(network, 'slow');
    const { location } = await connectLive(t, key, teamId, { identifier: person.handle, password: person.appPassword });
    expect(new URL(location!).searchParams.get('status')).toBe('success');
    proxy.add({ nsid: 'com.atproto.repo.uploadBlob', delayMs: 9_000 });
    const image = await uploadMedia(t, key, 'square-1080.jpg');
    const id = await createPostNow(t, key, { teamId, title: 'Slow', type: 'BLUESKY', data: { text: 'Slow image', uploadIds: [image.id] } });
    const done = await waitForPost(t, key, id, settled, 40);
    expect([done.status, done.errorsVerbose]).toEqual(['POSTED', {}]);
    expect(proxy.seen.filter((nsid) => nsid === 'com.atproto.repo.uploadBlob')).toHaveLength(1);
    const [record] = await recordsOnPds(network, person.did);
    expect(record!.value.embed.images).toHaveLength(1);
  });
});
