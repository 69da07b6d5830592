import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../admin/commands';
import { createTeam } from '../teams/teams.service';
import { createTestApp } from '../test/test-app';
import { TEAM_LIST_PAGES_PER_ORGANIZATION } from './app-cache';

const t = await createTestApp();

async function eventually(probe: () => Promise<boolean>, seconds = 5): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await probe()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return probe();
}

describe('read caches', () => {
  it('drops a cached key when it is revoked by another process (NOTIFY), not only by this one', async () => {
    const { key, organizationId } = await t.createOrg();
    const created = await t.request('POST', '/api-keys', { key, body: { name: 'cached' } });
    expect((await t.request('GET', '/team', { key: created.json.key })).status).toBe(200);
    // The operator CLI revokes through the service alone, as another instance would.
    await runAdminCommand(t.services.db, { command: 'revoke-api-key', org: organizationId, id: created.json.id });
    expect(await eventually(async () => (await t.request('GET', '/team', { key: created.json.key })).status === 401)).toBe(true);
  });

  it('shows a team created by another process in a cached list', async () => {
    const { key, organizationId } = await t.createOrg();
    expect((await t.request('GET', '/team', { key })).json.total).toBe(1);
    await createTeam(t.services.db, { organizationId, name: 'Made elsewhere' });
    expect(await eventually(async () => (await t.request('GET', '/team', { key })).json.total === 2)).toBe(true);
  });

  it('reads its own writes at once', async () => {
    const { key } = await t.createOrg();
    expect((await t.request('GET', '/team', { key })).json.total).toBe(1);
    const created = await t.request('POST', '/team', { key, body: { name: 'Right away' } });
    expect((await t.request('GET', '/team', { key })).json.total).toBe(2);
    await t.request('PATCH', `/team/${created.json.id}`, { key, body: { name: 'Renamed' } });
    expect((await t.request('GET', '/team', { key })).json.items[0].name).toBe('Renamed');
    await t.request('DELETE', `/team/${created.json.id}`, { key });
    expect((await t.request('GET', '/team', { key })).json.total).toBe(1);
  });

  it('keeps a bounded number of team-list pages per organization, whatever queries callers send', async () => {
    const { key, organizationId } = await t.createOrg();
    const other = await t.createOrg();
    expect((await t.request('GET', '/team', { key: other.key })).status).toBe(200);
    for (let i = 0; i < TEAM_LIST_PAGES_PER_ORGANIZATION * 3; i += 1) {
      const response = await t.request('GET', `/team?search=probe-${i}&offset=${i}`, { key });
      expect(response.status).toBe(200);
    }
    expect(t.services.cache.teamLists.size(organizationId)).toBe(TEAM_LIST_PAGES_PER_ORGANIZATION);
    // One organization's churn does not push out another's pages.
    expect(t.services.cache.teamLists.size(other.organizationId)).toBe(1);
    expect((await t.request('GET', '/team', { key })).json.total).toBe(1);
  });
});
