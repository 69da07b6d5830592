import { describe, expect, it } from 'vitest';
import { connectAccount } from '../posts/posts-test-kit';
import { createTestApp } from '../test/test-app';

/**
 * The composer's TikTok questions on a sandbox account: the Commercial Music Library chart in the
 * outline's shape (`GET /misc/tiktok/cml/trending-list`) and the creator info the TikTok tab is
 * built from (`GET /misc/tiktok/creator-info`, a SocialDesk extension). The live answers are
 * tested against the TikTok stand-in (`platforms/live/tiktok/tiktok-live.test.ts`).
 */
const t = await createTestApp();

describe('TikTok lookups on the sandbox', () => {
  it('ranks the chart for a genre and window, the same each time, in TikTok’s field names', async () => {
    const org = await t.createOrg();
    await connectAccount(t, org.key, org.teamId, 'TIKTOK');
    const first = await t.request('GET', `/misc/tiktok/cml/trending-list?teamId=${org.teamId}`, { key: org.key });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const tracks = first.json as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(tracks.length).toBeGreaterThan(0);
    expect(tracks.map((track) => track.rank_position)).toEqual(tracks.map((_, index) => String(index + 1)));
    expect(tracks[0]).toMatchObject({
      commercial_music_name: expect.any(String),
      duration: expect.any(Number),
      thumbnail_url: expect.stringMatching(/^https:\/\//),
      artist: expect.any(String),
      genres: ['POP'],
      trending_song_clip: { song_clip_id: expect.stringMatching(/^\d+$/), duration: 30 },
    });
    const again = await t.request('GET', `/misc/tiktok/cml/trending-list?teamId=${org.teamId}&genre=POP&dateRange=7DAY`, { key: org.key });
    expect(again.json).toEqual(first.json);
    const rock = await t.request('GET', `/misc/tiktok/cml/trending-list?teamId=${org.teamId}&genre=ROCK&dateRange=1DAY`, { key: org.key });
    expect(rock.json[0].genres).toEqual(['ROCK']);
    expect(rock.json[0].trending_history).toHaveLength(1);
  });

  it('refuses an unknown genre or window with the validation envelope, and a team without TikTok with 404', async () => {
    const org = await t.createOrg();
    const none = await t.request('GET', `/misc/tiktok/cml/trending-list?teamId=${org.teamId}`, { key: org.key });
    expect(none.status).toBe(404);
    await connectAccount(t, org.key, org.teamId, 'TIKTOK');
    const genre = await t.request('GET', `/misc/tiktok/cml/trending-list?teamId=${org.teamId}&genre=POLKA`, { key: org.key });
    expect(genre.status).toBe(400);
    expect(genre.json.issues[0]).toMatchObject({ path: ['genre'] });
    const range = await t.request('GET', `/misc/tiktok/cml/trending-list?teamId=${org.teamId}&dateRange=90DAY`, { key: org.key });
    expect(range.status).toBe(400);
    const other = await t.createOrg();
    const foreign = await t.request('GET', `/misc/tiktok/creator-info?teamId=${org.teamId}`, { key: other.key });
    expect(foreign.status).toBe(404);
  });

  it("answers the sandbox creator's options for the composer", async () => {
    const org = await t.createOrg();
    const account = await connectAccount(t, org.key, org.teamId, 'TIKTOK');
    const info = await t.request('GET', `/misc/tiktok/creator-info?teamId=${org.teamId}`, { key: org.key });
    expect(info.status, JSON.stringify(info.json)).toBe(200);
    expect(info.json).toMatchObject({
      creatorUsername: (account as { username: string }).username,
      privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
      commentDisabled: false,
      maxVideoPostDurationSec: 600,
      appAudited: true,
    });
  });
});
