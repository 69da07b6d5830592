import { randomBytes } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { adminSocketPath, sendAdminCommand } from '../server/admin/admin-socket-client';
import { parseCommand } from '../server/admin/cli-args';

export type SeededOrg = { organizationId: string; teamId: string; apiKey: string; name: string };
export type SeededUser = { email: string; password: string; org: SeededOrg };

/**
 * An operator command, written as on the CLI (`npm run admin -- …`) and sent the way the CLI sends it
 * to a running server: through the admin socket in the e2e server's data directory. Sent from this
 * process rather than by spawning the CLI: every journey makes an organization and a user, and a Node
 * process per command cost the suite minutes of CPU (the CLI itself is tested in operator.test.ts).
 */
export async function admin(...args: string[]): Promise<string> {
  const { command, json } = parseCommand(args);
  const result = await sendAdminCommand(adminSocketPath(process.env.E2E_DATA_DIR!), command);
  return json ? JSON.stringify(result.json) : result.text;
}

const unique = () => randomBytes(4).toString('hex');

/** `enable` turns on organization features at creation (`dms`, `automations`), as the operator CLI does. */
export async function createOrg(name = `E2E org ${unique()}`, options: { enable?: ('dms' | 'automations')[] } = {}): Promise<SeededOrg> {
  const enable = options.enable?.length ? ['--enable', options.enable.join(',')] : [];
  const output = await admin('create-org', '--name', name, '--plan', 'PRO', ...enable, '--json');
  const created = JSON.parse(output.split('\n').at(-1)!) as Omit<SeededOrg, 'name'>;
  return { ...created, name };
}

/** Moves the organization to another plan, as the operator does. */
export async function setPlan(organizationId: string, plan: 'FREE' | 'PRO' | 'BUSINESS') {
  await admin('set-plan', '--org', organizationId, '--plan', plan);
}

/**
 * Bulk inbox rows through the operator CLI's seeding tool (`seed-inbox`): thousands of
 * conversations in seconds, where real DMs through the ingestion path take minutes.
 */
export async function seedInbox(org: SeededOrg | { organizationId: string }, socialAccountId: string, conversations: number, threadMessages = 0) {
  const output = await admin(
    'seed-inbox',
    '--org',
    org.organizationId,
    '--account',
    socialAccountId,
    '--conversations',
    String(conversations),
    '--thread-messages',
    String(threadMessages),
    '--json',
  );
  return JSON.parse(output.split('\n').at(-1)!) as { conversations: number; messages: number; threadConversationId: string | null };
}

export async function createUser(org: SeededOrg): Promise<SeededUser> {
  const email = `user-${unique()}@example.com`;
  const password = `pw-${unique()}-${unique()}`;
  await admin('create-user', '--org', org.organizationId, '--email', email, '--password', password);
  return { email, password, org };
}

/** Signs in through the API, as a browser would; the page's context keeps the session cookie. */
export async function loginAs(page: Page, user: SeededUser) {
  const response = await page.request.post('/api/v1/auth/login', { data: { email: user.email, password: user.password } });
  expect(response.status()).toBe(200);
}

type Fixtures = {
  /** A fresh organization (plan PRO, one team named "Main team") with an ADMIN dashboard user, not signed in. */
  user: SeededUser;
  /** The same user, already signed in on `page`. */
  signedInUser: SeededUser;
};

export const test = base.extend<Fixtures>({
  // Playwright reads fixture dependencies from the destructuring pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  user: async ({}, use) => {
    const org = await createOrg();
    await use(await createUser(org));
  },
  signedInUser: async ({ page, user }, use) => {
    await loginAs(page, user);
    await use(user);
  },
});

/** `yyyy-MM-ddTHH:mm` on the browser's clock, as a datetime-local input takes it. */
export function localInputValue(page: Page, msFromNow: number): Promise<string> {
  return page.evaluate((ahead) => {
    const date = new Date(Date.now() + ahead);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }, msFromNow);
}

export { expect };
