import { TestNetworkNoAppView } from '@atproto/dev-env';
import { afterAll, describe, expect, it } from 'vitest';
import { JoseKey } from '@atproto/oauth-client-node';
import { createTestApp } from '../../../test/test-app';
import { createPdsAccount } from './bluesky-test-kit';
import { startPdsProxy } from './pds-proxy';

/**
 * When the account's server cannot take an OAuth login, the app password remains (decision 065).
 * Here the operator's `BLUESKY_SERVICE_URL` is a proxy in front of the PDS, so the PDS the
 * account's DID document names is a host the operator did not configure: a loopback one, which the
 * SSRF guard refuses outside development. Nothing is sent to it, and the page offers the app password.
 */
const network = await TestNetworkNoAppView.create({});
const proxy = await startPdsProxy(network.pds.url);
afterAll(async () => {
  await proxy.close();
  await network.close();
});

const t = await createTestApp({ env: { LIVE_PLATFORMS: 'BLUESKY', BLUESKY_SERVICE_URL: proxy.url, BLUESKY_PLC_URL: network.plc.url } });
const off = await createTestApp({ env: { LIVE_PLATFORMS: 'BLUESKY', BLUESKY_SERVICE_URL: network.pds.url, BLUESKY_OAUTH: 'off' } });
const signingKey = { ...(await JoseKey.generate(['ES256'], 'socialdesk-1')).privateJwk } as Record<string, string>;
const hosted = await createTestApp({
  env: { LIVE_PLATFORMS: 'BLUESKY', PUBLIC_URL: 'https://social.example.com', BLUESKY_OAUTH_PRIVATE_KEY: JSON.stringify(signingKey) },
});

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  body: new URLSearchParams(fields),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

async function startConnect(app: typeof t) {
  const { key, teamId } = await app.createOrg('PRO');
  const started = await app.request('POST', '/social-account/connect', {
    key,
    body: { teamId, type: 'BLUESKY', redirectUrl: 'https://app.example.com/accounts' },
  });
  return { key, teamId, path: new URL(started.json.url as string).pathname };
}

describe('Bluesky OAuth: the app password where OAuth cannot be used', { timeout: 60_000 }, () => {
  it('a server that cannot take an OAuth login leads to the app-password form, prefilled, which connects', async () => {
    const person = await createPdsAccount(network, 'nooauth');
    const { key, teamId, path } = await startConnect(t);
    const answer = await t.app.request(path, form({ step: 'handle', decision: 'approve', handle: person.handle }));
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain(`The server of ${person.handle} does not offer this way of logging in. Use an app password instead.`);
    expect(html).toContain(`value="${person.handle}"`);
    expect(html).toContain('<label for="password">');

    const connected = await t.app.request(path, form({ decision: 'approve', identifier: person.handle, password: person.appPassword }));
    expect(connected.status).toBe(302);
    expect(new URL(connected.headers.get('location')!).searchParams.get('status')).toBe('success');
    const account = (await t.request('GET', `/social-account/by-type?teamId=${teamId}&type=BLUESKY`, { key })).json;
    expect(account).toMatchObject({ mode: 'live', username: person.handle, externalId: person.did });
  });

  it('with BLUESKY_OAUTH=off the page is the app-password form, with no OAuth link, and a handle step is refused', async () => {
    const { path } = await startConnect(off);
    const html = await (await off.app.request(path)).text();
    expect(html).toContain('<label for="password">');
    expect(html).not.toContain('Log in on your server instead');
    const handleStep = await off.app.request(path, form({ step: 'handle', decision: 'approve', handle: 'someone.test' }));
    expect(handleStep.status).toBe(400);
  });

  it('serves no client metadata on an http PUBLIC_URL (the loopback client carries its own)', async () => {
    const metadata = await t.app.request('/connect/bluesky/client-metadata.json');
    expect(metadata.status).toBe(404);
    expect(await metadata.json()).toEqual({ statusCode: 404, message: 'Bluesky OAuth is not offered by this server' });
  });

  it('on an https PUBLIC_URL serves the client metadata document and, with a private key, its public JWKS', async () => {
    const metadata = await hosted.app.request('/connect/bluesky/client-metadata.json');
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toMatchObject({
      client_id: 'https://social.example.com/connect/bluesky/client-metadata.json',
      redirect_uris: ['https://social.example.com/connect/callback'],
      scope: 'atproto transition:generic',
      dpop_bound_access_tokens: true,
      token_endpoint_auth_method: 'private_key_jwt',
      jwks_uri: 'https://social.example.com/connect/bluesky/jwks.json',
    });
    const jwks = (await (await hosted.app.request('/connect/bluesky/jwks.json')).json()) as { keys: Record<string, string>[] };
    expect(jwks.keys).toEqual([{ kty: 'EC', crv: 'P-256', x: signingKey.x, y: signingKey.y, kid: 'socialdesk-1', alg: 'ES256', use: 'sig' }]);
    expect(JSON.stringify(jwks)).not.toContain('"d"');
  });
});
