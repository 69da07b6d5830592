import type { Page } from '@playwright/test';
import { automationsOrg, snap, type AutomationsSetup } from './automations-setup';
import { expect, test } from './fixtures';

const dmDefinition = (setup: AutomationsSetup, keyword: string) => ({
  trigger: { type: 'DM_RECEIVED', platform: 'FACEBOOK', socialAccountId: setup.accountId, keywords: [keyword] },
  steps: [{ id: 'answer', type: 'SEND_MESSAGE', message: { text: `About ${keyword}: see https://example.com/${keyword}` } }],
});

const node = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);

test('version history: two published versions, the live one marked, the older one loaded back into the draft', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const setup = await automationsOrg(page, playwright, baseURL);
  // Published twice through the API: the draft takes v1, the publishes v2 ("price") and v3 ("menu").
  const created = await setup.api.post('/api/v1/automations', {
    data: { teamId: setup.teamId, name: 'Bakery DMs', platformScope: 'FACEBOOK', definition: dmDefinition(setup, 'price') },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await setup.api.post(`/api/v1/automations/${id}/publish`)).status()).toBe(200);
  expect((await setup.api.patch(`/api/v1/automations/${id}`, { data: { definition: dmDefinition(setup, 'menu') } })).status()).toBe(200);
  expect((await setup.api.post(`/api/v1/automations/${id}/publish`)).status()).toBe(200);

  await page.goto(`/automations/${id}`);
  await expect(page.getByLabel('Versions')).toHaveText(/Live: v3/);
  await expect(page.getByText('Draft differs from the live version')).toHaveCount(0);
  await expect(node(page, 'trigger').getByText('keywords: menu')).toBeVisible();

  await page.getByRole('button', { name: 'History' }).click();
  const drawer = page.getByRole('dialog', { name: 'Version history' });
  const versions = drawer.getByRole('list', { name: 'Published versions' }).getByRole('listitem');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toHaveAccessibleName('v3');
  await expect(versions.nth(0).getByText('Live', { exact: true })).toBeVisible();
  await expect(versions.nth(1)).toHaveAccessibleName('v2');
  await expect(versions.nth(1).getByText('Live', { exact: true })).toHaveCount(0);
  // Per-node counts of a version, from the server (nothing has run yet).
  await versions.nth(1).getByRole('button', { name: 'Run counts' }).click();
  const counts = drawer.getByRole('table', { name: 'Run counts of v2' });
  await expect(counts.getByRole('row', { name: /answer/ })).toContainText('0');
  await snap(page, 'automations-history');

  await versions.nth(1).getByRole('button', { name: 'Load into draft…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Load v2 into the draft?' });
  await expect(confirm).toContainText('unsaved changes in the editor are lost');
  await confirm.getByRole('button', { name: 'Load into draft' }).click();

  await expect(drawer).toHaveCount(0);
  await expect(page.getByText('Draft differs from the live version')).toBeVisible();
  // The editor starts again from the loaded draft; the live version is unchanged.
  await expect(node(page, 'trigger').getByText('keywords: price')).toBeVisible();
  await expect(page.getByLabel('Versions')).toHaveText(/Live: v3/);
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
  await snap(page, 'automations-history-loaded');

  await page.getByRole('button', { name: 'History' }).click();
  await expect(versions.nth(1).getByText('Same as the draft')).toBeVisible();
  await expect(versions.nth(1).getByRole('button', { name: 'Load into draft…' })).toBeDisabled();
  await page.keyboard.press('Escape');

  // The runs view filters by version, among the API's other filters.
  await page.getByRole('tab', { name: 'Runs' }).click();
  const filters = page.getByRole('group', { name: 'Run filters' });
  await expect(filters.getByLabel('Version').getByRole('option')).toHaveText(['All', 'v3 (live)', 'v2', 'Draft v1 (test runs)']);
  await snap(page, 'automations-runs-filters');
});
