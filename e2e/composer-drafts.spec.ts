import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { testMedia } from '../server/test/test-media';
import { expect, test, type SeededUser } from './fixtures';

// Set COMPOSER_SCREENSHOTS=/some/dir to keep screenshots of the composer at desktop and phone sizes.
const SHOTS = process.env.COMPOSER_SCREENSHOTS;

type SavedPost = { id: string; status: string; data: Record<string, Record<string, unknown>> };

async function apiFor(playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } }, baseURL: string | undefined, user: SeededUser) {
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': user.org.apiKey } });
}

async function connect(api: APIRequestContext, teamId: string, type: string) {
  const response = await api.post('/api/v1/sandbox/accounts', {
    data: { teamId, type, username: `e2e_${type.toLowerCase()}_${randomBytes(3).toString('hex')}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function upload(api: APIRequestContext, teamId: string, name: 'square-1080.jpg' | 'vertical-3s.mp4') {
  const mimeType = name.endsWith('.mp4') ? 'video/mp4' : 'image/jpeg';
  const response = await api.post('/api/v1/upload/create', { multipart: { teamId, file: { name, mimeType, buffer: await testMedia(name) } } });
  expect(response.status(), await response.text()).toBe(200);
}

async function posts(api: APIRequestContext, teamId: string): Promise<SavedPost[]> {
  return ((await (await api.get('/api/v1/post', { params: { teamId } })).json()) as { items: SavedPost[] }).items;
}

async function openComposer(page: Page) {
  await page.goto('/posts');
  await page.getByRole('main').getByRole('link', { name: 'New post' }).first().click();
  await expect(page.getByRole('heading', { name: 'New post' })).toBeVisible();
}

const sidebarLink = (page: Page, name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true }).first();

test('typing saves a draft; it is there after leaving and coming back', async ({ page, signedInUser, playwright, baseURL }) => {
  const api = await apiFor(playwright, baseURL, signedInUser);
  const teamId = signedInUser.org.teamId;
  await connect(api, teamId, 'MASTODON');

  await openComposer(page);
  await page.getByRole('checkbox', { name: /^Mastodon / }).click();
  const text = page.getByRole('textbox', { name: 'Text', exact: true });
  await text.click();
  await page.keyboard.type('Autumn blend is back');
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' }).first()).toBeVisible();
  // The address becomes the draft's edit page; the person keeps typing where they were.
  await expect(page).toHaveURL(/\/posts\/[^/]+\/edit/);
  await expect(text).toBeFocused();
  await page.keyboard.type(' on Monday');
  await expect(text).toHaveValue('Autumn blend is back on Monday');
  await expect
    .poll(async () => (await posts(api, teamId)).map((post) => [post.status, post.data.MASTODON?.text]))
    .toEqual([['DRAFT', 'Autumn blend is back on Monday']]);

  // Leaving saves what is left and does not ask; the way back finds the draft.
  await sidebarLink(page, 'Calendar').click();
  await expect(page).toHaveURL(/\/calendar/);
  await page.goBack();
  await expect(page.getByRole('textbox', { name: 'Text', exact: true })).toHaveValue('Autumn blend is back on Monday');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Edit post' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Text', exact: true })).toHaveValue('Autumn blend is back on Monday');
  expect(await posts(api, teamId)).toHaveLength(1);
  await api.dispose();
});

test('leaving with work that cannot be saved yet asks first', async ({ page, signedInUser, playwright, baseURL }) => {
  const api = await apiFor(playwright, baseURL, signedInUser);
  await connect(api, signedInUser.org.teamId, 'MASTODON');
  await openComposer(page);
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill('A note before choosing where it goes');
  await expect(page.getByRole('status').filter({ hasText: 'Choose an account to save a draft.' }).first()).toBeVisible();

  await sidebarLink(page, 'Calendar').click();
  const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('textbox', { name: 'Text', exact: true })).toHaveValue('A note before choosing where it goes');
  await expect(page).toHaveURL(/\/posts\/new/);

  await sidebarLink(page, 'Calendar').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/calendar/);
  await api.dispose();
});

test('YouTube has its own title; the shared text is its description', async ({ page, signedInUser, playwright, baseURL }) => {
  const api = await apiFor(playwright, baseURL, signedInUser);
  const teamId = signedInUser.org.teamId;
  await connect(api, teamId, 'YOUTUBE');
  await upload(api, teamId, 'vertical-3s.mp4');

  await page.setViewportSize({ width: 1440, height: 900 });
  await openComposer(page);
  await page.getByRole('checkbox', { name: /^YouTube / }).click();
  const caption = 'How we roast our autumn blend, from green beans to the first cup. '.repeat(3).trim();
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill(caption);
  await page.getByRole('checkbox', { name: /^Attach Video/ }).click();

  const youtube = page.getByRole('tabpanel', { name: /YouTube/ });
  const title = youtube.getByRole('textbox', { name: 'YouTube title' });
  // The long caption is not the title: the title is asked for on its own.
  await expect(title).toHaveValue('');
  await expect(youtube.getByRole('alert')).toContainText('Title: Required.');
  await title.fill('Roasting the autumn blend');
  await expect(page.getByRole('tab', { name: /^YouTube/ })).not.toHaveAccessibleName(/problem/);
  await expect(youtube.getByRole('combobox', { name: 'Who can watch' })).toBeVisible();
  await expect(youtube.getByRole('option', { name: 'Anyone with the link' })).toBeAttached();
  await expect(youtube.getByRole('button', { name: /More options/ })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/composer-youtube-1440.png`, fullPage: true });

  await expect.poll(async () => (await posts(api, teamId))[0]?.data.YOUTUBE).toMatchObject({ text: 'Roasting the autumn blend', description: caption });
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/composer-youtube-390.png` });
    await page.screenshot({ path: `${SHOTS}/composer-youtube-390-full.png`, fullPage: true });
  }
  await api.dispose();
});

test('alt text written in the media strip reaches the platforms', async ({ page, signedInUser, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const api = await apiFor(playwright, baseURL, signedInUser);
  const teamId = signedInUser.org.teamId;
  for (const type of ['BLUESKY', 'INSTAGRAM', 'TWITTER', 'THREADS', 'FACEBOOK', 'YOUTUBE']) await connect(api, teamId, type);
  await upload(api, teamId, 'square-1080.jpg');

  await page.setViewportSize({ width: 1440, height: 900 });
  await openComposer(page);
  for (const name of [/^Bluesky /, /^Instagram /, /^X /, /^Threads /, /^Facebook /, /^YouTube /]) await page.getByRole('checkbox', { name }).click();
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill('Two flat whites, one table');
  await page.getByRole('checkbox', { name: /^Attach Image/ }).click();
  await page.getByRole('textbox', { name: /^Alt text for image 1/ }).fill('Two flat whites on a wooden counter');

  // Six platforms: every tab stays in sight, YouTube's problem badge too.
  const youtubeTab = page.getByRole('tab', { name: /^YouTube/ });
  await expect(youtubeTab).toHaveAccessibleName(/problem/);
  const strip = await page.getByRole('tablist', { name: 'Platforms' }).boundingBox();
  const tab = await youtubeTab.boundingBox();
  expect(tab!.x + tab!.width).toBeLessThanOrEqual(strip!.x + strip!.width);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/composer-six-platforms-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tablist', { name: 'Platforms' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/composer-six-platforms-390.png` });
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  await page.getByRole('checkbox', { name: /^YouTube / }).click();
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page).toHaveURL(/\/posts(\?|$)/);
  const [saved] = await posts(api, teamId);
  expect(saved!.data.BLUESKY!.mediaItems).toEqual([{ uploadId: expect.any(String), altText: 'Two flat whites on a wooden counter' }]);
  expect(saved!.data.INSTAGRAM!.altText).toBe('Two flat whites on a wooden counter');

  // Opened again, the alt text is back in the strip.
  await page.goto(`/posts/${saved!.id}/edit`);
  await expect(page.getByRole('textbox', { name: /^Alt text for image 1/ })).toHaveValue('Two flat whites on a wooden counter');
  await api.dispose();
});

test('a draft that breaks a rule is saved with its problems; places and flairs are picked from lists', async ({ page, signedInUser, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const api = await apiFor(playwright, baseURL, signedInUser);
  const teamId = signedInUser.org.teamId;
  for (const type of ['BLUESKY', 'INSTAGRAM', 'REDDIT']) await connect(api, teamId, type);
  await upload(api, teamId, 'square-1080.jpg');

  await page.setViewportSize({ width: 1440, height: 900 });
  await openComposer(page);
  await page.getByRole('checkbox', { name: /^Bluesky / }).click();
  const long = 'Our autumn blend is back, roasted a little darker this year. '.repeat(6).trim();
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill(long);
  // Over Bluesky's 300 characters: saved anyway (decision 090), with the problem shown and counted.
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /Draft saved at .* · 1 problem to fix before publishing/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Bluesky/ })).toHaveAccessibleName(/problem/);
  await expect.poll(async () => (await posts(api, teamId)).map((post) => [post.status, post.data.BLUESKY?.text])).toEqual([['DRAFT', long]]);

  // Instagram's location: searched by name, chosen from the list.
  await page.getByRole('checkbox', { name: /^Instagram / }).click();
  await page.getByRole('checkbox', { name: /^Attach Image/ }).click();
  await page.getByRole('tab', { name: /^Instagram/ }).click();
  const instagram = page.getByRole('tabpanel', { name: /Instagram/ });
  await instagram.getByRole('searchbox', { name: 'Location' }).fill('paris');
  const place = instagram.getByRole('list', { name: 'Places' }).getByRole('button').first();
  await expect(place).toContainText('Paris');
  await place.click();
  await expect(instagram.getByRole('button', { name: 'Remove the location' })).toBeVisible();
  await expect.poll(async () => (await posts(api, teamId))[0]?.data.INSTAGRAM?.locationId).toMatch(/^\d+$/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/composer-location-1440.png`, fullPage: true });

  // Reddit's flair: the typed subreddit's flairs, by their text.
  await page.getByRole('checkbox', { name: /^Reddit / }).click();
  await page.getByRole('tab', { name: /^Reddit/ }).click();
  const reddit = page.getByRole('tabpanel', { name: /Reddit/ });
  const flair = reddit.getByRole('combobox', { name: 'Flair' });
  await expect(flair).toBeDisabled();
  await reddit.getByRole('textbox', { name: /^Subreddit/ }).fill('SideProject');
  await expect(flair).toBeEnabled();
  const first = (await flair.getByRole('option').nth(1).getAttribute('value'))!;
  await flair.selectOption(first);
  await expect.poll(async () => (await posts(api, teamId))[0]?.data.REDDIT?.flairId).toBe(first);
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/composer-flair-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await reddit.getByRole('combobox', { name: 'Flair' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/composer-flair-390.png` });
  }
  await api.dispose();
});
