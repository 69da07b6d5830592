import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { adminSocketListening, adminSocketPath, sendAdminCommand } from './admin-socket';
import { adminCommandSchema, runAdminCommand, type AdminCommand, type AdminResult } from './commands';

const USAGE = `Usage: npm run admin -- <command> [options]

  create-org --name NAME --plan FREE|PRO|BUSINESS [--enable dms,automations] [--team NAME] [--json]
  set-plan --org ORG_ID --plan FREE|PRO|BUSINESS
  enable --org ORG_ID dms|automations|comment-import[,...]
  disable --org ORG_ID dms|automations|comment-import[,...]   (comment-import is on for a new organization)
  create-api-key --org ORG_ID [--name NAME] [--scopes read,write,admin] [--json]
  revoke-api-key --org ORG_ID --id API_KEY_ID
  create-user --org ORG_ID --email EMAIL [--password PASSWORD] [--role ADMIN|CUSTOMER]
  list-orgs
  add-credits --org ORG_ID --usd AMOUNT [--note TEXT]   (prepaid credits for metered X actions)
  analytics-settings --org ORG_ID [--interval HOURS|default] [--posts-interval HOURS|default] [--accounts on|off] [--posts on|off]
  review-limits --org ORG_ID --monthly COUNT|default   (new reviews an import may store per account and month)
  seed-inbox --org ORG_ID --account SOCIAL_ACCOUNT_ID --conversations COUNT [--thread-messages COUNT] [--json]
                                   (seeding tool for scale checks: bulk rows, no events, no quota)

Works with the embedded database (through the running server's admin socket, or directly when
the server is stopped) and with DATABASE_URL.`;

const list = (value: string | undefined) =>
  value
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : undefined;

export function parseCommand(argv: string[]): { command: AdminCommand; json: boolean } {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      plan: { type: 'string' },
      enable: { type: 'string' },
      team: { type: 'string' },
      org: { type: 'string' },
      feature: { type: 'string' },
      scopes: { type: 'string' },
      id: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      usd: { type: 'string' },
      note: { type: 'string' },
      interval: { type: 'string' },
      'posts-interval': { type: 'string' },
      accounts: { type: 'string' },
      posts: { type: 'string' },
      monthly: { type: 'string' },
      account: { type: 'string' },
      conversations: { type: 'string' },
      'thread-messages': { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [name, ...rest] = positionals;
  if (!name || values.help) throw new UsageError();
  if (!COMMANDS.has(name)) throw new UsageError(`Unknown command '${name}'`);
  const raw = {
    command: name,
    name: values.name,
    plan: values.plan?.toUpperCase(),
    enable: list(values.enable),
    teamName: values.team,
    org: values.org,
    features: list(values.feature) ?? list(rest.join(',')),
    scopes: list(values.scopes),
    id: values.id,
    email: values.email,
    password: values.password,
    role: values.role?.toUpperCase(),
    usd: values.usd,
    note: values.note,
    interval: values.interval,
    postsInterval: values['posts-interval'],
    accounts: values.accounts,
    posts: values.posts,
    monthly: values.monthly,
    account: values.account,
    conversations: values.conversations,
    threadMessages: values['thread-messages'],
  };
  return { command: adminCommandSchema.parse(raw), json: values.json ?? false };
}

class UsageError extends Error {}

const COMMANDS = new Set<string>(adminCommandSchema.options.map((option) => option.shape.command.value));

async function execute(command: AdminCommand): Promise<AdminResult> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
  if (!config.DATABASE_URL && config.dataDir !== 'memory://') {
    const socketPath = adminSocketPath(config.dataDir);
    // While the server runs, it alone opens the embedded database: the command goes through it.
    if (await adminSocketListening(socketPath)) return sendAdminCommand(socketPath, command);
  }
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
