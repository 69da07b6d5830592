import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../test/fresh-database';
import { runCli, startServerProcess } from '../test/processes';

/**
 * The product as an operator runs it: first start, the CLI against a running and a stopped
 * server, SIGTERM, and a second start on the same data. On Postgres it uses a database of its own.
 */
// A DATA_DIR that does not exist yet: the server creates it (mkdtemp's own 0700 would hide a lax mode).
const parentDir = mkdtempSync(path.join(tmpdir(), 'sd-operator-'));
const dataDir = path.join(parentDir, 'data');
const database = await freshDatabaseUrl('sd_operator');
const env: Record<string, string | undefined> = { DATA_DIR: dataDir, DATABASE_URL: database.url };

afterAll(async () => {
  await database.drop();
  rmSync(parentDir, { recursive: true, force: true });
});

async function api(url: string, key: string, pathname: string, init: RequestInit = {}) {
  const response = await fetch(`${url}/api/v1${pathname}`, { ...init, headers: { 'x-api-key': key, 'content-type': 'application/json' } });
  return { status: response.status, json: await response.json() };
}

/** Polls until the answer satisfies `done` (work the first start set off finishes in the background). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  return value;
}

type DemoPost = {
  status: string;
  title: string;
  postDate: string;
  postedDate: string | null;
  socialAccountTypes: string[];
  errors: Record<string, string>;
  externalData: Record<string, { permalink?: string }>;
};

/** What a newcomer sees on the first start: connected accounts, media, posts in every state, activity. */
async function expectLivingDemo(url: string, key: string, teamId: string) {
  const team = await api(url, key, `/team/${teamId}`);
  const accounts = team.json.socialAccounts as { type: string; messagingStatus: string }[];
  expect(accounts.map((account) => account.type).sort()).toEqual([
    'BLUESKY',
    'FACEBOOK',
    'GOOGLE_BUSINESS',
    'INSTAGRAM',
    'LINKEDIN',
    'MASTODON',
    'TIKTOK',
    'TWITTER',
    'YOUTUBE',
  ]);
  expect(accounts.find((account) => account.type === 'INSTAGRAM')).toMatchObject({ messagingStatus: 'ENABLED' });

  const uploads = await api(url, key, `/upload?teamId=${teamId}`);
  expect(uploads.json.items.length).toBeGreaterThanOrEqual(3);
  expect(uploads.json.items[0]).toMatchObject({ type: 'image', width: 1080, height: 1080 });

  const listed = await api(url, key, `/post?teamId=${teamId}&limit=100`);
  const posts = listed.json.items as DemoPost[];
  const now = Date.now();
  const posted = posts.filter((post) => post.status === 'POSTED');
  expect(posted.length).toBeGreaterThanOrEqual(3);
  for (const post of posted) {
    // Published in the past days, each platform with its permalink on the platform.
    expect(new Date(post.postedDate!).getTime()).toBeLessThan(now - 3600_000);
    for (const platform of post.socialAccountTypes) expect(post.externalData[platform]?.permalink).toMatch(/^https:\/\//);
  }
  const scheduled = posts.filter((post) => post.status === 'SCHEDULED');
  expect(scheduled.length).toBeGreaterThanOrEqual(4);
  for (const post of scheduled) {
    const due = new Date(post.postDate).getTime();
    expect(due).toBeGreaterThan(now);
    expect(due).toBeLessThan(now + 8 * 24 * 3600_000);
  }
  const failed = posts.filter((post) => post.status === 'ERROR');
  expect(failed).toHaveLength(1);
  // One platform refused it, the other published: the retry publishes only the failed one.
  expect(failed[0]!.errors.TWITTER).toMatch(/duplicate/);
  expect(failed[0]!.externalData.MASTODON?.permalink).toMatch(/^https:\/\/mastodon/);

  // People commented on the published posts and wrote DMs, through the platform webhook path.
  const events = await api(url, key, '/sandbox/inbound-events?limit=50');
  const kinds = (events.json.items as { kind: string }[]).map((event) => event.kind);
  expect(kinds.filter((kind) => kind === 'comment.created').length).toBeGreaterThanOrEqual(3);
  expect(kinds.filter((kind) => kind === 'message.created').length).toBeGreaterThanOrEqual(2);

  // ...which fill an inbox: Instagram and Facebook threads, one unread, one archived, quick replies sent.
  const inbox = await api(url, key, `/conversations?teamId=${teamId}&limit=50`);
  const threads = inbox.json.items as { id: string; platform: string; status: string; unreadCount: number }[];
  expect(threads.length).toBeGreaterThanOrEqual(3);
  expect(new Set(threads.map((thread) => thread.platform))).toEqual(new Set(['INSTAGRAM', 'FACEBOOK']));
  expect(threads.filter((thread) => thread.status === 'ARCHIVED')).toHaveLength(1);
  expect(threads.filter((thread) => thread.unreadCount > 0).length).toBeGreaterThanOrEqual(1);
  const withQuickReplies = await Promise.all(threads.map((thread) => api(url, key, `/conversations/${thread.id}/messages?limit=50`)));
  expect(
    withQuickReplies.some((page) =>
      page.json.items.some((message: { platformData: { quickReplies?: unknown[] } }) => message.platformData.quickReplies?.length),
    ),
  ).toBe(true);

  // One active example flow, which has already answered someone's DM.
  const flows = (await api(url, key, `/automations?teamId=${teamId}`)).json.items as { id: string; status: string }[];
  const active = flows.filter((flow) => flow.status === 'ACTIVE');
  expect(active).toHaveLength(1);
  // ...and one parked half-way: a draft, kept whatever its problems.
  expect(flows.filter((flow) => flow.status === 'DRAFT')).toHaveLength(1);

  // The review list offers the team's reply templates.
  const templates = await api(url, key, `/misc/reviews/reply-templates?teamId=${teamId}`);
  expect(templates.json.items.map((template: { name: string }) => template.name)).toContain('Thank you');
  const runs = await eventually(
    () => api(url, key, `/automations/${active[0]!.id}/executions?teamId=${teamId}`),
    (r) => (r.json.items ?? []).some((run: { status: string }) => run.status === 'COMPLETED'),
  );
  expect(runs.json.items.map((run: { status: string }) => run.status)).toContain('COMPLETED');

  // ...and they are the post's comments; every published post has its first analytics snapshot.
  const autumn = posts.find((post) => post.title.startsWith('Autumn blend') && post.status === 'POSTED') as DemoPost & { id: string };
  const comments = await eventually(
    () => api(url, key, `/comment/import/comments?teamId=${teamId}&postId=${autumn.id}&limit=50`),
    (r) => r.json.total >= 3,
  );
  expect(comments.json.items.map((comment: { authorName: string }) => comment.authorName)).toContain('Priya Raman');
  const analytics = await eventually(
    () => api(url, key, `/analytics/post?postId=${autumn.id}&platformType=INSTAGRAM`),
    (r) => r.status === 200 && r.json.items.length > 0,
  );
  // Posted days ago on the sandbox platform too: it has had time to be seen.
  expect(analytics.json.items.at(-1).impressions).toBeGreaterThan(0);

  // The Google Business location's reviews, imported: low ratings waiting for an answer, replies in every state.
  const reviews = (await api(url, key, `/misc/google-business/reviews?teamId=${teamId}&limit=100`)).json as {
    total: number;
    reviews: { starRating: string; reviewReplyComment: string | null; reviewReplyState: string | null; reviewReplyPolicyViolation: string | null }[];
  };
  expect(reviews.total).toBe(15);
  for (const low of ['ONE', 'TWO']) expect(reviews.reviews.some((review) => review.starRating === low && review.reviewReplyComment === null)).toBe(true);
  expect(reviews.reviews.filter((review) => review.reviewReplyState === 'APPROVED').length).toBeGreaterThanOrEqual(3);
  expect(reviews.reviews.filter((review) => review.reviewReplyState === 'REJECTED')).toHaveLength(1);
  expect(reviews.reviews.find((review) => review.reviewReplyState === 'REJECTED')!.reviewReplyPolicyViolation).toContain('phone');
  expect((await api(url, key, `/misc/facebook/recommendations?teamId=${teamId}`)).json.total).toBe(4);

  // Months of Instagram posts from before connecting, the newest 24 imported with their analytics; YouTube's left to import.
  const imports = (await api(url, key, `/post-history-import?teamId=${teamId}&socialAccountType=INSTAGRAM`)).json.imports as {
    status: string;
    postsImported: number;
    analyticsImported: number;
  }[];
  expect(imports).toHaveLength(1);
  expect(imports[0]).toMatchObject({ status: 'COMPLETED', postsImported: 24, analyticsImported: 24 });
  const history = (await api(url, key, `/post-history-import/posts?teamId=${teamId}&socialAccountType=INSTAGRAM&limit=100`)).json as {
    total: number;
    remainingCapacity: number;
    posts: { permalink: string | null; thumbnail: string | null; publishedAt: string; analytics: unknown[] }[];
  };
  expect(history.total).toBe(24);
  expect(history.remainingCapacity).toBe(100 - 24);
  for (const post of history.posts) expect(post.permalink).toMatch(/^https:\/\//);
  expect(history.posts.every((post) => post.analytics.length > 0)).toBe(true);
  const oldest = new Date(history.posts.at(-1)!.publishedAt).getTime();
  expect(oldest).toBeLessThan(now - 60 * 24 * 3600_000);
  expect((await api(url, key, `/post-history-import/posts?teamId=${teamId}&socialAccountType=YOUTUBE`)).json.total).toBe(0);
  const youtube = await api(
    url,
    key,
    `/sandbox/items?socialAccountId=${team.json.socialAccounts.find((account: { type: string }) => account.type === 'YOUTUBE').id}&kind=POST&limit=100`,
  );
  expect(youtube.json.items.length).toBeGreaterThanOrEqual(18);
  return posts.length;
}

describe('operator journey', () => {
  it('first start seeds a demo organization, the CLI works while it runs and after it stops', { timeout: 360_000 }, async () => {
    const server = await startServerProcess(env);
    const output = server.output();
    expect(output).toContain('First start: a demo organization was created.');
    const demoKey = output.match(/API key:\s+(sk_\S+)/)![1]!;
    const password = output.match(/Password:\s+(\S+)/)![1]!;

    // The data directory is its owner's only; the admin socket is created under a 0177 umask.
    const mode = (file: string) => statSync(file).mode & 0o777;
    expect(mode(dataDir)).toBe(0o700);
    if (!database.url) {
      expect(mode(path.join(dataDir, 'pglite'))).toBe(0o700);
      expect(mode(path.join(dataDir, 'admin.sock'))).toBe(0o600);
    }

    const organization = await api(server.url, demoKey, '/organization');
    expect(organization.json).toMatchObject({ plan: 'PRO', dmsEnabled: true, automationsEnabled: true });
    expect(organization.json.teams).toHaveLength(1);
    const demoTeamId = organization.json.teams[0].id;
    const demoPosts = await expectLivingDemo(server.url, demoKey, demoTeamId);
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password }),
    });
    expect(login.status).toBe(200);

    // While the server runs, the CLI reaches its database (through the admin socket when embedded).
    const created = await runCli(['create-org', '--name', 'Acme', '--plan', 'BUSINESS', '--enable', 'dms,automations', '--json'], env);
    expect(created.code).toBe(0);
    const lines = created.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    const acme = JSON.parse(lines[0]!);
    expect(Object.keys(acme)).toEqual(['organizationId', 'teamId', 'apiKey']);
    const acmeOrg = await api(server.url, acme.apiKey, '/organization');
    expect(acmeOrg.json).toMatchObject({ id: acme.organizationId, plan: 'BUSINESS', dmsEnabled: true, automationsEnabled: true });
    expect(acmeOrg.json.teams[0].id).toBe(acme.teamId);

    expect((await runCli(['set-plan', '--org', acme.organizationId, '--plan', 'free'], env)).code).toBe(0);
    expect((await runCli(['disable', '--org', acme.organizationId, 'dms'], env)).code).toBe(0);
    expect((await api(server.url, acme.apiKey, '/organization')).json).toMatchObject({ plan: 'FREE', dmsEnabled: false, automationsEnabled: true });

    const keyResult = await runCli(['create-api-key', '--org', acme.organizationId, '--name', 'reader', '--scopes', 'read', '--json'], env);
    const reader = JSON.parse(keyResult.stdout);
    expect((await api(server.url, reader.apiKey, '/team')).status).toBe(200);
    expect((await api(server.url, reader.apiKey, '/team', { method: 'POST', body: '{"name":"Nope team"}' })).status).toBe(403);
    expect((await runCli(['revoke-api-key', '--org', acme.organizationId, '--id', reader.id], env)).code).toBe(0);
    expect((await api(server.url, reader.apiKey, '/team')).status).toBe(401);

    const user = await runCli(['create-user', '--org', acme.organizationId, '--email', 'ops@acme.test', '--password', 'long enough password'], env);
    expect(user.code).toBe(0);
    const duplicate = await runCli(['create-user', '--org', acme.organizationId, '--email', 'ops@acme.test', '--password', 'long enough password'], env);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toMatch(/already exists/);
    const invalid = await runCli(['create-org', '--name', 'X', '--plan', 'GOLD'], env);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toMatch(/--plan/);

    expect(await server.stop('SIGTERM')).toBe(0);

    // Stopped: the CLI opens the database itself.
    const listed = await runCli(['list-orgs'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('Acme');

    const again = await startServerProcess(env);
    expect(again.output()).not.toContain('First start');
    expect((await api(again.url, demoKey, '/team')).status).toBe(200);
    // Only the first start seeds: nothing was added to the demo.
    expect((await api(again.url, demoKey, `/post?teamId=${demoTeamId}&limit=100`)).json.total).toBe(demoPosts);
    expect(await again.stop('SIGTERM')).toBe(0);
  });
});
