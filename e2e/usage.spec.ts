import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Set USAGE_SCREENSHOTS=/some/dir to keep screenshots of the view's states.
async function snap(page: Page, name: string) {
  const dir = process.env.USAGE_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const utcDay = (daysAhead: number) => new Date(Date.now() + daysAhead * 24 * 3600_000).toISOString().slice(0, 10);

test('shows the month against the plan and each account’s daily meters for a chosen UTC day', async ({ page, signedInUser, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': signedInUser.org.apiKey } });
  const teamId = signedInUser.org.teamId;

  await page.goto('/settings');
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Usage' }).click();
  await expect(page).toHaveURL(/\/settings\/usage/);
  // A new organization: nothing used yet, and no account to meter per day.
  await expect(page.getByRole('meter', { name: 'Posts' })).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByRole('meter', { name: 'Uploads' })).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByText('No accounts in this team')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Connect an account' })).toBeVisible();
  await snap(page, 'usage-empty');

  const connected = await api.post('/api/v1/sandbox/accounts', { data: { teamId, type: 'MASTODON', username: 'e2e_usage' } });
  expect(connected.status(), await connected.text()).toBe(200);
  const tomorrow = utcDay(1);
  const created = await api.post('/api/v1/post', {
    data: {
      teamId,
      title: 'Tomorrow',
      postDate: `${tomorrow}T12:00:00.000Z`,
      socialAccountTypes: ['MASTODON'],
      data: { MASTODON: { text: 'See you tomorrow' } },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const limits = await (await api.get(`/api/v1/organization/usage/posts`)).json();

  await page.reload();
  // The scheduled post counts toward the month at once, and toward the day it is due on.
  const monthPosts = page.getByRole('meter', { name: 'Posts' }).first();
  await expect(monthPosts).toHaveAttribute('aria-valuenow', '1');
  await expect(monthPosts).toHaveAttribute('aria-valuemax', String(limits.limit));

  const day = page.getByLabel('Day (UTC)');
  await expect(day).toHaveValue(utcDay(0));
  const mastodon = page.getByRole('list', { name: 'Daily limits' }).getByRole('listitem', { name: /Mastodon/ });
  await expect(mastodon.getByRole('meter', { name: 'Posts' })).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByText('Nothing was published or commented')).toBeVisible();

  await day.fill(tomorrow);
  await expect(mastodon.getByRole('meter', { name: 'Posts' })).toHaveAttribute('aria-valuenow', '1');
  await expect(mastodon.getByRole('meter', { name: 'Comments' })).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByText('Nothing was published or commented')).toHaveCount(0);
  await snap(page, 'usage-tomorrow');
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(day).toHaveValue(utcDay(0));
  await api.dispose();
});
