import { describe, expect, it } from 'vitest';
import { connectAccount, inDays, uploadMedia } from '../posts/posts-test-kit';
import { createTestApp } from '../test/test-app';
import { documentedOperations, fillPath, type Operation } from './openapi-operations';
import { commentJobs } from '../comments/comments.jobs';
import { publishedPost, waitFor } from '../comments/comments-test-kit';
import { dispatchInboundEventJob } from '../ingest/dispatch-inbound-event.job';
import { postJobs } from '../posts/posts.jobs';

/**
 * For every route with an id in its path, the id of another organization's object is a 404,
 * exactly as an id that does not exist: driven by the served OpenAPI document, so a new route
 * is covered as soon as it exists. A route whose path parameter has no seeder below fails the
 * test until one is added.
 */
// Comment seeders need published posts and received comments: the publish and ingest workers run.
const t = await createTestApp({ work: true, workOnly: [...postJobs, ...commentJobs, dispatchInboundEventJob] });
const { operations } = await documentedOperations(t);

type Org = Awaited<ReturnType<typeof t.createOrg>>;
type Seeded = Record<string, string>;

const created = async (response: Promise<{ status: number; json: { id?: string } }>, what: string) => {
  const { status, json } = await response;
  if (status >= 300 || !json?.id) throw new Error(`seeding ${what} failed: ${status} ${JSON.stringify(json)}`);
  return json.id;
};

/**
 * One object of each kind a path names, keyed `<segment>/{id}` for a generic `{id}` (the kind
 * comes from the segment before it) and `{name}` for a named parameter.
 */
const SEEDERS: Record<string, (org: Org, seeded: Seeded) => Promise<string>> = {
  'team/{id}': async (org) => org.teamId,
  'api-keys/{id}': (org) => created(t.request('POST', '/api-keys', { key: org.key, body: { name: 'seeded' } }), 'api key'),
  'upload/{id}': async (org) => (await uploadMedia(t, org.key, 'square-1080.jpg')).id,
  'accounts/{id}': async (org) => (await connectAccount(t, org.key, org.teamId, 'MASTODON')).id,
  'post/{id}': async (org, seeded) => {
    seeded['accounts/{id}'] ??= await SEEDERS['accounts/{id}']!(org, seeded);
    return created(
      t.request('POST', '/post', {
        key: org.key,
        body: { teamId: org.teamId, title: 'Seeded', postDate: inDays(3), referenceKey: `ref-${org.organizationId}`, socialAccountTypes: ['MASTODON'], data: { MASTODON: { text: 'Seeded post' } } },
      }),
      'post',
    );
  },
  '{referenceKey}': async (org, seeded) => {
    seeded['post/{id}'] ??= await SEEDERS['post/{id}']!(org, seeded);
    return `ref-${org.organizationId}`;
  },
  // Not a path parameter: a post published now on a Bluesky account, which the comment seeders share.
  published: async (org) => {
    await connectAccount(t, org.key, org.teamId, 'BLUESKY');
    return (await publishedPost(t, org.key, org.teamId, { BLUESKY: { text: 'Published for comments' } })).id;
  },
  'comment/{id}': async (org, seeded) => {
    seeded.published ??= await SEEDERS.published!(org, seeded);
    return created(t.request('POST', '/comment', { key: org.key, body: { teamId: org.teamId, internalPostId: seeded.published, status: 'DRAFT', text: 'Seeded comment' } }), 'comment');
  },
  '{importId}': async (org, seeded) => {
    seeded.published ??= await SEEDERS.published!(org, seeded);
    return created(t.request('POST', '/comment/import', { key: org.key, body: { teamId: org.teamId, postId: seeded.published, socialAccountType: 'BLUESKY' } }), 'comment import');
  },
  '{commentId}': async (org, seeded) => {
    seeded.published ??= await SEEDERS.published!(org, seeded);
    const accounts = await t.request('GET', `/social-account/by-type?type=BLUESKY&teamId=${org.teamId}`, { key: org.key });
    await t.request('POST', '/sandbox/inbound/comment', { key: org.key, body: { socialAccountId: accounts.json.id, text: 'Seeded fetched comment' } });
    const listed = await waitFor(
      () => t.request('GET', `/comment/import/comments?teamId=${org.teamId}&postId=${seeded.published}`, { key: org.key }),
      // The page and its total are read side by side: wait for the page itself to hold it.
      (response) => response.json.items?.length > 0,
    );
    return listed.json.items[0].id as string;
  },
  'faults/{id}': (org) => created(t.request('POST', '/sandbox/faults', { key: org.key, body: { type: 'TIKTOK', kind: 'TRANSIENT', count: 1 } }), 'fault'),
  'webhooks/{id}': (org) => created(t.request('POST', '/webhooks', { key: org.key, body: { url: 'https://93.184.215.14/hooks' } }), 'webhook'),
  '{deliveryId}': async (org, seeded) => {
    seeded['webhooks/{id}'] ??= await SEEDERS['webhooks/{id}']!(org, seeded);
    return created(t.request('POST', `/webhooks/${seeded['webhooks/{id}']}/test`, { key: org.key }), 'webhook delivery');
  },
};

/** Capability URLs: the unguessable path is the credential and belongs to no caller's organization. */
const PUBLIC_BY_URL = new Set(['getMedia', 'putUploadBytes']);

/** Bodies that pass validation, so the answer is about the id. Other routes get `{}` or no body. */
const VALID_BODIES: Record<string, unknown | ((org: Org) => unknown)> = {
  updateComment: { text: 'Changed by a stranger' },
  actOnFetchedComment: (org: Org) => ({ teamId: org.teamId, action: 'LIKE' }),
  updateTeam: { name: 'Renamed by a stranger' },
  updatePost: { title: 'Changed by a stranger' },
  updateWebhook: { description: 'Changed by a stranger' },
  rotateWebhookSecret: {},
};

function seederKey(path: string, param: string): string {
  if (param !== 'id') return `{${param}}`;
  const segments = path.split('/');
  return `${segments[segments.indexOf('{id}') - 1]}/{id}`;
}

async function seed(org: Org, keys: string[]): Promise<Seeded> {
  const seeded: Seeded = {};
  for (const key of keys) seeded[key] ??= await SEEDERS[key]!(org, seeded);
  return seeded;
}

const withIds = operations.filter((op) => op.pathParams.length > 0 && !PUBLIC_BY_URL.has(op.operationId));
const idsOf = (op: Operation, seeded: Seeded) => Object.fromEntries(op.pathParams.map((param) => [param, seeded[seederKey(op.path, param)]!]));
const call = (op: Operation, org: Org, ids: Record<string, string>) => {
  const body = VALID_BODIES[op.operationId];
  return t.request(op.method, fillPath(op.path, ids).replace(/^\/api\/v1/, ''), {
    key: org.key,
    ...(op.bodyType === 'application/json' ? { body: (typeof body === 'function' ? body(org) : body) ?? {} } : {}),
  });
};

describe('cross-tenant ids', () => {
  it('has a seeder for every path parameter of the route table', () => {
    expect(withIds.length).toBeGreaterThan(20);
    const missing = withIds.flatMap((op) => op.pathParams.map((param) => seederKey(op.path, param)).filter((key) => !SEEDERS[key]).map((key) => `${op.operationId}: ${key}`));
    expect(missing, 'add a seeder for these path parameters').toEqual([]);
  });

  it("answers 404 for another organization's object on every route with an id, and leaves it untouched", async () => {
    const keys = [...new Set(withIds.flatMap((op) => op.pathParams.map((param) => seederKey(op.path, param))))].filter((key) => SEEDERS[key]);
    const mine = await t.createOrg('PRO', ['dms', 'automations']);
    const theirs = await t.createOrg('PRO', ['dms', 'automations']);
    const own = await seed(mine, keys);
    const foreign = await seed(theirs, keys);

    const wrong: string[] = [];
    for (const op of withIds) {
      // Every id foreign at once, then one foreign id among the caller's own (a nested id must be checked too).
      const attempts = [idsOf(op, foreign), ...(op.pathParams.length > 1 ? op.pathParams.map((param) => ({ ...idsOf(op, own), [param]: idsOf(op, foreign)[param]! })) : [])];
      for (const ids of attempts) {
        const response = await call(op, mine, ids);
        if (response.status !== 404 || response.json?.statusCode !== 404) wrong.push(`${op.operationId} ${JSON.stringify(ids)}: ${response.status} ${response.text.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);

    // The owner still sees each object as it was: the 404s were about tenancy, not bad ids.
    for (const op of withIds.filter((candidate) => candidate.method === 'GET')) {
      const response = await call(op, theirs, idsOf(op, foreign));
      expect(response.status, `${op.operationId} for its owner`).toBe(200);
    }
    const team = await t.request('GET', `/team/${theirs.teamId}`, { key: theirs.key });
    expect(team.json.name).not.toBe('Renamed by a stranger');
  });
});
