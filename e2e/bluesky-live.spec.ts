import { randomBytes } from 'node:crypto';
import { AtpAgent } from '@atproto/api';
import type { Page } from '@playwright/test';
import { testMedia } from '../server/test/test-media';
import { PDS_PORT } from '../playwright.config';
import { expect, localInputValue, test } from './fixtures';

const pdsUrl = `http://localhost:${PDS_PORT}`;

// Set BLUESKY_SCREENSHOTS=/some/dir to keep screenshots of the journey's main states.
async function snap(page: Page, name: string) {
  const dir = process.env.BLUESKY_SCREENSHOTS;
  if (!dir) return;
  const size = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: 1440, height: Math.min(height, 2400) });
  await page.screenshot({ path: `${dir}/bluesky-${name}.png` });
  if (size) await page.setViewportSize(size);
}

test('connects a live Bluesky account on a real PDS through its OAuth pages, schedules a post with an image and a thread, and sees its permalink', async ({
  page,
  signedInUser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(5 * 60_000);
  // A person with an account on the PDS; they log in there (OAuth), SocialDesk never sees the password.
  const handle = `e2e${randomBytes(3).toString('hex')}.test`;
  const person = new AtpAgent({ service: pdsUrl });
  await person.createAccount({ email: `${handle}@example.com`, handle, password: 'main-password' });
  const did = person.session!.did;

  // A sandbox account beside it: the page tells them apart.
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': signedInUser.org.apiKey } });
  expect((await api.post('/api/v1/sandbox/accounts', { data: { teamId: signedInUser.org.teamId, type: 'MASTODON' } })).status()).toBe(200);

  await page.goto('/accounts');
  await page.getByRole('button', { name: 'Connect Bluesky (live)' }).click();
  await expect(page).toHaveURL(/\/connect\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Connect your Bluesky account' })).toBeVisible();
  await snap(page, 'connect-handle');
  // An app password stays one link away, and the way back is one link too.
  await page.getByRole('link', { name: 'Use an app password instead' }).click();
  await expect(page.getByLabel('App password')).toBeVisible();
  await snap(page, 'connect-app-password');
  await page.getByRole('link', { name: 'Log in on your server instead' }).click();
  // The handle first: its server offers OAuth, so the person logs in there, not on our page.
  await page.getByLabel('Handle', { exact: true }).fill(handle);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`^${pdsUrl}/oauth/authorize`));
  await expect(page.getByRole('textbox', { name: 'Identifier' })).toHaveValue(handle);
  await snap(page, 'pds-sign-in');
  await page.getByRole('textbox', { name: 'Password' }).fill('main-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The server's consent page names what SocialDesk asks for; authorizing sends the person back.
  await expect(page.getByRole('heading', { name: 'Authorize' })).toBeVisible();
  await expect(page.getByText(`Grant access to your ${handle} account`)).toBeVisible();
  await snap(page, 'pds-consent');
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page).toHaveURL(/\/accounts\?/);

  await expect(page.locator('[aria-label^="Bluesky account"]').getByLabel('Live account')).toBeVisible();
  await expect(page.locator('[aria-label^="Mastodon account"]').getByLabel('Sandbox account')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bluesky (live) (connected)' })).toBeDisabled();
  await snap(page, 'accounts-live');

  // The composer: the image for the first post, one more post in the thread.
  await page.goto('/posts');
  await page.getByRole('main').getByRole('link', { name: 'New post' }).first().click();
  await page.getByRole('checkbox', { name: new RegExp(`^Bluesky @${handle.replace('.', '\\.')}`) }).click();
  await page.getByLabel('Upload media files').setInputFiles({ name: 'square-1080.jpg', mimeType: 'image/jpeg', buffer: await testMedia('square-1080.jpg') });
  const library = page.getByRole('list', { name: 'Media library' });
  await expect(library.getByRole('checkbox', { name: /^Attach / })).toBeChecked({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill('Hello from the scheduler, live on Bluesky');
  await page.getByRole('textbox', { name: 'Internal title (optional)' }).fill('Live Bluesky');
  await page.getByRole('tab', { name: /^Bluesky/ }).click();
  const bluesky = page.getByRole('tabpanel', { name: /Bluesky/ });
  await bluesky.getByRole('button', { name: 'Add a thread post' }).click();
  await bluesky.getByRole('textbox', { name: 'Thread post 1' }).fill('And a second post, in the thread');
  await page.getByLabel('Date and time').fill(await localInputValue(page, 60_000));
  await page.getByRole('button', { name: 'Schedule post' }).click();

  await expect(page).toHaveURL(/\/posts\?/);
  const post = page.getByRole('list', { name: 'Posts' }).getByRole('listitem', { name: 'Live Bluesky' });
  await expect(post.getByText('Posted', { exact: true })).toBeVisible({ timeout: 3 * 60_000 });
  const link = post.getByRole('link', { name: 'View on Bluesky' });
  await expect(link).toHaveAttribute('href', new RegExp(`^https://bsky\\.app/profile/${did}/post/[a-z2-7]{13}$`));
  await snap(page, 'posts-posted');

  // On the PDS: the post with its image, and the thread's reply under it.
  const { data } = await person.com.atproto.repo.listRecords({ repo: did, collection: 'app.bsky.feed.post' });
  const rkey = (await link.getAttribute('href'))!.split('/').pop()!;
  const root = data.records.find((record) => record.uri.endsWith(`/${rkey}`))!;
  expect(root.value).toMatchObject({ text: 'Hello from the scheduler, live on Bluesky', embed: { $type: 'app.bsky.embed.images' } });
  const reply = data.records.find((record) => (record.value as { text: string }).text === 'And a second post, in the thread')!;
  expect((reply.value as { reply: { root: { uri: string } } }).reply.root.uri).toBe(root.uri);
  await api.dispose();
});
