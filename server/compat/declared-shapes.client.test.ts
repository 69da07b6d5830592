import { readFileSync } from 'node:fs';
import { webhookEventTypes } from 'bundlesocial';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../api-keys/api-keys.service';
import { commentJobs } from '../comments/comments.jobs';
import { waitFor } from '../comments/comments-test-kit';
import { judgePlatform } from '../health/platform-status';
import { ALL_SCOPES, createUser } from '../organizations/organizations.service';
import { postJobs } from '../posts/posts.jobs';
import { connectAccount } from '../posts/posts-test-kit';
import { createTestApp } from '../test/test-app';
import { testMedia } from '../test/test-media';
import { putBytes } from '../uploads/uploads-test-kit';
import { startReceiver } from '../webhooks/test-receiver';
import { webhookJobs } from '../webhooks/webhooks.jobs';
import { declaredTypeMismatches, type DeclaredTypeSample } from './client-declared-types';

/**
 * Answers and webhook events checked against the types the published `bundlesocial` client
 * declares (by the TypeScript compiler, on the values received), through the client, unchanged.
 */
const t = await createTestApp({
  env: { WEBHOOK_ALLOW_PRIVATE: 'true' },
  work: true,
  workOnly: [...postJobs, ...commentJobs, ...webhookJobs],
});
const receiver = await startReceiver();
afterAll(() => receiver.close());

const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

// Every answer and event of the tests below, checked in one compile at the end: compiling blocks
// the process, and with it the app's server, which the client's kept-alive connections dislike.
const samples: DeclaredTypeSample[] = [];

describe('answers and events shaped as the bundlesocial client declares', { timeout: 180_000 }, () => {
  it('teams, the organization and the health answer', async () => {
    const org = await t.createOrg('PRO');
    const owner = await createUser(t.services.db, {
      organizationId: org.organizationId,
      email: `owner-${org.organizationId}@example.com`,
      password: 'a long enough password',
    });
    const { key: ownersKey } = await createApiKey(t.services.db, {
      organizationId: org.organizationId,
      name: 'Owned',
      scopes: ALL_SCOPES,
      createdByUserId: owner.id,
    });
    const client = await t.bundlesocial(ownersKey);
    const operatorClient = await t.bundlesocial(org.key);

    const created = await client.team.teamCreateTeam({ requestBody: { name: 'Shaped' } });
    samples.push({ label: 'teamCreateTeam', type: 'TeamCreateTeamResponse', value: created });
    // Made with a key: the key's owner. Made with the operator's key (no person): the system user.
    expect(created.createdById).toBe(owner.id);
    const byOperator = await operatorClient.team.teamCreateTeam({ requestBody: { name: 'By the operator key' } });
    expect(byOperator.createdById).not.toBe(owner.id);
    expect((await operatorClient.team.teamGetTeam({ id: byOperator.id })).createdBy.email).toMatch(/@socialdesk\.invalid$/);

    const account = await connectAccount(t, org.key, created.id, 'MASTODON');
    const got = await client.team.teamGetTeam({ id: created.id });
    samples.push({ label: 'teamGetTeam', type: 'TeamGetTeamResponse', value: got });
    expect(got.socialAccounts.map((item) => item.id)).toEqual([account.id]);
    expect(got.bots).toEqual([]);
    expect(got.createdBy).toMatchObject({ id: owner.id, email: owner.email });
    // The organization's creator is its first user.
    expect(got.organization).toMatchObject({ id: org.organizationId, createdById: owner.id });
    const list = await client.team.teamGetList({});
    samples.push({ label: 'teamGetList', type: 'TeamGetListResponse', value: list });
    expect(list.items.find((team) => team.id === created.id)!.socialAccounts.map((item) => item.id)).toEqual([account.id]);
    samples.push({
      label: 'teamUpdateTeam',
      type: 'TeamUpdateTeamResponse',
      value: await client.team.teamUpdateTeam({ id: created.id, requestBody: { name: 'Renamed' } }),
    });
    const deleted = await client.team.teamDeleteTeam({ id: byOperator.id });
    samples.push({ label: 'teamDeleteTeam', type: 'TeamDeleteTeamResponse', value: deleted });
    expect(deleted.deletedAt).toBeTruthy();

    const organization = await client.organization.organizationGetOrganization();
    samples.push({ label: 'organizationGetOrganization', type: 'OrganizationGetOrganizationResponse', value: organization });
    expect(organization.createdBy.id).toBe(owner.id);

    const health = await client.app.appGetHealth();
    samples.push({ label: 'appGetHealth', type: 'AppGetHealthResponse', value: health });
    expect(health.platforms.SNAPCHAT).toEqual({ status: 'operational', note: 'Simulated by the built-in sandbox' });
  });

  it('judges a platform on its live publications of the last hour', () => {
    expect(judgePlatform(undefined, { live: false, sandbox: true })).toEqual({ status: 'operational', note: 'Simulated by the built-in sandbox' });
    expect(judgePlatform({ succeeded: 1, failed: 1 }, { live: true, sandbox: true }).status).toBe('operational');
    expect(judgePlatform({ succeeded: 9, failed: 1 }, { live: true, sandbox: true })).toEqual({
      status: 'operational',
      note: '1 of 10 live publications failed in the last 60 minutes',
    });
    expect(judgePlatform({ succeeded: 7, failed: 3 }, { live: true, sandbox: false }).status).toBe('degraded');
    expect(judgePlatform({ succeeded: 2, failed: 3 }, { live: true, sandbox: false }).status).toBe('outage');
  });

  it('posts and comments, with what real clients send', async () => {
    const org = await t.createOrg('PRO');
    const client = await t.bundlesocial(org.key);
    await connectAccount(t, org.key, org.teamId, 'MASTODON');

    // `data.<PLATFORM>: null` is "no options": accepted on create and update.
    const draft = await client.post.postCreate({
      requestBody: {
        teamId: org.teamId,
        title: 'With nulls',
        postDate: inAMinute(),
        status: 'DRAFT',
        socialAccountTypes: ['MASTODON'],
        data: { MASTODON: { text: 'Hello' }, TWITTER: null, BLUESKY: null },
      },
    });
    samples.push({ label: 'postCreate', type: 'PostCreateResponse', value: draft });
    expect(Object.keys(draft.data)).toEqual(['MASTODON']);
    const updated = await client.post.postUpdate({ id: draft.id, requestBody: { data: { MASTODON: { text: 'Hello again' }, FACEBOOK: null } } });
    samples.push({ label: 'postUpdate', type: 'PostUpdateResponse', value: updated });
    expect(updated.data.MASTODON?.text).toBe('Hello again');
    // A selected platform still needs its options.
    await expect(
      client.post.postCreate({
        requestBody: { teamId: org.teamId, title: 'x', postDate: inAMinute(), status: 'DRAFT', socialAccountTypes: ['MASTODON'], data: { MASTODON: null } },
      }),
    ).rejects.toMatchObject({ status: 400 });

    // REVIEW is a status the client may filter on: accepted, nothing is in review.
    const inReview = await client.post.postGetList({ teamId: org.teamId, status: 'REVIEW' });
    samples.push({ label: 'postGetList REVIEW', type: 'PostGetListResponse', value: inReview });
    expect(inReview).toMatchObject({ items: [], total: 0 });

    const published = await client.post.postUpdate({ id: draft.id, requestBody: { status: 'SCHEDULED', postDate: new Date().toISOString() } });
    const posted = await waitFor(
      () => client.post.postGet({ id: published.id }),
      (post) => post.status === 'POSTED' || post.status === 'ERROR',
    );
    expect(posted.status).toBe('POSTED');
    samples.push({ label: 'postGet', type: 'PostGetResponse', value: posted });
    expect(posted.socialAccounts[0]!.socialAccount.type).toBe('MASTODON');
    const listed = await client.post.postGetList({ teamId: org.teamId });
    samples.push({ label: 'postGetList', type: 'PostGetListResponse', value: listed });

    const comment = await client.comment.commentCreate({ requestBody: { teamId: org.teamId, internalPostId: posted.id, text: 'First!' } });
    samples.push({ label: 'commentCreate', type: 'CommentCreateResponse', value: comment });
    const done = await waitFor(
      () => client.comment.commentGet({ id: comment.id }),
      (item) => item.status === 'POSTED' || item.status === 'ERROR',
    );
    expect(done.internalPostId).toBe(posted.id);
    samples.push({ label: 'commentGet', type: 'CommentGetResponse', value: done });
    samples.push({ label: 'commentGetList', type: 'CommentGetListResponse', value: await client.comment.commentGetList({ teamId: org.teamId }) });
  });

  it('takes /upload/init without a size and checks the size at finalize', async () => {
    const org = await t.createOrg('PRO');
    const client = await t.bundlesocial(org.key);
    const bytes = await testMedia('square-1080.jpg');
    const started = await client.upload.uploadInitLargeUpload({ requestBody: { fileName: 'photo.jpg', mimeType: 'image/jpeg' } });
    samples.push({ label: 'uploadInitLargeUpload', type: 'UploadInitLargeUploadResponse', value: started });
    const put = await putBytes(t, started.url, bytes);
    expect(put).toMatchObject({ status: 200, json: { fileSize: bytes.length } });
    const upload = await client.upload.uploadFinalizeLargeUpload({ requestBody: { path: started.path } });
    samples.push({ label: 'uploadFinalizeLargeUpload', type: 'UploadFinalizeLargeUploadResponse', value: upload });
    expect(upload).toMatchObject({ type: 'image', fileSize: bytes.length });
  });

  it('accepts the connect and portal options real clients send', async () => {
    const org = await t.createOrg('PRO');
    const client = await t.bundlesocial(org.key);
    const connect = await client.socialAccount.socialAccountConnect({
      requestBody: { teamId: org.teamId, type: 'TIKTOK', redirectUrl: 'https://app.example.com/done', tiktokForceLogin: true },
    });
    expect(connect.url).toMatch(/^http/);
    const portal = await client.socialAccount.socialAccountCreatePortalLink({
      requestBody: {
        teamId: org.teamId,
        socialAccountTypes: ['MASTODON', 'INSTAGRAM', 'TIKTOK'],
        redirectUrl: 'https://app.example.com/done',
        serverUrl: 'https://mastodon.social',
        instagramConnectionMethod: 'INSTAGRAM',
        tiktokForceLogin: true,
      },
    });
    expect(portal.url).toMatch(/\/portal\//);
    samples.push(
      { label: 'socialAccountConnect', type: 'SocialAccountConnectResponse', value: connect },
      { label: 'socialAccountCreatePortalLink', type: 'SocialAccountCreatePortalLinkResponse', value: portal },
    );
  });

  it('every event the client declares is documented, delivered, verified by constructEvent and of its declared type', async () => {
    const org = await t.createOrg('PRO');
    const client = await t.bundlesocial(org.key);
    const endpoint = await t.request('POST', '/webhooks', { key: org.key, body: { url: receiver.url('/client-events') } });
    expect(endpoint.status).toBe(200);
    const secret = endpoint.json.secret as string;

    const team = await client.team.teamCreateTeam({ requestBody: { name: 'Evented' } });
    await client.team.teamUpdateTeam({ id: team.id, requestBody: { name: 'Evented again' } });
    const account = await connectAccount(t, org.key, org.teamId, 'MASTODON');
    await client.socialAccount.socialAccountProfileRefresh({ requestBody: { teamId: org.teamId, type: 'MASTODON' } });
    const post = await client.post.postCreate({
      requestBody: {
        teamId: org.teamId,
        title: 'Evented',
        postDate: new Date().toISOString(),
        status: 'SCHEDULED',
        socialAccountTypes: ['MASTODON'],
        data: { MASTODON: { text: 'Out' } },
      },
    });
    const posted = await waitFor(
      () => client.post.postGet({ id: post.id }),
      (item) => item.status === 'POSTED' || item.status === 'ERROR',
    );
    expect(posted.status).toBe('POSTED');
    await client.comment.commentCreate({ requestBody: { teamId: org.teamId, internalPostId: post.id, text: 'A reply' } });
    await client.team.teamDeleteTeam({ id: team.id });
    await client.socialAccount.socialAccountDisconnect({ requestBody: { teamId: org.teamId, type: 'MASTODON' } });

    const events = await waitFor(
      async () => receiver.on('/client-events').map((request) => client.webhooks.constructEvent(request.body, String(request.headers['x-signature']), secret)),
      (received) => webhookEventTypes.every((type) => received.some((event) => event.type === type)),
    );
    expect([...new Set(events.map((event) => event.type))].sort()).toEqual(expect.arrayContaining([...webhookEventTypes].sort()));
    expect(events.find((event) => event.type === 'social-account.created')!.data.id).toBe(account.id);
    const published = events.find((event) => event.type === 'post.published')!;
    expect(published.data).toMatchObject({ id: post.id, retryCount: 0, data: { MASTODON: { text: 'Out' } } });

    for (const event of events.filter((item) => (webhookEventTypes as readonly string[]).includes(item.type)))
      samples.push({ label: `event ${event.type}`, type: `Extract<WebhookEvent, { type: '${event.type}' }>`, value: { type: event.type, data: event.data } });

    // docs/webhooks.md lists every type the client knows.
    const documented = [...readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8').matchAll(/^\| `([a-z.-]+)` \|/gm)].map((match) => match[1]);
    expect(documented).toEqual(expect.arrayContaining([...webhookEventTypes]));
  });

  it('every answer and event above fits the type the client declares for it', () => {
    expect(samples.length).toBeGreaterThan(20);
    expect(declaredTypeMismatches(samples)).toEqual([]);
  });

  it('the type check itself refuses what the client would not accept', () => {
    const mismatches = declaredTypeMismatches([
      {
        label: 'null creator',
        type: 'TeamCreateTeamResponse',
        value: { id: 'x', name: 'n', organizationId: 'o', createdById: null, createdAt: null, updatedAt: null },
      },
      {
        label: 'unknown status',
        type: 'AppGetHealthResponse',
        value: { status: 'ok', createdAt: '', note: '', platforms: { SNAPCHAT: { status: 'fine', note: '' } } },
      },
    ]);
    expect(mismatches).toHaveLength(2);
    expect(mismatches[0]).toContain('null creator');
    expect(mismatches[1]).toContain('unknown status');
  });
});
