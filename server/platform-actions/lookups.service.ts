import { createHash } from 'node:crypto';
import { connectorEnv, withCredentials } from '../accounts/credentials';
import { requireAccount } from '../accounts/accounts.service';
import { AppError, BadRequestError } from '../http/errors';
import type { ActionsCapability } from '../platforms/actions';
import { PlatformError } from '../platforms/platform-error';
import type { SocialAccountType } from '../platforms/platform-types';
import { platformOf } from '../platforms/registry';
import type { AppServices } from '../services';
import { actingAs } from './platform-actions.service';

type Lookups = Required<ActionsCapability['lookups']>;
type Scope = { organizationId: string; teamId: string };

/** Asks the team's account of the platform; the platform's refusal of the question is a 400. */
export async function lookup<K extends keyof Lookups>(
  services: AppServices,
  scope: Scope,
  platform: SocialAccountType,
  name: K,
  input: Parameters<Lookups[K]>[3],
): Promise<Awaited<ReturnType<Lookups[K]>>> {
  const account = await requireAccount(services.db, { ...scope, type: platform });
  try {
    return await withCredentials(services, account, async (connector, credentials) => {
      const call = connector.actions?.lookups[name] as ((...args: unknown[]) => Promise<Awaited<ReturnType<Lookups[K]>>>) | undefined;
      if (!call) throw new BadRequestError(`${platformOf(platform).label} offers no such lookup`);
      return call(connectorEnv(services), credentials, actingAs(account), input);
    });
  } catch (error) {
    if (error instanceof PlatformError && error.code === 'INVALID_REQUEST') throw new AppError(400, error.message);
    throw error;
  }
}

/** YouTube list envelopes carry an etag: a digest of the items, so it changes only when they do. */
export function etagOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 27);
}
