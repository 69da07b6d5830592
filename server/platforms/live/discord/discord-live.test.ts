import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { postJobs } from '../../../posts/posts.jobs';
import { uploadMedia } from '../../../posts/posts-test-kit';
import { createTestApp } from '../../../test/test-app';
import { testMedia } from '../../../test/test-media';
import { connectThroughConsent, createPostNow, settled, waitForPost } from '../test-kit/live-app';
import { json, startLocalReceiver } from '../test-kit/local-receiver';
import { DISCORD_APP, DISCORD_BOT_TOKEN, DISCORD_CHANNEL, DISCORD_CLIENT_SECRET, discordRoutes, MANAGED_GUILD, type DiscordUpload } from './discord-test-kit';

/**
 * A team connects Discord through our API and pages (Discord's consent page adds the bot to the
 * person's server) and publishes a post with an image and a first comment through the worker. The
 * app reaches Discord at DISCORD_API_URL / DISCORD_AUTHORIZE_URL: here a local receiver that checks
 * every request as Discord documents it (`discord-test-kit.ts`).
 */
const discord = await startLocalReceiver();
afterAll(() => discord.close());
const t = await createTestApp({
  work: true,
  workOnly: postJobs,
  env: {
    LIVE_PLATFORMS: 'DISCORD',
    PUBLIC_URL: 'https://desk.example',
    PUBLISH_RETRY_BASE_SECONDS: '0.5',
    DISCORD_CLIENT_ID: DISCORD_APP,
    DISCORD_CLIENT_SECRET,
    DISCORD_BOT_TOKEN,
    DISCORD_API_URL: discord.url,
    DISCORD_AUTHORIZE_URL: `${discord.url}/oauth2/authorize`,
  },
});
let uploads: DiscordUpload[] = [];
beforeEach(() => {
  discord.reset();
  uploads = discordRoutes(discord).uploads;
});

/** A team with Discord connected; answers the channel picked from the account's channels, as the composer offers them. */
async function connectedTeam() {
  const org = await t.createOrg();
  const { consent } = await connectThroughConsent(t, org.key, org.teamId, 'DISCORD');
  expect(`${consent.origin}${consent.pathname}`).toBe(`${discord.url}/oauth2/authorize`);
  expect(consent.searchParams.get('scope')).toBe('identify guilds bot');
  const account = (await t.request('GET', `/social-account/by-type?teamId=${org.teamId}&type=DISCORD`, { key: org.key })).json;
  const channels = account.channels as { id: string; name: string; address: string }[];
  const channel = channels.find((candidate) => candidate.name === '#announcements')!;
  return { ...org, account, channels, channel };
}

describe('Discord live, end to end on a local receiver', { timeout: 60_000 }, () => {
  it('connects through the consent page, then publishes with an image and a first comment in a thread', async () => {
    const { key, teamId, account, channels, channel } = await connectedTeam();
    expect(account).toMatchObject({ mode: 'live', username: 'ada', externalId: '555' });
    expect(account.permissions).toContain('publish');
    // The text channels of the server the person manages and the bot joined, nothing of the other server.
    expect(channels.map((candidate) => [candidate.id, candidate.name, candidate.address])).toEqual([[DISCORD_CHANNEL, '#announcements', 'Makers']]);

    const image = await uploadMedia(t, key, 'square-1080.jpg');
    const id = await createPostNow(t, key, {
      teamId,
      title: 'Live Discord',
      type: 'DISCORD',
      data: { channelId: channel.id, text: 'Scheduled from the dashboard', uploadIds: [image.id] },
      firstComment: 'More in the thread',
    });
    const post = await waitForPost(t, key, id, settled);
    expect(post.errors).toEqual({});
    expect(post.status).toBe('POSTED');
    const data = post.externalData.DISCORD!;
    // toMatchObject: the first comment may have added its id already.
    expect(data).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      channelId: DISCORD_CHANNEL,
      permalink: `https://discord.com/channels/${MANAGED_GUILD}/${DISCORD_CHANNEL}/${data.id}`,
    });

    // The bot made its webhook in the channel; the message went through it as multipart with the file.
    expect(discord.requests.filter((received) => received.method === 'POST' && received.path === `/channels/${DISCORD_CHANNEL}/webhooks`)).toHaveLength(1);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.payload).toMatchObject({
      content: 'Scheduled from the dashboard',
      attachments: [{ id: 0, filename: expect.stringMatching(/\.jpe?g$/) }],
    });
    expect(uploads[0]!.files).toEqual([
      { filename: expect.stringMatching(/\.jpe?g$/), size: (await testMedia('square-1080.jpg')).length, content_type: 'image/jpeg' },
    ]);

    // The first comment follows as its own job: a thread on the message, then the bot's reply in it.
    const withComment = await waitForPost(t, key, id, (value) => !!value.externalData.DISCORD?.firstCommentId);
    const thread = discord.requests.find(
      (received) => received.method === 'POST' && received.path === `/channels/${DISCORD_CHANNEL}/messages/${data.id}/threads`,
    );
    expect(thread?.headers.get('authorization')).toBe(`Bot ${DISCORD_BOT_TOKEN}`);
    const reply = discord.requests.find((received) => received.method === 'POST' && received.path === `/channels/${data.id}/messages`)!;
    expect(JSON.parse(reply.text)).toMatchObject({ content: 'More in the thread', enforce_nonce: true, nonce: expect.any(String) });
    expect(withComment.externalData.DISCORD!.firstCommentId).toMatch(/^\d+$/);

    const listed = await t.request('GET', `/post?teamId=${teamId}`, { key });
    expect(JSON.stringify(listed.json)).toContain(data.permalink);
  });

  it("waits out Discord's rate limit (429 with Retry-After), showing it in errorsVerbose, then publishes", async () => {
    const { key, teamId, channel } = await connectedTeam();
    discord.once('POST /webhooks/:id/:token', () =>
      json({ message: 'You are being rate limited.', retry_after: 1.5, global: false }, 429, { 'retry-after': '2', 'x-ratelimit-scope': 'user' }),
    );
    const before = Date.now();
    const id = await createPostNow(t, key, { teamId, title: 'Busy', type: 'DISCORD', data: { channelId: channel.id, text: 'When Discord lets us' } });
    const waiting = await waitForPost(t, key, id, (value) => value.status === 'RETRYING' || settled(value));
    expect(waiting.status).toBe('RETRYING');
    expect(waiting.errorsVerbose.DISCORD).toMatchObject({
      code: 'RATE_LIMITED',
      retryability: 'retryable',
      errorMessage: expect.stringContaining('You are being rate limited'),
      meta: { global: false },
    });
    expect(Date.parse(String(waiting.errorsVerbose.DISCORD!.meta.resetAt)) - before).toBeGreaterThanOrEqual(1_900);

    const post = await waitForPost(t, key, id, settled);
    expect(post.status).toBe('POSTED');
    expect(post.errorsVerbose).toEqual({});
    const executes = discord.requests.filter((received) => received.method === 'POST' && received.path.startsWith('/webhooks/'));
    expect(executes).toHaveLength(2);
    expect(post.externalData.DISCORD!.permalink).toContain(`/${DISCORD_CHANNEL}/`);
  });
});
