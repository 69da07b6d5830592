import { describe, expect, it } from 'vitest';
import { postJobs } from '../posts/posts.jobs';
import { connectAccount, uploadMedia } from '../posts/posts-test-kit';
import { createTestApp } from '../test/test-app';

const t = await createTestApp({ work: true, workOnly: postJobs });

async function setup() {
  const org = await t.createOrg('PRO');
  const account = await connectAccount(t, org.key, org.teamId, 'GOOGLE_BUSINESS', { channelName: 'Corner Bakery Main Street' });
  const call = (method: string, path: string, body?: Record<string, unknown>) =>
    t.request(method, `/misc/google-business${path}`, { key: org.key, body: body ? { teamId: org.teamId, ...body } : undefined });
  const get = (path: string, query = '') => t.request('GET', `/misc/google-business${path}?teamId=${org.teamId}${query}`, { key: org.key });
  return { ...org, account, call, get };
}

describe('Google Business location group (sandbox)', { timeout: 120_000 }, () => {
  it('reads the location profile and keeps edits of its fields, hours and categories', async () => {
    const { call, get } = await setup();
    const read = await get('/location');
    expect(read.status, read.text).toBe(200);
    expect(read.json).toMatchObject({ title: 'Corner Bakery Main Street', categories: { primaryCategory: { name: 'categories/gcid:cafe' } } });
    expect(read.json.name).toMatch(/^locations\/\d+$/);

    const only = await get('/location', '&fields=title&fields=websiteUri');
    expect(Object.keys(only.json).sort()).toEqual(['title', 'websiteUri']);

    const patched = await call('PATCH', '/location', {
      title: 'Corner Bakery',
      profile: { description: 'Fresh bread daily' },
      websiteUri: 'https://bakery.example/',
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json).toMatchObject({ title: 'Corner Bakery', websiteUri: 'https://bakery.example/', profile: { description: 'Fresh bread daily' } });

    // validateOnly checks without saving.
    const dry = await call('PATCH', '/location', { title: 'Never saved', validateOnly: true });
    expect(dry.status).toBe(200);
    expect((await get('/location', '&fields=title')).json).toEqual({ title: 'Corner Bakery' });

    const hours = await call('PATCH', '/location/hours', {
      fields: ['regularHours', 'specialHours'],
      regularHours: { periods: [{ openDay: 'SATURDAY', openTime: '09:00', closeDay: 'SATURDAY', closeTime: { hours: 14, minutes: 30 } }] },
      specialHours: { specialHourPeriods: [{ startDate: { year: 2026, month: 12, day: 25 }, closed: true }] },
    });
    expect(hours.status, hours.text).toBe(200);
    const stored = await get('/location', '&fields=regularHours,specialHours');
    expect(stored.json.regularHours).toEqual({
      periods: [{ openDay: 'SATURDAY', openTime: { hours: 9, minutes: 0 }, closeDay: 'SATURDAY', closeTime: { hours: 14, minutes: 30 } }],
    });
    expect(stored.json.specialHours.specialHourPeriods[0]).toMatchObject({ closed: true });

    // Google's rules: closing before opening, an unknown category, a too long description.
    const backwards = await call('PATCH', '/location/hours', {
      fields: ['regularHours'],
      regularHours: { periods: [{ openDay: 'MONDAY', openTime: '18:00', closeDay: 'MONDAY', closeTime: '09:00' }] },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.json.message).toMatch(/closeTime must be after openTime/);
    const category = await call('PATCH', '/location', { categories: { primaryCategory: { name: 'categories/gcid:spaceport' } } });
    expect(category.status).toBe(400);
    const description = await call('PATCH', '/location', { profile: { description: 'x'.repeat(751) } });
    expect(description.status).toBe(400);
    expect(description.json.message).toMatch(/750/);
    // Our own validation: envelope with zod issues.
    const invalid = await call('PATCH', '/location/hours', { fields: [] });
    expect(invalid.status).toBe(400);
    expect(invalid.json.issues[0].path).toEqual(['fields']);
    const nothing = await call('PATCH', '/location', {});
    expect(nothing.status).toBe(400);
  });

  it('lists available attributes and categories, and sets and clears attributes', async () => {
    const { call, get } = await setup();
    const available = await get('/location/attributes/available', '&pageSize=5');
    expect(available.status, available.text).toBe(200);
    expect(available.json.attributes).toHaveLength(5);
    const rest = await get('/location/attributes/available', `&pageSize=200&pageToken=${available.json.nextPageToken}`);
    expect(rest.json.nextPageToken).toBeUndefined();
    expect(rest.json.attributes.map((a: { parent: string }) => a.parent)).toContain('attributes/url_menu');

    const categories = await get('/location/categories/available', '&regionCode=US&languageCode=en&filter=displayName%3Dcaf');
    expect(categories.status, categories.text).toBe(200);
    expect(categories.json.categories).toEqual([{ name: 'categories/gcid:cafe', displayName: 'Cafe' }]);
    expect((await get('/location/categories/available', '&languageCode=en')).status).toBe(400);

    const set = await call('PATCH', '/location/attributes', {
      attributes: [
        { name: 'attributes/has_outdoor_seating', values: [true] },
        { name: 'attributes/wi_fi', values: ['free_wi_fi'] },
        { name: 'attributes/url_menu', uriValues: ['https://bakery.example/menu'] },
      ],
    });
    expect(set.status, set.text).toBe(200);
    expect(set.json.attributes).toHaveLength(3);
    // A named attribute absent from the list is cleared.
    const cleared = await call('PATCH', '/location/attributes', { attributeMask: 'attributes/wi_fi', attributes: [] });
    expect(cleared.json.attributes.map((a: { name: string }) => a.name)).toEqual(['attributes/has_outdoor_seating', 'attributes/url_menu']);
    expect((await get('/location/attributes')).json.attributes).toHaveLength(2);

    const wrongType = await call('PATCH', '/location/attributes', { attributes: [{ name: 'attributes/has_outdoor_seating', values: ['yes'] }] });
    expect(wrongType.status).toBe(400);
    const unknown = await call('PATCH', '/location/attributes', { attributes: [{ name: 'attributes/has_helipad', values: [true] }] });
    expect(unknown.status).toBe(400);
  });

  it('keeps the service list and food menus', async () => {
    const { call, get } = await setup();
    expect((await get('/location/service-list')).json.serviceItems).toEqual([]);
    const services = await call('PATCH', '/location/service-list', {
      fields: ['serviceItems'],
      serviceItems: [{ freeFormServiceItem: { category: 'categories/gcid:cafe', label: { displayName: 'Catering' } } }],
    });
    expect(services.status, services.text).toBe(200);
    expect((await get('/location/service-list')).json.serviceItems).toHaveLength(1);

    const menus = [{ labels: [{ displayName: 'Breakfast' }], sections: [{ labels: [{ displayName: 'Pastries' }], items: [] }] }];
    const saved = await call('PATCH', '/location/food-menus', { fields: ['menus'], menus });
    expect(saved.status, saved.text).toBe(200);
    expect((await get('/location/food-menus', '&fields=menus')).json).toEqual({ menus });
    expect((await call('PATCH', '/location/food-menus', { fields: ['menus'], menus: [{ sections: [] }] })).status).toBe(400);
  });

  it('creates, pages, updates and deletes place action links, one preferred per type', async () => {
    const { call, get } = await setup();
    const first = await call('POST', '/location/place-action-links', {
      placeActionLink: { uri: 'https://book.example/a', placeActionType: 'APPOINTMENT', isPreferred: true },
    });
    expect(first.status, first.text).toBe(200);
    const second = await call('POST', '/location/place-action-links', {
      placeActionLink: { uri: 'https://book.example/b', placeActionType: 'APPOINTMENT', isPreferred: true },
    });
    expect(second.json.isPreferred).toBe(true);
    const duplicate = await call('POST', '/location/place-action-links', {
      placeActionLink: { uri: 'https://book.example/b', placeActionType: 'APPOINTMENT' },
    });
    expect(duplicate.status).toBe(400);
    const insecure = await call('POST', '/location/place-action-links', { placeActionLink: { uri: 'http://book.example/c', placeActionType: 'SHOP_ONLINE' } });
    expect(insecure.status).toBe(400);

    const page = await get('/location/place-action-links', '&pageSize=1');
    expect(page.json.placeActionLinks).toHaveLength(1);
    expect(page.json.placeActionLinks[0]).toMatchObject({ name: first.json.name, isPreferred: false });
    const next = await get('/location/place-action-links', `&pageSize=1&pageToken=${page.json.nextPageToken}`);
    expect(next.json.placeActionLinks[0].name).toBe(second.json.name);

    const updated = await call('PATCH', '/location/place-action-links', {
      name: first.json.name,
      fields: ['uri', 'placeActionType'],
      placeActionLink: { uri: 'https://order.example/', placeActionType: 'FOOD_ORDERING', isPreferred: true },
    });
    expect(updated.status, updated.text).toBe(200);
    // isPreferred was not in `fields`: unchanged.
    expect(updated.json).toMatchObject({ uri: 'https://order.example/', placeActionType: 'FOOD_ORDERING', isPreferred: false });

    expect((await call('DELETE', '/location/place-action-links', { name: first.json.name })).json).toEqual({ success: true });
    expect((await call('DELETE', '/location/place-action-links', { name: first.json.name })).status).toBe(404);
    expect((await get('/location/place-action-links')).json.placeActionLinks).toHaveLength(1);
  });

  it('adds photos from uploads, lists and deletes them; other teams see nothing of it', async () => {
    const { call, get, key, teamId } = await setup();
    const upload = await uploadMedia(t, key, 'square-1080.jpg', teamId);
    const added = await call('POST', '/media', { uploadId: upload.id, category: 'EXTERIOR', description: 'Our shop front' });
    expect(added.status, added.text).toBe(200);
    expect(added.json).toMatchObject({ mediaFormat: 'PHOTO', locationAssociation: { category: 'EXTERIOR' }, description: 'Our shop front' });
    expect(added.json.sourceUrl).toContain('/media/');
    const list = await get('/media');
    expect(list.json).toMatchObject({ totalMediaItemCount: 1, mediaItems: [{ name: added.json.name }] });
    expect((await call('POST', '/media', { uploadId: 'nope' })).status).toBe(404);

    const other = await t.createOrg('PRO');
    const theirs = await t.request('POST', '/misc/google-business/media', { key: other.key, body: { teamId: other.teamId, uploadId: upload.id } });
    expect(theirs.status).toBe(404);
    const theirLocation = await t.request('GET', `/misc/google-business/location?teamId=${teamId}`, { key: other.key });
    expect(theirLocation.status).toBe(404);

    expect((await call('DELETE', '/media', { mediaName: added.json.name })).json).toEqual({ success: true });
    expect((await get('/media')).json).toMatchObject({ totalMediaItemCount: 0, mediaItems: [] });
  });

  it('answers 404 without a Google Business account and deletes a published local post', async () => {
    const { key, teamId } = await t.createOrg('PRO');
    const none = await t.request('GET', `/misc/google-business/location?teamId=${teamId}`, { key });
    expect(none.status).toBe(404);

    const { call, key: ownKey, teamId: ownTeam } = await setup();
    const created = await t.request('POST', '/post', {
      key: ownKey,
      body: {
        teamId: ownTeam,
        title: 'Offer',
        postDate: new Date().toISOString(),
        socialAccountTypes: ['GOOGLE_BUSINESS'],
        data: { GOOGLE_BUSINESS: { text: 'Half price croissants' } },
      },
    });
    expect(created.status, created.text).toBe(200);
    await expect.poll(async () => (await t.request('GET', `/post/${created.json.id}`, { key: ownKey })).json.status, { timeout: 60_000 }).toBe('POSTED');
    const removed = await call('DELETE', '/post', { postId: created.json.id });
    expect(removed.status, removed.text).toBe(200);
    expect((await call('DELETE', '/post', { postId: created.json.id })).status).toBe(404);
  });

  it('answers the published bundlesocial client: location, hours and place action links', async () => {
    const { key, teamId } = await setup();
    const client = await t.bundlesocial(key);
    const location = await client.misc.miscGoogleBusinessGetLocation({ teamId, fields: ['title', 'storefrontAddress'] });
    expect(location).toMatchObject({ title: 'Corner Bakery Main Street' });
    expect(Object.keys(location).sort()).toEqual(['storefrontAddress', 'title']);
    await client.misc.miscGoogleBusinessUpdateHours({
      requestBody: {
        teamId,
        fields: ['regularHours'],
        regularHours: { periods: [{ openDay: 'SUNDAY', openTime: '10:00', closeDay: 'SUNDAY', closeTime: '16:00' }] },
      },
    });
    const link = await client.misc.miscGoogleBusinessCreatePlaceActionLink({
      requestBody: { teamId, placeActionLink: { uri: 'https://book.example/table', placeActionType: 'DINING_RESERVATION' } },
    });
    const links = await client.misc.miscGoogleBusinessListPlaceActionLinks({ teamId });
    expect(links.placeActionLinks?.map((item) => item.name)).toEqual([link.name]);
    await expect(client.misc.miscGoogleBusinessGetLocation({ teamId: 'no-such-team' })).rejects.toMatchObject({ status: 404 });
  });
});
