import { describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../db/schema/http';
import { sha256Hex } from '../auth/secrets';
import { createTestApp } from '../test/test-app';

const t = await createTestApp();

describe('Idempotency-Key', () => {
  it('replays the first response for a repeat with the same body, creating nothing twice', async () => {
    const { key } = await t.createOrg();
    const headers = { 'idempotency-key': 'create-marketing-1' };
    const first = await t.request('POST', '/team', { key, headers, body: { name: 'Marketing' } });
    const second = await t.request('POST', '/team', { key, headers, body: { name: 'Marketing' } });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const list = await t.request('GET', '/team?search=Marketing', { key });
    expect(list.json.total).toBe(1);
  });

  it('answers 422 for the same key with another body, and 409 while the first is still running', async () => {
    const { key, organizationId } = await t.createOrg();
    const headers = { 'idempotency-key': 'key-a' };
    expect((await t.request('POST', '/team', { key, headers, body: { name: 'First body' } })).status).toBe(200);
    const other = await t.request('POST', '/team', { key, headers, body: { name: 'Second body' } });
    expect(other.status).toBe(422);
    expect(other.json.message).toMatch(/different request/);

    // Another instance is still working on a request with this key.
    const body = JSON.stringify({ name: 'Slow team' });
    await t.services.db.insert(idempotencyKeys).values({
      organizationId,
      key: 'in-flight',
      requestHash: sha256Hex(`POST /api/v1/team\n${Buffer.from(body).toString('base64')}`),
      state: 'running',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const running = await t.request('POST', '/team', { key, headers: { 'idempotency-key': 'in-flight' }, rawBody: body });
    expect(running.status).toBe(409);
    expect(running.json.message).toMatch(/still being processed/);
  });

  it('keeps keys per organization and replays errors the client caused', async () => {
    const a = await t.createOrg();
    const b = await t.createOrg();
    const headers = { 'idempotency-key': 'shared-key' };
    expect((await t.request('POST', '/team', { key: a.key, headers, body: { name: 'Team A' } })).json.name).toBe('Team A');
    expect((await t.request('POST', '/team', { key: b.key, headers, body: { name: 'Team B' } })).json.name).toBe('Team B');

    const invalid = await t.request('POST', '/team', { key: a.key, headers: { 'idempotency-key': 'bad' }, body: { name: 'x' } });
    const again = await t.request('POST', '/team', { key: a.key, headers: { 'idempotency-key': 'bad' }, body: { name: 'x' } });
    expect(invalid.status).toBe(400);
    expect(again.status).toBe(400);
    expect(again.json).toEqual(invalid.json);
  });

  it('treats an expired key as new', async () => {
    const { key, organizationId } = await t.createOrg();
    await t.services.db.insert(idempotencyKeys).values({
      organizationId,
      key: 'old',
      requestHash: 'something else',
      state: 'completed',
      responseStatus: 200,
      responseBody: '{}',
      expiresAt: new Date(Date.now() - 1000),
    });
    const response = await t.request('POST', '/team', { key, headers: { 'idempotency-key': 'old' }, body: { name: 'Fresh team' } });
    expect(response.status).toBe(200);
    expect(response.json.name).toBe('Fresh team');
  });

  it('rejects an over-long key', async () => {
    const { key } = await t.createOrg();
    const response = await t.request('POST', '/team', { key, headers: { 'idempotency-key': 'k'.repeat(256) }, body: { name: 'Team' } });
    expect(response.status).toBe(400);
  });
});
