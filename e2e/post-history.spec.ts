import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createOrg, createUser, expect, loginAs, test } from './fixtures';

// Set HISTORY_SCREENSHOTS=/some/dir to keep screenshots of the page's states.
async function snap(page: Page, name: string) {
  const dir = process.env.HISTORY_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test('from Accounts, open an account’s history, import its past posts with progress, then see them in the grid', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const org = await createOrg(`E2E history ${randomBytes(3).toString('hex')}`);
  const user = await createUser(org);
  await loginAs(page, user);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': org.apiKey } });
  const connected = await api.post('/api/v1/sandbox/accounts', { data: { teamId: org.teamId, type: 'INSTAGRAM', username: 'corner.bakery' } });
  expect(connected.status(), await connected.text()).toBe(200);
  const account = (await connected.json()) as { id: string };
  // Six months of posts made before connecting, and a slow platform: the import's progress shows.
  const seeded = await api.post('/api/v1/sandbox/history', { data: { socialAccountId: account.id, count: 40, months: 6 } });
  expect(seeded.status(), await seeded.text()).toBe(200);
  expect((await api.post('/api/v1/sandbox/faults', { data: { type: 'INSTAGRAM', operation: 'history.list', kind: 'SLOW', delayMs: 1500, count: 2 } })).status()).toBe(200);

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
  expect((await api.post('/api/v1/sandbox/faults', { data: { type: 'INSTAGRAM', operation: 'history.list', kind: 'SLOW', delayMs: 8000, count: 1 } })).status()).toBe(200);
  await panel.getByLabel(/New posts/).fill('5');
  const again = await api.post('/api/v1/post-history-import', { data: { teamId: org.teamId, socialAccountType: 'INSTAGRAM', count: 5 } });
  expect(again.status()).toBe(201);
  await panel.getByRole('button', { name: 'Import posts' }).click();
  await expect(panel.getByRole('alert')).toHaveText(/already running/);
  await api.dispose();
});
