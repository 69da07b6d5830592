import type { MessagingCapability, PlatformConnector } from './connector';
import { PlatformError } from './platform-error';

/**
 * A connector's direct-message capability, checked as publishing's is: a platform without DMs
 * answers the PERMANENT error (501) instead of a TypeError on `null`.
 */
export function messagingOf(connector: PlatformConnector, operation: string): MessagingCapability {
  if (connector.messaging) return connector.messaging;
  throw new PlatformError({
    code: 'PERMANENT',
    message: `Direct messages on ${connector.type} are not available`,
    httpStatus: 501,
    meta: { platform: connector.type, operation },
  });
}
