import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createOrg, createUser, expect, loginAs, test } from './fixtures';

// Set CSV_IMPORT_SCREENSHOTS=/some/dir to keep screenshots of the page's states, wide and phone-sized.
async function snap(page: Page, name: string) {
  const dir = process.env.CSV_IMPORT_SCREENSHOTS;
  if (!dir) return;
  const size = page.viewportSize();
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const tag = randomBytes(3).toString('hex');

function planningSheet() {
  return [
    'date,time,timezone,accounts,text',
    `${day(3)},09:30,Europe/Paris,MASTODON;BLUESKY,Tasting Saturday ${tag}`,
    `${day(4)},10:00,Europe/Paris,MASTODON,${'Far too long for Mastodon. '.repeat(25).trim()}`,
    `${day(5)},18:15,Europe/Paris,BLUESKY,Closing early on Sunday ${tag}`,
  ].join('\n');
}

test('import posts from a CSV file: check rows, drop the bad one, import with progress, export the list', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const org = await createOrg(`E2E csv ${tag}`);
  const user = await createUser(org);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': org.apiKey } });
  for (const type of ['MASTODON', 'BLUESKY']) {
    const connected = await api.post('/api/v1/sandbox/accounts', { data: { teamId: org.teamId, type } });
    expect(connected.status(), await connected.text()).toBe(200);
  }
  await loginAs(page, user);

  await page.goto(`/posts?team=${org.teamId}`);
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page).toHaveURL(/\/posts\/import/);
  await expect(page.getByRole('heading', { name: 'Import posts from CSV' })).toBeVisible();
  await snap(page, 'csv-empty');

  const file = { name: 'planning.csv', mimeType: 'text/csv', buffer: Buffer.from(planningSheet()) };
  await page.getByLabel('CSV file').setInputFiles(file);
  const rows = page.getByRole('list', { name: 'Rows' });
  await expect(rows.getByRole('listitem', { name: /^Row \d$/ })).toHaveCount(3);
  const bad = rows.getByRole('listitem', { name: 'Row 2' });
  await expect(bad.getByText('Problems')).toBeVisible();
  await expect(bad.getByText('MASTODON.text:')).toBeVisible();
  await expect(rows.getByRole('listitem', { name: 'Row 1' }).getByText('Ready')).toBeVisible();
  const importButton = page.getByRole('button', { name: /^Import \d+ posts?$/ });
  await expect(importButton).toBeDisabled();
  await snap(page, 'csv-checked');

  await bad.getByRole('button', { name: 'Drop row' }).click();
  await expect(bad.getByText('Dropped')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import 2 posts' })).toBeEnabled();
  await page.getByRole('button', { name: 'Import 2 posts' }).click();

  const progress = page.getByRole('region', { name: 'Import progress' });
  await expect(progress.getByText('2 of 2 rows processed · 2 imported · 0 failed')).toBeVisible({ timeout: 30_000 });
  await expect(progress.getByText('Imported', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent imports' }).getByText('planning.csv')).toBeVisible();
  await snap(page, 'csv-imported');

  // The same file again: the imported rows are recognized, nothing would be created twice.
  await page.getByLabel('CSV file').setInputFiles(file);
  await expect(rows.getByRole('listitem', { name: 'Row 1' }).getByText('Already imported', { exact: true })).toBeVisible();
  await expect(rows.getByRole('listitem', { name: 'Row 3' }).getByText('Already imported', { exact: true })).toBeVisible();

  await page.goto(`/posts?team=${org.teamId}`);
  const list = page.getByRole('list', { name: 'Posts' });
  await expect(list.getByText(`Tasting Saturday ${tag}`)).toBeVisible();
  await expect(list.getByText(`Closing early on Sunday ${tag}`)).toBeVisible();

  const download = page.getByRole('link', { name: 'Download CSV' });
  const href = await download.getAttribute('href');
  expect(href).toContain(`/api/v1/post/export.csv?teamId=${org.teamId}`);
  const exported = await page.request.get(href!);
  expect(exported.status()).toBe(200);
  const csv = await exported.text();
  expect(csv.split('\r\n')[0]).toContain('postId,title,status,postDate');
  expect(csv).toContain(`Tasting Saturday ${tag}`);
  expect(csv.match(/,MASTODON,|,BLUESKY,/g)).toHaveLength(3);
});
