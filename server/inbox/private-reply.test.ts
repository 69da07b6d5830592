import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publishedPost, waitFor } from '../comments/comments-test-kit';
import { commentJobs } from '../comments/comments.jobs';
import { fetchedComments } from '../db/schema/comments';
import { privateReplyClaims } from '../db/schema/inbox';
import { dispatchInboundEventJob } from '../ingest/ingest.jobs';
import { postJobs } from '../posts/posts.jobs';
import { createTestApp } from '../test/test-app';
import { testMedia } from '../test/test-media';
import { uploadForm } from '../uploads/uploads-test-kit';
import { inboxOrg } from './inbox-test-kit';

const t = await createTestApp({ work: true, workOnly: [...postJobs, ...commentJobs, dispatchInboundEventJob] });

async function commentedOrg(type: 'INSTAGRAM' | 'FACEBOOK') {
  const org = await inboxOrg(t, type);
  const uploadIds =
    type === 'INSTAGRAM'
      ? [(await uploadForm(t, org.key, { bytes: await testMedia('square-1080.jpg'), name: 'menu.jpg' }, { teamId: org.teamId })).json.id]
      : undefined;
  const post = await publishedPost(t, org.key, org.teamId, { [type]: { text: 'New menu!', uploadIds } });
  const comment = async (body: Record<string, unknown> = {}) => {
    const event = await org.deliver('comment', { text: 'How much is it?', authorName: 'Lina Park', ...body });
    const found = await waitFor(
      () =>
        t.services.db
          .select()
          .from(fetchedComments)
          .where(eq(fetchedComments.externalId, String(event.payload.commentId))),
      (rows) => rows.length === 1,
      30,
    );
    return { ...found[0]!, sandboxCommentId: String(event.payload.sandboxCommentId) };
  };
  const reply = (fetchedCommentId: string, content: Record<string, unknown> = { text: 'Sent you the prices!' }) =>
    t.request('POST', '/conversations/private-reply', { key: org.key, body: { teamId: org.teamId, fetchedCommentId, content } });
  return { ...org, post, comment, reply };
}

describe('private replies', { timeout: 240_000 }, () => {
  it('starts a conversation that waits for the person, once per comment', async () => {
    const org = await commentedOrg('FACEBOOK');
    const comment = await org.comment();
    const first = await org.reply(comment.id);
    expect(first.status, first.text).toBe(200);
    expect(first.json.conflict).toBe(false);
    expect(first.json.message).toMatchObject({ source: 'PRIVATE_REPLY', status: 'SENT', direction: 'OUTBOUND', text: 'Sent you the prices!' });
    expect(first.json.message.privateReplyContext).toMatchObject({ text: 'How much is it?', authorName: 'Lina Park' });
    expect(first.json.conversation).toMatchObject({ externalParticipantId: comment.authorExternalId, platformData: { canReply: false, lastInboundAt: null } });

    const repeat = await org.reply(comment.id, { text: 'Again?' });
    expect(repeat.status).toBe(200);
    expect(repeat.json).toMatchObject({ conflict: true, message: { id: first.json.message.id } });

    const blocked = await t.request('POST', `/conversations/${first.json.conversation.id}/messages`, { key: org.key, body: { content: { text: 'Hello?' } } });
    expect(blocked.status).toBe(400);
    expect(blocked.json.message).toMatch(/waiting for the participant to reply first/);
    await org.deliver('message', { text: 'Thanks!', senderId: comment.authorExternalId });
    const open = await t.request('POST', `/conversations/${first.json.conversation.id}/messages`, {
      key: org.key,
      body: { content: { text: 'You are welcome' } },
    });
    expect(open.status, open.text).toBe(200);
  });

  it('refuses attachments, carousels, unknown fields, replies to replies and Facebook comments over 7 days old', async () => {
    const org = await commentedOrg('FACEBOOK');
    const top = await org.comment();
    const withAttachment = await org.reply(top.id, { text: 'x', attachments: [{ type: 'IMAGE', url: 'https://cdn.example.com/a.jpg' }] });
    expect(withAttachment.status).toBe(400);
    expect(withAttachment.json.message).toMatch(/text only/);
    expect((await org.reply(top.id, { text: 'x', carousel: { cards: [{ title: 'a' }] } })).json.message).toMatch(/text only/);
    const buttons = await org.reply(top.id, { text: 'x', buttons: [] });
    expect(buttons.status).toBe(400);
    expect(buttons.json.issues[0].code).toBe('unrecognized_keys');

    const nested = await org.comment({ parentCommentId: top.sandboxCommentId, text: 'Me too' });
    const refused = await org.reply(nested.id);
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/only top-level comments/);

    await t.services.db
      .update(fetchedComments)
      .set({ publishedAt: new Date(Date.now() - 8 * 24 * 3600_000) })
      .where(eq(fetchedComments.id, top.id));
    const old = await org.reply(top.id);
    expect(old.status).toBe(400);
    expect(old.json.message).toMatch(/at most 7 days old/);
    expect((await org.reply('missing')).status).toBe(404);
  });

  it('retries a rejected first reply for real, and answers 429 while one is in flight or of unknown outcome', async () => {
    const org = await commentedOrg('INSTAGRAM');
    const comment = await org.comment();
    await t.request('POST', '/sandbox/faults', {
      key: org.key,
      body: { type: 'INSTAGRAM', operation: 'messaging.privateReply', kind: 'PERMANENT', count: 1, message: 'Rejected by Instagram' },
    });
    const rejected = await org.reply(comment.id);
    expect(rejected.status).toBe(502);
    const retried = await org.reply(comment.id);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.json).toMatchObject({ conflict: false, message: { status: 'SENT' } });
    const thread = await org.thread(retried.json.conversation.id);
    expect(thread.items.map((item: { status: string }) => item.status)).toEqual(['FAILED', 'SENT']);

    const second = await org.comment({ authorName: 'Tom Hale' });
    await t.request('POST', '/sandbox/faults', { key: org.key, body: { type: 'INSTAGRAM', operation: 'messaging.privateReply', kind: 'TRANSIENT', count: 1 } });
    expect((await org.reply(second.id)).status).toBe(502);
    const unknown = await org.reply(second.id);
    expect(unknown.status).toBe(429);
    expect(unknown.json.message).toMatch(/^Private reply send already claimed/);

    const third = await org.comment({ authorName: 'Ana Silva' });
    await t.services.db.insert(privateReplyClaims).values({ fetchedCommentId: third.id, organizationId: org.organizationId, state: 'IN_FLIGHT' });
    expect((await org.reply(third.id)).status).toBe(429);
  });
});

describe('private replies before messaging is enabled', { timeout: 240_000 }, () => {
  it('answers 403 and asks to enable messaging first', async () => {
    const org = await commentedOrg('FACEBOOK');
    const comment = await org.comment();
    expect((await t.request('POST', '/social-account/messaging/disable', { key: org.key, body: { teamId: org.teamId, type: 'FACEBOOK' } })).status).toBe(200);
    const refused = await org.reply(comment.id);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('Messaging is not enabled for this social account: enable it first with messaging/enable');
  });
});
