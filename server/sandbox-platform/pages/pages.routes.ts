import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { AppError } from '../../http/errors';
import { claimConnectSession, denyConnect, findConnectSession, finishConnect, startConnect } from '../../accounts/connect.service';
import { findPortal, portalAccounts, portalConnectChoices, portalUrl } from '../../accounts/portal.service';
import { getAccountById } from '../../accounts/accounts.service';
import type { Permission } from '../../platforms/permissions';
import { SOCIAL_ACCOUNT_TYPES } from '../../platforms/platform-types';
import { avatarUrl, renderAvatarSvg } from '../../platforms/sandbox-connector/avatars';
import { renderMediaSvg } from '../../platforms/sandbox-connector/sandbox-media';
import { createProfile, issueGrant, listConnectableProfiles } from '../../platforms/sandbox-connector/world';
import { consentPage } from './consent-page';
import { messagePage } from './layout';
import { portalPage } from './portal-page';

const ConsentForm = z.object({
  decision: z.enum(['approve', 'deny']),
  profile: z.string().min(1).max(64).default('new'),
  username: z
    .string()
    .trim()
    .max(60)
    .regex(/^@?[A-Za-z0-9._-]*$/, 'Usernames use letters, digits, dots, dashes and underscores')
    .optional()
    .transform((value) => value || undefined),
  permissions: z.union([z.string(), z.array(z.string())]).optional(),
});

/** A form that does not parse (broken multipart, say) is an empty one: the schema then names what is missing. */
function formOf(c: Context<AppEnv>, options: { all?: boolean } = {}) {
  return c.req.parseBody(options).catch(() => ({}));
}

/** Malformed percent-encoding in a path segment is a path that names nothing. */
function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  // Self-contained pages: no scripts at all, styles inline, images from this server only.
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self' http: https:; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
};

/** The sandbox platform's own pages: consent screens and avatars. Public: the URL token is the authorization. */
export function sandboxPagesRouter() {
  const router = new Hono<AppEnv>();

  router.get('/sandbox/avatars/:platform/:file{[^/]+\\.svg}', (c) => {
    const seed = safeDecode(c.req.param('file').replace(/\.svg$/, ''));
    if (seed === null) return c.text('Not found', 404);
    const name = (c.req.query('name') ?? seed).slice(0, 60);
    return c.body(renderAvatarSvg(`${c.req.param('platform')}:${seed}`, name), 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=86400',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
  });

  // Pictures of the media of sandbox posts (post history thumbnails).
  router.get('/sandbox/media/:platform/:file{[^/]+\\.svg}', (c) => {
    const seed = safeDecode(c.req.param('file').replace(/\.svg$/, ''));
    if (seed === null) return c.text('Not found', 404);
    const label = (c.req.query('label') ?? '').slice(0, 40);
    return c.body(renderMediaSvg(`${c.req.param('platform')}:${seed}`, label, c.req.query('kind') === 'video' ? 'video' : 'image'), 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=86400',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
  });

  router.get('/sandbox/connect/:id', async (c) => {
    const { db, config } = c.var.services;
    const session = await findConnectSession(db, c.req.param('id'));
    if (!session) return c.html(messagePage('Link not found', 'This login link does not exist. Start connecting again from the app.'), 404, PAGE_HEADERS);
    if (session.status !== 'PENDING' || session.completedAt || session.expiresAt.getTime() <= Date.now()) {
      return c.html(
        messagePage('Link already used', 'This login link was already used or has expired. Start connecting again from the app.'),
        410,
        PAGE_HEADERS,
      );
    }
    const profiles = await listConnectableProfiles(db, { organizationId: session.organizationId, teamId: session.teamId, platform: session.platform });
    let reconnectUsername: string | null = null;
    if (session.options.reconnectAccountId) {
      const account = await getAccountById(db, { organizationId: session.organizationId, id: session.options.reconnectAccountId }).catch(() => null);
      reconnectUsername = account?.user.username ?? null;
    }
    const avatar = (profile: (typeof profiles)[number]) => avatarUrl(config.publicUrl, profile.platform, profile.externalId, profile.displayName);
    return c.html(consentPage({ session, profiles, avatar, reconnectUsername }), 200, PAGE_HEADERS);
  });

  router.post('/sandbox/connect/:id', async (c) => {
    const { services } = c.var;
    const form = ConsentForm.safeParse(await formOf(c, { all: true }));
    const pending = await findConnectSession(services.db, c.req.param('id'));
    if (!pending) return c.html(messagePage('Link not found', 'This login link does not exist.'), 404, PAGE_HEADERS);
    if (!form.success) {
      return c.html(messagePage('Something is missing', form.error.issues.map((issue) => issue.message).join('. ')), 400, PAGE_HEADERS);
    }
    const session = await claimConnectSession(services.db, pending.id);
    if (!session) return c.html(messagePage('Link already used', 'This login link was already used or has expired.'), 410, PAGE_HEADERS);
    if (form.data.decision === 'deny') return c.redirect((await denyConnect(services, session)).redirectTo, 302);

    const choices = {
      instagramConnectionMethod: session.options.instagramConnectionMethod,
      serverUrl: session.options.serverUrl,
      withBusinessScope: session.options.withBusinessScope,
    };
    const scope = { organizationId: session.organizationId, teamId: session.teamId, platform: session.platform };
    // A "new" account under a taken username is that existing person: the same rule applies to it.
    const picked =
      form.data.profile === 'new'
        ? await createProfile(services.db, { organizationId: session.organizationId, platform: session.platform, username: form.data.username, choices })
        : { id: form.data.profile };
    const [profile] = await listConnectableProfiles(services.db, { ...scope, id: picked.id });
    if (!profile) return c.html(messagePage('Unknown account', 'That account does not exist on this platform.'), 400, PAGE_HEADERS);
    // What a person can untick: everything asked but the basic profile.
    const ticked = new Set([form.data.permissions ?? []].flat());
    const granted = (session.requestedPermissions as Permission[]).filter((permission) => permission === 'profile' || ticked.has(permission));
    const tokens = await issueGrant(services.db, profile, granted);
    const outcome = await finishConnect(services, session, tokens);
    return c.redirect(outcome.redirectTo, 302);
  });

  return router;
}

const PortalConnectForm = z.object({ type: z.enum(SOCIAL_ACCOUNT_TYPES) });

/** The hosted portal (ours, not the platform's): public, the link's token authorizes it. */
export function portalPagesRouter() {
  const router = new Hono<AppEnv>();

  router.get('/portal/:id', async (c) => {
    const portal = await findPortal(c.var.services.db, c.req.param('id'));
    if (!portal) return c.html(messagePage('Link expired', 'This connect link does not exist or has expired. Ask for a new one.'), 404, PAGE_HEADERS);
    const accounts = await portalAccounts(c.var.services.db, portal);
    const status = c.req.query('status');
    const notice =
      status === 'success'
        ? { ok: true, text: 'Account connected.' }
        : status === 'error'
          ? { ok: false, text: c.req.query('error_description') ?? 'The account was not connected.' }
          : undefined;
    return c.html(portalPage({ portal, accounts, notice }), 200, PAGE_HEADERS);
  });

  router.post('/portal/:id/connect', async (c) => {
    const { services } = c.var;
    const portal = await findPortal(services.db, c.req.param('id'));
    if (!portal) return c.html(messagePage('Link expired', 'This connect link does not exist or has expired.'), 404, PAGE_HEADERS);
    const form = PortalConnectForm.safeParse(await formOf(c));
    const accounts = await portalAccounts(services.db, portal);
    const refuse = (text: string) => c.html(portalPage({ portal, accounts, notice: { ok: false, text } }), 400, PAGE_HEADERS);
    if (!form.success || !portal.platforms.includes(form.data.type)) return refuse('Pick one of the platforms listed.');
    if (portal.maxAccounts !== null && accounts.length >= portal.maxAccounts)
      return refuse('The maximum number of connected accounts for this link is reached.');
    try {
      const { url } = await startConnect(services, {
        organizationId: portal.organizationId,
        teamId: portal.teamId,
        type: form.data.type,
        redirectUrl: portalUrl(services.config.publicUrl, portal.id),
        withMessagingScope: portal.withMessagingScope === 'true',
        ...portalConnectChoices(portal.settings, form.data.type),
        portalId: portal.id,
      });
      return c.redirect(url, 303);
    } catch (error) {
      if (error instanceof AppError) return refuse(error.message);
      throw error;
    }
  });

  return router;
}
