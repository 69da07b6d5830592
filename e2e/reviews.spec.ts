import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { admin, createOrg, createUser, expect, loginAs, test } from './fixtures';

// Set REVIEWS_SCREENSHOTS=/some/dir to keep screenshots of the page's states. The window, not the
// full page: the virtualized feed is as tall as every review would be.
async function snap(page: Page, name: string) {
  const dir = process.env.REVIEWS_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

/** A signed-in user of a fresh organization with a connected sandbox Google Business location (30 reviews of history). */
async function setup(page: Page, playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } }, baseURL: string | undefined) {
  const org = await createOrg(`E2E reviews ${randomBytes(3).toString('hex')}`);
  const user = await createUser(org);
  await loginAs(page, user);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': org.apiKey } });
  const connected = await api.post('/api/v1/sandbox/accounts', {
    data: { teamId: org.teamId, type: 'GOOGLE_BUSINESS', channelName: 'Corner Bakery Main Street' },
  });
  expect(connected.status(), await connected.text()).toBe(200);
  const account = (await connected.json()) as { id: string };
  return { org, api, account };
}

async function importAll(api: APIRequestContext, teamId: string, count: number) {
  const started = await api.post('/api/v1/misc/google-business/reviews/import', { data: { teamId, count } });
  expect(started.status(), await started.text()).toBe(201);
  const { id } = (await started.json()) as { id: string };
  await expect
    .poll(async () => ((await (await api.get(`/api/v1/misc/google-business/reviews/import/${id}`)).json()) as { status: string }).status, { timeout: 60_000 })
    .toBe('COMPLETED');
}

test('sync now: progress, then the list with its stars, the average and distribution, and the capacity left', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const { org, api, account } = await setup(page, playwright, baseURL);
  // 130 reviews in the location's history and a slow platform: the import takes three pages and its progress shows.
  expect(
    (await api.post('/api/v1/sandbox/reviews', { data: { socialAccountId: account.id, rating: 4, comment: 'Lovely croissants', count: 100 } })).status(),
  ).toBe(200);
  expect(
    (
      await api.post('/api/v1/sandbox/faults', { data: { type: 'GOOGLE_BUSINESS', operation: 'reviews.list', kind: 'SLOW', delayMs: 1500, count: 3 } })
    ).status(),
  ).toBe(200);

  await page.goto(`/reviews?team=${org.teamId}`);
  await expect(page.getByRole('heading', { name: 'No reviews synced yet' })).toBeVisible();
  // No "how many" to choose: syncs run by themselves, and "Sync now" takes the month's fair share.
  const panel = page.getByRole('group', { name: 'Google Business sync' });
  await expect(panel.getByText('200 of 200 new reviews left this month')).toBeVisible();
  await expect(panel.getByText('Synced automatically every 6 hours')).toBeVisible();
  await expect(page.getByText('No rated reviews yet')).toBeVisible();
  await snap(page, 'reviews-empty');

  await panel.getByRole('button', { name: 'Sync now' }).click();
  await expect(panel.getByRole('button', { name: 'Syncing…' })).toBeDisabled();
  await expect(panel.getByRole('progressbar', { name: 'Sync progress' })).toBeVisible();
  await snap(page, 'reviews-importing');
  // The first sync takes half the month's capacity, newest first: the 100 four-star reviews.
  await expect(panel.getByText(/Last synced .*: 100 new reviews/)).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByText('100 of 200 new reviews left this month')).toBeVisible();

  const feed = page.getByRole('feed', { name: 'Reviews' });
  await expect(feed.getByRole('article').first()).toBeVisible();
  await expect(page.getByText('100 reviews')).toBeVisible();
  await expect(feed.getByRole('img', { name: '4 of 5 stars' }).first()).toBeVisible();
  const rating = page.getByRole('region', { name: 'Rating' });
  await expect(rating.getByLabel('Average rating 4.0 of 5')).toBeVisible();
  await expect(rating.getByRole('listitem', { name: '4 stars: 100' })).toBeVisible();
  await expect(rating.getByRole('listitem', { name: '1 stars: 0' })).toBeVisible();
  await snap(page, 'reviews-list');
});

test('answer a review with the keyboard only and follow its moderation', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const { org, api } = await setup(page, playwright, baseURL);
  await importAll(api, org.teamId, 10);
  await page.goto(`/reviews?team=${org.teamId}&replied=no`);
  const feed = page.getByRole('feed', { name: 'Reviews' });
  await expect(feed.getByRole('article').nth(1)).toBeVisible();

  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  const second = feed.getByRole('article').nth(1);
  await expect(second).toBeFocused();
  const reviewer = (await second.getByRole('heading').textContent())!;

  await page.keyboard.press('r');
  const form = page.getByRole('form', { name: `Reply to ${reviewer}` });
  await expect(form.getByRole('textbox', { name: 'Your reply' })).toBeFocused();
  await page.keyboard.type('Thank you for visiting us!');
  await page.keyboard.press('Control+Enter');
  await expect(form).toHaveCount(0);

  const row = feed.getByRole('article').filter({ hasText: 'Thank you for visiting us!' });
  await expect(row.getByText('Pending moderation')).toBeVisible();
  await snap(page, 'reviews-pending');
  await expect(row.getByText('Live', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('link', { name: 'View on the platform' })).toBeVisible();
  await snap(page, 'reviews-live');

  // A reply with a phone number breaks Google's policy: rejected, with the reason.
  await row.focus();
  await page.keyboard.press('r');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Call us at +1 555 0100 and we will fix it.');
  await page.keyboard.press('Control+Enter');
  const rejected = feed.getByRole('article').filter({ hasText: 'Call us at +1 555 0100' });
  await expect(rejected.getByText('Rejected', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(rejected.getByText(/The platform refused this reply/)).toBeVisible();
  await snap(page, 'reviews-rejected');

  // Escape leaves the editor without sending.
  await page.keyboard.press('r');
  await page.keyboard.type(' draft');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('form')).toHaveCount(0);
});

test('a Facebook recommendation’s reply can be edited but not deleted; a Google reply can be both', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const { org, api } = await setup(page, playwright, baseURL);
  const facebook = await api.post('/api/v1/sandbox/accounts', { data: { teamId: org.teamId, type: 'FACEBOOK', channelName: 'Corner Bakery' } });
  expect(facebook.status(), await facebook.text()).toBe(200);
  await importAll(api, org.teamId, 30);
  const started = await api.post('/api/v1/misc/facebook/recommendations/import', { data: { teamId: org.teamId, count: 30 } });
  expect(started.status(), await started.text()).toBe(201);
  const { id } = (await started.json()) as { id: string };
  await expect
    .poll(async () => ((await (await api.get(`/api/v1/misc/facebook/recommendations/import/${id}`)).json()) as { status: string }).status, { timeout: 60_000 })
    .toBe('COMPLETED');

  await page.goto(`/reviews?team=${org.teamId}`);
  const feed = page.getByRole('feed', { name: 'Reviews' });
  const recommendation = feed
    .getByRole('article')
    .filter({ hasText: 'Facebook recommendation' })
    .filter({ has: page.getByRole('button', { name: 'Reply', exact: true }) })
    .first();
  await recommendation.getByRole('button', { name: 'Reply', exact: true }).click();
  await page.keyboard.type('Thanks for recommending us!');
  await page.keyboard.press('Control+Enter');
  const answered = feed.getByRole('article').filter({ hasText: 'Thanks for recommending us!' });
  const reply = answered.getByRole('group', { name: 'Your reply' });
  await expect(reply.getByText('Live', { exact: true })).toBeVisible();
  await expect(reply.getByRole('button', { name: /^Edit the reply/ })).toBeVisible();
  await expect(reply.getByRole('button', { name: /^Delete the reply/ })).toHaveCount(0);
  await answered.scrollIntoViewIfNeeded();
  await snap(page, 'reviews-facebook-reply');

  // A Google review's reply (the seeded history has answered ones) keeps both actions.
  const google = feed
    .getByRole('article')
    .filter({ hasText: 'Google Business review' })
    .filter({ has: page.getByRole('group', { name: 'Your reply' }) })
    .first();
  await expect(google.getByRole('button', { name: /^Edit the reply/ })).toBeVisible();
  await expect(google.getByRole('button', { name: /^Delete the reply/ })).toBeVisible();
});

test('a 1-star review arriving live is highlighted and counted in the navigation until answered', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const { org, api, account } = await setup(page, playwright, baseURL);
  await page.goto(`/reviews?team=${org.teamId}`);
  await expect(page.getByRole('group', { name: 'Google Business sync' })).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Reviews/ });
  await expect(nav).toHaveAccessibleName('Reviews');

  for (const [rating, reviewerName] of [
    [5, 'Happy Customer'],
    [1, 'Angry Customer'],
  ] as const) {
    const sent = await api.post('/api/v1/sandbox/inbound/review', {
      data: { socialAccountId: account.id, rating, reviewerName, comment: rating === 1 ? 'Cold coffee, rude staff.' : 'Great!' },
    });
    expect(sent.status(), await sent.text()).toBe(200);
  }
  const feed = page.getByRole('feed', { name: 'Reviews' });
  const angry = feed.getByRole('article', { name: 'Angry Customer' });
  await expect(angry).toBeVisible({ timeout: 20_000 });
  await expect(angry.getByText('Needs a reply')).toBeVisible();
  await expect(angry.getByRole('img', { name: '1 of 5 stars' })).toBeVisible();
  await expect(feed.getByRole('article', { name: 'Happy Customer' }).getByText('Needs a reply')).toHaveCount(0);
  await expect(nav).toHaveAccessibleName(/1 low-rated review needs a reply/);
  await expect(page.getByText('1 review of 1–2 stars has no reply yet.')).toBeVisible();
  await snap(page, 'reviews-low-rating');

  // A reply Google rejects (a phone number) is no answer: the review keeps its badge and its count.
  await angry.getByRole('button', { name: 'Reply' }).click();
  await page.keyboard.type('Call us at +1 555 0100 and we will make it right.');
  await page.keyboard.press('Control+Enter');
  await expect(angry.getByText('Rejected', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(angry.getByText('Needs a reply')).toBeVisible();
  await expect(nav).toHaveAccessibleName(/1 low-rated review needs a reply/);
  await page.reload();
  await expect(nav).toHaveAccessibleName(/1 low-rated review needs a reply/);
  await expect(page.getByText('1 review of 1–2 stars has no reply yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Show them' }).click();
  await expect(feed.getByRole('article', { name: 'Angry Customer' })).toBeVisible();
  await snap(page, 'reviews-rejected-still-counted');

  await feed
    .getByRole('article', { name: 'Angry Customer' })
    .getByRole('button', { name: /^Edit the reply/ })
    .click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('We are sorry, please come back as our guest.');
  await page.keyboard.press('Control+Enter');
  await expect(nav).toHaveAccessibleName('Reviews');
});

test('a reply saved as a template answers the next reviewer by name', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const { org, api } = await setup(page, playwright, baseURL);
  await importAll(api, org.teamId, 10);
  await page.goto(`/reviews?team=${org.teamId}&replied=no`);
  const feed = page.getByRole('feed', { name: 'Reviews' });
  const [first, second] = [feed.getByRole('article').nth(0), feed.getByRole('article').nth(1)];
  await expect(second).toBeVisible();
  const firstName = (name: string | null) => name!.trim().split(/\s+/)[0]!;
  const firstReviewer = (await first.getByRole('heading').textContent())!.trim();
  const secondReviewer = (await second.getByRole('heading').textContent())!.trim();

  // The active row's button also shows its shortcut ("Reply R").
  await first.getByRole('button', { name: /^Reply/ }).click();
  const form = page.getByRole('form', { name: `Reply to ${firstReviewer}` });
  await form.getByRole('textbox', { name: 'Your reply' }).fill(`Thank you, ${firstName(firstReviewer)}! Come back soon.`);
  await form.getByRole('button', { name: 'Save as template' }).click();
  await form.getByRole('textbox', { name: 'Template name' }).fill('Thanks');
  await form.getByRole('button', { name: 'Save template' }).click();
  await expect(form.getByRole('group', { name: 'Reply templates' }).getByRole('button', { name: 'Thanks', exact: true })).toBeVisible();
  await snap(page, 'reviews-template-saved');
  await form.getByRole('button', { name: 'Cancel', exact: true }).click();

  await second.getByRole('button', { name: /^Reply/ }).click();
  const next = page.getByRole('form', { name: `Reply to ${secondReviewer}` });
  await next.getByRole('group', { name: 'Reply templates' }).getByRole('button', { name: 'Thanks', exact: true }).click();
  await expect(next.getByRole('textbox', { name: 'Your reply' })).toHaveValue(`Thank you, ${firstName(secondReviewer)}! Come back soon.`);
});

test('a long list keeps at most 100 rows in the page while scrolling to its end', async ({ page, playwright, baseURL }) => {
  test.setTimeout(240_000);
  const { org, api, account } = await setup(page, playwright, baseURL);
  const MANY = 1000;
  await admin('review-limits', '--org', org.organizationId, '--monthly', String(MANY));
  // A long history on the platform in one call, newer than the location's 30 seeded reviews; then
  // imported as a manager would, 250 new reviews a run (the API's maximum): the newest 1,000.
  const added = await api.post('/api/v1/sandbox/reviews', { data: { socialAccountId: account.id, rating: 3, comment: 'From the long history', count: MANY } });
  expect(added.status(), await added.text()).toBe(200);
  for (let imported = 0; imported < MANY; imported += 250) await importAll(api, org.teamId, 250);

  await page.goto(`/reviews?team=${org.teamId}`);
  const feed = page.getByRole('feed', { name: 'Reviews' });
  await expect(feed.getByRole('article').first()).toBeVisible();
  await expect(page.getByText(`${MANY.toLocaleString('en-US')} reviews, 100 loaded`)).toBeVisible();
  // Scroll to the end, page by page: the API is read as the reader goes, the DOM stays small.
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, 20_000);
        expect(await feed.getByRole('article').count()).toBeLessThanOrEqual(100);
        return feed.getByRole('article').last().getAttribute('aria-posinset');
      },
      { timeout: 180_000, intervals: [200] },
    )
    .toBe(String(MANY));
  await expect(page.getByText(`${MANY.toLocaleString('en-US')} reviews`, { exact: true })).toBeVisible();
  expect(await page.locator('[role="feed"] article').count()).toBeLessThanOrEqual(100);
  await snap(page, 'reviews-long-list-end');
});
