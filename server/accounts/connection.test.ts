import { describe, expect, it } from 'vitest';
import { sandboxAccount } from '../sandbox-platform/test-helpers';
import { createTestApp } from '../test/test-app';

const t = await createTestApp();

const check = (key: string, teamId: string, type: string) => t.request('POST', '/social-account/connection-check', { key, body: { teamId, type } });
const byType = (key: string, teamId: string, type: string) => t.request('GET', `/social-account/by-type?teamId=${teamId}&type=${type}`, { key });

describe('connection check', () => {
  it('confirms a working account and counts the manual checks', async () => {
    const { key, teamId } = await t.createOrg();
    const account = await sandboxAccount(t, key, { teamId, type: 'TIKTOK' });
    const ok = await check(key, teamId, 'TIKTOK');
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ success: true, socialAccountId: account.id, limit: 10, used: 1, remaining: 9, windowSeconds: 3600 });
    expect(Date.parse(ok.json.checkedAt)).not.toBeNaN();
    for (let i = 2; i <= 10; i++) expect((await check(key, teamId, 'TIKTOK')).json.used).toBe(i);
    const limited = await check(key, teamId, 'TIKTOK');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3600');
  });

  it('refreshes an expired access token on its own', async () => {
    const { key, teamId } = await t.createOrg();
    const account = await sandboxAccount(t, key, { teamId, type: 'TWITTER' });
    expect((await t.request('POST', `/sandbox/accounts/${account.id}/expire-token`, { key })).status).toBe(200);
    const ok = await check(key, teamId, 'TWITTER');
    expect(ok.json.success).toBe(true);
    const after = await byType(key, teamId, 'TWITTER');
    expect(after.json.disconnectedCheckTryAt).toBeNull();
    expect(Date.parse(after.json.tokenExpiresAt)).toBeGreaterThan(Date.now());
  });

  it('refreshes once when two checks find the token expired at once: the second waits and uses the new tokens', async () => {
    const { key, teamId } = await t.createOrg();
    const account = await sandboxAccount(t, key, { teamId, type: 'TWITTER' });
    expect((await t.request('POST', `/sandbox/accounts/${account.id}/expire-token`, { key })).status).toBe(200);
    // The sandbox takes each refresh token once, as X does; the first refresh is slow, so the second check starts while it runs.
    const slow = await t.request('POST', '/sandbox/faults', {
      key,
      body: { type: 'TWITTER', operation: 'auth.refresh', kind: 'SLOW', delayMs: 500, count: 1 },
    });
    expect(slow.status).toBe(200);
    const checks = await Promise.all([check(key, teamId, 'TWITTER'), check(key, teamId, 'TWITTER')]);
    expect(checks.map((answer) => [answer.json.success, answer.json.message])).toEqual([
      [true, expect.any(String)],
      [true, expect.any(String)],
    ]);
    const after = await byType(key, teamId, 'TWITTER');
    expect(after.json.disconnectedCheckTryAt).toBeNull();
    expect(Date.parse(after.json.tokenExpiresAt)).toBeGreaterThan(Date.now());
    expect((await check(key, teamId, 'TWITTER')).json.success).toBe(true);
  });

  it('starts the 48-hour grace period when access was removed, and a reconnect ends it', async () => {
    const { key, teamId } = await t.createOrg();
    const account = await sandboxAccount(t, key, { teamId, type: 'THREADS', username: 'mateo.rossi' });
    await t.request('POST', `/sandbox/accounts/${account.id}/revoke-access`, { key });
    const failed = await check(key, teamId, 'THREADS');
    expect(failed.status).toBe(200);
    expect(failed.json.success).toBe(false);
    expect(failed.json.message).toMatch(/removed the app's access.*reconnect/);
    const lost = await byType(key, teamId, 'THREADS');
    expect(lost.json.disconnectedCheckTryAt).toEqual(expect.any(String));
    expect(Date.parse(lost.json.deleteOn) - Date.parse(lost.json.disconnectedCheckTryAt)).toBeGreaterThanOrEqual(48 * 3600_000);
    expect((await t.request('GET', '/social-account/to-delete', { key })).json.items.map((item: { id: string }) => item.id)).toEqual([account.id]);

    const back = await sandboxAccount(t, key, { teamId, type: 'THREADS', username: 'mateo.rossi' });
    expect(back).toMatchObject({ id: account.id, deleteOn: null, disconnectedCheckTryAt: null });
    expect((await check(key, teamId, 'THREADS')).json.success).toBe(true);
  });

  it('reports a transient platform failure without scheduling removal', async () => {
    const { key, teamId } = await t.createOrg();
    await sandboxAccount(t, key, { teamId, type: 'REDDIT' });
    await t.request('POST', '/sandbox/faults', { key, body: { type: 'REDDIT', kind: 'TRANSIENT', operation: 'profile.fetch', count: 1 } });
    const failed = await check(key, teamId, 'REDDIT');
    expect(failed.json).toMatchObject({ success: false, message: expect.stringMatching(/temporarily unavailable/) });
    expect((await byType(key, teamId, 'REDDIT')).json.deleteOn).toBeNull();
    expect((await check(key, teamId, 'REDDIT')).json.success).toBe(true);
  });
});

describe('profile refresh and channel refresh', () => {
  it('re-reads the profile, also through a slow platform', async () => {
    const { key, teamId } = await t.createOrg();
    const account = await sandboxAccount(t, key, { teamId, type: 'BLUESKY', username: 'zoe.kowalski' });
    await t.request('POST', '/sandbox/faults', { key, body: { type: 'BLUESKY', kind: 'SLOW', delayMs: 5, count: 1 } });
    const refreshed = await t.request('POST', '/social-account/profile-refresh', { key, body: { teamId, type: 'BLUESKY' } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json).toMatchObject({
      success: true,
      socialAccountId: account.id,
      socialAccount: { id: account.id, username: 'zoe-kowalski.bsky.social', externalId: expect.stringMatching(/^did:plc:[a-z2-7]{24}$/) },
      limit: 10,
      used: 1,
      remaining: 9,
      windowSeconds: 3600,
    });
  });

  it('reports a platform refusal of the refresh without changing the account', async () => {
    const { key, teamId } = await t.createOrg();
    const account = await sandboxAccount(t, key, { teamId, type: 'MASTODON' });
    await t.request('POST', '/sandbox/faults', { key, body: { type: 'MASTODON', kind: 'PERMANENT', message: 'Account suspended' } });
    const refused = await t.request('POST', '/social-account/profile-refresh', { key, body: { teamId, type: 'MASTODON' } });
    expect(refused.json).toMatchObject({ success: false, message: 'Account suspended', socialAccount: { id: account.id, username: account.username } });
  });

  it('answers 429 with the reset time when the platform rate-limits a channel refresh', async () => {
    const { key, teamId } = await t.createOrg();
    await sandboxAccount(t, key, { teamId, type: 'PINTEREST' });
    await t.request('POST', '/sandbox/faults', {
      key,
      body: { type: 'PINTEREST', kind: 'RATE_LIMITED', retryAfterSeconds: 90, operation: 'profile.listChannels' },
    });
    const limited = await t.request('POST', '/social-account/refresh-channels', { key, body: { teamId, type: 'PINTEREST' } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('90');
    expect(limited.json.message).toMatch(/rate limit/);
  });
});
