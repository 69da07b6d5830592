import { describe, expect, it } from 'vitest';
import { publishedPost, waitFor } from '../comments/comments-test-kit';
import { commentJobs } from '../comments/comments.jobs';
import { automationExecutions } from '../db/schema/automations';
import { dispatchInboundEventJob } from '../ingest/ingest.jobs';
import { postJobs } from '../posts/posts.jobs';
import { createTestApp } from '../test/test-app';
import { automationsOrg, dmDefinition } from './automations-test-kit';

// No executor job runs: a test run must need none (it is synchronous). Posts and comments are
// published by their workers, for comment flows.
const t = await createTestApp({ work: true, workOnly: [dispatchInboundEventJob, ...postJobs, ...commentJobs] });

async function testOrg(plan: 'PRO' | 'FREE' = 'PRO') {
  const org = await automationsOrg(t, plan);
  for (const type of ['INSTAGRAM', 'FACEBOOK']) {
    const enabled = await t.request('POST', '/social-account/messaging/enable', { key: org.key, body: { teamId: org.teamId, type } });
    expect(enabled.status, enabled.text).toBe(200);
  }
  /** A person writes to the account; answers their conversation's id. */
  const conversationWith = async (senderName: string) => {
    await t.request('POST', '/sandbox/inbound/message', { key: org.key, body: { socialAccountId: org.instagram.id, text: 'hello', senderName } });
    const list = await waitFor(
      () => org.call('GET', `/conversations?teamId=${org.teamId}&q=${encodeURIComponent(senderName)}`),
      (r) => r.json.items?.length === 1,
      60,
    );
    return list.json.items[0].id as string;
  };
  /** A Facebook post published through the service and one comment on it: the fetched comment. */
  const commentedPost = async (text: string) => {
    const post = await publishedPost(t, org.key, org.teamId, { FACEBOOK: { text: 'Fresh bread today' } });
    const emitted = await t.request('POST', '/sandbox/inbound/comment', {
      key: org.key,
      body: { socialAccountId: org.facebook.id, text, authorName: 'Cora Menter' },
    });
    expect(emitted.status, emitted.text).toBe(200);
    const list = await waitFor(
      () => org.call('GET', `/comment/import/comments?teamId=${org.teamId}&postId=${post.id}`),
      (r) => r.json.items?.length === 1,
      60,
    );
    return { post, commentId: list.json.items[0].id as string };
  };
  const test = (id: string, input: Record<string, unknown>) => org.call('POST', `/automations/${id}/test`, { input });
  return { ...org, conversationWith, commentedPost, test };
}

describe('test runs', { timeout: 180_000 }, () => {
  it('runs the draft once, synchronously, skipping the trigger but running conditions, and answers the execution', async () => {
    const org = await testOrg();
    const conversationId = await org.conversationWith('Tess Run');
    const definition = dmDefinition(org.instagram.id, {
      trigger: { keywords: ['never-typed'], actionDelaySeconds: 3600 },
      steps: [
        { id: 'gate', type: 'CONDITION', conditions: [{ field: 'SENDER_ID', operator: 'EQUALS', value: 'vip-1' }] },
        { id: 'answer', type: 'SEND_MESSAGE', message: { text: 'Draft answer' } },
      ],
    });
    const flow = (await org.create({ definition })).json;

    const ran = await org.test(flow.id, { conversationId, senderExternalId: 'vip-1' });
    expect(ran.status, ran.text).toBe(200);
    expect(ran.json).toMatchObject({ status: 'COMPLETED', conversationId, output: { completedAtStepId: 'answer' }, input: { type: 'MANUAL_TEST' } });
    expect(ran.json.steps.map((step: { status: string }) => step.status)).toEqual(['COMPLETED', 'COMPLETED']);
    const thread = await org.call('GET', `/conversations/${conversationId}/messages?limit=50`);
    expect(thread.json.items.some((message: { text: string; direction: string }) => message.direction === 'OUTBOUND' && message.text === 'Draft answer')).toBe(
      true,
    );

    const stopped = await org.test(flow.id, { conversationId, senderExternalId: 'someone-else' });
    expect(stopped.json).toMatchObject({ status: 'SKIPPED', output: { skippedAtStepId: 'gate' } });
    const listed = await org.call('GET', `/automations/${flow.id}/executions?teamId=${org.teamId}`);
    expect(listed.json.items.length).toBe(2);
  });

  it('answers 400, 404 and 403 before running anything', async () => {
    const org = await testOrg();
    const conversationId = await org.conversationWith('Ed Gecase');
    const empty = (await org.call('POST', '/automations', { teamId: org.teamId, name: 'Empty', platformScope: 'INSTAGRAM' })).json;
    expect((await org.test(empty.id, { conversationId })).status).toBe(400);
    const flow = (await org.create()).json;
    const missing = await org.test(flow.id, {});
    expect(missing.status).toBe(400);
    expect(missing.json.issues[0].path).toEqual(['input', 'conversationId']);
    expect((await org.test(flow.id, { conversationId, extra: 1 })).status).toBe(400);
    expect((await org.test('nope', { conversationId })).status).toBe(404);
    const other = await testOrg();
    const theirs = await other.conversationWith('Other Person');
    const foreign = await org.test(flow.id, { conversationId: theirs });
    expect(foreign.status).toBe(404);
    expect(foreign.json.message).toMatch(/Conversation/);
    // The account's budget used up (PRO: 200 runs a month): 403, and no run recorded.
    const [template] = await t.services.db
      .insert(automationExecutions)
      .values({
        organizationId: org.organizationId,
        teamId: org.teamId,
        flowId: flow.id,
        flowVersionId: flow.draftVersion.id,
        triggerId: 'seed',
        platform: 'INSTAGRAM',
        socialAccountId: org.instagram.id,
        status: 'FAILED',
        input: { type: 'DM_RECEIVED', platform: 'INSTAGRAM' },
        receivedAt: new Date(),
        scheduledAt: new Date(),
      })
      .returning();
    const { id: _id, ...base } = template!;
    await t.services.db.insert(automationExecutions).values(Array.from({ length: 199 }, (_, index) => ({ ...base, triggerId: `seed-${index}` })));
    const over = await org.test(flow.id, { conversationId });
    expect(over.status, over.text).toBe(403);
    expect(over.json.message).toMatch(/Monthly run budget/);
    const listed = await org.call('GET', `/automations/${flow.id}/executions?teamId=${org.teamId}&limit=500`);
    expect(listed.json.total).toBe(200);
  });

  it('tests a comment flow on a fetched comment; another organization’s comment is 404, a draft no longer valid is 400', async () => {
    const org = await testOrg();
    const { post, commentId } = await org.commentedPost('How much is the sourdough?');
    const definition = {
      trigger: { type: 'COMMENT_CREATED', platform: 'FACEBOOK', socialAccountId: org.facebook.id, postId: post.id, keywords: ['never-typed'] },
      steps: [
        { id: 'dm', type: 'SEND_PRIVATE_REPLY', message: { text: 'Sent you the prices' } },
        { id: 'public', type: 'SEND_PUBLIC_COMMENT_REPLY', text: 'Check your inbox!' },
        { id: 'like', type: 'LIKE_COMMENT' },
      ],
    };
    const created = await org.create({ platformScope: 'FACEBOOK', definition });
    expect(created.status, created.text).toBe(201);
    const flow = created.json;

    const ran = await org.test(flow.id, { fetchedCommentId: commentId });
    expect(ran.status, ran.text).toBe(200);
    expect(ran.json, JSON.stringify(ran.json.steps)).toMatchObject({
      status: 'COMPLETED',
      fetchedCommentId: commentId,
      flowVersionId: flow.draftVersion.id,
      output: { completedAtStepId: 'like' },
      input: { type: 'MANUAL_TEST', platform: 'FACEBOOK', postId: post.id, text: 'How much is the sourdough?' },
    });
    expect(ran.json.steps.map((step: { stepId: string; status: string }) => [step.stepId, step.status])).toEqual([
      ['dm', 'COMPLETED'],
      ['public', 'COMPLETED'],
      ['like', 'COMPLETED'],
    ]);
    const thread = await org.call('GET', `/conversations/${ran.json.conversationId}/messages?limit=50`);
    expect(thread.json.items.find((message: { source: string }) => message.source === 'PRIVATE_REPLY')).toMatchObject({ text: 'Sent you the prices' });

    // A comment flow needs a comment, not a conversation; another organization's comment is not found.
    const conversationId = await org.conversationWith('Not A Commenter');
    const wrongInput = await org.test(flow.id, { conversationId });
    expect(wrongInput.status, wrongInput.text).toBe(400);
    expect(wrongInput.json.issues[0].path).toEqual(['input', 'fetchedCommentId']);
    const other = await testOrg();
    const theirs = await other.commentedPost('Is it vegan?');
    const foreign = await org.test(flow.id, { fetchedCommentId: theirs.commentId });
    expect(foreign.status, foreign.text).toBe(404);
    expect(foreign.json.message).toMatch(/comment/i);

    // The stored draft is checked again: with its page disconnected it no longer holds, and nothing runs.
    const disconnected = await org.call('DELETE', '/social-account/disconnect', { teamId: org.teamId, type: 'FACEBOOK' });
    expect(disconnected.status, disconnected.text).toBe(200);
    const stale = await org.test(flow.id, { fetchedCommentId: commentId });
    expect(stale.status, stale.text).toBe(400);
    expect(stale.json.message).toBe(`trigger.socialAccountId: social account ${org.facebook.id} was not found in this team`);
    const listed = await org.call('GET', `/automations/${flow.id}/executions?teamId=${org.teamId}`);
    expect(listed.json.items.map((run: { id: string }) => run.id)).toEqual([ran.json.id]);
  });
});
