import { expect, loginAs, test } from './fixtures';

test('signs in, lands where the person was going, and signs out', async ({ page, user }) => {
  await page.goto('/settings/teams');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const form = page.getByRole('form', { name: 'Sign in' });
  await expect(form.getByLabel('Email')).toBeFocused();

  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('Password').fill('not-the-password');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(form.getByRole('alert')).toHaveText('Wrong email or password');
  await expect(page).toHaveURL(/\/login/);

  await form.getByLabel('Password').fill(user.password);
  await form.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/settings\/teams\?team=/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const sidebar = page.getByRole('complementary');
  await expect(sidebar.getByText(user.org.name)).toBeVisible();
  await expect(sidebar.getByText('PRO', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Account menu for ${user.email}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  // The session ended on the server too, not only in the page.
  expect((await page.request.get('/api/v1/auth/session')).status()).toBe(401);
  await page.goto('/posts');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fposts/);
});

test('every section of the navigation opens its page and keeps the selected team', async ({ page, signedInUser: _ }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/posts\?team=/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  // Each section's own journeys are in its spec file; here only the navigation between them.
  for (const section of ['Inbox', 'Reviews', 'Automations', 'Calendar', 'Posts']) {
    await nav.getByRole('link', { name: section }).click();
    await expect(page.getByRole('heading', { name: section, level: 1 })).toBeVisible();
    await expect(page.getByText(/is not built yet/)).toHaveCount(0);
    await expect(nav.getByRole('link', { name: section })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveURL(/[?&]team=/);
  }
});

test('signs out everywhere from the account menu: other browsers lose their session too', async ({ page, browser, signedInUser: user }) => {
  // The dashboard runs under the server's Content-Security-Policy: a violation would show here.
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await elsewhere.newPage();
  await loginAs(other, user);
  expect((await other.request.get('/api/v1/auth/session')).status()).toBe(200);

  await page.goto('/');
  await page.getByRole('button', { name: `Account menu for ${user.email}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  expect((await page.request.get('/api/v1/auth/session')).status()).toBe(401);
  expect((await other.request.get('/api/v1/auth/session')).status()).toBe(401);
  await elsewhere.close();
  expect(violations).toEqual([]);
});
