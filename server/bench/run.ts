import { Hono } from 'hono';
import { createApp } from '../app';
import { startBenchServices } from './bench-services';
import { createOrganization } from '../organizations/organizations.service';
import { createTeam } from '../teams/teams.service';
import { listen, load, type LoadResult } from './http-load';

/**
 * `npm run bench`: GET /api/v1/team with a valid key, against a bare Hono JSON route served the
 * same way in the same run. The ratio is what matters; absolute numbers depend on the machine.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const { services } = await startBenchServices({ work: false });
const created = await createOrganization(services.db, { name: 'Bench org', plan: 'PRO' });
for (let i = 0; i < 9; i++) await createTeam(services.db, { organizationId: created.organization.id, name: `Bench team ${i}` });

const bare = new Hono().get('/json', (c) =>
  c.json({ items: [{ id: 'team', name: 'Bench team' }], total: 1 }),
);
const baseline = await listen(bare.fetch);
const product = await listen(createApp(services, { serveDashboard: false }).fetch);

const results: LoadResult[] = [];
// A short warm-up so JIT and caches do not favour whichever runs second.
await load('warm-up', `${product.url}/api/v1/team`, { headers: { 'x-api-key': created.key }, seconds: 2, connections });
results.push(await load('bare Hono JSON route', `${baseline.url}/json`, { seconds, connections }));
results.push(
  await load('GET /api/v1/team (key, 10 teams)', `${product.url}/api/v1/team`, {
    headers: { 'x-api-key': created.key },
    seconds,
    connections,
  }),
);

const [base, team] = results as [LoadResult, LoadResult];
console.log(`\nDatabase: ${services.database.kind}; ${connections} connections, ${seconds} s each\n`);
console.table(
  results.map((r) => ({
    target: r.name,
    'req/s': Math.round(r.requestsPerSecond),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    errors: r.errors + r.non2xx,
  })),
);
const ratio = team.requestsPerSecond / base.requestsPerSecond;
console.log(`\nratio GET /api/v1/team : bare route = ${ratio.toFixed(2)} (target ≥ 0.50)\n`);

baseline.server.close();
product.server.close();
await services.stop();
process.exit(0);
