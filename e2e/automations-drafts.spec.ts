import type { Page } from '@playwright/test';
import { automationsOrg, snap } from './automations-setup';
import { expect, test } from './fixtures';

const node = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);
const saveStatus = (page: Page) => page.getByRole('status').filter({ hasText: /Draft saved|Saving|Unsaved|Not saved|save to the draft/ });

/** A new DM flow on the Facebook page, open in the builder. */
async function newDmFlow(page: Page, name: string) {
  await page.goto('/automations');
  await page.getByRole('button', { name: 'New flow' }).first().click();
  const dialog = page.getByRole('form', { name: 'New flow' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Platform').selectOption('FACEBOOK');
  await dialog.getByRole('button', { name: 'Create and open' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('form', { name: 'Trigger settings' }).getByLabel('Starts when').selectOption('DM_RECEIVED');
}

test('an unfinished flow is saved as it is, comes back with its problems on its nodes, and publishes once they are fixed', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await automationsOrg(page, playwright, baseURL);
  await newDmFlow(page, 'Opening hours');

  // Live validation: with no step yet, the flow says what it lacks before anyone presses Publish.
  const banner = page.getByRole('alert', { name: 'Before publishing' });
  await expect(banner).toContainText('A flow needs at least one step that acts');
  await page
    .getByRole('navigation', { name: 'Add a step' })
    .getByRole('button', { name: /^Send a message/ })
    .click();
  // The step fixes the banner's problem: it goes at once, while the new step's empty text shows on its node.
  await expect(banner).toHaveCount(0);
  const answer = node(page, 'send_message_1');
  await expect(answer.getByRole('alert')).toContainText('message');
  await expect(saveStatus(page)).toContainText(/\d problem\(s\) to fix before publishing/);

  // Saved as it is, with no button pressed.
  await expect(saveStatus(page)).toContainText('Draft saved at', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Saved' })).toBeDisabled();
  await expect(page.getByLabel('Versions')).toHaveText(/Draft v1/);
  await snap(page, 'automations-draft-unfinished');

  await page.reload();
  await expect(answer).toBeVisible();
  await expect(answer.getByRole('alert')).toContainText('message');
  await expect(page.getByRole('form', { name: 'Trigger settings' }).getByLabel('Starts when')).toHaveValue('DM_RECEIVED');

  // Publishing waits for the problems to be fixed and goes to the first one; no dialog opens.
  await page.getByRole('button', { name: 'Publish…' }).click();
  await expect(page.getByText(/Fix the \d problem\(s\) marked on the flow before publishing/)).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  const settings = page.getByRole('form', { name: 'Send a message settings' });
  await settings.getByLabel('Message', { exact: true }).fill('We open at 8 every morning.');
  await expect(answer.getByRole('alert')).toHaveCount(0);
  await expect(saveStatus(page)).not.toContainText('problem(s)');
  await expect(saveStatus(page)).toContainText('Draft saved at', { timeout: 15_000 });

  await page.getByRole('button', { name: 'Publish…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByLabel('Versions')).toHaveText(/Live: v2/);
  await expect(page.locator('[data-status="ACTIVE"]')).toBeVisible();
});

test('leaving asks only when the draft cannot be saved, and the browser asks before closing the tab', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  await automationsOrg(page, playwright, baseURL);
  await newDmFlow(page, 'Directions');
  await expect(saveStatus(page)).toContainText('Draft saved at', { timeout: 15_000 });

  // Offline, an edit cannot be saved: going to another page asks, and Cancel stays with the work.
  await page.context().setOffline(true);
  await page.getByRole('form', { name: 'Trigger settings' }).getByLabel('Keywords').fill('where, address');
  await expect(saveStatus(page)).toContainText('Not saved', { timeout: 15_000 });
  await page.getByRole('link', { name: 'Inbox' }).first().click();
  const ask = page.getByRole('alertdialog', { name: 'Leave the flow without saving?' });
  await expect(ask).toBeVisible();
  await snap(page, 'automations-draft-leave-guard');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Directions' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Trigger settings' }).getByLabel('Keywords')).toHaveValue('where, address');

  // Closing the tab with unsaved edits gets the browser's prompt; dismissing it keeps the page.
  let prompted = '';
  page.once('dialog', (dialog) => {
    prompted = dialog.type();
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => prompted).toBe('beforeunload');
  expect(page.isClosed()).toBe(false);

  // Back online, leaving saves the edit on the way out without asking.
  await page.context().setOffline(false);
  await page.getByRole('link', { name: 'Inbox' }).first().click();
  await expect(page).toHaveURL(/\/inbox/);
  await page.goBack();
  await expect(page.getByRole('form', { name: 'Trigger settings' }).getByLabel('Keywords')).toHaveValue('where, address');
});

test('on a phone the panel beside the canvas fits the screen', async ({ page, playwright, baseURL }) => {
  test.setTimeout(90_000);
  await automationsOrg(page, playwright, baseURL);
  await page.setViewportSize({ width: 1440, height: 900 });
  await newDmFlow(page, 'Menu questions');
  await page
    .getByRole('navigation', { name: 'Add a step' })
    .getByRole('button', { name: /^Send a message/ })
    .click();
  await expect(saveStatus(page)).toContainText('Draft saved at', { timeout: 15_000 });
  await snap(page, 'automations-draft-desktop', { fullPage: false });

  // Opened on a phone: the canvas fits its nodes, the panel comes under it at full width.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page
    .getByRole('button', { name: /^Send a message/ })
    .first()
    .waitFor();
  await node(page, 'send_message_1').click();
  await snap(page, 'automations-draft-phone', { fullPage: false });
  const panel = page.getByRole('form', { name: 'Send a message settings' });
  await panel.scrollIntoViewIfNeeded();
  const box = await panel.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  // Nothing on the page is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(page, 'automations-draft-phone-panel', { fullPage: false });
});
