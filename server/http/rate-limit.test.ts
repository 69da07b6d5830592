import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createApp } from '../app';
import { rateLimits } from '../db/schema/http';
import { createTestApp } from '../test/test-app';
import { deleteExpiredRateLimits } from './rate-limit';

for (const store of ['memory', 'postgres'] as const) {
  describe(`rate limits (${store} store)`, async () => {
    const t = await createTestApp({
      env: { RATE_LIMIT_STORE: store, RATE_LIMIT_BURST: '3', RATE_LIMIT_SHORT: '5', RATE_LIMIT_MINUTE: '50' },
    });

    it('answers 429 with Retry-After after the burst, per endpoint and per tracker', async () => {
      const { key, teamId } = await t.createOrg();
      for (let i = 0; i < 3; i++) {
        const ok = await t.request('GET', '/team', { key });
        expect(ok.status).toBe(200);
        expect(ok.headers.get('ratelimit-policy')).toBe('"burst";q=3;w=1, "short";q=5;w=10, "minute";q=50;w=60');
        expect(ok.headers.get('ratelimit')).toContain(`"burst";r=${2 - i};t=1`);
      }
      const limited = await t.request('GET', '/team', { key });
      expect(limited.status).toBe(429);
      expect(limited.json.statusCode).toBe(429);
      expect(limited.json.message).toMatch(/Rate limit exceeded: at most 3 requests per 1 s/);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(limited.headers.get('ratelimit')).toContain('"burst";r=0');

      // Another endpoint has its own budget; /team/:id counts as one endpoint whatever the id.
      expect((await t.request('GET', `/team/${teamId}`, { key })).status).toBe(200);
      expect((await t.request('GET', '/team/does-not-exist', { key })).status).toBe(404);
      // Another key is another tracker.
      const other = await t.createOrg();
      expect((await t.request('GET', '/team', { key: other.key })).status).toBe(200);
    });

    it('limits unauthenticated callers by address, before checking credentials', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await t.request('GET', '/organization')).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
    });

    it('counts a request with unverified credentials against the address, not against the made-up key', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await t.request('GET', '/api-keys', { key: `sk_${randomBytes(32).toString('base64url')}` })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      // A verified key on the same address keeps a budget of its own.
      const { key } = await t.createOrg();
      expect((await t.request('GET', '/api-keys', { key })).status).toBe(200);
    });

    it('keeps one budget per API route with the dashboard served (its catch-all matches every GET)', async () => {
      const withDashboard = createApp(t.services, { serveDashboard: true });
      const { key, teamId } = await t.createOrg();
      const get = (path: string) => withDashboard.request(`/api/v1${path}`, { headers: { 'x-api-key': key } });
      for (let i = 0; i < 3; i++) expect((await get('/team')).status).toBe(200);
      expect((await get('/team')).status).toBe(429);
      const other = await get('/organization');
      expect(other.status).toBe(200);
      expect(other.headers.get('ratelimit')).toContain('"burst";r=2;');
      expect((await get(`/team/${teamId}`)).status).toBe(200);
    });

    it('removes the shared counters whose window is over', async () => {
      const { key } = await t.createOrg();
      expect((await t.request('GET', '/team', { key })).status).toBe(200);
      const counters = await t.services.db.select().from(rateLimits);
      if (store === 'memory') {
        expect(counters).toEqual([]);
        return;
      }
      expect(counters.length).toBeGreaterThanOrEqual(3);
      const [oldest] = counters;
      // Earlier tests' one-second windows may be over by now on a slow machine: keep every other
      // counter current, so exactly the one made old here is due.
      await t.services.db.update(rateLimits).set({ expire: new Date(Date.now() + 3600_000) });
      await t.services.db
        .update(rateLimits)
        .set({ expire: new Date(Date.now() - 1000) })
        .where(eq(rateLimits.key, oldest!.key));
      // What housekeeping runs (called directly: the jobs' handler shape is being reorganised).
      expect(await deleteExpiredRateLimits(t.services.db)).toBe(1);
      const left = await t.services.db.select({ key: rateLimits.key }).from(rateLimits);
      expect(left.map((row) => row.key)).not.toContain(oldest!.key);
      expect(left.length).toBe(counters.length - 1);
    });
  });
}
