import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createOrg, createUser, expect, loginAs, test } from './fixtures';

// Set ACCOUNTS_SCREENSHOTS=/some/dir to keep screenshots of the page's main states.
async function snap(page: Page, name: string) {
  const dir = process.env.ACCOUNTS_SCREENSHOTS;
  if (!dir) return;
  // A viewport as tall as the page: full-page captures draw the fixed sidebar only once, at the top.
  const size = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: 1440, height: Math.min(height, 2400) });
  await page.screenshot({ path: `${dir}/accounts-${name}.png` });
  if (size) await page.setViewportSize(size);
}

/** An organization enabled for DMs (messaging scope is ignored otherwise), signed in on `page`. */
async function signInWithDms(page: Page) {
  const org = await createOrg(undefined, { enable: ['dms', 'automations'] });
  await loginAs(page, await createUser(org));
}

/** Approves the sandbox platform's consent page with a new profile of this username. */
async function approveConsent(page: Page, platform: string, username: string) {
  await expect(page).toHaveURL(/\/sandbox\/connect\//);
  await expect(page.getByRole('heading', { name: `SocialDesk wants to access your ${platform} account` })).toBeVisible();
  await page.getByRole('radio', { name: `Create a new ${platform} account` }).check();
  await page.getByRole('textbox', { name: 'Username for a new account' }).fill(username);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/accounts\?/);
}

test('connects Instagram with DM access, enables messaging, sends a sandbox DM and disconnects', async ({ page }) => {
  await signInWithDms(page);
  const username = `e2e_shop_${randomBytes(3).toString('hex')}`;
  await page.goto('/accounts');
  await expect(page.getByText('No accounts connected to this team yet')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Ask for direct-message access/ })).toBeChecked();
  await snap(page, 'empty');

  // Through the consent page: messaging is among the permissions asked.
  await page.getByRole('button', { name: 'Connect Instagram', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Read and send direct messages' })).toBeChecked();
  await approveConsent(page, 'Instagram', username);
  await expect(page.getByText(`Instagram account @${username} connected`)).toBeVisible();
  // The outcome is read once and cleaned from the URL.
  await expect(page).not.toHaveURL(/status=/);

  const card = page.getByRole('region', { name: `Instagram account @${username}` });
  await expect(card.getByText('messaging', { exact: true })).toBeVisible();
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Enable direct messages' }).click();
  await expect(page.getByText('Instagram: direct messages enabled')).toBeVisible();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Disable direct messages' })).toBeVisible();

  // The sandbox plays Instagram: a DM enters through the ingestion path.
  await card.getByRole('button', { name: 'Open the sandbox panel for Instagram' }).click();
  const sandbox = page.getByRole('region', { name: /Sandbox/ });
  await expect(sandbox).toBeFocused();
  await expect(sandbox.getByRole('combobox', { name: 'Account' })).toHaveValue(/.+/);
  await expect(sandbox.getByRole('tab', { name: 'Direct message' })).toHaveAttribute('aria-selected', 'true');
  await expect(sandbox.getByRole('tab', { name: 'Review' })).toHaveCount(0);
  await sandbox.getByRole('textbox', { name: 'Message' }).fill('Hi! Do you ship to Canada?');
  await sandbox.getByRole('textbox', { name: 'Sender name' }).fill('Maya Jensen');
  await sandbox.getByRole('button', { name: 'Send message' }).click();
  const log = sandbox.getByRole('list', { name: 'Sandbox requests and answers' });
  await expect(log.getByRole('listitem')).toHaveCount(1);
  await expect(log.getByText('message.created stored as PENDING')).toBeVisible();
  await expect(log.getByText('"text": "Hi! Do you ship to Canada?"').first()).toBeVisible();
  await snap(page, 'connected-sandbox');

  // A reaction to that DM: its id is offered from the answer.
  await sandbox.getByRole('tab', { name: 'Reaction' }).click();
  await expect(sandbox.getByRole('textbox', { name: 'Message id' })).toHaveValue(/^m_/);
  await sandbox.getByRole('button', { name: 'Send reaction' }).click();
  await expect(log.getByText('message.reaction stored as PENDING')).toBeVisible();

  // Fault injection: the platform fails the next unsubscribe, so disabling stays pending (502) until retried.
  await sandbox.getByRole('tab', { name: 'Faults' }).click();
  await sandbox.getByRole('combobox', { name: 'Fault' }).selectOption('TRANSIENT');
  await sandbox.getByRole('combobox', { name: 'Calls', exact: true }).selectOption('messaging.unsubscribe');
  await sandbox.getByRole('spinbutton', { name: 'Calls affected' }).fill('1');
  await sandbox.getByRole('button', { name: 'Inject fault' }).click();
  await expect(sandbox.getByRole('list', { name: 'Faults in effect' }).getByRole('listitem')).toContainText('messaging.unsubscribe');
  await card.getByRole('button', { name: 'Disable direct messages' }).click();
  await expect(page.getByText(/has not confirmed the unsubscription yet/).first()).toBeVisible();
  await expect(card.getByText('Turning off', { exact: true })).toBeVisible();
  await expect(card.getByText(/^Last error: INSTAGRAM is temporarily unavailable/)).toBeVisible();
  await snap(page, 'disable-pending');
  await card.getByRole('button', { name: 'Retry disabling' }).click();
  await expect(page.getByText('Instagram: direct messages disabled')).toBeVisible();
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await expect(card.getByText(/^Last error/)).toHaveCount(0);

  // Disconnect asks first, then the account waits out its grace period in the removal list.
  await card.getByRole('button', { name: 'More actions for Instagram' }).click();
  await page.getByRole('menuitem', { name: 'Disconnect' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Disconnect Instagram?' });
  await expect(confirm).toContainText('kept for 48 hours');
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Instagram account disconnected')).toBeVisible();
  await expect(card).toBeHidden();
  const removals = page.getByRole('list', { name: 'Accounts scheduled for removal' });
  const removed = removals.getByRole('listitem', { name: `Instagram @${username}` });
  await expect(removed).toContainText(/Removed on/);
  await expect(removed.getByRole('button', { name: 'Reconnect' })).toBeEnabled();
  await expect(page.getByText('No accounts connected to this team yet')).toBeVisible();
  await snap(page, 'removal');

  // Within the grace period, connecting the same profile again brings the account back.
  await removed.getByRole('button', { name: 'Reconnect' }).click();
  await expect(page).toHaveURL(/\/sandbox\/connect\//);
  await expect(page.getByRole('radio', { name: new RegExp(`@${username}`) })).toBeChecked();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText(`Instagram account @${username} connected`)).toBeVisible();
  await expect(card).toBeVisible();
  await expect(removals).toBeHidden();
});

test('connects Facebook and chooses the page it acts as', async ({ page }) => {
  await signInWithDms(page);
  const username = `brand${randomBytes(3).toString('hex')}`;
  await page.goto('/accounts');

  await page.getByRole('button', { name: 'Connect Facebook' }).click();
  await approveConsent(page, 'Facebook', username);
  await expect(page.getByText(`Facebook account @${username} connected`)).toBeVisible();

  const card = page.getByRole('region', { name: `Facebook account @${username}` });
  await expect(card.getByText('No page selected')).toBeVisible();
  // Without a page, DMs cannot be enabled: the API's 400 message is shown.
  await card.getByRole('button', { name: 'Enable direct messages' }).click();
  await expect(page.getByText(/No page is selected for this Facebook account/)).toBeVisible();

  await card.getByRole('button', { name: 'Choose page' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose page' });
  await expect(dialog.getByRole('radio')).toHaveCount(2);
  // The sandbox gives each new Facebook profile an "… Official" and an "… Community" page.
  const official = dialog.getByRole('radio', { name: /Official/ });
  const pageName = (await official.getAttribute('data-name'))!;
  await official.check();
  await snap(page, 'choose-page');
  await dialog.getByRole('button', { name: 'Use this page' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Facebook now acts as “${pageName}”`)).toBeVisible();

  // The card now carries the page's identity.
  const pageCard = page.getByRole('region', { name: /^Facebook account @/ });
  await expect(pageCard.getByText(pageName, { exact: true }).first()).toBeVisible();
  await expect(pageCard.getByRole('button', { name: 'Change page' })).toBeVisible();
  await expect(pageCard.getByText('No page selected')).toHaveCount(0);

  // Copy to another team, leaving the page behind: that team picks its own.
  const session = await (await page.request.get('/api/v1/auth/session')).json();
  const created = await page.request.post('/api/v1/team', { data: { name: 'Second team' }, headers: { 'x-csrf-token': session.csrfToken } });
  expect(created.status()).toBe(200);
  await page.reload();
  await pageCard.getByRole('button', { name: 'More actions for Facebook' }).click();
  await page.getByRole('menuitem', { name: 'Copy to another team' }).click();
  const copyDialog = page.getByRole('dialog', { name: 'Copy to another team' });
  await copyDialog.getByRole('combobox', { name: 'Team' }).selectOption({ label: 'Second team' });
  await copyDialog.getByRole('checkbox', { name: /Choose the page again in that team/ }).check();
  await copyDialog.getByRole('button', { name: 'Copy account' }).click();
  await expect(page.getByText('Facebook copied to “Second team”')).toBeVisible();
  await page.getByRole('button', { name: /^Switch team/ }).click();
  await page.getByRole('menuitemradio', { name: 'Second team' }).click();
  await expect(page.getByRole('heading', { name: 'Accounts' })).toBeVisible();
  await expect(page.getByText('The social accounts “Second team” publishes to and listens on.')).toBeVisible();
  await expect(page.getByRole('region', { name: `Facebook account @${username}` }).getByText('No page selected')).toBeVisible();
});
