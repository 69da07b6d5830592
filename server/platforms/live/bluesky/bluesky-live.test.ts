import { TestNetworkNoAppView } from '@atproto/dev-env';
import { afterAll, describe, expect, it } from 'vitest';
import { postJobs } from '../../../posts/posts.jobs';
import { connectAccount, uploadMedia } from '../../../posts/posts-test-kit';
import { postHistoryJobs } from '../../../post-history/post-history.jobs';
import { createTestApp } from '../../../test/test-app';
import { connectLive, createPdsAccount, createPostNow, recordsOnPds, settled, waitForPost } from './bluesky-test-kit';

/**
 * Bluesky against a real Personal Data Server and PLC directory (`@atproto/dev-env`), in process:
 * accounts are made on it, connected through our API and pages, and what the worker publishes is
 * read back from the PDS.
 */
const network = await TestNetworkNoAppView.create({});
afterAll(() => network.close());

// A self-hosted network: its posts open in its own Bluesky app, not on bsky.app.
const appUrl = 'https://app.pds.example';
const t = await createTestApp({
  work: true,
  workOnly: [...postJobs, ...postHistoryJobs],
  env: { LIVE_PLATFORMS: 'BLUESKY', BLUESKY_SERVICE_URL: network.pds.url, BLUESKY_APPVIEW_URL: `${appUrl}/`, PUBLISH_RETRY_BASE_SECONDS: '0.5' },
});

async function connectedOrg() {
  const org = await t.createOrg('PRO');
  const person = await createPdsAccount(network, 'ava');
  const connected = await connectLive(t, org.key, org.teamId, { identifier: person.handle, password: person.appPassword });
  expect(connected.answer.status).toBe(302);
  const back = new URL(connected.location!);
  expect(back.searchParams.get('status')).toBe('success');
  return { ...org, person, accountId: back.searchParams.get('socialAccountId')! };
}

/** Creates a Bluesky post due now through the API, for what it answers (a refusal, mostly). */
function createDue(key: string, teamId: string, data: Record<string, unknown>) {
  return t.request('POST', '/post', {
    key,
    body: { teamId, title: 'Due now', postDate: new Date().toISOString(), socialAccountTypes: ['BLUESKY'], data: { BLUESKY: data } },
  });
}

describe('Bluesky live connector on a real PDS', { timeout: 120_000 }, () => {
  it('connects with handle and app password through the connect URL, and marks the account live', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const person = await createPdsAccount(network, 'ben');
    const offered = await t.request('GET', '/social-account/platforms', { key });
    expect(offered.json.platforms).toContainEqual({ type: 'BLUESKY', modes: ['live', 'sandbox'] });

    const started = await t.request('POST', '/social-account/connect', {
      key,
      body: { teamId, type: 'BLUESKY', redirectUrl: 'https://app.example.com/accounts' },
    });
    const path = new URL(started.json.url).pathname;
    expect(path).toMatch(/^\/connect\/[\w-]+$/);
    // The handle comes first (its server may offer OAuth, decision 065); the app password is one link away.
    expect(await (await t.app.request(path)).text()).toContain('Use an app password instead');
    const page = await t.app.request(`${path}?with=app-password`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('App password');

    // A wrong password shows the form again; the link stays usable.
    const wrong = await t.app.request(path, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approve', identifier: person.handle, password: 'nope-nope-nope' }),
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('not accepted');

    const right = await t.app.request(path, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approve', identifier: person.handle, password: person.appPassword }),
    });
    expect(right.status).toBe(302);
    const back = new URL(right.headers.get('location')!);
    expect(back.searchParams.get('status')).toBe('success');
    const again = await t.app.request(path, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'approve', identifier: person.handle, password: person.appPassword }),
    });
    expect(again.status).toBe(410);

    const account = (await t.request('GET', `/social-account/by-type?teamId=${teamId}&type=BLUESKY`, { key })).json;
    expect(account).toMatchObject({ mode: 'live', username: person.handle, externalId: person.did });
    expect(account.permissions).toContain('publish');
  });

  it('keeps sandbox and live accounts apart: a team may connect a sandbox one by asking for it', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const sandbox = await connectAccount(t, key, teamId, 'MASTODON');
    const listed = (await t.request('GET', `/team/${teamId}`, { key })).json.socialAccounts as { id: string; mode: string }[];
    expect(listed.find((account) => account.id === sandbox.id)?.mode).toBe('sandbox');
    const asked = await t.request('POST', '/social-account/connect', {
      key,
      body: { teamId, type: 'BLUESKY', mode: 'sandbox', redirectUrl: 'https://app.example.com/a' },
    });
    expect(new URL(asked.json.url).pathname).toMatch(/^\/sandbox\/connect\//);
    const refused = await t.request('POST', '/social-account/connect', {
      key,
      body: { teamId, type: 'MASTODON', mode: 'live', redirectUrl: 'https://app.example.com/a' },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/LIVE_PLATFORMS/);
  });

  it('publishes text with images and alt text, a thread with its languages and a first comment after it, read back from the PDS', async () => {
    const { key, teamId, person } = await connectedOrg();
    const image = await uploadMedia(t, key, 'square-1080.jpg');
    const second = await uploadMedia(t, key, 'link-card-1200x628.png');
    const id = await createPostNow(t, key, {
      teamId,
      title: 'Thread',
      type: 'BLUESKY',
      data: {
        text: 'Opening post with a link https://example.com and #tags',
        mediaItems: [{ uploadId: image.id, altText: 'A square test picture' }],
        thread: [{ text: 'Second part' }, { text: 'Third part, with a picture', uploadIds: [second.id] }],
        langs: ['en', 'pt-BR'],
      },
      firstComment: 'First comment',
    });
    const post = await waitForPost(t, key, id, settled);
    expect(post.status).toBe('POSTED');
    const data = post.externalData.BLUESKY!;
    expect(data).toMatchObject({
      did: person.did,
      uri: expect.stringMatching(/^at:\/\//),
      permalink: `${appUrl}/profile/${person.did}/post/${data.id}`,
    });

    const onPds = await waitFor(async () => {
      const records = await recordsOnPds(network, person.did);
      return records.length === 4 ? records : null;
    });
    const byText = (text: string) => onPds.find((record) => record.value.text === text || String(record.value.text).startsWith(text))!;
    const root = byText('Opening post');
    expect(root.uri).toBe(data.uri);
    expect(root.value.embed.$type).toBe('app.bsky.embed.images');
    expect(root.value.embed.images[0]).toMatchObject({ alt: 'A square test picture', aspectRatio: { width: 1080, height: 1080 } });
    expect(root.value.facets.some((facet: { features: { $type: string }[] }) => facet.features[0]!.$type === 'app.bsky.richtext.facet#link')).toBe(true);
    const part2 = byText('Second part');
    const part3 = byText('Third part');
    expect(part2.value.reply).toEqual({ root: { uri: root.uri, cid: root.cid }, parent: { uri: root.uri, cid: root.cid } });
    expect(part3.value.reply).toEqual({ root: { uri: root.uri, cid: root.cid }, parent: { uri: part2.uri, cid: part2.cid } });
    expect(part3.value.embed.images).toHaveLength(1);
    expect([root, part2, part3].map((record) => record.value.langs)).toEqual([
      ['en', 'pt-BR'],
      ['en', 'pt-BR'],
      ['en', 'pt-BR'],
    ]);
    // The first comment continues the thread: it answers its last part, in the root's thread.
    const comment = byText('First comment');
    expect(comment.value.reply).toEqual({ root: { uri: root.uri, cid: root.cid }, parent: { uri: part3.uri, cid: part3.cid } });
    expect(comment.value.langs).toBeUndefined();

    // Deleting the post deletes the whole thread; the first comment is an item of its own.
    expect(data).toMatchObject({ threadLength: '3', threadUris: `${part2.uri} ${part3.uri}` });
    const deleted = await t.request('DELETE', '/misc/bluesky/post', { key, body: { teamId, postId: id } });
    expect(deleted.status).toBe(200);
    expect((await recordsOnPds(network, person.did)).map((record) => record.uri)).toEqual([comment.uri]);
  });

  it('quotes a post, deletes it through the API, and imports the history from the repository', async () => {
    const { key, teamId, person } = await connectedOrg();
    const first = await createPostNow(t, key, { teamId, title: 'One', type: 'BLUESKY', data: { text: 'To be quoted' } });
    const published = await waitForPost(t, key, first, settled);
    expect(published.status).toBe('POSTED');
    const quoted = published.externalData.BLUESKY!;
    const video = await uploadMedia(t, key, 'vertical-3s.mp4');
    const quoting = await createPostNow(t, key, {
      teamId,
      title: 'Two',
      type: 'BLUESKY',
      data: { text: 'Quoting with a video', quoteUri: quoted.uri, uploadIds: [video.id], videoAlt: 'A short clip' },
    });
    const second = await waitForPost(t, key, quoting, settled);
    expect(second.status).toBe('POSTED');
    const records = await recordsOnPds(network, person.did);
    const quote = records.find((record) => record.uri === second.externalData.BLUESKY!.uri)!;
    expect(quote.value.embed).toMatchObject({
      $type: 'app.bsky.embed.recordWithMedia',
      record: { record: { uri: quoted.uri, cid: quoted.cid } },
      media: { $type: 'app.bsky.embed.video', alt: 'A short clip', aspectRatio: { width: 360, height: 640 } },
    });

    const imported = await t.request('POST', '/post-history-import', { key, body: { teamId, socialAccountType: 'BLUESKY', count: 10, withAnalytics: false } });
    expect(imported.status).toBe(201);
    const posts = await waitFor(async () => {
      const listed = await t.request('GET', `/post-history-import/posts?teamId=${teamId}&socialAccountType=BLUESKY`, { key });
      return listed.json?.posts?.length === 2 ? listed.json.posts : null;
    });
    const texts = posts.map((item: { description: string }) => item.description);
    expect(texts.sort()).toEqual(['Quoting with a video', 'To be quoted']);
    expect(posts.map((item: { permalink: string }) => item.permalink)).toContain(`${appUrl}/profile/${person.did}/post/${published.externalData.BLUESKY!.id}`);
    // Without langs the post says nothing about its language (nothing is guessed).
    expect(records.find((record) => record.uri === quoted.uri)!.value.langs).toBeUndefined();

    const deleted = await t.request('DELETE', '/misc/bluesky/post', { key, body: { teamId, postId: first } });
    expect(deleted.status).toBe(200);
    const left = await recordsOnPds(network, person.did);
    expect(left.map((record) => record.uri)).toEqual([second.externalData.BLUESKY!.uri]);
  });

  it('publishes a link card with its image uploaded as a blob of the repository', async () => {
    const { key, teamId, person } = await connectedOrg();
    const image = await uploadMedia(t, key, 'link-card-1200x628.png');
    const id = await createPostNow(t, key, {
      teamId,
      title: 'Card',
      type: 'BLUESKY',
      data: { text: 'Read this', externalUrl: 'https://example.com/article', externalTitle: 'An article', thumbnail: image.id },
    });
    const post = await waitForPost(t, key, id, settled);
    expect(post.status).toBe('POSTED');
    const [record] = await recordsOnPds(network, person.did);
    const external = record!.value.embed.external;
    expect(external).toMatchObject({ uri: 'https://example.com/article', title: 'An article', thumb: { mimeType: 'image/png' } });
    // The blob is the uploaded file, stored on the PDS.
    const blob = await person.agent.com.atproto.sync.getBlob({ did: person.did, cid: external.thumb.ref.toString() });
    const uploaded = await t.request('GET', `/upload/${image.id}`, { key });
    expect([blob.data.length, external.thumb.size]).toEqual([uploaded.json.fileSize, uploaded.json.fileSize]);
  });

  it('refuses text over 3,000 bytes within 300 graphemes, as the PDS would, before anything reaches it', async () => {
    const { key, teamId, person } = await connectedOrg();
    // A family emoji is one grapheme of 25 bytes: 120 of them are the most a post's text can hold.
    const family = '👨‍👩‍👧‍👦';
    const fits = family.repeat(120);
    const tooBig = `${fits}!`;
    await expect(person.agent.post({ text: tooBig })).rejects.toThrow(/too big|too long/i);
    for (const data of [{ text: tooBig }, { text: 'x', thread: [{ text: tooBig }] }]) {
      const refused = await createDue(key, teamId, data);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.json)).toContain('limited to 3,000 bytes of text; this one has 3,001');
    }
    const accepted = await waitForPost(t, key, await createPostNow(t, key, { teamId, title: 'Full', type: 'BLUESKY', data: { text: fits } }), settled);
    expect(accepted.status).toBe('POSTED');
  });

  it('refuses a link card image without a link card, and language tags that are not BCP-47', async () => {
    const { key, teamId } = await connectedOrg();
    const image = await uploadMedia(t, key, 'link-card-1200x628.png');
    const noCard = await createDue(key, teamId, { text: 'x', thumbnail: image.id });
    expect(noCard.status).toBe(400);
    expect(JSON.stringify(noCard.json)).toContain('needs externalUrl');
    const badTag = await createDue(key, teamId, { text: 'x', langs: ['english!'] });
    expect(badTag.status).toBe(400);
    expect(JSON.stringify(badTag.json)).toContain('language tag');
    expect((await createDue(key, teamId, { text: 'x', langs: ['en', 'fr', 'de', 'es'] })).status).toBe(400);
  });

  it('refuses more than 300 graphemes before anything reaches the PDS', async () => {
    const { key, teamId } = await connectedOrg();
    const created = await createDue(key, teamId, { text: 'x', thread: [{ text: '👍'.repeat(301) }] });
    expect(created.status).toBe(400);
    expect(JSON.stringify(created.json)).toContain('300');
  });
});

async function waitFor<T>(probe: () => Promise<T | null>, seconds = 30): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
