import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { createOrg, createUser, expect, loginAs } from './fixtures';

// Shared by the automations journeys (a helper, not a spec: importing a spec would run its tests twice).

// Set AUTOMATIONS_SCREENSHOTS=/some/dir to keep screenshots of each page.
export async function snap(page: Page, name: string, { fullPage = true } = {}) {
  const dir = process.env.AUTOMATIONS_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

export type AutomationsSetup = { api: APIRequestContext; teamId: string; accountId: string };

/** An organization with DMs and automations on, signed in on `page`, and a Facebook page with messaging permissions. */
export async function automationsOrg(page: Page, playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined): Promise<AutomationsSetup> {
  const org = await createOrg(`E2E automations ${randomBytes(3).toString('hex')}`, { enable: ['dms', 'automations'] });
  await loginAs(page, await createUser(org));
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-api-key': org.apiKey } });
  const connected = await api.post('/api/v1/sandbox/accounts', {
    data: { teamId: org.teamId, type: 'FACEBOOK', channelName: 'Corner Bakery', grantMessaging: true },
  });
  expect(connected.status(), await connected.text()).toBe(200);
  const enabled = await api.post('/api/v1/social-account/messaging/enable', { data: { teamId: org.teamId, type: 'FACEBOOK' } });
  expect(enabled.status(), await enabled.text()).toBe(200);
  return { api, teamId: org.teamId, accountId: ((await connected.json()) as { id: string }).id };
}
