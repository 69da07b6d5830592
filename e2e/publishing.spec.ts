import { randomBytes } from 'node:crypto';
import { addDays, format } from 'date-fns';
import type { APIRequestContext, Page } from '@playwright/test';
import { testMedia } from '../server/test/test-media';
import { expect, localInputValue, test as base } from './fixtures';

/** A 3 s vertical H.264 clip, generated on first use (ffmpeg from @ffmpeg-installer). */
const video = async () => ({ name: 'vertical-3s.mp4', mimeType: 'video/mp4', buffer: await testMedia('vertical-3s.mp4') });

type Account = { id: string; type: string; username: string };
type Publishing = { api: APIRequestContext; teamId: string; instagram: Account; youtube: Account };

// Set PUBLISHING_SCREENSHOTS=/some/dir to keep screenshots of the pages' main states.
async function snap(page: Page, name: string) {
  const dir = process.env.PUBLISHING_SCREENSHOTS;
  if (!dir) return;
  const size = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: 1440, height: Math.min(height, 2400) });
  await page.screenshot({ path: `${dir}/${name}.png` });
  if (size) await page.setViewportSize(size);
}

/** The signed-in user's team with sandbox Instagram and YouTube accounts, connected through the API with the org's key. */
const test = base.extend<{ publishing: Publishing }>({
  publishing: async ({ signedInUser, playwright, baseURL }, use) => {
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': signedInUser.org.apiKey } });
    const teamId = signedInUser.org.teamId;
    const connect = async (type: string, extra: Record<string, unknown> = {}) => {
      const response = await api.post('/api/v1/sandbox/accounts', { data: { teamId, type, ...extra } });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as Account;
    };
    const suffix = randomBytes(3).toString('hex');
    const instagram = await connect('INSTAGRAM', { username: `e2e_ig_${suffix}` });
    const youtube = await connect('YOUTUBE', { username: `e2e_yt_${suffix}`, channelName: 'E2E Kitchen' });
    await use({ api, teamId, instagram, youtube });
    await api.dispose();
  },
});

const LONG_TEXT =
  'Behind the scenes in our test kitchen: three seconds of the new vertical tour, with the chefs, the ovens and the very first tasting of the season.';

test('composes for Instagram and YouTube with a video, fixes the YouTube title, schedules it and sees it posted', async ({ page, publishing }) => {
  // Publishing waits for the scheduled minute, then for the worker.
  test.setTimeout(5 * 60_000);
  expect(LONG_TEXT.length).toBeGreaterThan(100);

  await page.goto('/posts');
  await expect(page.getByText('No posts yet')).toBeVisible();
  await snap(page, 'posts-empty');
  await page.getByRole('main').getByRole('link', { name: 'New post' }).first().click();
  await expect(page.getByRole('heading', { name: 'New post' })).toBeVisible();

  // Usernames come back as the platform shows them (YouTube answers with the channel's @handle).
  const handle = (account: Account) => `@${account.username.replace(/^@/, '')}`;
  await page.getByRole('checkbox', { name: `Instagram ${handle(publishing.instagram)}` }).click();
  await page.getByRole('checkbox', { name: `YouTube ${handle(publishing.youtube)}` }).click();
  await expect(page.getByRole('tab', { name: /Instagram/ })).toBeVisible();

  // Through the library's file input; the upload is attached to every platform when it finishes.
  await page.getByLabel('Upload media files').setInputFiles(await video());
  const library = page.getByRole('list', { name: 'Media library' });
  await expect(library.getByRole('checkbox', { name: /^Attach Video/ })).toBeChecked({ timeout: 30_000 });

  await page.getByRole('textbox', { name: 'Text', exact: true }).fill(LONG_TEXT);
  await page.getByRole('textbox', { name: 'Internal title (optional)' }).fill('Kitchen tour');

  // YouTube asks for a title of its own (the shared text becomes its description): flagged live on the YouTube tab only.
  const youtubeTab = page.getByRole('tab', { name: /YouTube/ });
  const instagramTab = page.getByRole('tab', { name: /Instagram/ });
  await expect(youtubeTab).toHaveAccessibleName(/1 problem/);
  await expect(instagramTab).not.toHaveAccessibleName(/problem/);
  await youtubeTab.click();
  const youtube = page.getByRole('tabpanel', { name: /YouTube/ });
  await expect(youtube.getByRole('alert', { name: 'Problems on YouTube' })).toContainText('Title: Required.');
  const title = youtube.getByRole('textbox', { name: 'YouTube title' });
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toHaveValue('');
  await expect(youtube.getByRole('combobox', { name: 'Who can watch' })).toBeVisible();
  await expect(youtube.getByRole('switch', { name: 'Made for kids' })).toBeVisible();
  await snap(page, 'composer-youtube-title-flagged');

  // Saving is refused while a tab has problems.
  await page.getByRole('button', { name: 'Schedule post' }).click();
  await expect(page.getByText('Fix the problems marked on the YouTube tab first')).toBeVisible();

  await title.fill('Our vertical kitchen tour');
  await expect(youtubeTab).not.toHaveAccessibleName(/problem/);
  await expect(youtube.getByRole('alert', { name: 'Problems on YouTube' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Checks per platform' })).toContainText('YouTubeReady');

  // One minute ahead, on the browser's clock and time zone (the composer's default).
  await page.getByLabel('Date and time').fill(await localInputValue(page, 60_000));
  await expect(page.getByText(/^That is \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/)).toBeVisible();
  await page.getByRole('button', { name: 'Schedule post' }).click();

  await expect(page).toHaveURL(/\/posts\?/);
  const post = page.getByRole('list', { name: 'Posts' }).getByRole('listitem', { name: 'Kitchen tour' });
  await expect(post.getByText(/^(Scheduled|Publishing|Posted)$/)).toBeVisible();

  // The list refreshes by itself while a post is due; the sandbox platforms publish it.
  await expect(post.getByText('Posted', { exact: true })).toBeVisible({ timeout: 3 * 60_000 });
  await expect(post.getByRole('link', { name: 'View on YouTube' })).toHaveAttribute('href', /^https?:\/\/\S+/);
  await expect(post.getByRole('link', { name: 'View on Instagram' })).toHaveAttribute('href', /^https?:\/\/\S+/);
  await snap(page, 'posts-posted');

  const listed = await publishing.api.get('/api/v1/post', { params: { teamId: publishing.teamId } });
  const [saved] = ((await listed.json()) as { items: { status: string; data: Record<string, { text?: string }> }[] }).items;
  expect(saved).toMatchObject({
    status: 'POSTED',
    data: { YOUTUBE: { text: 'Our vertical kitchen tour', description: LONG_TEXT }, INSTAGRAM: { text: LONG_TEXT } },
  });
});

test('drags a scheduled post to another day on the calendar and keeps its time', async ({ page, publishing }) => {
  const { api, teamId } = publishing;
  const upload = await api.post('/api/v1/upload/create', {
    multipart: { teamId, file: await video() },
  });
  expect(upload.status()).toBe(200);
  const { id: videoId } = (await upload.json()) as { id: string };

  // Two days ahead at 10:00 on this machine's clock (the browser runs here too); the target is a neighbouring day of the same week.
  const day = addDays(new Date(), 2);
  day.setHours(10, 0, 0, 0);
  const target = day.getDay() === 0 ? addDays(day, -1) : addDays(day, 1);
  const created = await api.post('/api/v1/post', {
    data: {
      teamId,
      title: 'Calendar move',
      postDate: day.toISOString(),
      status: 'SCHEDULED',
      socialAccountTypes: ['YOUTUBE'],
      data: { YOUTUBE: { text: 'Calendar move', uploadIds: [videoId] } },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id: postId } = (await created.json()) as { id: string };

  // The month view: a day dropped on keeps the time (the week's hour grid moves the time too: e2e/calendar.spec.ts).
  await page.goto(`/calendar?view=month&date=${format(day, 'yyyy-MM-dd')}`);
  const from = page.getByRole('group', { name: format(day, 'EEEE, MMMM d') });
  const to = page.getByRole('group', { name: format(target, 'EEEE, MMMM d') });
  const chip = from.getByRole('button', { name: /^Calendar move, 10:00/ });
  await expect(chip).toBeVisible();
  await snap(page, 'calendar-month');

  await chip.dragTo(to);
  await expect(to.getByRole('button', { name: /^Calendar move, 10:00/ })).toBeVisible();
  await expect(from.getByRole('button', { name: /^Calendar move/ })).toHaveCount(0);
  await expect(page.getByText(`“Calendar move” moved to ${format(target, 'EEE, MMM d')}, 10:00`)).toBeVisible();

  const moved = await api.get(`/api/v1/post/${postId}`);
  const expected = new Date(target);
  expected.setHours(10, 0, 0, 0);
  expect(((await moved.json()) as { postDate: string }).postDate).toBe(expected.toISOString());

  // Still there after a reload, in the month view too; clicking it opens the post.
  await page.goto(`/calendar?date=${format(target, 'yyyy-MM-dd')}`);
  const movedChip = page.getByRole('group', { name: format(target, 'EEEE, MMMM d') }).getByRole('button', { name: /^Calendar move/ });
  await movedChip.click();
  const dialog = page.getByRole('dialog', { name: 'Calendar move' });
  await expect(dialog.getByText('Scheduled')).toBeVisible();
  await snap(page, 'calendar-month-open-post');
  await dialog.getByRole('link', { name: 'Edit post' }).click();
  await expect(page.getByRole('heading', { name: 'Edit post' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^YouTube/ })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('tabpanel', { name: /YouTube/ }).getByRole('textbox', { name: 'YouTube title' })).toHaveValue('Calendar move');

  // Nine more on that day use up the account's daily YouTube posts (10 on PRO): the day says so.
  for (let i = 0; i < 9; i += 1) {
    const more = await api.post('/api/v1/post', {
      data: {
        teamId,
        title: `Busy day ${i + 1}`,
        postDate: expected.toISOString(),
        socialAccountTypes: ['YOUTUBE'],
        data: { YOUTUBE: { text: 'Busy', uploadIds: [videoId] } },
      },
    });
    expect(more.status(), await more.text()).toBe(200);
  }
  await page.goto(`/calendar?date=${format(target, 'yyyy-MM-dd')}`);
  const busy = page.getByRole('group', { name: format(target, 'EEEE, MMMM d') });
  await expect(busy.getByRole('list', { name: 'Daily limit warnings' })).toContainText(/YouTube @\S+ is at its daily limit \(10 of 10 posts/);
  await snap(page, 'calendar-daily-limit');
});

test('shows why a platform refused a post, retries it, filters the list and deletes with confirmation', async ({ page, publishing }) => {
  test.setTimeout(3 * 60_000);
  const { api, teamId } = publishing;
  // The sandbox YouTube refuses the next publish for good.
  const fault = await api.post('/api/v1/sandbox/faults', {
    data: { type: 'YOUTUBE', operation: 'publishing.publish', kind: 'PERMANENT', count: 1, message: 'The video was rejected by the sandbox' },
  });
  expect(fault.status(), await fault.text()).toBe(200);
  const upload = await api.post('/api/v1/upload/create', {
    multipart: { teamId, file: await video() },
  });
  const { id: videoId } = (await upload.json()) as { id: string };
  const created = await api.post('/api/v1/post', {
    data: {
      teamId,
      title: 'Refused video',
      postDate: new Date().toISOString(),
      socialAccountTypes: ['YOUTUBE'],
      data: { YOUTUBE: { text: 'Refused video', uploadIds: [videoId] } },
    },
  });
  expect(created.status(), await created.text()).toBe(200);

  await page.goto('/posts');
  const post = page.getByRole('list', { name: 'Posts' }).getByRole('listitem', { name: 'Refused video' });
  await expect(post.getByText('Failed', { exact: true })).toBeVisible({ timeout: 90_000 });
  await post.getByText('Error details').click();
  await expect(post.getByText('The video was rejected by the sandbox').first()).toBeVisible();
  await snap(page, 'posts-failed');

  await post.getByRole('button', { name: 'Retry Refused video' }).click();
  await expect(page.getByText('“Refused video” will be published again')).toBeVisible();
  await expect(post.getByText('Posted', { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(post.getByRole('link', { name: 'View on YouTube' })).toBeVisible();
  await expect(post.getByText('retried 1×')).toBeVisible();

  // Filters live in the URL.
  await page.getByRole('searchbox', { name: 'Search' }).fill('no such post');
  await expect(page.getByText('No posts match these filters')).toBeVisible();
  await expect(page).toHaveURL(/q=no/);
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('POSTED');
  await expect(post).toBeVisible();

  await post.getByRole('button', { name: 'Delete Refused video' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete “Refused video”?' });
  await expect(confirm).toContainText('What was already published stays on the platforms');
  await confirm.getByRole('button', { name: 'Delete post' }).click();
  await expect(page.getByText('“Refused video” deleted')).toBeVisible();
  await expect(post).toHaveCount(0);
});
