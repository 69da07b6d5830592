import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { createOrg, createUser, expect, loginAs, seedInbox, test } from './fixtures';

// Set INBOX_SCREENSHOTS=/some/dir to keep screenshots of the inbox's states.
async function snap(page: Page, name: string) {
  const dir = process.env.INBOX_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

type Inbox = { api: APIRequestContext; accountId: string; teamId: string; apiKey: string; organizationId: string };

/** An organization with DMs, a signed-in user, and a sandbox account of the type with messaging on. */
async function inboxOrg(
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  type: 'INSTAGRAM' | 'FACEBOOK',
  channelName: string,
): Promise<Inbox> {
  const org = await createOrg(`E2E inbox ${randomBytes(3).toString('hex')}`, { enable: ['dms'] });
  await loginAs(page, await createUser(org));
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': org.apiKey } });
  const connected = await api.post('/api/v1/sandbox/accounts', { data: { teamId: org.teamId, type, channelName, grantMessaging: true } });
  expect(connected.status(), await connected.text()).toBe(200);
  const account = (await connected.json()) as { id: string };
  const enabled = await api.post('/api/v1/social-account/messaging/enable', { data: { teamId: org.teamId, type } });
  expect(enabled.status(), await enabled.text()).toBe(200);
  return { api, accountId: account.id, teamId: org.teamId, apiKey: org.apiKey, organizationId: org.organizationId };
}

async function inbound(inbox: Inbox, path: string, data: Record<string, unknown>) {
  const sent = await inbox.api.post(`/api/v1/sandbox/inbound/${path}`, { data: { socialAccountId: inbox.accountId, ...data } });
  expect(sent.status(), await sent.text()).toBe(200);
}

async function openInbox(page: Page) {
  await page.goto('/inbox');
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  // The stream is open: what arrives from now on shows through its event.
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
}

test('a DM arrives live, the reply goes out, and it shows Seen after the read receipt', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const inbox = await inboxOrg(page, playwright, baseURL, 'INSTAGRAM', 'Corner Bakery');
  await openInbox(page);
  await expect(page.getByText('No conversations yet')).toBeVisible();

  await inbound(inbox, 'message', { senderId: 'dana-1', senderName: 'Dana Baker', text: 'Hi! Are you open on Sunday?' });
  const row = page.getByRole('option', { name: 'Dana Baker, 1 unread' });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await snap(page, 'inbox-unread');

  await row.click();
  const thread = page.getByRole('log', { name: 'Messages' });
  await expect(thread.getByRole('article', { name: 'They: Hi! Are you open on Sunday?' })).toBeVisible();
  // Opening it reads it: the count goes.
  await expect(page.getByRole('option', { name: 'Dana Baker', exact: true })).toBeVisible();

  // r focuses the reply box; Ctrl+Enter sends.
  await page.keyboard.press('r');
  const box = page.getByRole('textbox', { name: 'Message' });
  await expect(box).toBeFocused();
  await box.fill('Yes, from 9 to 1 😊');
  await expect(page.getByLabel('21 of 1000 bytes')).toBeVisible();
  await page.keyboard.press('Control+Enter');
  const reply = thread.getByRole('article', { name: 'You: Yes, from 9 to 1 😊' });
  await expect(reply).toBeVisible();
  await expect(box).toHaveValue('');
  // Instagram reports it delivered to Dana's phone a moment later (the sandbox's own receipt).
  await expect(reply.getByLabel('Delivered')).toBeVisible({ timeout: 15_000 });
  await snap(page, 'inbox-thread-delivered');

  // The person opens the conversation on Instagram.
  await inbound(inbox, 'read', { senderId: 'dana-1' });
  await expect(reply.getByLabel('Seen')).toBeVisible({ timeout: 15_000 });
  await snap(page, 'inbox-thread-seen');
});

test('quick replies and a carousel are built under the rules and shown as the person sees them', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const inbox = await inboxOrg(page, playwright, baseURL, 'INSTAGRAM', 'Corner Bakery');
  await inbound(inbox, 'message', { senderId: 'lee-1', senderName: 'Lee Park', text: 'What do you have today?' });
  await openInbox(page);
  await page.getByRole('option', { name: /^Lee Park/ }).click();
  const composer = page.getByRole('form', { name: 'Reply' });
  const send = composer.getByRole('button', { name: 'Send' });

  // Quick replies: nothing is a mistake before the person types; then they need text, and labels hold 20 characters.
  await composer.getByRole('button', { name: 'Quick replies' }).click();
  await composer.getByRole('button', { name: 'Add quick reply' }).click();
  await expect(composer.getByText('Quick replies need text')).toHaveCount(0);
  await expect(composer.getByText('Required', { exact: true })).toHaveCount(0);
  await expect(send).toBeDisabled();
  // The payload is folded under Advanced (it defaults to the label).
  await expect(composer.getByRole('textbox', { name: 'Payload' })).toHaveCount(0);
  await composer.getByRole('button', { name: /^Advanced/ }).click();
  await expect(composer.getByRole('textbox', { name: 'Payload' })).toBeVisible();
  await composer.getByRole('button', { name: /^Advanced/ }).click();
  await composer.getByRole('textbox', { name: 'Quick reply 1 label' }).fill('Croissants, please, two of them');
  await expect(composer.getByText('Use at most 20 characters')).toBeVisible();
  await expect(composer.getByText('Quick replies need text')).toBeVisible();
  await expect(send).toBeDisabled();
  await composer.getByRole('textbox', { name: 'Quick reply 1 label' }).fill('Croissants');
  await composer.getByRole('button', { name: 'Add quick reply' }).click();
  await composer.getByRole('textbox', { name: 'Quick reply 2 label' }).fill('Sourdough');
  await composer.getByRole('textbox', { name: 'Message' }).fill('Fresh today, pick one:');
  await expect(composer.getByLabel('Preview').getByRole('list', { name: 'Quick replies' })).toContainText('Croissants');
  await expect(send).toBeEnabled();
  await snap(page, 'inbox-quick-replies-builder');
  await send.click();
  const thread = page.getByRole('log', { name: 'Messages' });
  const sent = thread.getByRole('article', { name: 'You: Fresh today, pick one:' });
  await expect(sent.getByRole('list', { name: 'Quick replies' }).getByRole('listitem')).toHaveText(['Croissants', 'Sourdough']);
  // The message can show (live event) before the send settles and the composer resets its
  // builder: a click on Carousel in between was undone by that reset. Wait for the reset.
  await expect(composer.getByRole('button', { name: 'Add quick reply' })).toBeHidden();

  // A carousel: titles required, images over HTTPS, no phone buttons on Instagram.
  await composer.getByRole('button', { name: 'Carousel' }).click();
  await composer.getByRole('button', { name: 'Add card' }).click();
  await expect(composer.getByText('Required', { exact: true })).toHaveCount(0);
  // Leaving the empty title says what it needs.
  await composer.getByRole('textbox', { name: 'Card 1 title' }).focus();
  await composer.getByRole('textbox', { name: 'Card 1 title' }).blur();
  await expect(composer.getByText('Required', { exact: true })).toBeVisible();
  await composer.getByRole('textbox', { name: 'Card 1 title' }).fill('Almond croissant');
  await composer.getByRole('textbox', { name: 'Image URL' }).fill('http://example.com/almond.jpg');
  await expect(composer.getByText('Must be a public HTTPS URL')).toBeVisible();
  await expect(send).toBeDisabled();
  await composer.getByRole('textbox', { name: 'Image URL' }).fill('');
  await composer.getByRole('button', { name: 'Add button' }).click();
  await expect(composer.getByRole('option', { name: 'Phone (not on Instagram)' })).toBeDisabled();
  await composer.getByRole('combobox', { name: 'Button 1 type' }).selectOption('URL');
  await composer.getByRole('textbox', { name: 'Button 1 label' }).fill('Order');
  await composer.getByRole('textbox', { name: 'Link' }).fill('https://example.com/order');
  await composer.getByRole('textbox', { name: 'Subtitle' }).fill('€3.20, baked at 7');
  await expect(send).toBeEnabled();
  await snap(page, 'inbox-carousel-builder');
  await send.click();
  const card = thread.getByRole('listitem', { name: 'Card: Almond croissant' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('list', { name: 'Buttons' })).toContainText('Order');
  await snap(page, 'inbox-rich-thread');
});

test('a private reply from a comment opens its conversation, closed until the person writes', async ({ page, playwright, baseURL }) => {
  test.setTimeout(150_000);
  const inbox = await inboxOrg(page, playwright, baseURL, 'FACEBOOK', 'Corner Bakery');
  const created = await inbox.api.post('/api/v1/post', {
    data: {
      teamId: inbox.teamId,
      title: 'Sourdough is back',
      postDate: new Date().toISOString(),
      socialAccountTypes: ['FACEBOOK'],
      data: { FACEBOOK: { text: 'Sourdough every Friday.' } },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = (await created.json()) as { id: string };
  await expect.poll(async () => ((await (await inbox.api.get(`/api/v1/post/${id}`)).json()) as { status: string }).status, { timeout: 30_000 }).toBe('POSTED');
  await inbound(inbox, 'comment', { text: 'Can I order one for Saturday?', authorName: 'Sam Rivera' });

  await page.goto(`/posts/${id}`);
  const comment = page.getByRole('listitem', { name: 'Comment by Sam Rivera' });
  await expect(comment).toBeVisible({ timeout: 20_000 });
  await comment.getByRole('button', { name: 'Message privately' }).click();
  const form = comment.getByRole('form', { name: 'Private message to Sam Rivera' });
  await form.getByRole('textbox', { name: 'Your private message' }).fill('Hi Sam, we can keep one for you. Which time suits you?');
  await form.getByRole('button', { name: 'Send private message' }).click();

  await expect(page).toHaveURL(/\/inbox\?.*conversation=/);
  const thread = page.getByRole('log', { name: 'Messages' });
  await expect(thread.getByRole('article', { name: /^You: Hi Sam, we can keep one/ })).toBeVisible();
  await expect(thread.getByText('Private reply', { exact: true })).toBeVisible();
  // The closed window: nothing to type into, and why.
  await expect(page.getByText('Waiting for Sam Rivera to write.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await snap(page, 'inbox-waiting');

  // Sam answers: the window opens, with its countdown.
  const conversation = new URL(page.url()).searchParams.get('conversation')!;
  const detail = (await (await inbox.api.get(`/api/v1/conversations/${conversation}`)).json()) as { externalParticipantId: string };
  await inbound(inbox, 'message', { senderId: detail.externalParticipantId, senderName: 'Sam Rivera', text: 'Around 10 would be great' });
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Reply window: 2[34]h \d\dm left/)).toBeVisible();
});

test('on a phone: the list, then the conversation full-width with a back button; the browser back works too', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const inbox = await inboxOrg(page, playwright, baseURL, 'INSTAGRAM', 'Corner Bakery');
  await inbound(inbox, 'message', { senderId: 'ana-1', senderName: 'Ana Ruiz', text: 'Do you bake gluten-free bread?' });
  await inbound(inbox, 'message', { senderId: 'ben-1', senderName: 'Ben Okafor', text: 'Table for two at noon?' });
  await page.goto('/inbox');
  const list = page.getByRole('listbox');
  await expect(list.getByRole('option', { name: /^Ana Ruiz/ })).toBeVisible();
  // The navigation counts the unread conversations (behind the menu button on a phone).
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Inbox/ });
  await expect(nav).toHaveAccessibleName('Inbox 2 unread conversations');
  await page.getByRole('button', { name: 'Close navigation' }).click();
  await snap(page, 'inbox-phone-list');

  await list.getByRole('option', { name: /^Ana Ruiz/ }).click();
  const conversation = page.getByRole('region', { name: 'Conversation with Ana Ruiz' });
  await expect(conversation).toBeVisible();
  // One pane at a time: the list is gone and the thread and reply box take the screen's width.
  await expect(list).toBeHidden();
  const box = conversation.getByRole('textbox', { name: 'Message' });
  expect((await box.boundingBox())!.width).toBeGreaterThan(300);
  expect((await conversation.getByRole('log', { name: 'Messages' }).boundingBox())!.width).toBeGreaterThan(340);
  await box.fill('Yes, every Saturday!');
  await conversation.getByRole('button', { name: 'Send' }).click();
  await expect(conversation.getByRole('article', { name: 'You: Yes, every Saturday!' })).toBeVisible();
  await snap(page, 'inbox-phone-conversation');
  // Reading it took it off the count.
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(nav).toHaveAccessibleName('Inbox 1 unread conversation');
  await page.getByRole('button', { name: 'Close navigation' }).click();

  await conversation.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(list.getByRole('option', { name: /^Ben Okafor/ })).toBeVisible();
  await expect(conversation).toBeHidden();
  await expect(page).not.toHaveURL(/conversation=/);

  // The browser's back button returns to the list as well, and forward reopens the conversation.
  await list.getByRole('option', { name: /^Ben Okafor/ }).click();
  await expect(page.getByRole('region', { name: 'Conversation with Ben Okafor' })).toBeVisible();
  await page.goBack();
  await expect(list.getByRole('option', { name: /^Ben Okafor/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Conversation with Ben Okafor' })).toBeHidden();
  await page.goForward();
  await expect(page.getByRole('region', { name: 'Conversation with Ben Okafor' })).toBeVisible();
});

test('archive with e, and a new message brings the conversation back to the open list', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  const inbox = await inboxOrg(page, playwright, baseURL, 'FACEBOOK', 'Corner Bakery');
  await inbound(inbox, 'message', { senderId: 'ana-1', senderName: 'Ana Lima', text: 'Thanks for the bread!' });
  await inbound(inbox, 'message', { senderId: 'bo-1', senderName: 'Bo Chen', text: 'Do you deliver?' });
  await openInbox(page);
  const list = page.getByRole('listbox', { name: 'Conversations' });
  // Newest first; j opens the first, j again the next, k back.
  await expect(list.getByRole('option')).toHaveCount(2);
  await expect(list.getByRole('option').first()).toHaveAccessibleName(/^Bo Chen/);
  await page.keyboard.press('j');
  await expect(page.getByRole('region', { name: 'Conversation with Bo Chen' })).toBeVisible();
  await page.keyboard.press('j');
  await expect(page.getByRole('region', { name: 'Conversation with Ana Lima' })).toBeVisible();

  await page.keyboard.press('e');
  await expect(list.getByRole('option', { name: /^Ana Lima/ })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Archived' }).click();
  await expect(list.getByRole('option', { name: /^Ana Lima/ })).toBeVisible();
  await page.getByRole('radio', { name: 'Open' }).click();
  await expect(list.getByRole('option')).toHaveCount(1);

  await inbound(inbox, 'message', { senderId: 'ana-1', senderName: 'Ana Lima', text: 'One more question' });
  // Back, on top, unread.
  await expect(list.getByRole('option').first()).toHaveAccessibleName('Ana Lima, 1 unread', { timeout: 15_000 });
  await page.keyboard.press('u');
  await expect(list.getByRole('option')).toHaveCount(1);
  await snap(page, 'inbox-reopened');
});

test('10,000 conversations and a 5,000-message thread keep at most 100 rows in the page while they scroll and page', async ({ page, playwright, baseURL }) => {
  test.setTimeout(240_000);
  const inbox = await inboxOrg(page, playwright, baseURL, 'INSTAGRAM', 'Busy Bakery');
  // The operator's seeding tool writes the rows in bulk (10,000 DMs through the ingest path take minutes).
  const seeded = await seedInbox(inbox, inbox.accountId, 10_000, 5_000);
  expect(seeded).toMatchObject({ conversations: 10_000, messages: 10_000 - 1 + 5_000 });

  await page.goto('/inbox');
  await expect(page.getByText('10,000 conversations')).toBeVisible();
  const rows = page.locator('[data-conversation-row]');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeLessThanOrEqual(100);
  // Scroll far: more pages load by cursor, and the page still holds a screenful of rows.
  const scroller = page.getByTestId('conversation-scroller');
  const list = page.getByRole('listbox', { name: 'Conversations' });
  // Each look scrolls to the end again, so the next page loads whenever the previous one is in.
  const scrolledHeight = async () => {
    await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    expect(await rows.count()).toBeLessThanOrEqual(100);
    return Number(await list.evaluate((element) => element.scrollHeight));
  };
  await expect.poll(scrolledHeight, { timeout: 60_000, intervals: [300] }).toBeGreaterThan(100 * 76 * 4);
  expect(await rows.count()).toBeLessThanOrEqual(100);
  await snap(page, 'inbox-10k');

  // The newest conversation holds the long thread: it opens at the end, older pages load upwards.
  await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
  await rows.first().click();
  const thread = page.getByRole('log', { name: 'Messages' });
  await expect(thread.getByRole('article', { name: /\(#5000\)$/ })).toBeVisible();
  const bubbles = thread.getByRole('article');
  expect(await bubbles.count()).toBeLessThanOrEqual(100);
  const messageScroller = page.getByTestId('message-scroller');
  // Several older pages come in (50 messages each) as the top is reached again and again.
  const threadHeight = async () => {
    await messageScroller.evaluate((element) => element.scrollTo({ top: 0 }));
    expect(await bubbles.count()).toBeLessThanOrEqual(100);
    return Number(await thread.evaluate((element) => element.scrollHeight));
  };
  await expect.poll(threadHeight, { timeout: 60_000, intervals: [400] }).toBeGreaterThan(250 * 40);
  expect(await bubbles.count()).toBeLessThanOrEqual(100);
  await snap(page, 'inbox-5k-thread');
});
