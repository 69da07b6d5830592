import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { testMedia } from '../server/test/test-media';
import { expect, test } from './fixtures';

type Post = { id: string; status: string; externalData: Record<string, { permalink?: string }> };

// Set POST_MEDIA_SCREENSHOTS=/some/dir to keep screenshots of both screens at desktop and phone sizes.
async function snap(page: Page, name: string) {
  const dir = process.env.POST_MEDIA_SCREENSHOTS;
  if (!dir) return;
  for (const [size, viewport] of [
    ['1440', { width: 1440, height: 900 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${dir}/${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a PNG published to Instagram is sent as a JPEG, and its page reads as words and numbers', async ({ page, signedInUser, playwright, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': signedInUser.org.apiKey } });
  const teamId = signedInUser.org.teamId;
  const suffix = randomBytes(3).toString('hex');
  const instagram = await api.post('/api/v1/sandbox/accounts', { data: { teamId, type: 'INSTAGRAM', username: `e2e_cafe_${suffix}` } });
  expect(instagram.status(), await instagram.text()).toBe(200);
  const youtube = await api.post('/api/v1/sandbox/accounts', { data: { teamId, type: 'YOUTUBE', username: `e2e_tube_${suffix}`, channelName: 'Corner Cafe' } });
  expect(youtube.status(), await youtube.text()).toBe(200);

  // 1200×628: a PNG (Instagram takes JPEG) a little wider than Instagram's 1.91:1.
  const uploaded = await api.post('/api/v1/upload/create', {
    multipart: { teamId, file: { name: 'link-card.png', mimeType: 'image/png', buffer: await testMedia('link-card-1200x628.png') } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const uploadId = ((await uploaded.json()) as { id: string }).id;
  const created = await api.post('/api/v1/post', {
    data: {
      teamId,
      title: 'Menu card',
      postDate: new Date().toISOString(),
      socialAccountTypes: ['INSTAGRAM'],
      data: { INSTAGRAM: { text: 'The autumn menu is here.', uploadIds: [uploadId] } },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = (await created.json()) as Post;
  const current = async () => (await (await api.get(`/api/v1/post/${id}`)).json()) as Post;
  await expect.poll(async () => (await current()).status, { timeout: 30_000 }).toBe('POSTED');
  const forced = await api.post('/api/v1/analytics/post/force', { data: { postId: id, platformType: 'INSTAGRAM' } });
  expect(forced.status(), await forced.text()).toBe(200);

  await page.goto(`/posts/${id}`);
  const target = page.getByRole('region', { name: 'Platforms' }).getByRole('listitem', { name: 'Instagram' });
  await expect(target.getByText('Published', { exact: true })).toBeVisible();
  const permalink = (await current()).externalData.INSTAGRAM!.permalink!;
  await expect(target.getByRole('link', { name: 'Permalink on Instagram' })).toHaveAttribute('href', permalink);
  // What was done to the media, and what is offered, in words; no raw ids until asked for.
  const notes = target.getByRole('list', { name: 'Media notes for Instagram' });
  await expect(notes).toContainText('Sent to Instagram as a JPEG; the original upload is kept');
  await expect(notes).toContainText('Instagram takes 4:5 to 1.91:1 images; this one is 1200×628. Crop it to 1199×628 in the center?');
  await expect(target.getByText('creationId')).toBeHidden();

  // One snapshot: its numbers, not a lone dot on an empty time axis.
  const reach = page.getByRole('figure', { name: 'Reach on Instagram' });
  await expect(reach).toContainText('Impressions');
  await expect(reach).toContainText('One snapshot so far');
  await expect(reach.locator('canvas')).toHaveCount(0);
  await snap(page, 'post-page');

  // Accounts: a YouTube handle with one "@", and no token countdown on healthy accounts.
  await page.goto('/accounts');
  const card = page.getByRole('region', { name: 'YouTube account @cornercafe' });
  await expect(card).toContainText('Corner Cafe');
  await expect(page.getByText(/@@/)).toHaveCount(0);
  await expect(page.getByText(/Expires in|Expired/)).toHaveCount(0);
  await expect(card).toContainText('Access renews itself.');
  await snap(page, 'accounts');
  await api.dispose();
});
