import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { PlatformError } from '../../platforms/platform-error';
import { messagePage } from '../../sandbox-platform/pages/layout';
import {
  chooseConnectServer,
  claimConnectSession,
  denyConnect,
  failConnect,
  findConnectSession,
  finishConnect,
  keepOAuthRequest,
  modeOf,
  releaseConnectSession,
  type ConnectSession,
} from '../connect.service';
import { connectorEnv, connectorOf } from '../credentials';
import { appPasswordPage } from './app-password-page';
import { handlePage } from './handle-page';
import { serverPage } from './server-page';
import type { AppServices } from '../../services';
import type { HandleOAuthConnect, LiveConnectCapability, TokenSet } from '../../platforms/connector';
import type { Permission } from '../../platforms/permissions';

const AppPasswordForm = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('deny') }),
  z.object({
    decision: z.literal('approve'),
    identifier: z.string().trim().min(1, 'Enter your handle').max(253),
    password: z.string().min(1, 'Enter an app password').max(200),
  }),
]);

const ServerForm = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('deny') }),
  z.object({ decision: z.literal('approve'), server: z.string().trim().min(1, 'Enter the server your account is on').max(253, 'That address is too long') }),
]);

// Handle syntax of the AT Protocol: dot-separated labels, the last one not starting with a digit.
const HANDLE = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;

const HandleForm = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('deny') }),
  z.object({
    decision: z.literal('approve'),
    handle: z
      .string()
      .trim()
      .min(1, 'Enter your handle')
      .max(253, 'That handle is too long')
      .transform((handle) => handle.replace(/^@/, '').toLowerCase())
      .refine((handle) => HANDLE.test(handle), 'That is not a handle: it looks like alice.bsky.social'),
  }),
]);

type OAuthConnect = Extract<LiveConnectCapability, { method: 'oauth' }>;
type AppPasswordConnect = Extract<LiveConnectCapability, { method: 'app-password' }>;

const OAuthCallback = z.object({
  state: z.string().min(1).max(64),
  code: z.string().min(1).max(2048).optional(),
  error: z.string().max(200).optional(),
  // RFC 9207: which authorization server answered (atproto servers send it).
  iss: z.string().max(2048).optional(),
});

const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self' http: https:; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
};

function formOf(c: Context<AppEnv>) {
  return c.req.parseBody().catch(() => ({}));
}

function pending(session: ConnectSession | null): session is ConnectSession {
  return !!session && session.status === 'PENDING' && !session.completedAt && session.expiresAt.getTime() > Date.now() && modeOf(session) === 'live';
}

const gone = (c: Context<AppEnv>) =>
  c.html(
    messagePage('Link already used', 'This connect link was already used, has expired or does not exist. Start connecting again from the app.'),
    410,
    PAGE_HEADERS,
  );

/**
 * Connecting a live account (decision 059): the connect API's URL leads here. Public: the session
 * id in the URL (24 random bytes, 30 minutes, one use) is the authorization, as for the sandbox's pages.
 */
export function liveConnectPagesRouter() {
  const router = new Hono<AppEnv>();
  // The OAuth platforms' consent page sends the person back here with the session as `state`.
  router.get('/connect/callback', async (c) => {
    const { services } = c.var;
    const query = OAuthCallback.safeParse(c.req.query());
    if (!query.success) return c.html(messagePage('Something is missing', 'The platform sent the person back without a usable answer.'), 400, PAGE_HEADERS);
    const session = await claimConnectSession(services.db, query.data.state);
    if (!session || modeOf(session) !== 'live') return gone(c);
    const exchange = codeExchange(services, session);
    if (exchange && !query.data.code && query.data.error && query.data.error !== 'access_denied') {
      // Only the person's refusal is a denial (RFC 6749 §4.1.2.1); a server that could not answer
      // is a failure the app can tell apart, and retry when the server says it is temporary.
      const code = query.data.error === 'temporarily_unavailable' ? 'temporarily_unavailable' : 'server_error';
      return c.redirect((await failConnect(services, session, code, `The platform answered ${code} instead of a code`)).redirectTo, 302);
    }
    if (!query.data.code || !exchange) return c.redirect((await denyConnect(services, session)).redirectTo, 302);
    try {
      const tokens = await exchange(query.data.code, query.data.iss);
      return c.redirect((await finishConnect(services, session, tokens)).redirectTo, 302);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      return c.redirect((await failConnect(services, session, error.isTransient ? 'temporarily_unavailable' : 'server_error', error.message)).redirectTo, 302);
    }
  });

  router.get('/connect/:id', async (c) => {
    const { services } = c.var;
    const session = await findConnectSession(services.db, c.req.param('id'));
    if (!pending(session)) return gone(c);
    const connect = connectorOf(services, session.platform, 'live').connect;
    if (connect?.method === 'app-password') {
      // Bluesky: the handle first (its server may offer OAuth), unless the person chose the app password.
      const hrefs = alternativesOf(session, connect);
      if (connect.oauth && c.req.query('with') !== 'app-password')
        return c.html(handlePage({ session, appPasswordHref: hrefs.appPassword }), 200, PAGE_HEADERS);
      return c.html(
        appPasswordPage({ session, identifierLabel: connect.identifierLabel, helpUrl: connect.appPasswordHelpUrl, oauthHref: hrefs.oauth }),
        200,
        PAGE_HEADERS,
      );
    }
    if (connect?.method === 'oauth') {
      // Mastodon without `serverUrl` (the dashboard, the portal): ask for the server first.
      if (connect.server && !session.options.serverUrl) return c.html(serverPage({ session, ...connect.server }), 200, PAGE_HEADERS);
      return toConsent(c, session, connect);
    }
    return c.html(messagePage('Not available', 'This platform cannot be connected here.'), 400, PAGE_HEADERS);
  });

  router.post('/connect/:id', async (c) => {
    const { services } = c.var;
    const found = await findConnectSession(services.db, c.req.param('id'));
    if (!pending(found)) return gone(c);
    const connect = connectorOf(services, found.platform, 'live').connect;
    if (connect?.method === 'oauth' && connect.server) return chooseServer(c, found, connect, connect.server);
    if (connect?.method !== 'app-password')
      return c.html(messagePage('Not available', 'This platform is connected through its own login page.'), 400, PAGE_HEADERS);
    const raw = await formOf(c);
    if (connect.oauth && typeof raw === 'object' && 'step' in raw && raw.step === 'handle') return chooseHandle(c, found, connect, connect.oauth, raw);
    const form = AppPasswordForm.safeParse(raw);
    const again = (error: string, status: 400 | 401) =>
      c.html(
        appPasswordPage({
          session: found,
          identifierLabel: connect.identifierLabel,
          helpUrl: connect.appPasswordHelpUrl,
          identifier: typeof raw === 'object' && 'identifier' in raw ? String(raw.identifier) : undefined,
          error,
          oauthHref: alternativesOf(found, connect).oauth,
        }),
        status,
        PAGE_HEADERS,
      );
    if (!form.success) return again(form.error.issues.map((issue) => issue.message).join('. '), 400);
    const session = await claimConnectSession(services.db, found.id);
    if (!session) return gone(c);
    if (form.data.decision === 'deny') return c.redirect((await denyConnect(services, session)).redirectTo, 302);
    let tokens;
    try {
      tokens = await connect.login(connectorEnv(services), { identifier: form.data.identifier, password: form.data.password });
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      // A mistyped handle or password: the same link stays usable for another try.
      await releaseConnectSession(services.db, session.id);
      if (error.isTransient) return again(`${error.userFacingMessage} Try again in a moment.`, 400);
      return again('That handle and app password were not accepted. Check both and try again.', 401);
    }
    return c.redirect((await finishConnect(services, session, tokens)).redirectTo, 302);
  });

  return router;
}

/** The links between a platform's two ways of connecting on our pages (Bluesky: OAuth and the app password). */
function alternativesOf(session: ConnectSession, connect: AppPasswordConnect) {
  return { appPassword: `/connect/${session.id}?with=app-password`, oauth: connect.oauth ? `/connect/${session.id}` : undefined };
}

/**
 * The handle form's answer (Bluesky): to the authorization page of the account's server, with the
 * OAuth request kept sealed in the session for the callback; to the app-password form, prefilled,
 * when that server offers no OAuth. The session stays open until the callback claims it.
 */
async function chooseHandle(c: Context<AppEnv>, found: ConnectSession, connect: AppPasswordConnect, oauth: HandleOAuthConnect, raw: Record<string, unknown>) {
  const { services } = c.var;
  const typed = typeof raw.handle === 'string' ? raw.handle.slice(0, 253) : undefined;
  const hrefs = alternativesOf(found, connect);
  const again = (error: string, status: 400 | 502) =>
    c.html(handlePage({ session: found, appPasswordHref: hrefs.appPassword, handle: typed, error }), status, PAGE_HEADERS);
  const form = HandleForm.safeParse(raw);
  if (!form.success) return again(form.error.issues.map((issue) => issue.message).join('. '), 400);
  if (form.data.decision === 'deny') {
    const session = await claimConnectSession(services.db, found.id);
    return session ? c.redirect((await denyConnect(services, session)).redirectTo, 302) : gone(c);
  }
  const { handle } = form.data;
  let request: Awaited<ReturnType<HandleOAuthConnect['authorize']>>;
  try {
    request = await oauth.authorize(connectorEnv(services), { handle, state: found.id });
  } catch (error) {
    // Only our words reach the page: an unknown handle, a server that may not be contacted, an outage.
    if (!(error instanceof PlatformError)) throw error;
    return error.isTransient ? again(`Cannot reach the platform. ${error.userFacingMessage} Try again in a moment.`, 502) : again(error.userFacingMessage, 400);
  }
  if (!request) {
    const notice = `The server of ${handle} does not offer this way of logging in. Use an app password instead.`;
    return c.html(
      appPasswordPage({ session: found, identifierLabel: connect.identifierLabel, helpUrl: connect.appPasswordHelpUrl, identifier: handle, notice }),
      200,
      PAGE_HEADERS,
    );
  }
  const session = await keepOAuthRequest(services, found, request.pending);
  return session ? c.redirect(request.url, 302) : gone(c);
}

/**
 * How the callback's code becomes tokens for this session: the platform's OAuth, or the OAuth
 * request a Bluesky handle led to (kept sealed in the session). Null: nothing was asked.
 */
function codeExchange(services: AppServices, session: ConnectSession): ((code: string, iss: string | undefined) => Promise<TokenSet>) | null {
  const connect = connectorOf(services, session.platform, 'live').connect;
  const env = connectorEnv(services);
  if (connect?.method === 'oauth')
    return (code) =>
      connect.exchange(env, {
        code,
        redirectUri: callbackUrl(services.config.publicUrl),
        serverUrl: session.options.serverUrl,
        permissions: session.requestedPermissions as Permission[],
        instagramConnectionMethod: session.options.instagramConnectionMethod,
      });
  const pending = session.options.oauthPending;
  if (connect?.method === 'app-password' && connect.oauth && pending) {
    const oauth = connect.oauth;
    return (code, iss) => oauth.exchange(env, { code, iss, pending: services.secrets.platformTokens.open(pending) });
  }
  return null;
}

/** The server form's answer: the server checked (no request is made to a refused one), kept, then its consent page. */
async function chooseServer(c: Context<AppEnv>, found: ConnectSession, connect: OAuthConnect, choice: NonNullable<OAuthConnect['server']>) {
  const { services } = c.var;
  const raw = await formOf(c);
  const typed = typeof raw === 'object' && 'server' in raw ? String(raw.server).slice(0, 253) : undefined;
  const again = (error: string) => c.html(serverPage({ session: found, ...choice, server: typed, error }), 400, PAGE_HEADERS);
  const form = ServerForm.safeParse(raw);
  if (!form.success) return again(form.error.issues.map((issue) => issue.message).join('. '));
  if (form.data.decision === 'deny') {
    const session = await claimConnectSession(services.db, found.id);
    return session ? c.redirect((await denyConnect(services, session)).redirectTo, 302) : gone(c);
  }
  let server: string;
  try {
    server = await choice.check(form.data.server);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return again(error.userFacingMessage);
  }
  const session = await chooseConnectServer(services.db, found, server);
  return session ? toConsent(c, session, connect) : gone(c);
}

/** To the platform's consent page; a person is looking, so a failure is a page, and the link stays usable. */
async function toConsent(c: Context<AppEnv>, session: ConnectSession, connect: OAuthConnect) {
  const { services } = c.var;
  try {
    const url = await connect.authorizationUrl(connectorEnv(services), {
      state: session.id,
      redirectUri: callbackUrl(services.config.publicUrl),
      serverUrl: session.options.serverUrl,
      permissions: session.requestedPermissions as Permission[],
      instagramConnectionMethod: session.options.instagramConnectionMethod,
      // A forced login (`tiktokForceLogin`) asks for a fresh login as a reconnect does.
      reconnect: Boolean(session.options.reconnectAccountId) || Boolean(session.options.forceLogin),
    });
    return c.redirect(url, 302);
  } catch (error) {
    // A server that is down or is not a Mastodon server. Only our words reach the page: the
    // error's message can hold the start of whatever the named host answered.
    if (!(error instanceof PlatformError)) throw error;
    const problem = `Cannot reach the platform. ${error.userFacingMessage}`;
    if (connect.server) {
      // As the person would type it: https is the default, plain http (development) stays visible.
      const server = session.options.serverUrl?.replace(/^https:\/\//, '');
      return c.html(serverPage({ session, ...connect.server, server, error: problem }), 502, PAGE_HEADERS);
    }
    return c.html(
      messagePage('Cannot reach the platform', `${error.userFacingMessage} Reload this page to try again, or start again from the app.`),
      502,
      PAGE_HEADERS,
    );
  }
}

export function callbackUrl(publicUrl: string): string {
  return `${publicUrl}/connect/callback`;
}
