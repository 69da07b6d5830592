import { parseArgs } from 'node:util';
import { adminCommandSchema, type AdminCommand } from './admin-command-schema';

export const USAGE = `Usage: npm run admin -- <command> [options]

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

export class UsageError extends Error {}

const COMMANDS = new Set<string>(adminCommandSchema.options.map((option) => option.shape.command.value));
