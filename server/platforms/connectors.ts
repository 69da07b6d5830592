import type { PlatformConnector } from './connector';
import type { PostPlatform } from './platform-types';
import { PLATFORMS, platformOf } from './registry';
import { sandboxConnector } from './sandbox/sandbox-connector';

export class ConnectorUnavailableError extends Error {}

const sandboxConnectors = Object.fromEntries(
  Object.values(PLATFORMS).map((definition) => [definition.type, sandboxConnector(definition)]),
) as Record<PostPlatform, PlatformConnector>;

/**
 * The connector for a platform. Sandbox on: the simulated world. Live connectors (real APIs with
 * OAuth apps configured by the operator) plug in here; none exists yet, so without the sandbox
 * there is nothing to connect to.
 */
export function connectorFor(type: string, options: { sandbox: boolean }): PlatformConnector {
  const definition = platformOf(type);
  if (options.sandbox) return sandboxConnectors[definition.type];
  throw new ConnectorUnavailableError(`${definition.label} is not available: no live connector is configured and the sandbox is off`);
}
