import { randomBytes } from 'node:crypto';
import { testMedia } from '../server/test/test-media';
import { expect, test } from './fixtures';

// Set PUBLISHING_SCREENSHOTS=/some/dir to keep screenshots of the nested controls.
const SHOTS = process.env.PUBLISHING_SCREENSHOTS;

test('nested options: X poll and thread, Instagram carousel', async ({ page, signedInUser, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': signedInUser.org.apiKey } });
  const teamId = signedInUser.org.teamId;
  const suffix = randomBytes(3).toString('hex');
  for (const type of ['TWITTER', 'INSTAGRAM']) {
    const response = await api.post('/api/v1/sandbox/accounts', { data: { teamId, type, username: `e2e_${type.toLowerCase()}_${suffix}` } });
    expect(response.status(), await response.text()).toBe(200);
  }
  for (const name of ['square-1080.jpg', 'story-1080x1920.jpg'] as const) {
    const upload = await api.post('/api/v1/upload/create', { multipart: { teamId, file: { name, mimeType: 'image/jpeg', buffer: await testMedia(name) } } });
    expect(upload.status(), await upload.text()).toBe(200);
  }

  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto('/posts');
  await page.getByRole('main').getByRole('link', { name: 'New post' }).first().click();
  await page.getByRole('checkbox', { name: /^X / }).click();
  await page.getByRole('checkbox', { name: /^Instagram / }).click();
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill('Which dish should we cook next week?');

  // X: a poll with three choices and a 3-day duration.
  await page.getByRole('tab', { name: /^X/ }).click();
  const x = page.getByRole('tabpanel', { name: /X/ });
  await expect(x.getByRole('button', { name: 'Add a thread post' })).toBeVisible();
  await x.getByRole('button', { name: 'Add a poll' }).click();
  await x.getByRole('textbox', { name: 'Choice 1' }).fill('Pasta');
  await x.getByRole('button', { name: 'Add a choice' }).click();
  await expect(x.getByRole('textbox', { name: 'Choice 3' })).toBeFocused();
  await page.keyboard.type('Tacos');
  // An empty choice is flagged on its own input.
  await expect(x.getByRole('textbox', { name: 'Choice 2' })).toHaveAttribute('aria-invalid', 'true');
  await x.getByRole('textbox', { name: 'Choice 2' }).fill('Ramen');
  await x.getByRole('combobox', { name: 'Poll duration' }).selectOption({ label: '3 days' });
  await expect(page.getByRole('tab', { name: /^X/ })).not.toHaveAccessibleName(/problem/);
  await x.scrollIntoViewIfNeeded();
  if (SHOTS)
    await page
      .getByRole('tablist', { name: 'Platforms' })
      .locator('..')
      .screenshot({ path: `${SHOTS}/composer-nested-x-poll.png` });

  // A thread cannot go with a poll: said on the poll.
  await x.getByRole('button', { name: 'Add a thread post' }).click();
  await expect(x.getByRole('textbox', { name: 'Thread post 1' })).toBeFocused();
  await page.keyboard.type('Vote closes Friday.');
  await expect(x.getByText('A poll cannot be combined with a thread').last()).toBeVisible();
  await x.getByRole('button', { name: 'Remove thread post 1' }).click();

  // Instagram: a two-slide carousel with alt text, reordered.
  await page.getByRole('tab', { name: /^Instagram/ }).click();
  const ig = page.getByRole('tabpanel', { name: /Instagram/ });
  await ig.getByRole('button', { name: 'Add slide' }).click();
  const slide1 = ig.getByRole('group', { name: 'Slide 1' });
  await expect(slide1.getByRole('combobox', { name: /Media/ })).toBeFocused();
  await slide1.getByRole('combobox', { name: /Media/ }).selectOption({ index: 1 });
  await slide1.getByRole('textbox', { name: 'Alt text' }).fill('A bowl of ramen');
  await ig.getByRole('button', { name: 'Add slide' }).click();
  const slide2 = ig.getByRole('group', { name: 'Slide 2' });
  await slide2.getByRole('combobox', { name: /Media/ }).selectOption({ index: 2 });
  await slide2.getByRole('textbox', { name: 'Alt text' }).fill('Tacos on a plate');
  await ig.getByRole('button', { name: 'Move slide 2 up' }).click();
  await expect(ig.getByRole('group', { name: 'Slide 1' }).getByRole('textbox', { name: 'Alt text' })).toHaveValue('Tacos on a plate');
  await ig.getByRole('textbox', { name: 'Collaborators' }).fill('chef_anna, chef_ben');
  await ig.getByRole('button', { name: 'Add tagged person' }).first().click();
  const tag = ig.getByRole('group', { name: 'Tagged person 1' });
  await tag.getByRole('textbox', { name: /Username/ }).fill('chef_anna');
  await tag.getByRole('spinbutton', { name: /X position/ }).fill('0.4');
  await tag.getByRole('spinbutton', { name: /Y position/ }).fill('1.5');
  await expect(tag.getByRole('spinbutton', { name: /Y position/ })).toHaveAttribute('aria-invalid', 'true');
  await tag.getByRole('spinbutton', { name: /Y position/ }).fill('0.6');
  await expect(page.getByRole('tab', { name: /^Instagram/ })).not.toHaveAccessibleName(/problem/);
  await ig.getByRole('group', { name: 'Slide 1' }).scrollIntoViewIfNeeded();
  if (SHOTS)
    await page
      .getByRole('tablist', { name: 'Platforms' })
      .locator('..')
      .screenshot({ path: `${SHOTS}/composer-nested-instagram-carousel.png` });

  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page).toHaveURL(/\/posts/);
  const listed = await api.get('/api/v1/post', { params: { teamId } });
  const [saved] = ((await listed.json()) as { items: { data: Record<string, Record<string, unknown>> }[] }).items;
  expect(saved!.data.TWITTER!.poll).toEqual({ options: ['Pasta', 'Ramen', 'Tacos'], durationMinutes: 3 * 24 * 60 });
  expect(saved!.data.TWITTER!.thread ?? null).toBeNull();
  expect(saved!.data.INSTAGRAM).toMatchObject({
    collaborators: ['chef_anna', 'chef_ben'],
    tagged: [{ username: 'chef_anna', x: 0.4, y: 0.6 }],
    carouselItems: [{ altText: 'Tacos on a plate' }, { altText: 'A bowl of ramen' }],
  });
  await api.dispose();
});
