import { describe, expect, it } from 'vitest';
import { automationExecutions, automationFlowVersions } from '../db/schema/automations';
import { connectAccount, inDays, uploadMedia } from '../posts/posts-test-kit';
import { createTestApp } from '../test/test-app';
import { documentedOperations, fillPath, type Operation } from './openapi-operations';
import { commentJobs } from '../comments/comments.jobs';
import { publishedPost, waitFor } from '../comments/comments-test-kit';
import { dispatchInboundEventJob } from '../ingest/ingest.jobs';
import { postJobs } from '../posts/posts.jobs';
import { reviewJobs } from '../reviews/reviews.jobs';
import { runImport } from '../reviews/reviews-test-kit';

/**
 * For every route with an id in its path, the id of another organization's object is a 404,
 * exactly as an id that does not exist: driven by the served OpenAPI document, so a new route
 * is covered as soon as it exists. A route whose path parameter has no seeder below fails the
 * test until one is added.
 */
// Comment seeders need published posts and received comments: the publish and ingest workers run.
// Not the hourly review sync: it would start imports for other files' accounts (one shared database).
const t = await createTestApp({ work: true, workOnly: [...postJobs, ...commentJobs, ...reviewJobs.filter((job) => !job.cron), dispatchInboundEventJob] });
const { operations } = await documentedOperations(t);

type Org = Awaited<ReturnType<typeof t.createOrg>>;
type Seeded = Record<string, string>;

type Answer = { status: number; json: { id?: string } };
const created = async (response: Answer | Promise<Answer>, what: string) => {
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
        body: {
          teamId: org.teamId,
          title: 'Seeded',
          postDate: inDays(3),
          referenceKey: `ref-${org.organizationId}`,
          socialAccountTypes: ['MASTODON'],
          data: { MASTODON: { text: 'Seeded post' } },
        },
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
    return created(
      t.request('POST', '/comment', { key: org.key, body: { teamId: org.teamId, internalPostId: seeded.published, status: 'DRAFT', text: 'Seeded comment' } }),
      'comment',
    );
  },
  '{importId}': async (org, seeded) => {
    seeded.published ??= await SEEDERS.published!(org, seeded);
    return created(
      t.request('POST', '/comment/import', { key: org.key, body: { teamId: org.teamId, postId: seeded.published, socialAccountType: 'BLUESKY' } }),
      'comment import',
    );
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
  // Reviews: a location and a page with one imported review each. Names several domains share
  // (`importId`, `commentId`) are told apart by the route's prefix: `<prefix>|{name}`.
  googleImport: async (org) => {
    await connectAccount(t, org.key, org.teamId, 'GOOGLE_BUSINESS', { channelName: 'Seeded Location' });
    return (await runImport(t, org.key, org.teamId, 1, 'GOOGLE_BUSINESS')).id;
  },
  '/misc/google-business/|{importId}': async (org, seeded) => (seeded.googleImport ??= await SEEDERS.googleImport!(org, seeded)),
  '{reviewId}': async (org, seeded) => {
    seeded.googleImport ??= await SEEDERS.googleImport!(org, seeded);
    return (await t.request('GET', `/misc/google-business/reviews?teamId=${org.teamId}`, { key: org.key })).json.reviews[0].id as string;
  },
  facebookImport: async (org) => {
    await connectAccount(t, org.key, org.teamId, 'FACEBOOK', { channelName: 'Seeded Page' });
    return (await runImport(t, org.key, org.teamId, 1, 'FACEBOOK')).id;
  },
  '/misc/facebook/recommendations/|{importId}': async (org, seeded) => (seeded.facebookImport ??= await SEEDERS.facebookImport!(org, seeded)),
  '{recommendationId}': async (org, seeded) => {
    seeded.facebookImport ??= await SEEDERS.facebookImport!(org, seeded);
    return (await t.request('GET', `/misc/facebook/recommendations?teamId=${org.teamId}`, { key: org.key })).json.recommendations[0].id as string;
  },
  '/misc/facebook/recommendations/|{commentId}': async (org, seeded) => {
    seeded['{recommendationId}'] ??= await SEEDERS['{recommendationId}']!(org, seeded);
    const recommendation = await t.request('GET', `/misc/facebook/recommendations/${seeded['{recommendationId}']}?teamId=${org.teamId}`, { key: org.key });
    const page = await t.request('GET', `/social-account/by-type?type=FACEBOOK&teamId=${org.teamId}`, { key: org.key });
    const body = { socialAccountId: page.json.id, reviewId: recommendation.json.externalRecommendationId, text: 'Seeded thread comment' };
    return created(t.request('POST', '/sandbox/reviews/comments', { key: org.key, body }), 'recommendation comment');
  },
  // A DM received on an Instagram account with messaging enabled (the organization has DMs on).
  'conversations/{id}': async (org) => {
    const account = await created(
      t.request('POST', '/sandbox/accounts', { key: org.key, body: { teamId: org.teamId, type: 'INSTAGRAM', grantMessaging: true } }),
      'instagram account',
    );
    await t.request('POST', '/social-account/messaging/enable', { key: org.key, body: { teamId: org.teamId, type: 'INSTAGRAM' } });
    await t.request('POST', '/sandbox/inbound/message', { key: org.key, body: { socialAccountId: account, text: 'Seeded DM', senderId: '999001' } });
    const listed = await waitFor(
      () => t.request('GET', `/conversations?teamId=${org.teamId}`, { key: org.key }),
      (response) => response.json.items?.length > 0,
    );
    return listed.json.items[0].id as string;
  },
  '{conversationId}': async (org, seeded) => (seeded['conversations/{id}'] ??= await SEEDERS['conversations/{id}']!(org, seeded)),
  '{messageId}': async (org, seeded) => {
    seeded['conversations/{id}'] ??= await SEEDERS['conversations/{id}']!(org, seeded);
    const thread = await t.request('GET', `/conversations/${seeded['conversations/{id}']}/messages`, { key: org.key });
    return thread.json.items[0].id as string;
  },
  // Automations (the organizations have them on): a flow, and the ice breakers of an Instagram account.
  'automations/{id}': (org) =>
    created(
      t.request('POST', '/automations', { key: org.key, body: { teamId: org.teamId, name: 'Seeded flow', platformScope: 'INSTAGRAM' } }),
      'automation flow',
    ),
  '{socialAccountId}': async (org) => {
    // The DM seeder may have connected the team's Instagram account already (one per type and team).
    const existing = await t.request('GET', `/social-account/by-type?type=INSTAGRAM&teamId=${org.teamId}`, { key: org.key });
    if (existing.status === 200 && existing.json?.id) return existing.json.id as string;
    return created(
      t.request('POST', '/sandbox/accounts', { key: org.key, body: { teamId: org.teamId, type: 'INSTAGRAM', grantMessaging: true } }),
      'instagram account',
    );
  },
  // A run as the executor writes it: a version and an execution row of the seeded flow.
  'automation-executions/{id}': async (org, seeded) => {
    seeded['automations/{id}'] ??= await SEEDERS['automations/{id}']!(org, seeded);
    const flowId = seeded['automations/{id}'];
    const definition = {
      trigger: { type: 'DM_RECEIVED' as const, platform: 'INSTAGRAM' as const, socialAccountId: null, senderExternalIds: [], actionDelaySeconds: 0 },
      steps: [],
    };
    const [version] = await t.services.db
      .insert(automationFlowVersions)
      .values({
        flowId,
        organizationId: org.organizationId,
        version: 1,
        status: 'PUBLISHED',
        definition,
        triggerType: 'DM_RECEIVED',
        platform: 'INSTAGRAM',
        publishedAt: new Date(),
      })
      .returning();
    const now = new Date();
    const [run] = await t.services.db
      .insert(automationExecutions)
      .values({
        organizationId: org.organizationId,
        teamId: org.teamId,
        flowId,
        flowVersionId: version!.id,
        triggerId: 'seeded',
        platform: 'INSTAGRAM',
        status: 'COMPLETED',
        input: { type: 'DM_RECEIVED', platform: 'INSTAGRAM' },
        receivedAt: now,
        scheduledAt: now,
      })
      .returning();
    return run!.id;
  },
  // Not an id: the same kind for everyone.
  '{type}': async () => 'INSTAGRAM_ICE_BREAKERS',
  'automation-provider-settings/{id}': async (org, seeded) => {
    seeded['{socialAccountId}'] ??= await SEEDERS['{socialAccountId}']!(org, seeded);
    const body = { teamId: org.teamId, platform: 'INSTAGRAM', config: { iceBreakers: [{ question: 'Seeded?', payload: 'SEEDED' }] } };
    return created(
      t.request('PUT', `/automation-provider-settings/${seeded['{socialAccountId}']}/INSTAGRAM_ICE_BREAKERS`, { key: org.key, body }),
      'provider setting',
    );
  },
  'faults/{id}': (org) => created(t.request('POST', '/sandbox/faults', { key: org.key, body: { type: 'TIKTOK', kind: 'TRANSIENT', count: 1 } }), 'fault'),
  '{templateId}': (org) =>
    created(
      t.request('POST', '/misc/reviews/reply-templates', { key: org.key, body: { teamId: org.teamId, name: 'Thanks', text: 'Thank you, {firstName}!' } }),
      'reply template',
    ),
  'webhooks/{id}': (org) => created(t.request('POST', '/webhooks', { key: org.key, body: { url: 'https://93.184.215.14/hooks' } }), 'webhook'),
  // A post history import job (its `{importId}` is not a comment import's).
  '/post-history-import/|{importId}': async (org) => {
    await connectAccount(t, org.key, org.teamId, 'PINTEREST');
    return created(
      t.request('POST', '/post-history-import', { key: org.key, body: { teamId: org.teamId, socialAccountType: 'PINTEREST', count: 1 } }),
      'post history import',
    );
  },
  // A playlist of the team's YouTube channel, and the team's published video in it.
  '{playlistId}': async (org) => {
    await connectAccount(t, org.key, org.teamId, 'YOUTUBE', { channelName: 'Seeded channel' });
    const response = await t.request('POST', '/misc/youtube/playlist', { key: org.key, body: { teamId: org.teamId, title: 'Seeded', description: '' } });
    return created(response, 'youtube playlist');
  },
  '{playlistItemId}': async (org, seeded) => {
    seeded['{playlistId}'] ??= await SEEDERS['{playlistId}']!(org, seeded);
    const video = await uploadMedia(t, org.key, 'landscape-5s.mp4');
    const post = await publishedPost(t, org.key, org.teamId, { YOUTUBE: { type: 'VIDEO', uploadIds: [video.id], text: 'Seeded video' } });
    const body = { teamId: org.teamId, playlistId: seeded['{playlistId}'], postId: post.id };
    return created(t.request('POST', '/misc/youtube/playlist-items', { key: org.key, body }), 'youtube playlist item');
  },
  // A CSV import of one row (the accounts seeder's Mastodon account), as the dashboard sends it.
  '/post-csv-import/|{importId}': async (org, seeded) => {
    seeded['accounts/{id}'] ??= await SEEDERS['accounts/{id}']!(org, seeded);
    const form = new FormData();
    form.append('file', new File([`date,accounts,text\n${inDays(3)},MASTODON,Seeded row\n`], 'seeded.csv', { type: 'text/csv' }));
    form.append('teamId', org.teamId);
    const response = await t.app.request('/api/v1/post-csv-import', { method: 'POST', headers: { 'x-api-key': org.key }, body: form });
    const json = (await response.json()) as { id?: string };
    return created({ status: response.status, json }, 'csv import');
  },
  '{deliveryId}': async (org, seeded) => {
    seeded['webhooks/{id}'] ??= await SEEDERS['webhooks/{id}']!(org, seeded);
    return created(t.request('POST', `/webhooks/${seeded['webhooks/{id}']}/test`, { key: org.key }), 'webhook delivery');
  },
};

/** Capability URLs: the unguessable path is the credential and belongs to no caller's organization. */
const PUBLIC_BY_URL = new Set(['getMedia', 'putUploadBytes', 'putUploadPart']);

/** Bodies that pass validation, so the answer is about the id. Other routes get `{}` or no body. */
const VALID_BODIES: Record<string, unknown | ((org: Org) => unknown)> = {
  updateComment: { text: 'Changed by a stranger' },
  actOnFetchedComment: (org: Org) => ({ teamId: org.teamId, action: 'LIKE' }),
  updateTeam: { name: 'Renamed by a stranger' },
  updatePost: { title: 'Changed by a stranger' },
  savePostDraft: { title: 'Changed by a stranger', postDate: inDays(3), socialAccountTypes: ['MASTODON'], data: { MASTODON: { text: 'By a stranger' } } },
  updateWebhook: { description: 'Changed by a stranger' },
  rotateWebhookSecret: {},
  replyToGoogleReview: (org: Org) => ({ teamId: org.teamId, comment: 'Reply by a stranger' }),
  deleteGoogleReviewReply: (org: Org) => ({ teamId: org.teamId }),
  replyToFacebookRecommendation: (org: Org) => ({ teamId: org.teamId, comment: 'Reply by a stranger' }),
  replyToFacebookRecommendationComment: (org: Org) => ({ teamId: org.teamId, comment: 'Reply by a stranger' }),
  retryPostHistoryImport: (org: Org) => ({ teamId: org.teamId }),
  updateConversation: { status: 'ARCHIVED' },
  sendConversationMessage: { content: { text: 'Sent by a stranger' } },
  reactToConversationMessage: { action: 'REACT' },
  sendAutomationRichMessage: (org: Org) => ({ teamId: org.teamId, message: { text: 'Sent by a stranger' } }),
  updateAutomationFlow: { name: 'Renamed by a stranger' },
  testAutomationFlow: { input: { text: 'Run by a stranger' } },
  saveAutomationFlowDraft: {
    definition: {
      trigger: { type: 'DM_RECEIVED', platform: 'INSTAGRAM', socialAccountId: null, keywords: [] },
      steps: [{ id: 'stranger', type: 'SEND_MESSAGE', message: { text: 'Saved by a stranger' } }],
    },
  },
  saveAutomationProviderSetting: (org: Org) => ({
    teamId: org.teamId,
    platform: 'INSTAGRAM',
    config: { iceBreakers: [{ question: 'By a stranger?', payload: 'STRANGER' }] },
  }),
};

/** Path parameters that name a kind rather than an object: the same for every organization, never "foreign". */
const NOT_IDS = new Set(['{type}']);

/** Routes whose required query names the caller's team. */
const TEAM_QUERY = new Set([
  'getGoogleReview',
  'getFacebookRecommendation',
  'listFacebookRecommendationComments',
  'miscYoutubeDeletePlaylist',
  'miscYoutubeDeletePlaylistItem',
]);

function seederKey(path: string, param: string): string {
  if (param !== 'id') return Object.keys(SEEDERS).find((key) => key.endsWith(`|{${param}}`) && path.includes(key.split('|')[0]!)) ?? `{${param}}`;
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
  const query = TEAM_QUERY.has(op.operationId) ? `?teamId=${org.teamId}` : '';
  return t.request(op.method, fillPath(op.path, ids).replace(/^\/api\/v1/, '') + query, {
    key: org.key,
    ...(op.bodyType === 'application/json' ? { body: (typeof body === 'function' ? body(org) : body) ?? {} } : {}),
  });
};

describe('cross-tenant ids', () => {
  it('has a seeder for every path parameter of the route table', () => {
    expect(withIds.length).toBeGreaterThan(20);
    const missing = withIds.flatMap((op) =>
      op.pathParams
        .map((param) => seederKey(op.path, param))
        .filter((key) => !SEEDERS[key])
        .map((key) => `${op.operationId}: ${key}`),
    );
    expect(missing, 'add a seeder for these path parameters').toEqual([]);
  });

  // Seeding every kind twice (published posts, imports) and one request per route and id: longer than the default timeout.
  it("answers 404 for another organization's object on every route with an id, and leaves it untouched", { timeout: 180_000 }, async () => {
    const keys = [...new Set(withIds.flatMap((op) => op.pathParams.map((param) => seederKey(op.path, param))))].filter((key) => SEEDERS[key]);
    const mine = await t.createOrg('PRO', ['dms', 'automations']);
    const theirs = await t.createOrg('PRO', ['dms', 'automations']);
    const own = await seed(mine, keys);
    const foreign = await seed(theirs, keys);

    const wrong: string[] = [];
    for (const op of withIds) {
      // Every id foreign at once, then one foreign id among the caller's own (a nested id must be checked too).
      const idParams = op.pathParams.filter((param) => !NOT_IDS.has(seederKey(op.path, param)));
      const attempts = [
        idsOf(op, foreign),
        ...(idParams.length > 1 ? idParams.map((param) => ({ ...idsOf(op, own), [param]: idsOf(op, foreign)[param]! })) : []),
      ];
      for (const ids of attempts) {
        const response = await call(op, mine, ids);
        if (response.status !== 404 || response.json?.statusCode !== 404)
          wrong.push(`${op.operationId} ${JSON.stringify(ids)}: ${response.status} ${response.text.slice(0, 120)}`);
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
