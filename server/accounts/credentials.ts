import { eq } from 'drizzle-orm';
import { socialAccounts } from '../db/schema/social-accounts';
import type { AppServices } from '../services';
import type { Credentials, PlatformConnector, TokenSet } from '../platforms/connector';
import { connectorFor, ConnectorUnavailableError, modeForNewConnection, type ConnectorMode } from '../platforms/connectors';
import { PlatformError } from '../platforms/platform-error';
import { BadRequestError } from '../http/errors';
import type { SocialAccountRow } from './account-record';

export function sealTokens(services: Pick<AppServices, 'secrets'>, tokens: TokenSet) {
  const vault = services.secrets.platformTokens;
  return {
    accessTokenEnc: vault.seal(tokens.accessToken),
    refreshTokenEnc: tokens.refreshToken ? vault.seal(tokens.refreshToken) : null,
    tokenExpiresAt: tokens.expiresAt,
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

/**
 * Runs a platform call with the account's tokens, refreshing them first when they are about to
 * expire, and once more if the platform says they expired. New tokens are stored at once.
 */
export async function withCredentials<T>(
  services: AppServices,
  account: SocialAccountRow,
  call: (connector: PlatformConnector, credentials: Credentials) => Promise<T>,
): Promise<T> {
  const connector = connectorOf(services, account.type, account.mode);
  const vault = services.secrets.platformTokens;
  let credentials: Credentials = {
    accessToken: vault.open(account.accessTokenEnc),
    refreshToken: account.refreshTokenEnc ? vault.open(account.refreshTokenEnc) : null,
  };
  const refresh = async () => {
    const tokens = await connector.auth.refresh(connectorEnv(services), credentials);
    await services.db.update(socialAccounts).set(sealTokens(services, tokens)).where(eq(socialAccounts.id, account.id));
    credentials = { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
  };
  if (credentials.refreshToken && account.tokenExpiresAt && account.tokenExpiresAt.getTime() - Date.now() < REFRESH_MARGIN_MS) await refresh();
  try {
    return await call(connector, credentials);
  } catch (error) {
    if (!(error instanceof PlatformError) || error.code !== 'TOKEN_EXPIRED' || !credentials.refreshToken) throw error;
    await refresh();
    return call(connector, credentials);
  }
}
