import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { socialAccounts } from '../db/schema/social-accounts';
import { LIVE_PLATFORMS_ENV } from '../test/live-platforms-env';
import { createTestApp } from '../test/test-app';

/**
 * With LIVE_PLATFORMS on, new connections of those platforms are live (decision 059), but the
 * sandbox control API still makes sandbox accounts: their credentials are the sandbox's, which a
 * live connector cannot use (they reached Bluesky's as a 500, and Mastodon's as a misleading 400).
 */
const t = await createTestApp({ env: LIVE_PLATFORMS_ENV });
const LIVE = ['BLUESKY', 'MASTODON', 'DISCORD', 'SLACK'];

describe('sandbox accounts beside live platforms', () => {
  it('are offered both ways, and a plain connect is live', async () => {
    const { key, teamId } = await t.createOrg();
    const offered = await t.request('GET', '/social-account/platforms', { key });
    for (const type of LIVE) expect(offered.json.platforms).toContainEqual({ type, modes: ['live', 'sandbox'] });
    const connect = await t.request('POST', '/social-account/connect', { key, body: { teamId, type: 'BLUESKY', redirectUrl: 'https://app.example.com/' } });
    expect(new URL(connect.json.url).pathname).toMatch(/^\/connect\/[\w-]+$/);
  });

  it.each(LIVE)('POST /sandbox/accounts %s connects a sandbox account that works as one', async (type) => {
    const { key, teamId } = await t.createOrg();
    const connected = await t.request('POST', '/sandbox/accounts', { key, body: { teamId, type } });
    expect(connected.status).toBe(200);
    expect(connected.json).toMatchObject({ type, mode: 'sandbox' });
    // Its calls go to the sandbox world (a live connector would fail on the closed port), and the
    // sandbox control API acts on it.
    const check = await t.request('POST', '/social-account/connection-check', { key, body: { teamId, type } });
    expect(check).toMatchObject({ status: 200, json: { success: true, socialAccountId: connected.json.id } });
    expect((await t.request('POST', `/sandbox/accounts/${connected.json.id}/expire-token`, { key })).status).toBe(200);
  });

  it('refuses sandbox actions on a live account with a clear 400', async () => {
    const { key, teamId } = await t.createOrg();
    const connected = await t.request('POST', '/sandbox/accounts', { key, body: { teamId, type: 'MASTODON' } });
    // As if connected live: the sandbox must not act on the real platform's account.
    await t.services.db.update(socialAccounts).set({ mode: 'live' }).where(eq(socialAccounts.id, connected.json.id));
    const refused = await t.request('POST', `/sandbox/accounts/${connected.json.id}/revoke-access`, { key });
    expect(refused).toMatchObject({ status: 400, json: { statusCode: 400, message: expect.stringMatching(/real platform, not the sandbox/) } });
  });
});
