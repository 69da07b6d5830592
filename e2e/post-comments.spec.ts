import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createOrg, createUser, expect, loginAs, test } from './fixtures';

type Post = { id: string; status: string };

// Set POST_PAGE_SCREENSHOTS=/some/dir to keep screenshots of the page's states.
async function snap(page: Page, name: string) {
  const dir = process.env.POST_PAGE_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test('a comment arrives live on the post page; reply to it, like it, hide it, delete another', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  // DMs on: the organization hears `comment.received`, so the comment shows without a reload.
  const org = await createOrg(`E2E comments ${randomBytes(3).toString('hex')}`, { enable: ['dms'] });
  const user = await createUser(org);
  await loginAs(page, user);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': org.apiKey } });
  const connected = await api.post('/api/v1/sandbox/accounts', { data: { teamId: org.teamId, type: 'FACEBOOK', channelName: 'Corner Bakery' } });
  expect(connected.status(), await connected.text()).toBe(200);
  const account = (await connected.json()) as { id: string };
  const created = await api.post('/api/v1/post', {
    data: {
      teamId: org.teamId,
      title: 'Sourdough is back',
      postDate: new Date().toISOString(),
      socialAccountTypes: ['FACEBOOK'],
      data: { FACEBOOK: { text: 'Sourdough every Friday.' } },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = (await created.json()) as Post;
  await expect.poll(async () => ((await (await api.get(`/api/v1/post/${id}`)).json()) as Post).status, { timeout: 30_000 }).toBe('POSTED');

  await page.goto(`/posts/${id}`);
  const facebook = page.getByRole('region', { name: 'Comments' }).getByRole('listitem', { name: 'Comments on Facebook' });
  await expect(facebook.getByText('No comments yet.')).toBeVisible();
  await expect(facebook.getByRole('link', { name: 'sandbox panel' })).toBeVisible();
  await snap(page, 'comments-empty');
  // The stream is open: what arrives now must show through its event, well before the 15 s poll.
  await expect(page.getByText('Live', { exact: true })).toBeVisible();

  // Someone comments on the platform (the sandbox's inbound API, as its webhook would).
  const sent = await api.post('/api/v1/sandbox/inbound/comment', {
    data: { socialAccountId: account.id, text: 'Do you keep one aside for Saturday?', authorName: 'Dana Baker' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const comment = facebook.getByRole('listitem', { name: 'Comment by Dana Baker' });
  await expect(comment.getByText('Do you keep one aside for Saturday?')).toBeVisible({ timeout: 10_000 });

  // Reply inline: the reply shows under the comment, publishing, then published.
  await comment.getByRole('button', { name: 'Reply' }).click();
  const form = comment.getByRole('form', { name: 'Reply to Dana Baker' });
  await form.getByRole('textbox', { name: 'Your reply' }).fill('Yes! Ask at the counter before noon.');
  await form.getByRole('button', { name: 'Send reply' }).click();
  await expect(form).toHaveCount(0);
  const reply = comment.getByRole('article', { name: /^Your reply: Yes! Ask at the counter/ });
  await expect(reply).toBeVisible();
  await expect(reply.getByText('Published', { exact: true })).toBeVisible({ timeout: 30_000 });
  const replies = (await (await api.get(`/api/v1/comment?teamId=${org.teamId}&postId=${id}`)).json()) as {
    items: { status: string; fetchedParentCommentId: string | null }[];
  };
  expect(replies.items).toHaveLength(1);
  expect(replies.items[0]!.status).toBe('POSTED');

  // Like, then hide: each reads back from the platform.
  const own = comment.getByRole('article').first();
  await own.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(own.getByRole('button', { name: 'Unlike' })).toBeVisible();
  await expect(own.getByLabel('1 likes')).toBeVisible();
  await own.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(own.getByText('Hidden', { exact: true })).toBeVisible();
  await expect(own.getByRole('button', { name: 'Unhide' })).toBeVisible();
  await snap(page, 'comments-thread');

  // Delete asks first, and the comment leaves the thread.
  const spam = await api.post('/api/v1/sandbox/inbound/comment', {
    data: { socialAccountId: account.id, text: 'Cheap followers here!!!', authorName: 'Spam Bot' },
  });
  expect(spam.status(), await spam.text()).toBe(200);
  const spamItem = facebook.getByRole('listitem', { name: 'Comment by Spam Bot' });
  await expect(spamItem).toBeVisible({ timeout: 20_000 });
  await spamItem.getByRole('button', { name: 'Delete' }).first().click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this comment?' });
  await dialog.getByRole('button', { name: 'Delete comment' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(spamItem).toHaveCount(0);
  await expect(comment).toBeVisible();

  // The reply counts in the month's comments meter.
  await page.goto('/settings/usage');
  await expect(page.getByRole('meter', { name: 'Comments' }).first()).toHaveAttribute('aria-valuetext', /^1 of \d+ used$/);
  await expect(page.getByRole('list', { name: 'Daily limits' }).getByRole('meter', { name: 'Comments' })).toHaveAttribute('aria-valuenow', '1');
  await snap(page, 'usage-comments');
  await api.dispose();
});
