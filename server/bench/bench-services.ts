import os from 'node:os';
import { startServices, type StartOptions } from '../bootstrap';
import { loadConfig } from '../config';

/**
 * The product's services for a benchmark: a throwaway embedded database (or the Postgres of
 * DATABASE_URL), quiet logs, and rate limits out of the way so they do not cap what is measured.
 */
export async function startBenchServices(options: Partial<StartOptions> & { work: boolean }) {
  const config = loadConfig({
    ...process.env,
    DATA_DIR: process.env.DATABASE_URL ? (process.env.DATA_DIR ?? './data') : 'memory://',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    RATE_LIMIT_BURST: '1000000000',
    RATE_LIMIT_SHORT: '1000000000',
    RATE_LIMIT_MINUTE: '1000000000',
  });
  const services = await startServices(config, { pollingIntervalSeconds: 0.5, ...options });
  return { config, services };
}

/** What the figures came from: they only compare within one run, or across runs on one machine. */
export function machine(): string {
  const cpus = os.cpus();
  return `Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, load average ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}`;
}
