import { connectorEnv, withCredentials } from '../accounts/credentials';
import { requireAccount } from '../accounts/accounts.service';
import { AppError, BadRequestError } from '../http/errors';
import type { ExtrasCapability } from '../platforms/extras';
import { PlatformError } from '../platforms/platform-error';
import type { SocialAccountType } from '../platforms/platform-types';
import { platformOf } from '../platforms/registry';
import type { AppServices } from '../services';
import { actingAs } from './platform-actions.service';

type Extras = Required<ExtrasCapability>;
type Scope = { organizationId: string; teamId: string };

/** Calls the team's account of the platform; the platform's refusal of the request is a 400 (its "no such post" a 404). */
export async function extra<K extends keyof Extras>(
  services: AppServices,
  scope: Scope,
  platform: SocialAccountType,
  name: K,
  input: Parameters<Extras[K]>[3],
): Promise<Awaited<ReturnType<Extras[K]>>> {
  const account = await requireAccount(services.db, { ...scope, type: platform });
  // Meta offers the audio library only to Instagram accounts connected through Facebook Login.
  if (name === 'instagramAudio' && account.instagramConnectionMethod === 'INSTAGRAM') {
    throw new BadRequestError('Instagram audio is available only for Instagram accounts connected through Facebook Login');
  }
  try {
    return await withCredentials(services, account, async (connector, credentials) => {
      const call = connector.actions?.extras?.[name] as ((...args: unknown[]) => Promise<Awaited<ReturnType<Extras[K]>>>) | undefined;
      if (!call) throw new BadRequestError(`${platformOf(platform).label} offers no such call`);
      return call(connectorEnv(services), credentials, actingAs(account), input);
    });
  } catch (error) {
    if (error instanceof PlatformError && error.code === 'INVALID_REQUEST') throw new AppError(400, error.message);
    if (error instanceof PlatformError && error.code === 'NOT_FOUND') throw new AppError(404, error.message);
    throw error;
  }
}
