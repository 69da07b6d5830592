import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { postJobs } from '../../../posts/posts.jobs';
import { uploadMedia } from '../../../posts/posts-test-kit';
import { createTestApp } from '../../../test/test-app';
import { testMedia } from '../../../test/test-media';
import { connectThroughConsent, createPostNow, settled, waitForPost } from '../test-kit/live-app';
import { json, startLocalReceiver } from '../test-kit/local-receiver';
import { SLACK_CHANNEL, SLACK_CLIENT_ID, SLACK_CLIENT_SECRET, SLACK_TOKEN, slackRoutes, type SlackMessage } from './slack-test-kit';

/**
 * A team installs the Slack app in its workspace through our API and pages and publishes a post
 * with an image and a first comment through the worker. The app reaches Slack at SLACK_API_URL /
 * SLACK_AUTHORIZE_URL: here a local receiver that checks every method call as Slack documents it
 * (`slack-test-kit.ts`).
 */
const slack = await startLocalReceiver();
afterAll(() => slack.close());
const t = await createTestApp({
  work: true,
  workOnly: postJobs,
  env: {
    LIVE_PLATFORMS: 'SLACK',
    PUBLIC_URL: 'https://desk.example',
    PUBLISH_RETRY_BASE_SECONDS: '0.5',
    SLACK_CLIENT_ID,
    SLACK_CLIENT_SECRET,
    SLACK_API_URL: slack.url,
    SLACK_AUTHORIZE_URL: `${slack.url}/oauth/v2/authorize`,
  },
});
let world: ReturnType<typeof slackRoutes>;
beforeEach(() => {
  slack.reset();
  world = slackRoutes(slack);
});

const calls = (path: string) => slack.requests.filter((received) => received.path === path);

/** A team with Slack installed; answers the channel picked from the account's channels, as the composer offers them. */
async function connectedTeam() {
  const org = await t.createOrg();
  const { consent } = await connectThroughConsent(t, org.key, org.teamId, 'SLACK');
  expect(`${consent.origin}${consent.pathname}`).toBe(`${slack.url}/oauth/v2/authorize`);
  expect(consent.searchParams.get('scope')!.split(',')).toEqual(expect.arrayContaining(['chat:write', 'files:write', 'channels:history']));
  const account = (await t.request('GET', `/social-account/by-type?teamId=${org.teamId}&type=SLACK`, { key: org.key })).json;
  const channels = account.channels as { id: string; name: string }[];
  const channel = channels.find((candidate) => candidate.name === '#marketing')!;
  return { ...org, account, channels, channel };
}

describe('Slack live, end to end on a local receiver', { timeout: 60_000 }, () => {
  it('installs through the consent page, then publishes with an image and a first comment in the thread', async () => {
    const { key, teamId, account, channels, channel } = await connectedTeam();
    expect(account).toMatchObject({ mode: 'live', username: 'socialdesk', externalId: 'U0BOT' });
    expect(account.permissions).toEqual(expect.arrayContaining(['publish', 'comments']));
    // The channels the bot is a member of (paged), not #random where it is not.
    expect(channels.map((candidate) => candidate.name)).toEqual(['#marketing', '#leads']);

    const image = await uploadMedia(t, key, 'square-1080.jpg');
    const id = await createPostNow(t, key, {
      teamId,
      title: 'Live Slack',
      type: 'SLACK',
      data: { channelId: channel.id, text: 'Scheduled from the dashboard', uploadIds: [image.id] },
      firstComment: 'Details in the thread',
    });
    const post = await waitForPost(t, key, id, settled);
    expect(post.errors).toEqual({});
    expect(post.status).toBe('POSTED');
    const data = post.externalData.SLACK!;
    // toMatchObject: the first comment may have added its id already.
    expect(data).toMatchObject({
      id: expect.stringMatching(/^\d{10}\.\d{6}$/),
      channelId: SLACK_CHANNEL,
      permalink: `https://makers.slack.com/archives/${SLACK_CHANNEL}/p${data.id!.replace('.', '')}`,
    });

    // Slack's external upload flow: an upload URL (form-encoded), the bytes, then the share into the channel with the text.
    const bytes = (await testMedia('square-1080.jpg')).length;
    const asked = new URLSearchParams(calls('/files.getUploadURLExternal')[0]!.text);
    expect(asked.get('length')).toBe(String(bytes));
    expect([...world.files.values()]).toEqual([expect.objectContaining({ name: asked.get('filename'), length: bytes, received: bytes, shared: data.id })]);
    expect(JSON.parse(calls('/files.completeUploadExternal')[0]!.text)).toMatchObject({
      channel_id: SLACK_CHANNEL,
      initial_comment: 'Scheduled from the dashboard',
    });

    // The first comment follows as its own job: a reply in the post's thread, tagged with its intent.
    const withComment = await waitForPost(t, key, id, (value) => !!value.externalData.SLACK?.firstCommentId);
    const reply = world.history.find((message) => message.thread_ts === data.id) as SlackMessage & { metadata: { event_type: string } };
    expect(reply).toMatchObject({ text: 'Details in the thread', metadata: { event_type: 'socialdesk_publish' } });
    expect(withComment.externalData.SLACK!.firstCommentId).toBe(reply.ts);
    expect(calls('/chat.postMessage').every((received) => received.headers.get('authorization') === `Bearer ${SLACK_TOKEN}`)).toBe(true);

    const listed = await t.request('GET', `/post?teamId=${teamId}`, { key });
    expect(JSON.stringify(listed.json)).toContain(data.permalink);
  });

  it('stops on a revoked token and says the account needs reconnecting, in errorsVerbose', async () => {
    const { key, teamId, channel } = await connectedTeam();
    // The workspace removed the app: every call with its token answers token_revoked.
    slack.on('POST /chat.postMessage', () => json({ ok: false, error: 'token_revoked' }));
    const id = await createPostNow(t, key, { teamId, title: 'Revoked', type: 'SLACK', data: { channelId: channel.id, text: 'Nobody will see this' } });
    const post = await waitForPost(t, key, id, settled);
    expect(post.status).toBe('ERROR');
    expect(post.errors.SLACK).toContain('token_revoked');
    expect(post.errorsVerbose.SLACK).toMatchObject({
      code: 'ACCESS_REVOKED',
      retryability: 'non_retryable',
      userFacingMessage: expect.stringContaining('reconnect'),
      meta: { platform: 'SLACK', slackError: 'token_revoked' },
    });
    // Not retried: a revoked token does not come back by waiting.
    expect(calls('/chat.postMessage')).toHaveLength(1);
  });
});
