import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxEvents } from '../db/schema/events';
import { dispatchInboundEventJob } from '../ingest/ingest.jobs';
import { setFeature } from '../organizations/organizations.service';
import { postJobs } from '../posts/posts.jobs';
import { connectAccount } from '../posts/posts-test-kit';
import { createTestApp } from '../test/test-app';
import { commentJobs } from './comments.jobs';
import { publishedPost, waitFor } from './comments-test-kit';

const t = await createTestApp({ work: true, workOnly: [...postJobs, ...commentJobs, dispatchInboundEventJob] });

type Fetched = {
  id: string;
  text: string | null;
  authorName: string;
  authorExternalId: string;
  externalId: string;
  externalParentId: string | null;
  repliesCount: number;
  likesCount: number;
  importId: string;
};

async function setup(features: ('dms' | 'automations')[]) {
  const org = await t.createOrg('PRO', features);
  const account = await connectAccount(t, org.key, org.teamId, 'MASTODON');
  const post = await publishedPost(t, org.key, org.teamId, { MASTODON: { text: 'Say hi' } });
  const fetched = () => t.request('GET', `/comment/import/comments?teamId=${org.teamId}&postId=${post.id}`, { key: org.key });
  const emit = async (path: string, body: Record<string, unknown>) => {
    const response = await t.request('POST', `/sandbox/inbound/${path}`, { key: org.key, body: { socialAccountId: account.id, ...body } });
    expect(response.status, response.text).toBe(200);
    return response.json.items[0] as { payload: { sandboxCommentId: string; commentId: string } };
  };
  const received = () =>
    t.services.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.organizationId, org.organizationId), eq(outboxEvents.type, 'comment.received')));
  return { ...org, account, post, fetched, emit, received };
}

describe('comments arriving from the platform', { timeout: 120_000 }, () => {
  it('become fetched comments at once, with authors and threads, and emit comment.received', async () => {
    const { fetched, emit, received, post } = await setup(['dms']);
    const top = await emit('comment', { text: 'Love this!', authorName: 'Ava Martin' });
    const first = await waitFor(fetched, (response) => response.json.items.length === 1);
    const comment = first.json.items[0] as Fetched;
    expect(comment).toMatchObject({ text: 'Love this!', authorName: 'Ava Martin', externalId: top.payload.commentId, externalParentId: null, postId: post.id });
    expect(comment.authorExternalId).toMatch(/^\d+$/);
    const events = await waitFor(received, (rows) => rows.length === 1);
    expect((events[0]!.data as { comment: { id: string } }).comment.id).toBe(comment.id);

    await emit('comment', { text: 'Me too', parentCommentId: top.payload.sandboxCommentId });
    const both = await waitFor(fetched, (response) => response.json.total === 2);
    const reply = (both.json.items as Fetched[]).find((item) => item.text === 'Me too')!;
    expect(reply.externalParentId).toBe(comment.externalId);
    expect((both.json.items as Fetched[]).find((item) => item.id === comment.id)!.repliesCount).toBe(1);
    expect(reply.importId).toBe(comment.importId);
  });

  it('follow edits, likes and deletions made on the platform', async () => {
    const { fetched, emit, account, key } = await setup(['automations']);
    const top = await emit('comment', { text: 'Frist' });
    await waitFor(fetched, (response) => response.json.items.length === 1);
    await emit('comment/edit', { commentId: top.payload.sandboxCommentId, text: 'First!' });
    await waitFor(fetched, (response) => response.json.items[0]?.text === 'First!');
    await emit('comment/like', { commentId: top.payload.sandboxCommentId, count: 3 });
    expect((await waitFor(fetched, (response) => response.json.items[0]?.likesCount === 3)).json.items[0].likesCount).toBe(3);
    const onPlatform = await t.request('GET', `/sandbox/items?socialAccountId=${account.id}&kind=COMMENT`, { key });
    expect(onPlatform.json.items[0]).toMatchObject({ text: 'First!', likeCount: 3 });
    expect(onPlatform.json.items[0].editedAt).toBeTruthy();
    await emit('comment/delete', { commentId: top.payload.sandboxCommentId });
    expect((await waitFor(fetched, (response) => response.json.total === 0)).json.total).toBe(0);
    const again = await t.request('POST', '/sandbox/inbound/comment/delete', {
      key,
      body: { socialAccountId: account.id, commentId: top.payload.sandboxCommentId },
    });
    expect(again.status).toBe(400);
  });

  it('follow a deletion the service makes through /misc/*, like one made on the platform', async () => {
    const org = await t.createOrg('PRO');
    const account = await connectAccount(t, org.key, org.teamId, 'LINKEDIN');
    const post = await publishedPost(t, org.key, org.teamId, { LINKEDIN: { text: 'Opening hours changed' } });
    const fetched = () => t.request('GET', `/comment/import/comments?teamId=${org.teamId}&postId=${post.id}`, { key: org.key });
    const emitted = await t.request('POST', '/sandbox/inbound/comment', { key: org.key, body: { socialAccountId: account.id, text: 'Buy followers at…' } });
    expect(emitted.status, emitted.text).toBe(200);
    const stored = (await waitFor(fetched, (response) => response.json.items.length === 1)).json.items[0] as Fetched;

    const removed = await t.request('DELETE', '/misc/linkedin/comment', { key: org.key, body: { teamId: org.teamId, commentId: stored.externalId } });
    expect(removed.status, removed.text).toBe(200);
    expect((await fetched()).json.total).toBe(0);
  });

  it('are stored but not announced for organizations without DMs or automations', async () => {
    const { fetched, emit, received } = await setup([]);
    await emit('comment', { text: 'Quiet one' });
    await waitFor(fetched, (response) => response.json.items.length === 1);
    expect(await received()).toHaveLength(0);
  });

  it('are not kept while the operator has comment import off for the organization', async () => {
    const { fetched, emit, received, organizationId, account, key } = await setup(['automations']);
    await setFeature(t.services.db, organizationId, 'comment-import', false);
    await emit('comment', { text: 'Nobody keeps this' });
    await waitFor(
      () => t.request('GET', `/sandbox/inbound-events?socialAccountId=${account.id}`, { key }),
      (response) => response.json.items.length === 1 && response.json.items[0].status === 'PROCESSED',
    );
    expect((await fetched()).json.total).toBe(0);
    expect(await received()).toHaveLength(0);
    await setFeature(t.services.db, organizationId, 'comment-import', true);
    await emit('comment', { text: 'Kept again' });
    expect((await waitFor(fetched, (response) => response.json.items.length === 1)).json.items[0].text).toBe('Kept again');
  });

  it("refuse sandbox edits of the account's own comments", async () => {
    const { account, key, teamId, post } = await setup([]);
    const created = await t.request('POST', '/comment', { key, body: { teamId, internalPostId: post.id, text: 'Our own words' } });
    const published = await waitFor(
      () => t.request('GET', `/comment/${created.json.id}`, { key }),
      (response) => response.json.status === 'POSTED',
    );
    const items = await t.request('GET', `/sandbox/items?socialAccountId=${account.id}&kind=COMMENT`, { key });
    const own = items.json.items.find((item: { externalId: string }) => item.externalId === published.json.externalData.MASTODON.id);
    const edit = await t.request('POST', '/sandbox/inbound/comment/edit', { key, body: { socialAccountId: account.id, commentId: own.id, text: 'x' } });
    expect(edit.status).toBe(400);
    expect(edit.json.message).toMatch(/own comment/);
  });
});
