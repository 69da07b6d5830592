import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { socialAccounts } from '../db/schema/social-accounts';
import type { AppServices } from '../services';
import type { Credentials, PlatformConnector, TokenSet } from '../platforms/connector';
import { connectorFor, ConnectorUnavailableError, modeForNewConnection, type ConnectorMode } from '../platforms/connectors';
import { PlatformError } from '../platforms/platform-error';
import { BadRequestError } from '../http/errors';
import type { SocialAccountRow } from './account-record';

export function sealTokens(services: Pick<AppServices, 'secrets'>, tokens: TokenSet) {
  return { ...sealCredentials(services, tokens), tokenExpiresAt: tokens.expiresAt };
}

/** An access token and its refresh token, sealed as the account row keeps them. */
export function sealCredentials(services: Pick<AppServices, 'secrets'>, credentials: Credentials) {
  const vault = services.secrets.platformTokens;
  return {
    accessTokenEnc: vault.seal(credentials.accessToken),
    refreshTokenEnc: credentials.refreshToken ? vault.seal(credentials.refreshToken) : null,
  };
}

/** The connector of an account of this type and mode (the account's `mode` column). */
export function connectorOf(services: Pick<AppServices, 'config'>, type: string, mode: ConnectorMode): PlatformConnector {
  try {
    return connectorFor(type, { mode, config: services.config });
  } catch (error) {
    if (error instanceof ConnectorUnavailableError) throw new BadRequestError(error.message);
    throw error;
  }
}

/** The mode a new connection of this platform uses (the asked one, else live where enabled); 400 if none is offered. */
export function newConnectionMode(services: Pick<AppServices, 'config'>, type: string, asked?: ConnectorMode): ConnectorMode {
  try {
    return modeForNewConnection(type, services.config, asked);
  } catch (error) {
    if (error instanceof ConnectorUnavailableError) throw new BadRequestError(error.message);
    throw error;
  }
}

export function connectorEnv(services: AppServices) {
  // Connector calls run outside the caller's transaction: a platform call is not rolled back.
  return { db: services.db, publicUrl: services.config.publicUrl, storage: services.storage };
}

const REFRESH_MARGIN_MS = 60_000;

/** The tokens a call holds, with the sealed access token they were read as (how the row is compared). */
export type HeldTokens = { accessTokenEnc: string; credentials: Credentials };

/** Chained refreshes per account, for PGlite, which one process owns. */
const queues = new Map<string, Promise<unknown>>();

/**
 * One refresh of an account at a time. On Postgres a transaction-scoped advisory lock covers every
 * process (the row is read and written in that transaction). PGlite runs one transaction at a time
 * on its one connection and the refresh itself may query the database (the sandbox does), so there
 * the refreshes of an account are chained in this process, the only one that opens that database.
 */
async function oneAtATime<T>(services: AppServices, accountId: string, work: (db: Executor) => Promise<T>): Promise<T> {
  if (services.database.kind === 'postgres') {
    return services.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`token-refresh:${accountId}`}))`);
      return work(tx);
    });
  }
  const run = (queues.get(accountId) ?? Promise.resolve()).then(() => work(services.db));
  const tail = run.catch(() => undefined);
  queues.set(accountId, tail);
  try {
    return await run;
  } finally {
    if (queues.get(accountId) === tail) queues.delete(accountId);
  }
}

/**
 * Refreshes the account's tokens and stores them. Refresh tokens are single-use on most platforms
 * (Discord, Slack, the sandbox): two jobs refreshing with the same one at once would leave the
 * loser with a refusal that reads as revoked access. So refreshes of an account take turns, and
 * each first reads the row again: when its access token is no longer the one this call holds,
 * another job refreshed meanwhile (or the account was reconnected), and those tokens are used.
 */
async function refreshTokens(services: AppServices, connector: PlatformConnector, accountId: string, held: HeldTokens): Promise<HeldTokens> {
  return oneAtATime(services, accountId, async (db) => {
    const [row] = await db
      .select({ accessTokenEnc: socialAccounts.accessTokenEnc, refreshTokenEnc: socialAccounts.refreshTokenEnc })
      .from(socialAccounts)
      .where(eq(socialAccounts.id, accountId));
    if (row && row.accessTokenEnc !== held.accessTokenEnc) return heldTokens(services, row);
    const answered = await connector.auth.refresh(connectorEnv(services), held.credentials);
    // A good token is never replaced by an empty one; a platform that issues no new refresh token
    // keeps the one it has (RFC 6749 §6).
    if (!answered.accessToken) {
      // A platform fault, not ours: transient, so a sweep of many accounts goes on to the next one.
      throw new PlatformError({
        code: 'TRANSIENT',
        message: `${connector.type} answered a refresh without an access token`,
        httpStatus: 502,
        isTransient: true,
        meta: { platform: connector.type, operation: 'auth.refresh' },
      });
    }
    const tokens = { ...answered, refreshToken: answered.refreshToken ?? held.credentials.refreshToken };
    const sealed = sealTokens(services, tokens);
    await db.update(socialAccounts).set(sealed).where(eq(socialAccounts.id, accountId));
    return { accessTokenEnc: sealed.accessTokenEnc, credentials: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken } };
  });
}

/** The account's tokens as a call holds them. */
export function heldTokens(services: Pick<AppServices, 'secrets'>, account: Pick<SocialAccountRow, 'accessTokenEnc' | 'refreshTokenEnc'>): HeldTokens {
  const vault = services.secrets.platformTokens;
  return {
    accessTokenEnc: account.accessTokenEnc,
    credentials: { accessToken: vault.open(account.accessTokenEnc), refreshToken: account.refreshTokenEnc ? vault.open(account.refreshTokenEnc) : null },
  };
}

/** The token can be refreshed and is within the connector's refresh-ahead window of its expiry. */
export function refreshDue(connector: PlatformConnector, account: Pick<SocialAccountRow, 'refreshTokenEnc' | 'tokenExpiresAt'>, now = Date.now()): boolean {
  const aheadMs = (connector.auth.refreshAheadSeconds ?? REFRESH_MARGIN_MS / 1000) * 1000;
  return Boolean(account.refreshTokenEnc && account.tokenExpiresAt && account.tokenExpiresAt.getTime() - now < aheadMs);
}

/** Refreshes the account's tokens now (one refresh per account at a time), whatever their expiry. */
export async function refreshAccountTokens(services: AppServices, account: SocialAccountRow): Promise<void> {
  await refreshTokens(services, connectorOf(services, account.type, account.mode), account.id, heldTokens(services, account));
}

/**
 * Runs a platform call with the account's tokens, refreshing them first when they are about to
 * expire, and once more if the platform says they expired. New tokens are stored at once; another
 * job refreshing the same account meanwhile is waited for and its tokens used (`refreshTokens`).
 */
export async function withCredentials<T>(
  services: AppServices,
  account: SocialAccountRow,
  call: (connector: PlatformConnector, credentials: Credentials) => Promise<T>,
): Promise<T> {
  const connector = connectorOf(services, account.type, account.mode);
  let held = heldTokens(services, account);
  const refresh = async () => {
    held = await refreshTokens(services, connector, account.id, held);
  };
  if (refreshDue(connector, account)) {
    try {
      await refresh();
    } catch (error) {
      // Refreshed ahead of time, a token that still works is used when the refresh fails: the call
      // itself says whether access is lost, and the next call or the daily sweep refreshes again.
      const stillValid = account.tokenExpiresAt && account.tokenExpiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS;
      if (!(error instanceof PlatformError) || !stillValid) throw error;
      services.logger.warn('token refresh ahead of expiry failed', { socialAccountId: account.id, code: error.code });
    }
  }
  try {
    return await call(connector, held.credentials);
  } catch (error) {
    if (!(error instanceof PlatformError) || error.code !== 'TOKEN_EXPIRED' || !held.credentials.refreshToken) throw error;
    await refresh();
    return call(connector, held.credentials);
  }
}
