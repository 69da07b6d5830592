import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { testMedia } from '../server/test/test-media';
import { expect, test as base } from './fixtures';

type Account = { id: string; type: string; username: string };
type Planner = { api: APIRequestContext; teamId: string; mastodon: Account; threads: Account };

// Set CALENDAR_SCREENSHOTS=/some/dir to keep screenshots of the views at 1440×900 and 390×844.
async function snap(page: Page, name: string) {
  const dir = process.env.CALENDAR_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

/** The signed-in user's team with sandbox Mastodon and Threads accounts. */
const test = base.extend<{ planner: Planner }>({
  planner: async ({ signedInUser, playwright, baseURL }, use) => {
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': signedInUser.org.apiKey } });
    const teamId = signedInUser.org.teamId;
    const connect = async (type: string) => {
      const response = await api.post('/api/v1/sandbox/accounts', {
        data: { teamId, type, username: `e2e_${type.toLowerCase()}_${randomBytes(3).toString('hex')}` },
      });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as Account;
    };
    await use({ api, teamId, mastodon: await connect('MASTODON'), threads: await connect('THREADS') });
    await api.dispose();
  },
});

// A zone far from UTC: the calendar's local days and the quota's UTC days differ for half of each day.
test.use({ timezoneId: 'Pacific/Auckland' });

/** A wall-clock time `days` from today in the browser's zone, with the words the calendar labels it by. */
type Moment = { iso: string; ymd: string; local: string; long: string; short: string; weekday: number };
function moment(page: Page, days: number, hours: number, minutes: number): Promise<Moment> {
  return page.evaluate(
    ([days, hours, minutes]) => {
      const now = new Date();
      const at = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, hours, minutes);
      const pad = (n: number) => String(n).padStart(2, '0');
      const ymd = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
      return {
        iso: at.toISOString(),
        ymd,
        local: `${ymd}T${pad(hours)}:${pad(minutes)}`,
        long: at.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric' }),
        short: at.toLocaleDateString('en-US', { month: 'long', day: 'numeric' }),
        weekday: at.getDay(),
      };
    },
    [days, hours, minutes] as const,
  );
}

type NewPost = { title: string; at: string; status?: 'DRAFT' | 'SCHEDULED'; uploadIds?: string[]; threadsOnly?: boolean };

async function schedule(planner: Planner, input: NewPost) {
  const text = `${input.title}. Fresh from the roastery.`;
  const platforms = input.threadsOnly ? { THREADS: { text } } : { MASTODON: { text, uploadIds: input.uploadIds }, THREADS: { text } };
  const created = await planner.api.post('/api/v1/post', {
    data: {
      teamId: planner.teamId,
      title: input.title,
      postDate: input.at,
      status: input.status ?? 'SCHEDULED',
      socialAccountTypes: Object.keys(platforms),
      data: platforms,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { id: string }).id;
}

const postDateOf = async (planner: Planner, id: string) => ((await (await planner.api.get(`/api/v1/post/${id}`)).json()) as { postDate: string }).postDate;

test('drags a post to another day and hour in the week, moves it by keys, and plans a new post from an empty slot', async ({ page, planner }) => {
  // Four pages and two composers: more than the default minute on a busy machine.
  test.setTimeout(3 * 60_000);
  const image = await planner.api.post('/api/v1/upload/create', {
    multipart: { teamId: planner.teamId, file: { name: 'beans.jpg', mimeType: 'image/jpeg', buffer: await testMedia('square-1080.jpg') } },
  });
  expect(image.status(), await image.text()).toBe(200);
  const { id: imageId } = (await image.json()) as { id: string };

  // Next week or the one after, so every slot of the day is still ahead; the target is another day of the same week.
  const from = await moment(page, 8, 10, 0);
  const targetDays = from.weekday === 0 ? 7 : 9;
  const to = await moment(page, targetDays, 14, 30);
  const title = 'Roast notes for the week ahead: the Ethiopian natural';
  const id = await schedule(planner, { title, at: from.iso, uploadIds: [imageId] });

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/calendar?view=week&date=${from.ymd}`);
  const chip = page.getByRole('list', { name: `Posts on ${from.short} at 10:00` }).getByRole('button', { name: /^Roast notes/ });
  await expect(chip).toBeVisible();
  // A readable title (two lines, the whole of it on hover) and the first picture.
  await expect(chip).toHaveAttribute('title', new RegExp(title));
  await expect(chip).toContainText('Roast notes for the week');
  await expect(chip.locator('img')).toHaveAttribute('src', /\S/);
  await snap(page, 'calendar-week-1440');

  await chip.dragTo(page.getByRole('button', { name: `New post on ${to.long} at 14:30` }));
  const moved = page.getByRole('list', { name: `Posts on ${to.short} at 14:30` }).getByRole('button', { name: /^Roast notes/ });
  await expect(moved).toBeVisible();
  await expect(page.getByRole('list', { name: `Posts on ${from.short} at 10:00` })).toHaveCount(0);
  await expect.poll(() => postDateOf(planner, id)).toBe(to.iso);

  // The keyboard way: Alt+Down is half an hour later.
  await moved.focus();
  await page.keyboard.press('Alt+ArrowDown');
  const later = await moment(page, targetDays, 15, 0);
  await expect.poll(() => postDateOf(planner, id)).toBe(later.iso);
  await expect(page.getByRole('list', { name: `Posts on ${to.short} at 15:00` }).getByRole('button', { name: /^Roast notes/ })).toBeVisible();

  // An empty slot opens the composer at its day and time.
  const slot = await moment(page, 8, 16, 0);
  await page.getByRole('button', { name: `New post on ${slot.long} at 16:00` }).click();
  await expect(page.getByRole('heading', { name: 'New post' })).toBeVisible();
  await expect(page.getByLabel('Date and time')).toHaveValue(slot.local);

  // So does an empty day of the month, in the morning.
  const day = await moment(page, 8, 9, 0);
  await page.goto(`/calendar?view=month&date=${day.ymd}`);
  await page.getByRole('button', { name: `New post on ${day.long} at 09:00` }).click();
  await expect(page.getByRole('heading', { name: 'New post' })).toBeVisible();
  await expect(page.getByLabel('Date and time')).toHaveValue(day.local);
});

test('a month asks for the daily limits once; the list view and its filters live in the URL; a phone opens the list', async ({ page, planner }) => {
  test.setTimeout(3 * 60_000);
  const first = await moment(page, 8, 11, 0);
  const second = await moment(page, 9, 18, 45);
  await schedule(planner, { title: 'Cupping session', at: first.iso });
  await schedule(planner, { title: 'Autumn blend launch with the whole team', at: second.iso });
  await schedule(planner, { title: 'Draft: holiday hours', at: second.iso, status: 'DRAFT', threadsOnly: true });

  const limitRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/organization/usage/daily-limits')) limitRequests.push(request.url());
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/calendar?view=month&date=${first.ymd}`);
  await expect(page.getByRole('group', { name: first.long }).getByRole('button', { name: /^Cupping session/ })).toBeVisible();
  await expect(page.getByRole('group', { name: second.long }).getByRole('button', { name: /^(Autumn blend|Draft: holiday)/ })).toHaveCount(2);
  // Live updates connected: what used to refetch everything on connecting has had its chance.
  await expect(page.getByTitle(/^Live updates on/)).toBeAttached();
  await expect.poll(() => limitRequests.length).toBe(1);
  const asked = new URL(limitRequests[0]!);
  expect(asked.pathname).toBe('/api/v1/organization/usage/daily-limits/range');
  expect(asked.searchParams.get('teamId')).toBe(planner.teamId);
  expect(asked.searchParams.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await snap(page, 'calendar-month-1440');
  // Another month: one more.
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect.poll(() => limitRequests.length).toBe(2);

  // The list, filtered to drafts; the filter is in the address and survives a reload.
  await page.goto(`/calendar?view=agenda&date=${second.ymd}`);
  const list = page.getByRole('list', { name: `Posts on ${second.short}` });
  await expect(list.getByRole('button')).toHaveCount(2);
  await expect(list).toContainText('Autumn blend launch with the whole team');
  await snap(page, 'calendar-list-1440');
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Draft' });
  await expect(page).toHaveURL(/status=DRAFT/);
  await expect(list.getByRole('button')).toHaveCount(1);
  await expect(list).toContainText('Draft: holiday hours');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('DRAFT');
  await expect(page.getByRole('list', { name: `Posts on ${second.short}` }).getByRole('button')).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'All statuses' });
  await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: `Mastodon @${planner.mastodon.username.replace(/^@/, '')}` });
  await expect(page).toHaveURL(new RegExp(`account=${planner.mastodon.id}`));
  await expect(page.getByRole('list', { name: `Posts on ${second.short}` }).getByRole('button')).toHaveCount(1);
  await expect(page.getByRole('list', { name: `Posts on ${second.short}` })).toContainText('Autumn blend launch');

  // A phone: the list by default, every title whole; the month stays a choice.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/calendar?date=${second.ymd}`);
  await expect(page.getByRole('radio', { name: 'List' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('list', { name: `Posts on ${second.short}` })).toContainText('Autumn blend launch with the whole team');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, 'calendar-list-390');
  await page.getByRole('radio', { name: 'Month' }).click();
  await expect(page.getByRole('group', { name: second.long }).getByRole('button', { name: /^Autumn blend/ })).toBeVisible();
  await snap(page, 'calendar-month-390');
  await page.getByRole('radio', { name: 'Week' }).click();
  await expect(page.getByRole('list', { name: `Posts on ${second.short} at 18:30` })).toBeVisible();
  await snap(page, 'calendar-week-390');
});
