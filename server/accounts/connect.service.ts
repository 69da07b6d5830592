import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { sandboxConnectSessions, type ConnectOptions } from '../db/schema/sandbox';
import { socialAccounts } from '../db/schema/social-accounts';
import { refreshAccountAnalyticsJob } from '../analytics/analytics.jobs';
import { recordEvent } from '../events/outbox';
import { BadRequestError } from '../http/errors';
import { randomToken } from '../auth/secrets';
import { getOrganization } from '../organizations/organizations.service';
import type { AppServices } from '../services';
import { getTeam } from '../teams/teams.service';
import type { LiveConnectCapability, TokenSet } from '../platforms/connector';
import { PlatformError } from '../platforms/platform-error';
import { platformOf } from '../platforms/registry';
import { identityFor, isUniqueViolation, keptSelection, storedChannels, storedIdentity, toSocialAccountDto, type SocialAccountRow } from './account-record';
import { findLiveAccount, updateAccount } from './accounts.service';
import { connectorEnv, connectorOf, newConnectionMode, sealTokens } from './credentials';
import type { ConnectorMode } from '../platforms/connectors';
import type { SocialAccountType } from '../platforms/platform-types';

const SESSION_TTL_MS = 30 * 60_000;

export type ConnectSession = typeof sandboxConnectSessions.$inferSelect;

export type StartConnectInput = {
  organizationId: string;
  teamId: string;
  type: SocialAccountType;
  redirectUrl: string;
  withMessagingScope?: boolean;
  reconnect?: boolean;
  serverUrl?: string;
  instagramConnectionMethod?: 'FACEBOOK' | 'INSTAGRAM';
  withBusinessScope?: boolean;
  /** TIKTOK: a fresh login at TikTok, not the session signed in there (`tiktokForceLogin`). */
  tiktokForceLogin?: boolean;
  portalId?: string;
  /** Sandbox or live; unset: live where the operator enabled the platform, else the sandbox. */
  mode?: ConnectorMode;
};

/** Opens a consent request at the platform and returns where to send the person. */
export async function startConnect(services: AppServices, input: StartConnectInput): Promise<{ url: string; session: ConnectSession }> {
  const { db } = services;
  await getTeam(db, { organizationId: input.organizationId, id: input.teamId });
  const definition = platformOf(input.type);
  const mode = newConnectionMode(services, input.type, input.mode);
  const connector = connectorOf(services, input.type, mode);
  const organization = await getOrganization(db, input.organizationId);
  // Messaging permissions are only asked once the organization is enabled for DMs.
  const withMessaging = Boolean(input.withMessagingScope) && organization.dmsEnabled && definition.supports.messaging;

  const options: ConnectOptions = {
    instagramConnectionMethod: input.instagramConnectionMethod,
    serverUrl: input.serverUrl && connector.mode === 'live' ? await checkedServer(connector.connect, input.serverUrl) : input.serverUrl,
    withBusinessScope: input.withBusinessScope,
    ...(input.tiktokForceLogin && input.type === 'TIKTOK' ? { forceLogin: true } : {}),
    portalId: input.portalId,
    mode,
  };
  if (input.reconnect) {
    const existing = await findLiveAccount(db, input);
    if (!existing) throw new BadRequestError(`reconnect needs a ${definition.label} account already connected to this team`);
    if (!definition.supportsReconnect(existing)) {
      throw new BadRequestError(
        `reconnect is not supported for this ${definition.label} account: only INSTAGRAM accounts connected with instagramConnectionMethod INSTAGRAM can be reconnected in place`,
      );
    }
    options.reconnectAccountId = existing.id;
    options.instagramConnectionMethod = existing.instagramConnectionMethod ?? undefined;
  }

  const [session] = await db
    .insert(sandboxConnectSessions)
    .values({
      id: randomToken(24),
      organizationId: input.organizationId,
      teamId: input.teamId,
      platform: input.type,
      redirectUrl: input.redirectUrl,
      requestedPermissions: definition.permissionsAsked({ withMessaging }),
      options,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    })
    .returning();
  // A live platform's login starts on our own page (an app-password form, or a redirect to its OAuth consent).
  const page = connector.mode === 'live' ? 'connect' : 'sandbox/connect';
  return { url: `${services.config.publicUrl}/${page}/${session!.id}`, session: session! };
}

/**
 * A live platform's server as the person named it, normalised and passed through the SSRF guard
 * before any page sends a request to it (decision 063): a clear 400 rather than a failed page.
 */
async function checkedServer(connect: LiveConnectCapability | null | undefined, serverUrl: string): Promise<string> {
  if (connect?.method !== 'oauth' || !connect.server) return serverUrl;
  try {
    return await connect.server.check(serverUrl);
  } catch (error) {
    if (error instanceof PlatformError) throw new BadRequestError(`serverUrl: ${error.userFacingMessage}`);
    throw error;
  }
}

/** Keeps the server the person chose on our connect page for the rest of the session (the callback's exchange). */
export async function chooseConnectServer(db: Executor, session: ConnectSession, serverUrl: string): Promise<ConnectSession | null> {
  return patchPendingOptions(db, session, { serverUrl });
}

/** Keeps the OAuth request the person is about to answer on their server (sealed), for the callback. */
export async function keepOAuthRequest(services: AppServices, session: ConnectSession, pending: string): Promise<ConnectSession | null> {
  return patchPendingOptions(services.db, session, { oauthPending: services.secrets.platformTokens.seal(pending) });
}

/** Null when the session was answered meanwhile: its options no longer matter. */
async function patchPendingOptions(db: Executor, session: ConnectSession, patch: Partial<ConnectOptions>): Promise<ConnectSession | null> {
  const [updated] = await db
    .update(sandboxConnectSessions)
    .set({ options: { ...session.options, ...patch } })
    .where(and(eq(sandboxConnectSessions.id, session.id), eq(sandboxConnectSessions.status, 'PENDING'), isNull(sandboxConnectSessions.completedAt)))
    .returning();
  return updated ?? null;
}

export async function findConnectSession(db: Executor, id: string): Promise<ConnectSession | null> {
  const [session] = await db.select().from(sandboxConnectSessions).where(eq(sandboxConnectSessions.id, id));
  return session ?? null;
}

export type ConnectOutcome =
  { ok: true; account: SocialAccountRow; redirectTo: string } | { ok: false; error: string; description: string; redirectTo: string };

class ConnectRefused extends Error {
  constructor(
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

/** The person said no at the platform. */
export async function denyConnect(services: AppServices, session: ConnectSession): Promise<ConnectOutcome> {
  return fail(services.db, session, new ConnectRefused('access_denied', 'The user denied the authorization request'));
}

/**
 * Runs after the platform approved (what an OAuth callback does after exchanging the code): reads
 * the profile and channels with the new tokens, applies the connect rules, stores the account.
 */
export async function finishConnect(services: AppServices, session: ConnectSession, tokens: TokenSet): Promise<ConnectOutcome> {
  const definition = platformOf(session.platform);
  const mode = modeOf(session);
  const connector = connectorOf(services, session.platform, mode);
  const credentials = { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
  const choices = {
    instagramConnectionMethod: session.options.instagramConnectionMethod,
    serverUrl: session.options.serverUrl,
    withBusinessScope: session.options.withBusinessScope,
  };
  try {
    const { profile, permissions } = await connector.profile.fetch(connectorEnv(services), credentials);
    const missing = definition.requiredPermissions.filter((permission) => !permissions.includes(permission));
    if (missing.length > 0) {
      throw new ConnectRefused('missing_permission', `${definition.label} accounts must grant the ${missing.join(', ')} permission to be connected`);
    }
    const channels = storedChannels(session.platform, choices, await connector.profile.listChannels(connectorEnv(services), credentials));
    const user = storedIdentity(profile);
    const fields = definition.accountFields(profile, choices);

    const saveAccount = async (tx: Executor): Promise<SocialAccountRow> => {
      const base = {
        mode,
        user,
        channels,
        permissions,
        ...fields,
        ...sealTokens(services, tokens),
        disconnectedCheckTryAt: null,
        deleteOn: null,
        ...(permissions.includes('messaging') ? {} : { messagingStatus: 'DISABLED' as const, messagingEnabledAt: null }),
      };
      const live = await findLiveAccount(tx, { organizationId: session.organizationId, teamId: session.teamId, type: session.platform });
      if (session.options.reconnectAccountId) {
        if (!live || live.id !== session.options.reconnectAccountId)
          throw new ConnectRefused('account_not_found', 'The account to reconnect is no longer connected to the team');
        if (live.user.externalId !== user.externalId) {
          throw new ConnectRefused('account_mismatch', `You logged in as a different ${definition.label} account than the one connected to this team`);
        }
      }
      if (live) {
        if (live.user.externalId !== user.externalId) {
          throw new ConnectRefused(
            'already_connected',
            `This team already has a ${definition.label} account (${live.username ?? live.user.username}); disconnect it first`,
          );
        }
        const selectedChannelId = keptSelection(live.selectedChannelId, channels);
        return updateAccount(tx, live, { ...base, selectedChannelId, ...identityFor({ ...live, ...base, selectedChannelId }) });
      }
      // Connecting again within the grace period brings the same record (and its posts) back.
      const [previous] = await tx
        .select()
        .from(socialAccounts)
        .where(
          and(
            eq(socialAccounts.organizationId, session.organizationId),
            eq(socialAccounts.teamId, session.teamId),
            eq(socialAccounts.type, session.platform),
            isNotNull(socialAccounts.deletedAt),
          ),
        )
        .orderBy(desc(socialAccounts.deletedAt));
      if (previous && previous.user.externalId === user.externalId) {
        const selectedChannelId = keptSelection(previous.selectedChannelId, channels);
        return updateAccount(
          tx,
          previous,
          { ...base, selectedChannelId, ...identityFor({ ...previous, ...base, selectedChannelId }), deletedAt: null },
          'social-account.created',
        );
      }
      const [created] = await tx
        .insert(socialAccounts)
        .values({
          organizationId: session.organizationId,
          teamId: session.teamId,
          type: session.platform,
          ...base,
          selectedChannelId: null,
          ...identityFor({ type: session.platform, instagramConnectionMethod: fields.instagramConnectionMethod, user, channels, selectedChannelId: null }),
        })
        .returning();
      await recordEvent(tx, {
        organizationId: session.organizationId,
        teamId: session.teamId,
        type: 'social-account.created',
        data: toSocialAccountDto(created!),
      });
      return created!;
    };
    const account = await services.db.transaction(async (tx) => {
      const saved = await saveAccount(tx);
      // The first analytics snapshot now, not at the next sweep (up to 15 minutes away).
      await services.jobs.send(
        refreshAccountAnalyticsJob,
        { socialAccountId: saved.id },
        { executor: tx, singletonKey: `analytics:account:${saved.id}:first` },
      );
      return saved;
    });
    await services.db
      .update(sandboxConnectSessions)
      .set({ status: 'APPROVED', socialAccountId: account.id, completedAt: new Date() })
      .where(eq(sandboxConnectSessions.id, session.id));
    const redirectTo = withParams(session.redirectUrl, { status: 'success', socialAccountId: account.id, type: session.platform, teamId: session.teamId });
    return { ok: true, account, redirectTo };
  } catch (error) {
    if (error instanceof ConnectRefused) return fail(services.db, session, error);
    if (isUniqueViolation(error)) {
      return fail(services.db, session, new ConnectRefused('already_connected', `This team already has a ${definition.label} account; disconnect it first`));
    }
    if (error instanceof PlatformError)
      return fail(services.db, session, new ConnectRefused(error.isTransient ? 'temporarily_unavailable' : 'server_error', error.message));
    throw error;
  }
}

/** The platform refused the connection (an OAuth code that does not exchange): the person is sent back with the error. */
export async function failConnect(services: AppServices, session: ConnectSession, error: string, description: string): Promise<ConnectOutcome> {
  return fail(services.db, session, new ConnectRefused(error, description));
}

async function fail(db: Executor, session: ConnectSession, refusal: ConnectRefused): Promise<ConnectOutcome> {
  await db
    .update(sandboxConnectSessions)
    .set({ status: refusal.error === 'access_denied' ? 'DENIED' : 'FAILED', error: `${refusal.error}: ${refusal.message}`, completedAt: new Date() })
    .where(eq(sandboxConnectSessions.id, session.id));
  const redirectTo = withParams(session.redirectUrl, {
    status: 'error',
    error: refusal.error,
    error_description: refusal.message,
    type: session.platform,
    teamId: session.teamId,
  });
  return { ok: false, error: refusal.error, description: refusal.message, redirectTo };
}

function withParams(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

/**
 * Takes a pending, unexpired consent request for one answer: a double submit or a replayed form
 * finds it already claimed. The outcome (approved, denied, failed) is written right after.
 */
export async function claimConnectSession(db: Executor, id: string): Promise<ConnectSession | null> {
  const [session] = await db
    .update(sandboxConnectSessions)
    .set({ completedAt: new Date() })
    .where(
      and(
        eq(sandboxConnectSessions.id, id),
        eq(sandboxConnectSessions.status, 'PENDING'),
        isNull(sandboxConnectSessions.completedAt),
        gt(sandboxConnectSessions.expiresAt, new Date()),
      ),
    )
    .returning();
  return session ?? null;
}

/** Sessions started before accounts had a mode were all sandbox ones. */
export function modeOf(session: ConnectSession): ConnectorMode {
  return session.options.mode ?? 'sandbox';
}

/** Gives a claimed session back (a mistyped password): the person may try again on the same page. */
export async function releaseConnectSession(db: Executor, id: string): Promise<void> {
  await db
    .update(sandboxConnectSessions)
    .set({ completedAt: null })
    .where(and(eq(sandboxConnectSessions.id, id), eq(sandboxConnectSessions.status, 'PENDING')));
}
