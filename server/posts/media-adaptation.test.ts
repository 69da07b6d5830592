import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { fetchMedia } from '../uploads/uploads-test-kit';
import { postJobs } from './posts.jobs';
import { connectAccount, uploadMedia } from './posts-test-kit';

const t = await createTestApp({ work: true, workOnly: postJobs, env: { SEED_DEMO: 'false' } });

type Medium = { url: string; width: number | null; height: number | null };

/** Publishes an Instagram post now and returns the files the sandbox platform received, as served to it. */
async function publishedMedia(key: string, teamId: string, socialAccountId: string, options: Record<string, unknown>) {
  const created = await t.request('POST', '/post', {
    key,
    body: { teamId, title: 'Adapted', postDate: new Date().toISOString(), socialAccountTypes: ['INSTAGRAM'], data: { INSTAGRAM: options } },
  });
  expect(created.status, created.text).toBe(200);
  await expect.poll(async () => (await t.request('GET', `/post/${created.json.id}`, { key })).json.status, { timeout: 60_000, interval: 200 }).toBe('POSTED');
  const items = (await t.request('GET', `/sandbox/items?socialAccountId=${socialAccountId}&kind=POST`, { key })).json as {
    items: { metadata: { media?: Medium[] } }[];
  };
  const media = items.items[0]!.metadata.media!;
  return Promise.all(
    media.map(async (medium) => {
      const served = await fetchMedia(t, medium.url);
      expect(served.status).toBe(200);
      return { medium, served, meta: await sharp(served.bytes).metadata() };
    }),
  );
}

/** A draft Instagram post of one upload: what the API says of its media before anything is published. */
function instagramDraft(org: { key: string; teamId: string }, uploadId: string) {
  return t.request('POST', '/post', {
    key: org.key,
    body: {
      teamId: org.teamId,
      title: 'Draft',
      status: 'DRAFT',
      postDate: new Date(Date.now() + 86_400_000).toISOString(),
      socialAccountTypes: ['INSTAGRAM'],
      data: { INSTAGRAM: { uploadIds: [uploadId] } },
    },
  });
}

describe('media adapted at publish (decision 084)', { timeout: 120_000 }, () => {
  it('a PNG for Instagram is accepted, and Instagram receives a JPEG of it while the upload stays a PNG', async () => {
    const org = await t.createOrg('PRO');
    const instagram = await connectAccount(t, org.key, org.teamId, 'INSTAGRAM');
    const png = await uploadMedia(t, org.key, 'noise-700.png');
    // Saved with a warning instead of refused.
    const draft = await instagramDraft(org, png.id);
    expect(draft.status, draft.text).toBe(200);
    expect(draft.json.mediaWarnings).toEqual({
      INSTAGRAM: [
        {
          path: ['uploadIds', 0],
          uploadId: png.id,
          kind: 'convert',
          applied: true,
          message: 'Instagram takes JPEG photos: this PNG will be converted when it is published (the original is kept)',
        },
      ],
    });
    const [received] = await publishedMedia(org.key, org.teamId, instagram.id, { uploadIds: [png.id], text: 'Converted' });
    expect(received!.served.headers.get('content-type')).toBe('image/jpeg');
    expect(received!.meta).toMatchObject({ format: 'jpeg', width: 700, height: 700 });
    expect(received!.medium).toMatchObject({ width: 700, height: 700 });

    // The original is untouched and still served as it was uploaded.
    const upload = (await t.request('GET', `/upload/${png.id}`, { key: org.key })).json as { url: string; mime: string };
    expect(upload.mime).toBe('image/png');
    expect(upload.url).not.toBe(received!.medium.url);
    const original = await fetchMedia(t, upload.url);
    expect((await sharp(original.bytes).metadata()).format).toBe('png');
  });

  it('a tall picture is cropped in the center when the person accepted the crop, and sent as it is otherwise', async () => {
    const org = await t.createOrg('PRO');
    const instagram = await connectAccount(t, org.key, org.teamId, 'INSTAGRAM');
    const story = await uploadMedia(t, org.key, 'story-1080x1920.jpg');
    const offered = await instagramDraft(org, story.id);
    expect(offered.json.mediaWarnings.INSTAGRAM).toEqual([
      expect.objectContaining({ kind: 'crop', applied: false, crop: { left: 0, top: 285, width: 1080, height: 1350 } }),
    ]);
    const [cropped] = await publishedMedia(org.key, org.teamId, instagram.id, { uploadIds: [story.id], autoCropImage: true });
    expect(cropped!.meta).toMatchObject({ format: 'jpeg', width: 1080, height: 1350 });

    const [asIs] = await publishedMedia(org.key, org.teamId, instagram.id, { uploadIds: [story.id] });
    expect(asIs!.meta).toMatchObject({ width: 1080, height: 1920 });
    const upload = (await t.request('GET', `/upload/${story.id}`, { key: org.key })).json as { url: string };
    expect(asIs!.medium.url).toBe(upload.url);
  });

  it("a video's poster frame is picked by its offset, and refused past the video's end", async () => {
    const org = await t.createOrg('PRO');
    const instagram = await connectAccount(t, org.key, org.teamId, 'INSTAGRAM');
    const video = await uploadMedia(t, org.key, 'vertical-3s.mp4');
    const post = (thumbnailOffset: number) => ({
      teamId: org.teamId,
      title: 'Reel',
      postDate: new Date().toISOString(),
      socialAccountTypes: ['INSTAGRAM'],
      data: { INSTAGRAM: { type: 'REEL', uploadIds: [video.id], thumbnailOffset } },
    });
    const late = await t.request('POST', '/post', { key: org.key, body: post(9_000) });
    expect(late.status).toBe(400);
    expect(late.json.issues).toEqual([
      expect.objectContaining({ path: ['data', 'INSTAGRAM', 'thumbnailOffset'], message: expect.stringMatching(/past the end/) }),
    ]);
    const created = await t.request('POST', '/post', { key: org.key, body: post(1_500) });
    expect(created.status, created.text).toBe(200);
    await expect
      .poll(async () => (await t.request('GET', `/post/${created.json.id}`, { key: org.key })).json.status, { timeout: 60_000, interval: 200 })
      .toBe('POSTED');
    const items = (await t.request('GET', `/sandbox/items?socialAccountId=${instagram.id}&kind=POST`, { key: org.key })).json;
    expect(items.items[0].metadata.coverFrameMs).toBe(1_500);
  });

  it('a rendition is served only while its upload exists', async () => {
    const org = await t.createOrg('PRO');
    const instagram = await connectAccount(t, org.key, org.teamId, 'INSTAGRAM');
    const png = await uploadMedia(t, org.key, 'noise-700.png');
    const [received] = await publishedMedia(org.key, org.teamId, instagram.id, { uploadIds: [png.id] });
    const deleted = await t.request('DELETE', `/upload/${png.id}`, { key: org.key });
    expect(deleted.status).toBe(200);
    expect((await fetchMedia(t, received!.medium.url)).status).toBe(404);
  });
});
