import { expect, test } from './fixtures';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('creates an API key, shows it once, and revokes it', async ({ page, signedInUser: _, request }) => {
  await page.goto('/settings/api-keys');
  await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();

  await page.getByRole('button', { name: 'Create API key' }).click();
  const createDialog = page.getByRole('dialog', { name: 'Create API key' });
  await expect(createDialog.getByLabel('Name')).toBeFocused();
  await createDialog.getByRole('button', { name: 'Create key' }).click();
  await expect(createDialog.getByText('Required')).toBeVisible();
  await createDialog.getByLabel('Name').fill('E2E publisher');
  await expect(createDialog.getByRole('checkbox', { name: /read/ })).toBeChecked();
  await expect(createDialog.getByRole('checkbox', { name: /write/ })).toBeChecked();
  await createDialog.getByLabel('Name').press('Enter');

  const keyDialog = page.getByRole('dialog', { name: 'Copy your new API key' });
  await expect(keyDialog.getByText('This is the only time the key is shown.')).toBeVisible();
  const key = await keyDialog.getByLabel('API key').inputValue();
  expect(key.length).toBeGreaterThan(20);
  await keyDialog.getByRole('button', { name: 'Copy' }).click();
  await expect(keyDialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  // The key is real: it authenticates against the public API on its own, without the session.
  expect((await request.get('/api/v1/team', { headers: { 'x-api-key': key } })).status()).toBe(200);

  await keyDialog.getByRole('button', { name: 'I have saved the key' }).click();
  await expect(keyDialog).toBeHidden();
  const row = page.getByRole('row', { name: /E2E publisher/ });
  await expect(row).toContainText(key.slice(0, 10));
  await expect(row).toContainText('Active');
  await expect(row).toContainText('read');
  await expect(row).toContainText('write');

  // Shown once: after a reload only the prefix is left.
  await page.reload();
  await expect(page.getByRole('row', { name: /E2E publisher/ })).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);

  await page.getByRole('button', { name: 'Revoke E2E publisher' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke the key “E2E publisher”?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('row', { name: /E2E publisher/ })).toContainText('Revoked');
  await expect(page.getByRole('button', { name: 'Revoke E2E publisher' })).toHaveCount(0);

  expect((await request.get('/api/v1/team', { headers: { 'x-api-key': key } })).status()).toBe(401);
});
