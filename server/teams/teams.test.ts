import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

const t = await createTestApp();

describe('teams', () => {
  it('lists the first team, then creates, reads, renames and deletes one', async () => {
    const { key, teamId } = await t.createOrg();
    const listed = await t.request('GET', '/team', { key });
    expect(listed.status).toBe(200);
    expect(listed.json).toMatchObject({ total: 1, items: [{ id: teamId, name: 'Main team' }] });

    const created = await t.request('POST', '/team', { key, body: { name: 'Marketing', copyTeamId: 'ignored' } });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ name: 'Marketing', avatarUrl: null, deletedAt: null });
    const id = created.json.id as string;

    const got = await t.request('GET', `/team/${id}`, { key });
    expect(got.status).toBe(200);
    expect(got.json).toMatchObject({ id, name: 'Marketing', socialAccounts: [] });

    const renamed = await t.request('PATCH', `/team/${id}`, { key, body: { name: 'Growth', avatarUrl: 'https://example.com/a.png' } });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ id, name: 'Growth', avatarUrl: 'https://example.com/a.png' });

    const deleted = await t.request('DELETE', `/team/${id}`, { key });
    expect(deleted.status).toBe(200);
    expect(deleted.json.deletedAt).toEqual(expect.any(String));
    expect((await t.request('GET', `/team/${id}`, { key })).status).toBe(404);
  });

  it('pages with offset and limit, searches by name, and caps limit at 500', async () => {
    const { key } = await t.createOrg();
    for (const name of ['Alpha team', 'Beta team', 'Gamma crew']) {
      expect((await t.request('POST', '/team', { key, body: { name } })).status).toBe(200);
    }
    const page = await t.request('GET', '/team?offset=1&limit=2', { key });
    expect(page.json.total).toBe(4);
    expect(page.json.items.map((team: { name: string }) => team.name)).toEqual(['Beta team', 'Alpha team']);

    const search = await t.request('GET', '/team?search=TEAM', { key });
    expect(search.json.total).toBe(3);
    const wildcard = await t.request('GET', '/team?search=%25', { key });
    expect(wildcard.json.total).toBe(0);

    const tooMany = await t.request('GET', '/team?limit=501', { key });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.issues[0]).toMatchObject({ code: 'too_big', path: ['limit'] });
    const defaults = await t.request('GET', '/team', { key });
    expect(defaults.json.items.length).toBeLessThanOrEqual(10);
  });

  it('answers validation errors with the envelope and zod 3 issue codes', async () => {
    const { key } = await t.createOrg();
    const missing = await t.request('POST', '/team', { key, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({
      statusCode: 400,
      issues: [{ code: 'invalid_type', path: ['name'], message: 'Required' }],
    });
    const short = await t.request('POST', '/team', { key, body: { name: 'ab' } });
    expect(short.json.issues[0]).toMatchObject({ code: 'too_small', path: ['name'] });
    const unknown = await t.request('POST', '/team', { key, body: { name: 'Valid name', color: 'red' } });
    expect(unknown.json.issues[0]).toMatchObject({ code: 'unrecognized_keys' });
    const wrongType = await t.request('PATCH', '/team/whatever', { key, body: { name: 42 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.issues[0]).toMatchObject({ code: 'invalid_type', path: ['name'] });
    const malformed = await t.request('POST', '/team', { key, rawBody: '{"name": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toEqual({ statusCode: 400, message: 'Malformed JSON in request body' });
  });

  it('never shows or changes another organization’s team', async () => {
    const mine = await t.createOrg();
    const theirs = await t.createOrg();
    const paths = [
      ['GET', `/team/${theirs.teamId}`, undefined],
      ['PATCH', `/team/${theirs.teamId}`, { name: 'Hijacked' }],
      ['DELETE', `/team/${theirs.teamId}`, undefined],
    ] as const;
    for (const [method, path, body] of paths) {
      const response = await t.request(method, path, { key: mine.key, body });
      expect(response.status).toBe(404);
      expect(response.json).toEqual({ statusCode: 404, message: 'Team not found' });
    }
    const list = await t.request('GET', '/team', { key: mine.key });
    expect(list.json.items.map((team: { id: string }) => team.id)).toEqual([mine.teamId]);
    const still = await t.request('GET', `/team/${theirs.teamId}`, { key: theirs.key });
    expect(still.json.name).toBe('Main team');
  });

  it('keeps the last team of an organization', async () => {
    const { key, teamId } = await t.createOrg();
    const response = await t.request('DELETE', `/team/${teamId}`, { key });
    expect(response.status).toBe(409);
    expect(response.json.message).toMatch(/at least one team/);
  });

  it('shows teams on the organization, deprecated teams[] included', async () => {
    const { key, organizationId, teamId } = await t.createOrg('BUSINESS', ['dms']);
    const response = await t.request('GET', '/organization', { key });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      id: organizationId,
      plan: 'BUSINESS',
      dmsEnabled: true,
      automationsEnabled: false,
      teams: [{ id: teamId }],
    });
  });
});
