import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

// The development switch opens private and loopback targets, never link-local (cloud metadata).
const dev = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });

describe('SSRF guard through the webhook and from-url routes', () => {
  it('refuses IPv4-compatible IPv6 (::/96) and link-local targets even with WEBHOOK_ALLOW_PRIVATE', async () => {
    const { key } = await dev.createOrg();
    for (const url of [
      'https://[::7f00:1]/hook',
      'http://[::7f00:1]/hook',
      'http://[::a9fe:a9fe]/latest/meta-data',
      'http://169.254.169.254/latest/meta-data',
      'http://[fe80::1]/hook',
      'http://[::ffff:169.254.169.254]/hook',
    ]) {
      const response = await dev.request('POST', '/webhooks', { key, body: { url } });
      expect(response.status, url).toBe(400);
      expect(response.json.message, url).toMatch(/IPv4-compatible|linkLocal/);
    }
    const fromUrl = await dev.request('POST', '/upload/from-url', { key, body: { url: 'http://169.254.169.254/latest/meta-data/image.png' } });
    expect(fromUrl.status).toBe(400);
    // Loopback stays open in development mode, so local receivers keep working.
    const local = await dev.request('POST', '/webhooks', { key, body: { url: 'http://127.0.0.1:9/hook' } });
    expect(local.status).toBe(200);
  });
});
