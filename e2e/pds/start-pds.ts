import { TestNetworkNoAppView } from '@atproto/dev-env';

/**
 * A real Bluesky PDS (and PLC directory) for the E2E journeys, started by the Playwright config
 * beside the app: the app's live Bluesky connector logs in and publishes here.
 */
const portOf = (name: string) => {
  const port = Number(process.env[name]);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`${name} must be a port number`);
  return port;
};
const network = await TestNetworkNoAppView.create({ pds: { port: portOf('PDS_PORT') }, plc: { port: portOf('PLC_PORT') } });
console.log(`PDS listening at ${network.pds.url}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await network.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
