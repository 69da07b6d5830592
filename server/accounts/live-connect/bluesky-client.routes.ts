import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import type { Config } from '../../config';
import { blueskyClientIdentity, blueskyOAuthOffered, CLIENT_METADATA_PATH, JWKS_PATH } from '../../platforms/live/bluesky/bluesky-oauth-client';

/**
 * Who SocialDesk is as an atproto OAuth client (decision 065): on an https PUBLIC_URL our client
 * id is the URL of this metadata document, which authorization servers fetch; a confidential
 * client's public key is at JWKS_PATH. Public, and 404 where Bluesky OAuth is not offered (the
 * loopback client of development has its metadata in its client id).
 */
export function blueskyClientRouter() {
  const router = new Hono<AppEnv>();
  const webClient = (config: Config) =>
    config.LIVE_PLATFORMS.includes('BLUESKY') && blueskyOAuthOffered(config) && new URL(config.publicUrl).protocol === 'https:';
  const notOffered = { statusCode: 404, message: 'Bluesky OAuth is not offered by this server' };

  router.get(CLIENT_METADATA_PATH, (c) => {
    const { config } = c.var.services;
    if (!webClient(config)) return c.json(notOffered, 404);
    // Servers cache it; an hour keeps a changed key or redirect from waiting long.
    return c.json(blueskyClientIdentity(config).metadata, 200, { 'Cache-Control': 'public, max-age=3600' });
  });

  router.get(JWKS_PATH, (c) => {
    const { config } = c.var.services;
    if (!webClient(config) || !config.BLUESKY_OAUTH_PRIVATE_KEY) return c.json(notOffered, 404);
    const { kty, crv, x, y, kid } = JSON.parse(config.BLUESKY_OAUTH_PRIVATE_KEY) as Record<string, string>;
    return c.json({ keys: [{ kty, crv, x, y, kid, alg: 'ES256', use: 'sig' }] }, 200, { 'Cache-Control': 'public, max-age=3600' });
  });

  return router;
}
