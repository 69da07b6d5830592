import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

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
  });
}
