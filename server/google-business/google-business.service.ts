import { connectorEnv, withCredentials } from '../accounts/credentials';
import { requireAccount } from '../accounts/accounts.service';
import { BadRequestError, NotFoundError } from '../http/errors';
import type { ConnectorEnv, Credentials } from '../platforms/connector';
import type { ActingAccount } from '../platforms/actions';
import type { LocationsCapability } from '../platforms/locations';
import { asClientError, actingAs } from '../platform-actions/platform-actions.service';
import type { AppServices } from '../services';
import { getUpload, mediaUrl } from '../uploads/uploads.service';

type Scope = { organizationId: string; teamId: string };

/**
 * Calls one member of the team's Google Business account's location capability, on the location
 * the account selected. Google's refusals become our 400/403/404; outages stay 502.
 */
export async function onLocation<K extends keyof LocationsCapability>(
  services: AppServices,
  scope: Scope,
  member: K,
  input: Parameters<LocationsCapability[K]>[3],
): Promise<Awaited<ReturnType<LocationsCapability[K]>>> {
  const account = await requireAccount(services.db, { ...scope, type: 'GOOGLE_BUSINESS' });
  if (!account.selectedChannelId) throw new BadRequestError('Select a location for this Google Business account first (set-channel)');
  try {
    return await withCredentials(services, account, async (connector, credentials) => {
      const call = connector.locations?.[member] as
        | ((env: ConnectorEnv, credentials: Credentials, account: ActingAccount, input: unknown) => Promise<Awaited<ReturnType<LocationsCapability[K]>>>)
        | undefined;
      if (!call) throw new BadRequestError('This Google Business account cannot manage its location through the API');
      return call(connectorEnv(services), credentials, actingAs(account), input);
    });
  } catch (error) {
    throw asClientError(error);
  }
}

/** The upload as Google fetches it: a photo or a video at our public media URL. */
export async function mediaSource(services: AppServices, scope: Scope, uploadId: string) {
  const upload = await getUpload(services.db, { organizationId: scope.organizationId, id: uploadId });
  if (upload.teamId !== null && upload.teamId !== scope.teamId) throw new NotFoundError('Upload');
  if (upload.type === 'document') throw new BadRequestError('Google Business media must be a photo or a video');
  return { sourceUrl: mediaUrl(services.config, upload.path), mediaFormat: upload.type === 'video' ? ('VIDEO' as const) : ('PHOTO' as const) };
}
