import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, setPlan, test } from './fixtures';

type Post = { id: string; status: string };

// Set POST_PAGE_SCREENSHOTS=/some/dir to keep screenshots of the page's states.
async function snap(page: Page, name: string) {
  const dir = process.env.POST_PAGE_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test("refresh a post's analytics, see the chart and the numbers, hit the 24-hour budget, then the account's page", async ({
  page,
  signedInUser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': signedInUser.org.apiKey } });
  const teamId = signedInUser.org.teamId;
  const connected = await api.post('/api/v1/sandbox/accounts', { data: { teamId, type: 'MASTODON', username: `e2e_stats_${randomBytes(3).toString('hex')}` } });
  expect(connected.status(), await connected.text()).toBe(200);
  const created = await api.post('/api/v1/post', {
    data: {
      teamId,
      title: 'Spring menu',
      postDate: new Date().toISOString(),
      socialAccountTypes: ['MASTODON'],
      data: { MASTODON: { text: 'Asparagus season.' } },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = (await created.json()) as Post;
  await expect.poll(async () => ((await (await api.get(`/api/v1/post/${id}`)).json()) as Post).status, { timeout: 30_000 }).toBe('POSTED');

  await page.goto(`/posts/${id}`);
  const mastodon = page.getByRole('region', { name: 'Analytics' }).getByRole('listitem', { name: 'Mastodon analytics' });
  const refresh = mastodon.getByRole('button', { name: 'Refresh now: Mastodon' });
  // The first forced refresh takes the first snapshot; the second adds a point to the charts.
  for (const snapshots of [1, 2]) {
    await refresh.click();
    await expect(mastodon.getByText(new RegExp(`· ${snapshots} snapshots?$`))).toBeVisible();
  }
  const history = (await (await api.get(`/api/v1/analytics/post?postId=${id}&platformType=MASTODON`)).json()) as {
    items: { impressions: number; likes: number }[];
  };
  expect(history.items).toHaveLength(2);
  const latest = history.items.at(-1)!;
  const numbers = mastodon.getByRole('list', { name: 'Latest numbers on Mastodon' }).or(mastodon.getByLabel('Latest numbers on Mastodon'));
  await expect(numbers.getByRole('definition').first()).toHaveAttribute('title', latest.impressions.toLocaleString('en-US'));
  await expect(numbers.getByRole('definition').nth(2)).toHaveAttribute('title', latest.likes.toLocaleString('en-US'));
  // The charts are drawn (uPlot, loaded with the first chart).
  for (const name of ['Reach on Mastodon', 'Engagement on Mastodon']) {
    const chart = mastodon.getByRole('figure', { name });
    await expect(chart.locator('canvas')).toBeVisible();
    await expect(chart.locator('.u-legend')).toContainText(name.startsWith('Reach') ? 'Impressions' : 'Likes');
  }
  await snap(page, 'analytics-post');

  // Four more use the 6 of the rolling 24 hours; the 7th says so instead of failing.
  for (let used = 3; used <= 6; used += 1) {
    await refresh.click();
    await expect(mastodon.getByText(new RegExp(`· ${used} snapshots$`))).toBeVisible();
  }
  await refresh.click();
  await expect(mastodon.getByRole('alert')).toContainText('All 6 refreshes of the last 24 hours are used.');
  await expect(mastodon.getByRole('alert')).toContainText('The next one is possible in about');
  await snap(page, 'analytics-limit');

  // The account's page, from Accounts: followers and engagement over time, and its top posts.
  await page.goto('/accounts');
  await page.getByRole('link', { name: 'Analytics for Mastodon' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mastodon analytics' })).toBeVisible();
  const audience = page.getByRole('region', { name: 'Audience and engagement' });
  await audience.getByRole('button', { name: 'Refresh now: Mastodon' }).click();
  await expect(audience.getByRole('figure', { name: 'Followers over time' }).locator('canvas')).toBeVisible();
  await expect(audience.getByRole('figure', { name: 'Engagement over time' }).locator('canvas')).toBeVisible();
  const account = (await (await api.get(`/api/v1/analytics/social-account?teamId=${teamId}&platformType=MASTODON`)).json()) as {
    items: { followers: number }[];
  };
  await expect(audience.getByLabel('Latest numbers on Mastodon').getByRole('definition').first()).toHaveAttribute(
    'title',
    account.items.at(-1)!.followers.toLocaleString('en-US'),
  );
  const top = page.getByRole('region', { name: 'Top posts' });
  await expect(top.getByRole('link', { name: 'Spring menu' })).toBeVisible();
  await snap(page, 'analytics-account');
  await top.getByRole('link', { name: 'Spring menu' }).click();
  await expect(page).toHaveURL(new RegExp(`/posts/${id}`));
  await api.dispose();
});

test('a FREE organization sees what analytics need instead of an error', async ({ page, signedInUser, playwright, baseURL }) => {
  test.setTimeout(90_000);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': signedInUser.org.apiKey } });
  const teamId = signedInUser.org.teamId;
  const connected = await api.post('/api/v1/sandbox/accounts', { data: { teamId, type: 'MASTODON' } });
  expect(connected.status(), await connected.text()).toBe(200);
  const created = await api.post('/api/v1/post', {
    data: { teamId, title: 'Free plan post', postDate: new Date().toISOString(), socialAccountTypes: ['MASTODON'], data: { MASTODON: { text: 'Hello.' } } },
  });
  const { id } = (await created.json()) as Post;
  await expect.poll(async () => ((await (await api.get(`/api/v1/post/${id}`)).json()) as Post).status, { timeout: 30_000 }).toBe('POSTED');
  await setPlan(signedInUser.org.organizationId, 'FREE');
  await page.goto(`/posts/${id}`);
  const analytics = page.getByRole('region', { name: 'Analytics' });
  await expect(analytics.getByText('Analytics need a paid plan')).toBeVisible();
  await expect(analytics.getByRole('alert')).toHaveCount(0);
  await snap(page, 'analytics-free');
  await api.dispose();
});
