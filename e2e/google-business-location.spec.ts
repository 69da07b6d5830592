import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createOrg, createUser, expect, loginAs, test } from './fixtures';

// Set GBP_LOCATION_SCREENSHOTS=/some/dir to keep full-page screenshots at desktop and phone widths.
async function snap(page: Page, name: string) {
  const dir = process.env.GBP_LOCATION_SCREENSHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-desktop.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${dir}/${name}-phone.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

test('edit a Google Business location: hours, an attribute and an action link, kept after a reload', async ({ page, playwright, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const org = await createOrg(`E2E location ${randomBytes(3).toString('hex')}`);
  const user = await createUser(org);
  await loginAs(page, user);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': org.apiKey } });
  const connected = await api.post('/api/v1/sandbox/accounts', {
    data: { teamId: org.teamId, type: 'GOOGLE_BUSINESS', channelName: 'Corner Bakery Main Street' },
  });
  expect(connected.status(), await connected.text()).toBe(200);

  // From the account's card to its location page.
  await page.goto(`/accounts?team=${org.teamId}`);
  await page.getByRole('link', { name: /^Location profile for / }).click();
  await expect(page.getByRole('heading', { name: 'Google Business location', level: 1 })).toBeVisible();
  const profile = page.getByRole('region', { name: 'Location profile' });
  await expect(profile.getByRole('heading', { name: 'Corner Bakery Main Street' })).toBeVisible();
  await expect(profile.getByText('(555) 010-2030')).toBeVisible();
  await expect(profile.getByText('Cafe')).toBeVisible();
  const links = page.getByRole('region', { name: 'Place action links' });
  await expect(links.getByRole('heading', { name: 'No action links yet' })).toBeVisible();
  await snap(page, 'location-initial');

  // Hours: open on Saturday 10:00–14:00, Monday until 20:00, closed on Christmas Day.
  const hours = page.getByRole('region', { name: 'Opening hours' });
  await expect(hours.getByRole('switch', { name: 'Open on Saturday' })).not.toBeChecked();
  await hours.getByRole('switch', { name: 'Open on Saturday' }).click();
  await hours.getByLabel('Saturday opens at').fill('10:00');
  await hours.getByLabel('Saturday closes at').fill('14:00');
  await hours.getByLabel('Monday closes at').fill('20:00');
  // A day marked open needs both times: the form says so before anything is sent.
  await hours.getByLabel('Saturday closes at').fill('');
  await hours.getByRole('button', { name: 'Save hours' }).click();
  await expect(hours.getByText('Enter a closing time')).toBeVisible();
  await hours.getByLabel('Saturday closes at').fill('14:00');
  await hours.getByRole('button', { name: 'Add a date' }).click();
  await hours.getByRole('listitem', { name: 'Special hours 1' }).getByLabel('Date', { exact: true }).fill('2026-12-25');
  await hours.getByRole('button', { name: 'Save hours' }).click();
  await expect(page.getByText('Opening hours saved')).toBeVisible();
  await expect(hours.getByRole('button', { name: 'Save hours' })).toBeDisabled();

  // Attributes: outdoor seating on, free Wi-Fi.
  const attributes = page.getByRole('region', { name: 'Attributes' });
  await expect(attributes.getByRole('switch', { name: 'Outdoor seating' })).not.toBeChecked();
  await attributes.getByRole('switch', { name: 'Outdoor seating' }).click();
  await attributes.getByLabel('Wi-Fi', { exact: true }).selectOption({ label: 'Free Wi-Fi' });
  await attributes.getByRole('button', { name: 'Save attributes' }).click();
  await expect(page.getByText('Attributes saved')).toBeVisible();

  // An action link, with the keyboard: http:// is refused by the form, a duplicate by Google (the envelope's message).
  await links.getByRole('button', { name: 'Add link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a link' });
  await dialog.getByLabel('Action', { exact: true }).selectOption({ label: 'Reserve a table' });
  await dialog.getByLabel('Link', { exact: true }).fill('http://example.com/reserve');
  await dialog.getByLabel('Link', { exact: true }).press('Enter');
  await expect(dialog.getByText('Google takes https:// links only')).toBeVisible();
  await dialog.getByLabel('Link', { exact: true }).fill('https://example.com/reserve');
  await dialog.getByRole('checkbox', { name: 'Preferred link for this action' }).check();
  await dialog.getByLabel('Link', { exact: true }).press('Enter');
  await expect(dialog).toBeHidden();
  await expect(links.getByRole('listitem', { name: 'Reserve a table: https://example.com/reserve' })).toBeVisible();
  await expect(links.getByText('Preferred')).toBeVisible();
  await links.getByRole('button', { name: 'Add link' }).click();
  await dialog.getByLabel('Action', { exact: true }).selectOption({ label: 'Reserve a table' });
  await dialog.getByLabel('Link', { exact: true }).fill('https://example.com/reserve');
  await dialog.getByRole('button', { name: 'Add link' }).click();
  await expect(dialog.getByRole('alert')).toContainText('already exists');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await snap(page, 'location-edited');

  // Everything is kept: the page reads it back from the location.
  await page.reload();
  await expect(hours.getByRole('switch', { name: 'Open on Saturday' })).toBeChecked();
  await expect(hours.getByLabel('Saturday opens at')).toHaveValue('10:00');
  await expect(hours.getByLabel('Saturday closes at')).toHaveValue('14:00');
  await expect(hours.getByLabel('Monday closes at')).toHaveValue('20:00');
  await expect(hours.getByRole('switch', { name: 'Open on Sunday' })).not.toBeChecked();
  await expect(hours.getByRole('listitem', { name: 'Special hours on 2026-12-25' })).toBeVisible();
  await expect(attributes.getByRole('switch', { name: 'Outdoor seating' })).toBeChecked();
  await expect(attributes.getByLabel('Wi-Fi', { exact: true })).toHaveValue('free_wi_fi');
  await expect(links.getByRole('listitem', { name: 'Reserve a table: https://example.com/reserve' })).toBeVisible();

  // The API answers the same location in Google's shape.
  const location = (await (await api.get(`/api/v1/misc/google-business/location?teamId=${org.teamId}`)).json()) as {
    regularHours: { periods: { openDay: string; openTime: unknown; closeTime: unknown }[] };
    specialHours: { specialHourPeriods: { startDate: unknown; closed: boolean }[] };
  };
  expect(location.regularHours.periods.find((period) => period.openDay === 'SATURDAY')).toMatchObject({
    openTime: { hours: 10, minutes: 0 },
    closeTime: { hours: 14, minutes: 0 },
  });
  expect(location.specialHours.specialHourPeriods).toEqual([expect.objectContaining({ startDate: { year: 2026, month: 12, day: 25 }, closed: true })]);

  // Edit the link into an order link, then delete it: the empty state comes back.
  await links.getByRole('button', { name: 'Edit Reserve a table link' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit link' });
  await edit.getByLabel('Action', { exact: true }).selectOption({ label: 'Order food' });
  await edit.getByLabel('Link', { exact: true }).fill('https://example.com/order');
  await edit.getByRole('button', { name: 'Save link' }).click();
  await expect(links.getByRole('listitem', { name: 'Order food: https://example.com/order' })).toBeVisible();
  await links.getByRole('button', { name: 'Delete Order food link' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete link' }).click();
  await expect(links.getByRole('heading', { name: 'No action links yet' })).toBeVisible();
});
