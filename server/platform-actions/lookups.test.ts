import { describe, expect, it } from 'vitest';
import { connectAccount } from '../posts/posts-test-kit';
import { createTestApp } from '../test/test-app';

const t = await createTestApp({ env: { SEED_DEMO: 'false' } });
const get = (path: string, key: string) => t.request('GET', path, { key });

describe('composer lookups', () => {
  it('lists YouTube categories for a region and the regions, and refuses an unknown region', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    await connectAccount(t, key, teamId, 'YOUTUBE', { channelName: 'Kitchen Lab' });
    const categories = await get(`/misc/youtube/video-categories?teamId=${teamId}&regionCode=PL`, key);
    expect(categories.status, categories.text).toBe(200);
    expect(categories.json.kind).toBe('youtube#videoCategoryListResponse');
    expect(categories.json.items).toContainEqual(
      expect.objectContaining({ id: '27', snippet: expect.objectContaining({ title: 'Education', assignable: true }) }),
    );
    expect(categories.json.items).toContainEqual(expect.objectContaining({ id: '30', snippet: expect.objectContaining({ assignable: false }) }));
    expect((await get(`/misc/youtube/video-categories?teamId=${teamId}`, key)).json).toEqual(categories.json);
    const unknown = await get(`/misc/youtube/video-categories?teamId=${teamId}&regionCode=QQ`, key);
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toMatch(/region QQ/);
    expect((await get(`/misc/youtube/video-categories?teamId=${teamId}&regionCode=USA`, key)).status).toBe(400);

    const regions = await get(`/misc/youtube/regions?teamId=${teamId}`, key);
    expect(regions.status).toBe(200);
    expect(regions.json.items).toContainEqual(expect.objectContaining({ id: 'PL', snippet: { gl: 'PL', name: 'Poland' } }));
  });

  it('answers subreddit flairs and requirements from the Reddit world, the same every time', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const reddit = (await connectAccount(t, key, teamId, 'REDDIT')) as { username: string };
    const flairs = await get(`/misc/reddit/subreddit-flairs?teamId=${teamId}&subreddit=SideProject`, key);
    expect(flairs.status, flairs.text).toBe(200);
    expect(flairs.json.length).toBeGreaterThanOrEqual(2);
    expect(flairs.json[0]).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      text: expect.any(String),
      backgroundColor: expect.stringMatching(/^#/),
    });
    expect((await get(`/misc/reddit/subreddit-flairs?teamId=${teamId}&subreddit=r/SideProject`, key)).json).toEqual(flairs.json);
    expect((await get(`/misc/reddit/post-requirements?teamId=${teamId}&subreddit=SideProject`, key)).json).toMatchObject({ isFlairEnabled: true });
    // The account's own profile subreddit has link flair turned off.
    expect((await get(`/misc/reddit/subreddit-flairs?teamId=${teamId}&subreddit=u_${reddit.username}`, key)).json).toEqual([]);
    expect((await get(`/misc/reddit/post-requirements?teamId=${teamId}&subreddit=u_${reddit.username}`, key)).json).toEqual({
      isFlairEnabled: false,
      isFlairRequired: false,
    });
  });

  it('searches Instagram locations and business accounts of the sandbox world', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const instagram = (await connectAccount(t, key, teamId, 'INSTAGRAM')) as { username: string; externalId: string };
    const paris = await get(`/misc/instagram/locations?teamId=${teamId}&q=paris&limit=1`, key);
    expect(paris.status).toBe(200);
    expect(paris.json.items).toHaveLength(1);
    expect(paris.json.items[0]).toMatchObject({ locationId: expect.stringMatching(/^\d+$/), location: { city: 'Paris', country: 'France' } });
    expect((await get(`/misc/instagram/locations?teamId=${teamId}&q=nowhere-at-all`, key)).json).toEqual({ items: [] });
    expect((await get(`/misc/instagram/locations?teamId=${teamId}&q=x&limit=26`, key)).status).toBe(400);

    const found = await get(`/misc/instagram/tags?teamId=${teamId}&username=${instagram.username.toUpperCase()}`, key);
    expect(found.json).toMatchObject({ exists: true, data: { id: instagram.externalId, username: instagram.username, media_count: 0 } });
    expect((await get(`/misc/instagram/tags?teamId=${teamId}&username=nobody_here_123`, key)).json).toEqual({ exists: false, data: null });
  });

  it('finds LinkedIn people and organizations to mention', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    await connectAccount(t, key, teamId, 'LINKEDIN', { username: 'grace-hopper' });
    const all = await get(`/misc/linkedin/mentions/tags?teamId=${teamId}&q=grace`, key);
    expect(all.status, all.text).toBe(200);
    expect(all.json.people).toContainEqual(expect.objectContaining({ kind: 'person', urn: expect.stringMatching(/^urn:li:person:/) }));
    const people = await get(`/misc/linkedin/mentions/tags?teamId=${teamId}&q=grace&scope=people`, key);
    expect(people.json.organizations).toEqual([]);
    const organizations = await get(`/misc/linkedin/mentions/tags?teamId=${teamId}&q=consulting&scope=organizations`, key);
    expect(organizations.json.organizations[0]).toMatchObject({ kind: 'organization', urn: expect.stringMatching(/^urn:li:organization:/) });
  });

  it('finds a Facebook Page by URL, handle, id or name, and lists background presets', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    await connectAccount(t, key, teamId, 'FACEBOOK', { channelName: 'Acme Bakery' });
    const byName = await get(`/misc/facebook/pages?teamId=${teamId}&q=${encodeURIComponent('acme bak')}`, key);
    expect(byName.status, byName.text).toBe(200);
    const page = byName.json.items[0];
    expect(page).toMatchObject({ name: 'Acme Bakery', mentionTag: `@[${page.id}]` });
    for (const q of [page.id, `@${page.username}`, `https://www.facebook.com/${page.username}`, `https://facebook.com/profile.php?id=${page.id}`]) {
      const found = await get(`/misc/facebook/pages?teamId=${teamId}&q=${encodeURIComponent(q)}`, key);
      expect(
        found.json.items.map((item: { id: string }) => item.id),
        q,
      ).toEqual([page.id]);
    }
    expect((await get(`/misc/facebook/pages?teamId=${teamId}&q=nothing-like-it`, key)).json).toEqual({ items: [] });

    const presets = await get('/misc/facebook/text-format-presets', key);
    expect(presets.status).toBe(200);
    expect(presets.json.presets.length).toBeGreaterThan(5);
    expect(new Set(presets.json.presets.map((preset: { kind: string }) => preset.kind))).toEqual(new Set(['color', 'gradient', 'illustration']));
  });

  it('needs the team’s account of the platform and never reads another organization’s world', async () => {
    const a = await t.createOrg('PRO');
    const b = await t.createOrg('PRO');
    await connectAccount(t, a.key, a.teamId, 'FACEBOOK', { channelName: 'Secret Kitchen' });
    await connectAccount(t, b.key, b.teamId, 'FACEBOOK', { channelName: 'Open Cafe' });
    const missing = await get(`/misc/youtube/regions?teamId=${a.teamId}`, a.key);
    expect(missing.status).toBe(404);
    expect(missing.json.message).toMatch(/YouTube account/);
    expect((await get(`/misc/facebook/pages?teamId=${a.teamId}&q=secret`, b.key)).status).toBe(404);
    expect((await get(`/misc/facebook/pages?teamId=${b.teamId}&q=secret`, b.key)).json).toEqual({ items: [] });
    expect((await get(`/misc/facebook/pages?teamId=${a.teamId}`, a.key)).status).toBe(400);
  });

  it('answers a sandbox fault on a lookup', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    await connectAccount(t, key, teamId, 'REDDIT');
    await t.request('POST', '/sandbox/faults', {
      key,
      body: { type: 'REDDIT', kind: 'RATE_LIMITED', operation: 'lookups.subredditFlairs', count: 1, retryAfterSeconds: 20 },
    });
    const limited = await get(`/misc/reddit/subreddit-flairs?teamId=${teamId}&subreddit=SideProject`, key);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('20');
    expect((await get(`/misc/reddit/subreddit-flairs?teamId=${teamId}&subreddit=SideProject`, key)).status).toBe(200);
  });
});
