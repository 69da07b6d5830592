import { ZodError } from 'zod';
import { ConfigError, loadConfig } from '../config';
import type { AdminCommand, AdminResult } from './admin-command-schema';
import { adminSocketListening, adminSocketPath, sendAdminCommand } from './admin-socket-client';
import { parseCommand, USAGE, UsageError } from './cli-args';

async function execute(command: AdminCommand): Promise<AdminResult> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
  if (!config.DATABASE_URL && config.dataDir !== 'memory://') {
    const socketPath = adminSocketPath(config.dataDir);
    // While the server runs, it alone opens the embedded database: the command goes through it.
    if (await adminSocketListening(socketPath)) return sendAdminCommand(socketPath, command);
  }
  // Loaded only here: a command sent to a running server needs neither the database nor the services
  // (the e2e journeys and process tests make their organizations through a running server).
  const [{ openDatabase }, { runMigrations }, { runAdminCommand }] = await Promise.all([import('../db/client'), import('../db/migrate'), import('./commands')]);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
  try {
    await runMigrations(database);
    return await runAdminCommand(database.db, command);
  } finally {
    await database.close();
  }
}

async function main() {
  try {
    const { command, json } = parseCommand(process.argv.slice(2));
    const result = await execute(command);
    process.stdout.write(`${json ? JSON.stringify(result.json) : result.text}\n`);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message ? `${error.message}\n\n` : ''}${USAGE}\n`);
    } else if (error instanceof ZodError) {
      const lines = error.issues.map((issue) => `  --${issue.path.join('.')}: ${issue.message}`);
      process.stderr.write(`Invalid arguments:\n${lines.join('\n')}\n\n${USAGE}\n`);
    } else if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    process.exitCode = 1;
  }
}

await main();
