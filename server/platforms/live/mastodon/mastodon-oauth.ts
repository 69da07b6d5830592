import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { mastodonApps } from '../../../db/schema/mastodon-apps';
import type { LiveConnectCapability, TokenSet } from '../../connector';
import { PlatformError } from '../../platform-error';
import { TTL } from '../../platform-definition';
import type { MastodonApi } from './mastodon-api';
import { mastodonAccessToken, mastodonServerOrigin } from './mastodon-credentials';

/**
 * Granular scopes (Mastodon 2.4+): the profile, posting with media, reading statuses for history,
 * numbers and comments, favouriting comments (the comment `LIKE` action).
 */
export const MASTODON_SCOPES = 'read:accounts read:statuses write:statuses write:media write:favourites';

type Vault = { seal(plaintext: string): string; open(sealed: string): string };
type App = { server: string; clientId: string; clientSecret: string; redirectUri: string; scopes: string };

/**
 * Our OAuth app on this server for this redirect URI: the stored one, or a new registration
 * (`POST /api/v1/apps`) stored for the next account. Two first connects racing both register; the
 * unique index keeps one, and the other's registration is simply never used. An app registered
 * with fewer scopes than we now ask (before `write:favourites`) cannot grant them, and Mastodon
 * cannot widen an app: it is replaced by a new registration.
 */
export async function mastodonAppFor(db: Executor, vault: Vault, api: MastodonApi, input: { server: string; redirectUri: string }): Promise<App> {
  const stored = await findApp(db, vault, input);
  if (stored) return stored;
  const registered = await api.toServer<{ client_id: string; client_secret: string }>(input.server, {
    operation: 'connect.registerApp',
    method: 'POST',
    path: '/api/v1/apps',
    body: {
      client_name: api.config.appName ?? 'SocialDesk',
      redirect_uris: input.redirectUri,
      scopes: MASTODON_SCOPES,
      ...(api.config.website ? { website: api.config.website } : {}),
    },
  });
  await db
    .insert(mastodonApps)
    .values({
      server: input.server,
      redirectUri: input.redirectUri,
      scopes: MASTODON_SCOPES,
      clientId: registered.client_id,
      clientSecretEnc: vault.seal(registered.client_secret),
    })
    .onConflictDoUpdate({
      target: [mastodonApps.server, mastodonApps.redirectUri],
      set: { scopes: MASTODON_SCOPES, clientId: registered.client_id, clientSecretEnc: vault.seal(registered.client_secret) },
      // Only an outdated app is replaced: a racing registration with today's scopes is kept.
      setWhere: ne(mastodonApps.scopes, MASTODON_SCOPES),
    });
  return (await findApp(db, vault, input))!;
}

async function findApp(db: Executor, vault: Vault, input: { server: string; redirectUri: string }): Promise<App | null> {
  const [row] = await db
    .select()
    .from(mastodonApps)
    .where(and(eq(mastodonApps.server, input.server), eq(mastodonApps.redirectUri, input.redirectUri)));
  if (!row || row.scopes !== MASTODON_SCOPES) return null;
  return { server: row.server, clientId: row.clientId, clientSecret: vault.open(row.clientSecretEnc), redirectUri: row.redirectUri, scopes: row.scopes };
}

/** Where to send the person: the server's consent screen for our app, `force_login` so they pick the account. */
export function mastodonAuthorizeUrl(app: App, state: string): string {
  const query = new URLSearchParams({
    client_id: app.clientId,
    redirect_uri: app.redirectUri,
    response_type: 'code',
    scope: app.scopes,
    state,
    force_login: 'true',
  });
  return `${app.server}/oauth/authorize?${query}`;
}

/** Trades the code from the callback for the account's token, kept with its server (see mastodon-credentials). */
export async function exchangeMastodonCode(api: MastodonApi, app: App, code: string): Promise<TokenSet> {
  const answer = await api.toServer<{ access_token: string; scope?: string }>(app.server, {
    operation: 'connect.exchangeCode',
    method: 'POST',
    path: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: app.clientId,
      client_secret: app.clientSecret,
      redirect_uri: app.redirectUri,
      scope: app.scopes,
    }).toString(),
  });
  // Mastodon tokens do not expire; the platform definition's decade stands for "never".
  return { accessToken: mastodonAccessToken(app.server, answer.access_token), refreshToken: null, expiresAt: new Date(Date.now() + TTL.decade * 1000) };
}

/**
 * Connecting (decision 059's OAuth flow): the person names their server (`serverUrl`, or our
 * connect page's form), our app is registered there if it is not yet, and they consent on their
 * server's own page. Every call to the server goes through the SSRF guard (decision 063).
 */
export function mastodonConnect(api: MastodonApi): LiveConnectCapability {
  const vault = api.config.vault;
  function serverOf(serverUrl: string | undefined, operation: string): string {
    const server = serverUrl ? mastodonServerOrigin(serverUrl, { allowInsecureLoopback: api.config.allowInsecureLoopback }) : null;
    if (server) return server;
    const message = serverUrl
      ? `${serverUrl.slice(0, 200)} is not an https address of a Mastodon server`
      : 'Name the Mastodon server to connect (serverUrl), such as mastodon.social';
    throw new PlatformError({
      code: 'INVALID_REQUEST',
      message,
      httpStatus: 400,
      userFacingMessage: serverUrl
        ? 'Enter the address of a Mastodon server, such as mastodon.social.'
        : 'Enter your Mastodon server, such as mastodon.social.',
      meta: { platform: 'MASTODON', operation },
    });
  }
  function requireVault(): NonNullable<typeof vault> {
    if (!vault) throw new Error('the Mastodon connector needs the platform-token box to keep app secrets');
    return vault;
  }
  return {
    method: 'oauth',
    server: {
      label: 'Your Mastodon server',
      example: 'mastodon.social',
      async check(input) {
        const server = serverOf(input, 'connect.server');
        await api.checkServer(server, 'connect.server');
        return server;
      },
    },
    async authorizationUrl(env, input) {
      const server = serverOf(input.serverUrl, 'connect.authorize');
      try {
        const app = await mastodonAppFor(env.db, requireVault(), api, { server, redirectUri: input.redirectUri });
        return mastodonAuthorizeUrl(app, input.state);
      } catch (error) {
        throw unreachable(error, server);
      }
    },
    async exchange(env, input) {
      const app = await mastodonAppFor(env.db, requireVault(), api, {
        server: serverOf(input.serverUrl, 'connect.exchangeCode'),
        redirectUri: input.redirectUri,
      });
      return exchangeMastodonCode(api, app, input.code);
    },
  };
}

/**
 * What the connect page tells the person when registering on their server failed: our words only.
 * The server's body stays in the message and `meta.body` (logs, the API), never on the page: it is
 * whatever the named host answered.
 */
function unreachable(error: unknown, server: string): unknown {
  if (!(error instanceof PlatformError) || error.meta.blockedHost) return error;
  const host = new URL(server).host;
  const userFacingMessage =
    error.httpStatus === 0
      ? `${host} did not answer. Check the address, or try again in a moment.`
      : `${host} answered HTTP ${error.httpStatus}: check that it is a Mastodon server.`;
  return new PlatformError({ code: error.code, message: error.message, httpStatus: error.httpStatus, userFacingMessage, meta: error.meta });
}
