import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { createOrg, createUser, expect, loginAs, test } from './fixtures';

// Set HISTORY_SCREENSHOTS=/some/dir to keep screenshots of the page's states.
async function snap(page: Page, name: string) {
  const dir = process.env.HISTORY_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** A signed-in user of a fresh organization with a connected sandbox Instagram account, and an API client with its key. */
async function setup(page: Page, playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } }, baseURL: string | undefined) {
  const org = await createOrg(`E2E history ${randomBytes(3).toString('hex')}`);
  const user = await createUser(org);
  await loginAs(page, user);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': org.apiKey } });
  const connected = await api.post('/api/v1/sandbox/accounts', { data: { teamId: org.teamId, type: 'INSTAGRAM', username: 'corner.bakery' } });
  expect(connected.status(), await connected.text()).toBe(200);
  return { org, api, account: (await connected.json()) as { id: string } };
}

test('from Accounts, open an account’s history, import its past posts with progress, then see them in the grid', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const { org, api, account } = await setup(page, playwright, baseURL);
  // Six months of posts made before connecting, and a slow platform: the import's progress shows.
  const seeded = await api.post('/api/v1/sandbox/history', { data: { socialAccountId: account.id, count: 40, months: 6 } });
  expect(seeded.status(), await seeded.text()).toBe(200);
  expect(
    (await api.post('/api/v1/sandbox/faults', { data: { type: 'INSTAGRAM', operation: 'history.list', kind: 'SLOW', delayMs: 1500, count: 2 } })).status(),
  ).toBe(200);

  await page.goto(`/accounts?team=${org.teamId}`);
  await page.getByRole('link', { name: 'Post history for Instagram' }).click();
  await expect(page).toHaveURL(/\/accounts\/INSTAGRAM\/history/);
  await expect(page.getByRole('heading', { name: 'Instagram post history' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No imported posts yet' })).toBeVisible();
  const panel = page.getByRole('group', { name: 'Import past posts' });
  await expect(panel.getByLabel('Monthly capacity')).toHaveText(/^100 of 100 posts left/);
  await snap(page, 'history-empty');

  await panel.getByLabel(/New posts/).fill('30');
  await panel.getByLabel('Where').selectOption('PROFILE_GRID');
  await panel.getByRole('button', { name: 'Import posts' }).click();
  await expect(panel.getByRole('button', { name: 'Importing…' })).toBeDisabled();
  await expect(panel.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await snap(page, 'history-importing');
  await expect(panel.getByText(/^Done: \d+ of 30 new posts, analytics of \d+/)).toBeVisible({ timeout: 60_000 });
  const done = (await panel.getByText(/^Done:/).textContent())!;
  const imported = Number(/Done: (\d+)/.exec(done)![1]);
  expect(imported).toBeGreaterThan(0);
  await expect(panel.getByLabel('Monthly capacity')).toHaveText(new RegExp(`^${100 - imported} of 100 posts left`));

  // The grid: newest first, each card with its picture, date, caption, permalink and numbers.
  const grid = page.getByRole('list', { name: 'Imported posts' });
  await expect(page.getByText(`${imported} posts, newest first`)).toBeVisible();
  await expect(grid.getByRole('listitem')).toHaveCount(Math.min(24, imported));
  const first = grid.getByRole('listitem').first();
  await expect(first.getByRole('link', { name: 'Open on the platform' })).toHaveAttribute('href', /^https:\/\//);
  await expect(first.getByLabel('Analytics')).toBeVisible();
  await expect(grid.getByRole('img').first()).toBeVisible();
  // Videos, reels and carousels are marked on their picture.
  await expect(grid.getByText(/^(Video|Reel|Carousel)$/).first()).toBeVisible();
  await snap(page, 'history-grid');
  if (imported > 24) {
    await page.getByRole('button', { name: 'Show older posts' }).click();
    await expect(grid.getByRole('listitem')).toHaveCount(imported);
  }

  // An import started elsewhere (the API) is still running: one more from the page is refused with a clear message.
  expect(
    (await api.post('/api/v1/sandbox/faults', { data: { type: 'INSTAGRAM', operation: 'history.list', kind: 'SLOW', delayMs: 8000, count: 1 } })).status(),
  ).toBe(200);
  await panel.getByLabel(/New posts/).fill('5');
  const again = await api.post('/api/v1/post-history-import', { data: { teamId: org.teamId, socialAccountType: 'INSTAGRAM', count: 5 } });
  expect(again.status()).toBe(201);
  await panel.getByRole('button', { name: 'Import posts' }).click();
  await expect(panel.getByRole('alert')).toHaveText(/already running/);
  await api.dispose();
});

test('retry a failed import from the page, then delete selected imported posts after a confirmation', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const { org, api, account } = await setup(page, playwright, baseURL);
  expect((await api.post('/api/v1/sandbox/history', { data: { socialAccountId: account.id, count: 8, months: 3 } })).status()).toBe(200);
  // The platform refuses once: the import fails for good (a permanent error is not retried by itself).
  const refused = await api.post('/api/v1/sandbox/faults', {
    data: { type: 'INSTAGRAM', operation: 'history.list', kind: 'PERMANENT', message: 'Profile access revoked', count: 1 },
  });
  expect(refused.status(), await refused.text()).toBe(200);

  await page.goto(`/accounts/INSTAGRAM/history?team=${org.teamId}`);
  const panel = page.getByRole('group', { name: 'Import past posts' });
  await panel.getByLabel(/New posts/).fill('6');
  await panel.getByLabel('With analytics').click();
  await panel.getByRole('button', { name: 'Import posts' }).click();
  await expect(panel.getByText(/^Import failed: Profile access revoked/)).toBeVisible({ timeout: 30_000 });
  await snap(page, 'history-failed');

  await panel.getByRole('button', { name: 'Retry import' }).click();
  await expect(panel.getByText(/^Done: 6 of 6 new posts/)).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByRole('button', { name: 'Retry import' })).toHaveCount(0);
  const grid = page.getByRole('list', { name: 'Imported posts' });
  await expect(grid.getByRole('listitem')).toHaveCount(6);
  await expect(page.getByText('6 posts, newest first')).toBeVisible();

  // Select two, change one's mind on the first dialog, then delete them.
  const toolbar = page.getByRole('toolbar', { name: 'Selected posts' });
  await expect(toolbar.getByRole('button', { name: 'Delete…' })).toBeDisabled();
  const first = grid.getByRole('listitem').nth(0);
  const second = grid.getByRole('listitem').nth(1);
  const kept = (await grid.getByRole('listitem').nth(2).getByRole('checkbox').getAttribute('aria-label'))!;
  const gone = (await first.getByRole('checkbox').getAttribute('aria-label'))!;
  await first.getByRole('checkbox').check();
  await second.getByRole('checkbox').check();
  await expect(toolbar.getByText('2 selected')).toBeVisible();
  await toolbar.getByRole('button', { name: 'Delete…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete 2 posts?' });
  await expect(dialog).toContainText('Nothing changes on Instagram');
  await snap(page, 'history-delete-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(grid.getByRole('listitem')).toHaveCount(6);

  await toolbar.getByRole('button', { name: 'Delete…' }).click();
  await dialog.getByRole('button', { name: 'Delete 2 posts' }).click();
  await expect(page.getByText('Deleted 2 posts')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(grid.getByRole('listitem')).toHaveCount(4);
  await expect(page.getByText('4 posts, newest first')).toBeVisible();
  await expect(grid.getByRole('checkbox', { name: gone })).toHaveCount(0);
  await expect(grid.getByRole('checkbox', { name: kept })).not.toBeChecked();
  await expect(toolbar.getByRole('button', { name: 'Delete…' })).toBeDisabled();
  // The API agrees: four imported posts left.
  const left = await api.get('/api/v1/post-history-import/posts', { params: { teamId: org.teamId, socialAccountType: 'INSTAGRAM' } });
  expect(((await left.json()) as { total: number }).total).toBe(4);

  // "Select all shown" takes every card; deleting them empties the grid.
  await toolbar.getByRole('button', { name: 'Select all shown' }).click();
  await expect(toolbar.getByText('4 selected')).toBeVisible();
  await toolbar.getByRole('button', { name: 'Delete…' }).click();
  await page.getByRole('alertdialog', { name: 'Delete 4 posts?' }).getByRole('button', { name: 'Delete 4 posts' }).click();
  await expect(page.getByRole('heading', { name: 'No imported posts yet' })).toBeVisible();
  await snap(page, 'history-after-delete');
  await api.dispose();
});
