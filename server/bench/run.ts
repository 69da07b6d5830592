import { Hono } from 'hono';
import { createApp } from '../app';
import { machine, startBenchServices } from './bench-services';
import { createOrganization } from '../organizations/organizations.service';
import { createTeam } from '../teams/teams.service';
import { listen, load, type LoadResult } from './http-load';

/**
 * `npm run bench`: GET /api/v1/team with a valid key, against a bare Hono JSON route served the
 * same way in the same run. The ratio is what matters; absolute numbers depend on the machine.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 8); // per target, split into rounds
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const { services } = await startBenchServices({ work: false });
const created = await createOrganization(services.db, { name: 'Bench org', plan: 'PRO' });
for (let i = 0; i < 9; i++) await createTeam(services.db, { organizationId: created.organization.id, name: `Bench team ${i}` });

const bare = new Hono().get('/json', (c) => c.json({ items: [{ id: 'team', name: 'Bench team' }], total: 1 }));
const baseline = await listen(bare.fetch);
const product = await listen(createApp(services, { serveDashboard: false }).fetch);

// The machine is shared: load shifts while a benchmark runs. Alternating short rounds of the two
// targets exposes both to the same conditions; the ratio adds the rounds up.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const perRound = Math.max(1, Math.round(seconds / ROUNDS));
const targets: { name: string; url: string; headers: Record<string, string> }[] = [
  { name: 'bare Hono JSON route', url: `${baseline.url}/json`, headers: {} },
  { name: 'GET /api/v1/team (key, 10 teams)', url: `${product.url}/api/v1/team`, headers: { 'x-api-key': created.key } },
];
type Totals = { requests: number; seconds: number; cpuSeconds: number; errors: number; p50: number[]; p99: number[] };
const totals: Totals[] = targets.map(() => ({ requests: 0, seconds: 0, cpuSeconds: 0, errors: 0, p50: [], p99: [] }));
// A short warm-up so JIT and caches do not favour whichever runs second.
await load('warm-up', targets[1]!.url, { headers: targets[1]!.headers, seconds: 2, connections });
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, target] of targets.entries()) {
    const cpu = process.cpuUsage();
    const result: LoadResult = await load(target.name, target.url, { headers: target.headers, seconds: perRound, connections });
    const used = process.cpuUsage(cpu);
    const total = totals[index]!;
    total.requests += result.requestsPerSecond * perRound;
    total.seconds += perRound;
    // Server and load generator share this process, so CPU time per request is steady under load.
    total.cpuSeconds += (used.user + used.system) / 1e6;
    total.errors += result.errors + result.non2xx;
    total.p50.push(result.p50);
    total.p99.push(result.p99);
  }
}

const [base, team] = totals as [Totals, Totals];
console.log(`\n${machine()}\nDatabase: ${services.database.kind}; ${connections} connections, ${ROUNDS} alternating rounds of ${perRound} s each\n`);
console.table(
  totals.map((t, index) => ({
    target: targets[index]!.name,
    'req/s': Math.round(t.requests / t.seconds),
    'req per CPU-s': Math.round(t.requests / t.cpuSeconds),
    'p50 ms': Math.max(...t.p50),
    'p99 ms': Math.max(...t.p99),
    errors: t.errors,
  })),
);
const ratio = team.requests / team.seconds / (base.requests / base.seconds);
const cpuRatio = team.requests / team.cpuSeconds / (base.requests / base.cpuSeconds);
console.log(`\nratio GET /api/v1/team : bare route = ${ratio.toFixed(2)} (target ≥ 0.50); per CPU-second ${cpuRatio.toFixed(2)}\n`);

baseline.server.close();
product.server.close();
await services.stop();
process.exit(0);
