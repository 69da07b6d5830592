import { describe, expect, it } from 'vitest';
import { setFeature } from '../organizations/organizations.service';
import { createTestApp } from '../test/test-app';
import { automationsOrg, dmDefinition } from './automations-test-kit';

const t = await createTestApp();

type Version = { id: string; version: number; status: string; publishedAt: string | null; live: boolean; definition: { trigger: { keywords: string[] } } };

describe('automation flow versions (history)', { timeout: 120_000 }, () => {
  it('lists every published version newest first, the live one flagged, the draft left out, with offset paging', async () => {
    const org = await automationsOrg(t);
    const created = await org.create();
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;
    const published: { id: string; version: number }[] = [];
    for (const keyword of ['price', 'cost', 'menu']) {
      expect((await org.patch(id, { definition: dmDefinition(org.instagram.id, { trigger: { keywords: [keyword] } }) })).status).toBe(200);
      const answer = await org.publish(id);
      expect(answer.status, answer.text).toBe(200);
      published.push(answer.json.publishedVersion);
    }
    // A later draft is not history: it is on the flow, overwritten in place.
    expect((await org.patch(id, { definition: dmDefinition(org.instagram.id, { trigger: { keywords: ['draft only'] } }) })).status).toBe(200);

    const all = await org.call('GET', `/automations/${id}/versions?teamId=${org.teamId}`);
    expect(all.status, all.text).toBe(200);
    expect(all.json.total).toBe(3);
    const items = all.json.items as Version[];
    expect(items.map((item) => item.id)).toEqual(published.map((version) => version.id).reverse());
    // The draft took v1; each publish takes the next number.
    expect(items.map((item) => item.version)).toEqual([4, 3, 2]);
    expect(items.map((item) => item.live)).toEqual([true, false, false]);
    expect(items.map((item) => item.definition.trigger.keywords)).toEqual([['menu'], ['cost'], ['price']]);
    for (const item of items) {
      expect(item.status).toBe('PUBLISHED');
      expect(Number.isNaN(Date.parse(item.publishedAt ?? ''))).toBe(false);
    }
    expect(Date.parse(items[0]!.publishedAt!)).toBeGreaterThanOrEqual(Date.parse(items[2]!.publishedAt!));

    const page = await org.call('GET', `/automations/${id}/versions?limit=1&offset=1`);
    expect(page.status, page.text).toBe(200);
    expect(page.json).toMatchObject({ total: 3, items: [{ id: published[1]!.id, live: false }] });

    // Pausing keeps the published version the one that runs once active again.
    expect((await org.act(id, 'pause')).status).toBe(200);
    expect(((await org.call('GET', `/automations/${id}/versions`)).json.items as Version[])[0]).toMatchObject({ id: published[2]!.id, live: true });

    expect((await org.call('GET', `/automations/${id}/versions?limit=0`)).status).toBe(400);
    expect((await org.call('GET', `/automations/${id}/versions?sort=asc`)).status).toBe(400);
  });

  it('answers an empty list for a flow never published', async () => {
    const org = await automationsOrg(t);
    const created = await org.create();
    const answer = await org.call('GET', `/automations/${created.json.id}/versions`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual({ items: [], total: 0 });
  });

  it('answers 404 for another organization’s flow, another team, a deleted flow, and while automations are off', async () => {
    const org = await automationsOrg(t);
    const other = await automationsOrg(t);
    const id = (await org.publish((await org.create()).json.id)).json.id as string;

    const foreign = await other.call('GET', `/automations/${id}/versions`);
    expect(foreign.status).toBe(404);
    expect(foreign.json.message).toBe('Automation flow not found');
    const otherTeam = await org.call('POST', '/team', { name: 'Other' });
    expect((await org.call('GET', `/automations/${id}/versions?teamId=${otherTeam.json.id}`)).status).toBe(404);

    await setFeature(t.services.db, org.organizationId, 'automations', false);
    const off = await org.call('GET', `/automations/${id}/versions?limit=nonsense`);
    expect(off.status).toBe(404);
    expect(off.json.message).toBe('Not found');
    await setFeature(t.services.db, org.organizationId, 'automations', true);
    expect((await org.call('GET', `/automations/${id}/versions`)).status).toBe(200);

    expect((await org.call('DELETE', `/automations/${id}`)).status).toBe(204);
    expect((await org.call('GET', `/automations/${id}/versions`)).status).toBe(404);
  });
});
