import { serve, type ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import { closeAdminSocket, listenAdminSocket } from './admin/admin-socket';
import { createApp } from './app';
import { startServices } from './bootstrap';
import { ConfigError, loadConfig, type Config } from './config';
import { ensurePrivateDir } from './private-dir';
import { guardProcessFaults } from './process-faults';
import { probesRouter } from './health/probes';
import { seedDemoIfEmpty } from './seed-demo';
import { exitIfDiskNearlyFull } from './startup-disk-check';

const KEEP_ALIVE_IDLE_MS = 65_000;

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const servesHttp = config.ROLE !== 'worker';
  await exitIfDiskNearlyFull(config);
  // Before anything (database, uploads, socket) creates files in it.
  if (config.dataDir !== 'memory://') ensurePrivateDir(config.dataDir);
  const services = await startServices(config, { work: config.ROLE !== 'api' });
  const { logger } = services;
  guardProcessFaults(services.database.availability, logger);

  let httpServer: ServerType | undefined;
  let dashboardUrl = config.publicUrl;
  let listeningUrl = config.publicUrl;
  let adminServer: Server | undefined;
  if (!config.DATABASE_URL && config.dataDir !== 'memory://') {
    adminServer = await listenAdminSocket(services.db, config.dataDir, logger);
  }
  const demo = config.SEED_DEMO && servesHttp ? await seedDemoIfEmpty(services) : null;

  {
    // A worker serves only its health probes (server/health/probes.ts), so an orchestrator can
    // tell a stuck worker from a busy one.
    const app = servesHttp ? createApp(services) : probesRouter(services);
    httpServer = await new Promise<ServerType>((resolve) => {
      const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
        // With PORT=0 the system picks the port: show the one really used.
        listeningUrl = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${info.port}`;
        if (config.PORT === 0 && !config.PUBLIC_URL) dashboardUrl = listeningUrl;
        resolve(server);
      });
      // Node closes an idle keep-alive connection after 5 s. A client (a load balancer, an SDK's
      // connection pool) that reuses one at that moment gets ECONNRESET on a request it already
      // sent. Keep idle connections longer than the usual 60 s idle timeout of proxies, so the
      // client side always closes first.
      (server as Server).keepAliveTimeout = KEEP_ALIVE_IDLE_MS;
      (server as Server).headersTimeout = KEEP_ALIVE_IDLE_MS + 1_000;
      // A port already taken (another instance, a worker beside an API process) in one line.
      server.once('error', (error: NodeJS.ErrnoException) => {
        process.stderr.write(
          `Cannot listen on ${config.HOST}:${config.PORT}: ${error.code === 'EADDRINUSE' ? 'the port is already in use (set PORT)' : error.message}\n`,
        );
        process.exit(1);
      });
    });
  }

  const lines = [
    '',
    `  SocialDesk is running (${config.ROLE}, ${services.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'Postgres'})`,
  ];
  if (servesHttp) lines.push(`  Dashboard:     ${dashboardUrl}`, `  API reference: ${dashboardUrl}/docs`);
  // Behind a load balancer the public URL is not this process: say where it really listens.
  if (servesHttp && listeningUrl !== dashboardUrl) lines.push(`  Listening on:  ${listeningUrl}`);
  if (!servesHttp) lines.push(`  Health:        ${listeningUrl}/healthz, ${listeningUrl}/readyz`);
  if (demo) {
    lines.push(
      '',
      '  First start: a demo organization was created.',
      `  Login:         ${demo.email}`,
      `  Password:      ${demo.password}`,
      `  API key:       ${demo.key}`,
      '  (the password and the API key are shown only now: keep them)',
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    // Stop taking requests, let running requests and jobs finish, then close the database.
    try {
      if (httpServer) await new Promise<void>((resolve) => httpServer!.close(() => resolve()));
      if (adminServer) await closeAdminSocket(adminServer, config.dataDir);
      await services.stop();
    } catch (error) {
      // A stop that failed (the database went away meanwhile) must still end the process.
      logger.error('shutdown did not complete cleanly', { error: error instanceof Error ? error.message : String(error) });
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

await main();
