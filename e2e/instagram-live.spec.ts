import type { Page } from '@playwright/test';
import { META_CONTROL_PORT } from '../playwright.config';
import { createOrg, createUser, expect, loginAs, test } from './fixtures';

/** The Meta stand-in's control port (e2e/meta/start-meta-stand-in.ts). */
const control = `http://127.0.0.1:${META_CONTROL_PORT}`;
/** The Instagram professional account the stand-in's Instagram Login logs in as. */
const ADA = { id: '17841405551230001', username: 'ada.codes' };
const LINA = { id: '7000000000000301', name: 'Lina Park', username: 'lina.park' };

// Set INSTAGRAM_SCREENSHOTS=/some/dir to keep screenshots of the journey's main states.
async function snap(page: Page, name: string) {
  const dir = process.env.INSTAGRAM_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/instagram-live-${name}.png`, fullPage: true });
}

test('connects a live Instagram account with Instagram Login, turns DMs on and answers a DM that Meta delivered by signed webhook', async ({ page }) => {
  test.setTimeout(120_000);
  const org = await createOrg(undefined, { enable: ['dms'] });
  await loginAs(page, await createUser(org));

  await page.goto('/accounts');
  // This server's PUBLIC_URL is a loopback address: the page says Instagram cannot fetch media from it.
  await expect(page.getByRole('alert')).toContainText('PUBLIC_URL (http://127.0.0.1:');
  await expect(page.getByRole('alert')).toContainText('Instagram cannot fetch the media of your posts');
  await expect(page.getByLabel('Instagram login')).toHaveValue('INSTAGRAM');
  await snap(page, 'accounts');
  await page.getByRole('button', { name: 'Connect Instagram (live)' }).click();

  // Instagram's authorization window (the stand-in's), asking for messaging too.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('instagram_business_manage_messages')).toBeVisible();
  await snap(page, 'consent');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/accounts/);
  await expect(page.getByText(`Instagram account @${ADA.username} connected`)).toBeVisible();

  const card = page.getByRole('region', { name: `Instagram account @${ADA.username}` });
  await expect(card.getByText('Live', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Enable direct messages' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();

  // Lina writes to Ada on Instagram; Meta posts the signed webhook to /webhooks/meta.
  const written = await fetch(`${control}/person-writes`, {
    method: 'POST',
    body: JSON.stringify({ account: ADA.id, object: 'instagram', signedBy: 'instagram', person: LINA, text: 'Do you ship to Lisbon?' }),
  });
  expect(await written.json()).toMatchObject({ webhookStatus: 200 });

  await page.goto('/inbox');
  // Meta's webhook names no one: the inbox asks Instagram's profile API who wrote, and shows it.
  const row = page.getByRole('option', { name: 'Lina Park, 1 unread' });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await row.click();
  const thread = page.getByRole('log', { name: 'Messages' });
  await expect(thread.getByRole('article', { name: 'They: Do you ship to Lisbon?' })).toBeVisible();

  await page.keyboard.press('r');
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Yes, in 3 to 5 days.');
  await page.keyboard.press('Control+Enter');
  await expect(thread.getByRole('article', { name: 'You: Yes, in 3 to 5 days.' })).toBeVisible();
  await snap(page, 'inbox');

  // The reply went out through Instagram's Send API, to Lina.
  const sent = (await (await fetch(`${control}/sent?account=${ADA.id}`)).json()) as { text: string | null; to?: string }[];
  expect(sent.map((message) => message.text)).toEqual(['Yes, in 3 to 5 days.']);
});
