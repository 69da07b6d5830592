import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Bundlesocial } from 'bundlesocial';
import { afterAll } from 'vitest';
import { createApp } from '../app';
import { startServices, type RunningServices } from '../bootstrap';
import { loadConfig } from '../config';
import { leaseEmbeddedDatabase } from './embedded-database-pool';
import { freshDatabaseUrl } from './fresh-database';
import type { AnyJobContract, AnyJobHandler } from '../jobs/define-job';
import { createOrganization, createUser, type Plan } from '../organizations/organizations.service';

export type TestOptions = {
  env?: Record<string, string>;
  work?: boolean;
  jobs?: AnyJobContract[];
  handlers?: AnyJobHandler[];
  /**
   * The jobs this test file runs. Test files share one database on Postgres: a worker for every
   * queue would run other files' jobs with this file's configuration.
   */
  workOnly?: AnyJobContract[];
  /** How often idle workers poll (default 0.5 s); long, it shows what the on-commit wake-up does alone. */
  pollingIntervalSeconds?: number;
};

/**
 * A real app on a real database: a throwaway in-memory PGlite, or a database of its own on the
 * Postgres server of DATABASE_URL (created here, dropped afterwards), so that no test file's
 * workers run another file's jobs.
 */
export async function createTestApp(options: TestOptions = {}) {
  const database = await freshDatabaseUrl('sd_test');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RATE_LIMIT_BURST: '100000',
    RATE_LIMIT_SHORT: '100000',
    RATE_LIMIT_MINUTE: '100000',
    DATABASE_POOL_SIZE: '4',
    ...options.env,
  });
  const services: RunningServices = await startServices(config, {
    work: options.work ?? false,
    jobs: options.jobs,
    handlers: options.handlers,
    workOnly: options.workOnly,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5,
    // An embedded database from the worker's pool unless the test gives a DATA_DIR of its own.
    embeddedDatabase: database.url || config.dataDir !== 'memory://' ? undefined : await leaseEmbeddedDatabase(),
  });
  afterAll(async () => {
    await services.stop();
    await database.drop();
  });
  const app = createApp(services, { serveDashboard: false });

  type RequestOptions = { key?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string };
  const request = async (method: string, path: string, opts: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.key) headers['x-api-key'] = opts.key;
    let body: string | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    } else if (opts.rawBody !== undefined) headers['content-type'] ??= 'application/json';
    const response = await app.request(`/api/v1${path}`, { method, headers, body });
    const text = await response.text();
    let json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json, text };
  };

  let counter = 0;
  /** A fresh organization with its first team and an all-scopes API key. */
  const createOrg = async (plan: Plan = 'PRO', features: ('dms' | 'automations')[] = []) => {
    counter += 1;
    const created = await createOrganization(services.db, {
      name: `Test org ${counter} ${Date.now()}`,
      plan,
      features,
    });
    return { organizationId: created.organization.id, teamId: created.team.id, key: created.key };
  };

  const createLogin = async (organizationId: string, role: 'ADMIN' | 'CUSTOMER' = 'ADMIN') => {
    const email = `user-${organizationId}-${role.toLowerCase()}@example.com`;
    const password = 'correct horse battery staple';
    await createUser(services.db, { organizationId, email, password, role });
    return { email, password };
  };

  // The published `bundlesocial` client talks HTTP to a base URL: a real listener on 127.0.0.1,
  // started on first use and closed with the app.
  let listening: Promise<{ server: ServerType; baseUrl: string }> | null = null;
  const listen = () =>
    (listening ??= new Promise((resolve) => {
      const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) =>
        resolve({ server, baseUrl: `http://127.0.0.1:${info.port}` }),
      );
    }));
  afterAll(async () => {
    if (!listening) return;
    const { server } = await listening;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  /** The hosted service's published Node client, pointed at this app: the compatibility harness. */
  const bundlesocial = async (apiKey: string) => {
    const { baseUrl } = await listen();
    return new Bundlesocial(apiKey, { BASE: baseUrl } as ConstructorParameters<typeof Bundlesocial>[1]);
  };

  return { app, services, config, request, createOrg, createLogin, bundlesocial };
}
