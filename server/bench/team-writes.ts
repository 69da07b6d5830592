import autocannon from 'autocannon';
import { createApp } from '../app';
import { createOrganization } from '../organizations/organizations.service';
import { startBenchServices } from './bench-services';
import { listen } from './http-load';
import { measureInsertRate } from './insert-rate';

/**
 * `npm run bench:team-writes`: the write path of a small resource. `POST /team` from 10 clients for
 * a few seconds (with a webhook-free organization: the relay still runs for every event), beside the
 * single-row insert rate of the same run. On the embedded database it also counts protocol
 * exchanges with the database per created team, including the work each creation sets off afterwards
 * (relay wake-up, relay job, job fetches): what "a cheap write" has to bring down.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const { services } = await startBenchServices({ work: true, pollingIntervalSeconds: 1 });
const server = await listen(createApp(services, { serveDashboard: false }).fetch);
const { key } = await createOrganization(services.db, { name: 'Bench writes', plan: 'BUSINESS' });
const insertsPerSecond = await measureInsertRate(services.db);

let roundTrips = 0;
const pglite = services.database.driver.pglite;
if (pglite) {
  const execProtocol = pglite.execProtocolStream.bind(pglite);
  pglite.execProtocolStream = (...args: Parameters<typeof execProtocol>) => {
    roundTrips++;
    return execProtocol(...args);
  };
}

const result = await autocannon({
  url: `${server.url}/api/v1/team`,
  method: 'POST',
  headers: { 'x-api-key': key, 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'Bench team' }),
  connections,
  duration: seconds,
});
// Let the work the creations set off finish, so its round trips are counted too.
await new Promise((resolve) => setTimeout(resolve, 3000));
const created = result.requests.total - result.non2xx;

console.log(`\nDatabase: ${services.database.kind}; POST /api/v1/team, ${connections} connections, ${seconds} s`);
console.table([
  { measure: 'teams created', value: `${created} (${result.non2xx + result.errors} failed)` },
  { measure: 'creations/s', value: result.requests.average.toFixed(0) },
  { measure: 'latency p50 / p99', value: `${result.latency.p50} / ${result.latency.p99} ms` },
  { measure: 'database single-row inserts', value: `${insertsPerSecond.toFixed(0)} rows/s` },
  ...(pglite ? [{ measure: 'database protocol exchanges per created team', value: (roundTrips / created).toFixed(1) }] : []),
]);
console.log(`\nratio creations/s : single-row inserts/s = ${(result.requests.average / insertsPerSecond).toFixed(3)}\n`);

server.server.close();
await services.stop();
process.exit(0);
