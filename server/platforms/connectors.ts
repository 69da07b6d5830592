import type { Config } from '../config';
import type { PlatformConnector } from './connector';
import { liveConnector, LIVE_CONNECTORS } from './live/live-connectors';
import type { PostPlatform } from './platform-types';
import { PLATFORMS, platformOf } from './registry';
import { sandboxConnector } from './sandbox-connector/sandbox-connector';

export class ConnectorUnavailableError extends Error {}

export type ConnectorMode = PlatformConnector['mode'];

type ModeConfig = Pick<Config, 'SANDBOX' | 'LIVE_PLATFORMS'>;

const sandboxConnectors = Object.fromEntries(Object.values(PLATFORMS).map((definition) => [definition.type, sandboxConnector(definition)])) as Record<
  PostPlatform,
  PlatformConnector
>;

/**
 * The connector of an account: its mode was fixed when it was connected (decision 059). A sandbox
 * account needs the sandbox on; a live one needs its platform in `LIVE_PLATFORMS`.
 */
export function connectorFor(type: string, options: { mode: ConnectorMode; config: Config }): PlatformConnector {
  const definition = platformOf(type);
  if (options.mode === 'sandbox') {
    if (options.config.SANDBOX) return sandboxConnectors[definition.type];
    throw new ConnectorUnavailableError(`${definition.label} sandbox accounts are not available: the sandbox is off (SANDBOX=false)`);
  }
  const live = liveConnector(definition.type, options.config);
  if (live) return live;
  throw new ConnectorUnavailableError(`${definition.label} is not available live: it is not among the LIVE_PLATFORMS the operator enabled`);
}

/** The modes a new connection of this platform may use, the default first. */
export function modesOffered(type: PostPlatform, config: ModeConfig): ConnectorMode[] {
  const modes: ConnectorMode[] = [];
  if (LIVE_CONNECTORS[type] && config.LIVE_PLATFORMS.includes(type)) modes.push('live');
  if (config.SANDBOX) modes.push('sandbox');
  return modes;
}

/** Which mode a new connection uses: the one asked for, else live where enabled, else the sandbox. */
export function modeForNewConnection(type: string, config: ModeConfig, asked?: ConnectorMode): ConnectorMode {
  const definition = platformOf(type);
  const offered = modesOffered(definition.type, config);
  if (asked) {
    if (offered.includes(asked)) return asked;
    throw new ConnectorUnavailableError(
      asked === 'live'
        ? `${definition.label} is not available live: it is not among the LIVE_PLATFORMS the operator enabled`
        : `${definition.label} sandbox accounts are not available: the sandbox is off (SANDBOX=false)`,
    );
  }
  if (offered.length === 0)
    throw new ConnectorUnavailableError(`${definition.label} is not available: no live connector is enabled for it and the sandbox is off`);
  return offered[0]!;
}
