import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

type Post = { id: string; status: string; externalData: Record<string, { permalink?: string }> };

// Set POST_PAGE_SCREENSHOTS=/some/dir to keep screenshots of the page's states.
async function snap(page: Page, name: string) {
  const dir = process.env.POST_PAGE_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function keyed(playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } }, baseURL: string | undefined, key: string) {
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': key } });
}

test('opens a post from the list, follows its permalink and retries the platform that failed', async ({ page, signedInUser, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const api = await keyed(playwright, baseURL, signedInUser.org.apiKey);
  const teamId = signedInUser.org.teamId;
  const suffix = randomBytes(3).toString('hex');
  for (const type of ['MASTODON', 'TWITTER']) {
    const response = await api.post('/api/v1/sandbox/accounts', { data: { teamId, type, username: `e2e_${type.toLowerCase()}_${suffix}` } });
    expect(response.status(), await response.text()).toBe(200);
  }
  // X refuses the first publish, as it does a duplicate status; Mastodon publishes.
  const fault = await api.post('/api/v1/sandbox/faults', {
    data: { type: 'TWITTER', operation: 'publishing.publish', kind: 'PERMANENT', count: 1, message: 'Status is a duplicate. (code 187)' },
  });
  expect(fault.status(), await fault.text()).toBe(200);
  const text = 'Our weekend hours: 8 to 18.';
  const created = await api.post('/api/v1/post', {
    data: {
      teamId,
      title: 'Weekend hours',
      postDate: new Date().toISOString(),
      socialAccountTypes: ['MASTODON', 'TWITTER'],
      data: { MASTODON: { text }, TWITTER: { text } },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = (await created.json()) as Post;
  const current = async () => (await (await api.get(`/api/v1/post/${id}`)).json()) as Post;
  await expect.poll(async () => (await current()).status, { timeout: 30_000 }).toBe('ERROR');
  const permalink = (await current()).externalData.MASTODON!.permalink!;

  await page.goto('/posts');
  await page.getByRole('link', { name: 'Weekend hours', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/posts/${id}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Weekend hours' })).toBeVisible();

  const platforms = page.getByRole('region', { name: 'Platforms' });
  const mastodon = platforms.getByRole('listitem', { name: 'Mastodon' });
  await expect(mastodon.getByText('Published', { exact: true })).toBeVisible();
  await expect(mastodon.getByText(text)).toBeVisible();
  const view = mastodon.getByRole('link', { name: 'View on Mastodon' });
  await expect(view).toHaveAttribute('href', permalink);
  await expect(view).toHaveAttribute('target', '_blank');
  // The permalink reads as an address; the platform's ids are folded away until asked for.
  await expect(mastodon.getByRole('link', { name: 'Permalink on Mastodon' })).toHaveText(permalink.replace(/^https:\/\/(www\.)?/, ''));
  await expect(mastodon.getByRole('definition')).toHaveCount(0);
  await mastodon.getByText('Platform ids').click();
  await expect(mastodon.getByRole('term').first()).toHaveText('Post id');
  await expect(mastodon.getByRole('definition').first()).toBeVisible();

  const x = platforms.getByRole('listitem', { name: 'X (Twitter)' });
  await expect(x.getByText('Failed', { exact: true })).toBeVisible();
  // The advice first; the platform's own words under the details.
  await x.getByText('Error details').click();
  await expect(x.getByText('Status is a duplicate. (code 187)')).toBeVisible();
  await snap(page, 'post-failed');

  // The retry publishes only X; the page follows on its own (live events), no reload.
  await page.getByRole('button', { name: 'Retry failed platforms' }).click();
  await expect(x.getByRole('link', { name: 'View on X (Twitter)' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('main').getByText('Posted', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry failed platforms' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  expect((await current()).externalData.MASTODON!.permalink).toBe(permalink);
  await snap(page, 'post-posted');

  // The calendar's peek leads to the same page.
  await page.goto('/calendar?view=week');
  await page.getByRole('button', { name: /^Weekend hours, / }).click();
  await page.getByRole('dialog', { name: 'Weekend hours' }).getByRole('link', { name: 'Open post' }).click();
  await expect(page).toHaveURL(new RegExp(`/posts/${id}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Weekend hours' })).toBeVisible();

  // Deleting asks first, then goes back to the list.
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this post?' });
  await dialog.getByRole('button', { name: 'Delete post' }).click();
  await expect(page).toHaveURL(/\/posts(\?|$)/);
  expect((await current()).status).toBe('DELETED');
  await api.dispose();
});
