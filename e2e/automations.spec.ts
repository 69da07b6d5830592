import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { createOrg, createUser, expect, loginAs, test } from './fixtures';

// Set AUTOMATIONS_SCREENSHOTS=/some/dir to keep screenshots of each page.
async function snap(page: Page, name: string) {
  const dir = process.env.AUTOMATIONS_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

type Setup = { api: APIRequestContext; teamId: string; accountId: string };

/** An organization with DMs and automations on, and a Facebook page with messaging permissions. */
async function automationsOrg(page: Page, playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined): Promise<Setup> {
  const org = await createOrg(`E2E automations ${randomBytes(3).toString('hex')}`, { enable: ['dms', 'automations'] });
  await loginAs(page, await createUser(org));
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': org.apiKey } });
  const connected = await api.post('/api/v1/sandbox/accounts', { data: { teamId: org.teamId, type: 'FACEBOOK', channelName: 'Corner Bakery', grantMessaging: true } });
  expect(connected.status(), await connected.text()).toBe(200);
  const enabled = await api.post('/api/v1/social-account/messaging/enable', { data: { teamId: org.teamId, type: 'FACEBOOK' } });
  expect(enabled.status(), await enabled.text()).toBe(200);
  return { api, teamId: org.teamId, accountId: ((await connected.json()) as { id: string }).id };
}

/** A post published on the page: a comment flow listens on one. */
async function publishedPost(setup: Setup, title: string) {
  const created = await setup.api.post('/api/v1/post', {
    data: { teamId: setup.teamId, title, postDate: new Date().toISOString(), socialAccountTypes: ['FACEBOOK'], data: { FACEBOOK: { text: `${title} every Friday.` } } },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = (await created.json()) as { id: string };
  await expect.poll(async () => ((await (await setup.api.get(`/api/v1/post/${id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe('POSTED');
  return id;
}

const node = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);

test('build a comment → private reply flow in the editor, see shape errors on nodes, publish, and find it active', async ({ page, playwright, baseURL }) => {
  test.setTimeout(150_000);
  const setup = await automationsOrg(page, playwright, baseURL);
  await publishedPost(setup, 'Sourdough is back');

  await page.goto('/automations');
  await expect(page.getByRole('heading', { name: 'Automations' })).toBeVisible();
  await expect(page.getByText('No flows yet')).toBeVisible();
  await snap(page, 'automations-empty');

  await page.getByRole('button', { name: 'New flow' }).first().click();
  const dialog = page.getByRole('form', { name: 'New flow' });
  await dialog.getByLabel('Name').fill('Price comments');
  await dialog.getByLabel('Platform').selectOption('FACEBOOK');
  await dialog.getByRole('button', { name: 'Create and open' }).click();
  await expect(page.getByRole('heading', { name: 'Price comments' })).toBeVisible();
  await expect(page.getByLabel('Versions')).toHaveText(/Never published/);

  // The trigger is selected first: a comment on the published post, with a keyword.
  const trigger = page.getByRole('form', { name: 'Trigger settings' });
  await expect(trigger.getByLabel('Starts when')).toHaveValue('COMMENT_CREATED');
  await expect(trigger.getByLabel('Account')).toHaveValue(setup.accountId);
  await trigger.getByLabel('Post').selectOption({ label: 'Sourdough is back' });
  await trigger.getByLabel('Keywords').fill('price, how much');
  await expect(node(page, 'trigger').getByText('keywords: price, how much')).toBeVisible();

  // Keyboard: the palette adds a step with Enter; the new step is selected and its shape error is on its node.
  await page.getByRole('navigation', { name: 'Add a step' }).getByRole('button', { name: /^Private reply/ }).focus();
  await page.keyboard.press('Enter');
  const reply = node(page, 'send_private_reply_1');
  await expect(reply).toBeVisible();
  await expect(reply.getByRole('alert')).toHaveText(/message\.text: Required/);
  await expect(page.getByText('1 problem(s) to fix')).toBeVisible();
  await snap(page, 'automations-editor-shape-error');
  await page.getByRole('form', { name: 'Private reply settings' }).getByLabel('Private reply').fill('Hi! Our price list is on its way in your DMs.');
  await expect(reply.getByRole('alert')).toHaveCount(0);
  await expect(reply.getByText('“Hi! Our price list is on its way in your DMs.”')).toBeVisible();

  // Another step, then select it on the canvas with the keyboard and delete it with Delete.
  await page.getByRole('navigation', { name: 'Add a step' }).getByRole('button', { name: /^Like the comment/ }).click();
  const like = node(page, 'like_comment_2');
  await expect(like).toBeVisible();
  await page.getByRole('form', { name: 'Like the comment settings' }).waitFor();
  await node(page, 'trigger').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('form', { name: 'Trigger settings' })).toBeVisible();
  await like.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('form', { name: 'Like the comment settings' })).toBeVisible();
  await page.keyboard.press('Delete');
  await expect(like).toHaveCount(0);

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
  await expect(page.getByLabel('Versions')).toHaveText(/Draft v1/);

  await page.getByRole('button', { name: 'Publish…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByLabel('Versions')).toHaveText(/Live: v2/);
  await expect(page.locator('[data-status="ACTIVE"]')).toBeVisible();
  await snap(page, 'automations-editor-published');

  await page.getByRole('link', { name: 'Automations' }).first().click();
  const row = page.getByRole('row', { name: 'Price comments' });
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText('v2')).toBeVisible();
  await expect(row.getByText('Corner Bakery')).toBeVisible();
  await page.getByLabel('Status').selectOption('PAUSED');
  await expect(page.getByText('No paused flows')).toBeVisible();
  await page.getByLabel('Status').selectOption('ACTIVE');
  await expect(page.getByRole('row', { name: 'Price comments' })).toBeVisible();
  await snap(page, 'automations-list');

  // The runs view of the flow answers; a comment with a keyword on the post starts a run.
  await page.getByRole('link', { name: 'Price comments' }).click();
  await page.getByRole('tab', { name: 'Runs' }).click();
  await expect(page.getByText('No runs')).toBeVisible();
  const comment = await setup.api.post('/api/v1/sandbox/inbound/comment', { data: { socialAccountId: setup.accountId, text: 'What is the price of a loaf?', authorName: 'Lina Park' } });
  expect(comment.status(), await comment.text()).toBe(200);
  const run = page.getByRole('list', { name: 'Runs' }).getByRole('button', { name: /What is the price of a loaf\?/ });
  await expect(run.getByText('Completed')).toBeVisible({ timeout: 60_000 });
  await run.click();
  await expect(page.getByLabel('Run details')).toContainText('Completed at send_private_reply_1');
  // The reply went out as a private reply: a conversation with the commenter holds it.
  await expect
    .poll(async () => JSON.stringify(await (await setup.api.get(`/api/v1/conversations?teamId=${setup.teamId}`)).json()), { timeout: 30_000 })
    .toContain('Lina Park');

  // Per-node counts on the live version.
  await page.getByRole('tab', { name: 'Build' }).click();
  await page.getByLabel('Run counts (live version)').check();
  await expect(node(page, 'trigger').getByLabel('Reached 1, completed 1, skipped 0, failed 0')).toBeVisible();
  await expect(node(page, 'send_private_reply_1').getByLabel('Reached 1, completed 1, skipped 0, failed 0')).toBeVisible();
  await snap(page, 'automations-editor-run-counts');
});

test('a refusal from the server lands on the node it names', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const setup = await automationsOrg(page, playwright, baseURL);
  const postId = await publishedPost(setup, 'Rye on Mondays');
  // A draft saved through the API on the post; the post is then deleted, so publishing is refused (second stage).
  const created = await setup.api.post('/api/v1/automations', {
    data: {
      teamId: setup.teamId,
      name: 'Rye comments',
      platformScope: 'FACEBOOK',
      definition: { trigger: { type: 'COMMENT_CREATED', platform: 'FACEBOOK', socialAccountId: setup.accountId, postId }, steps: [{ id: 'thanks', type: 'SEND_PRIVATE_REPLY', message: { text: 'Thanks!' } }] },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await setup.api.delete(`/api/v1/post/${postId}`)).status()).toBeLessThan(300);

  await page.goto(`/automations/${id}`);
  await page.getByRole('button', { name: 'Publish…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Publish' }).click();
  await expect(node(page, 'trigger').getByRole('alert')).toHaveText(/postId: post .* was not found in this team/);
  await expect(page.getByLabel('Versions')).toHaveText(/Never published/);
  await snap(page, 'automations-editor-server-refusal');
});

test('the persistent menu of a page: saved with a phone preview, then synced', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  await automationsOrg(page, playwright, baseURL);
  await page.goto('/automations');
  await page.getByRole('link', { name: 'Ice breakers & menu' }).click();
  await expect(page.getByRole('heading', { name: 'Ice breakers & menu' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Persistent menu' });
  await expect(form.getByText('Not saved yet')).toBeVisible();
  await form.getByLabel('Item 1 title').fill('Opening hours');
  await form.getByLabel('Payload', { exact: true }).fill('HOURS');
  await form.getByRole('button', { name: 'Add a menu item' }).click();
  await form.getByLabel('Item 2 title').fill('Our menu');
  await form.getByLabel('Opens').nth(1).selectOption('URL');
  await form.getByLabel('URL').fill('https://example.com/menu');
  const preview = page.getByRole('figure', { name: 'Phone preview' });
  await expect(preview.getByText('Opening hours')).toBeVisible();
  await expect(preview.getByText('Our menu')).toBeVisible();

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Saved, not synced')).toBeVisible();
  await form.getByRole('button', { name: 'Sync to Facebook' }).click();
  await expect(form.getByText('Live on the platform')).toBeVisible();
  await expect(form.getByText(/Last synced/)).toBeVisible();
  await snap(page, 'automations-provider-settings');
});
