import { readFileSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { outboxEvents } from '../db/schema/events';
import { jobWakeups } from '../db/schema/jobs';
import { webhookDeliveries, webhookEndpoints } from '../db/schema/webhooks';
import { newId } from '../db/ids';
import { createApiKey } from '../api-keys/api-keys.service';
import { EVENT_TYPE_NAMES } from '../events/outbox';
import type { AnyJobHandler } from '../jobs/define-job';
import { createTestApp } from '../test/test-app';
import { dispatchEndpoint } from './delivery/dispatch-endpoint';
import { generateSecret } from './delivery/signing';
import { startReceiver } from './test-receiver';
import { webhookRetentionJob } from './webhooks.jobs';
import { webhookJobHandlers } from './webhooks.job-handlers';

// No workers and the production rule: private and loopback targets are refused.
const t = await createTestApp();
const receiver = await startReceiver();
afterAll(() => receiver.close());

const validUrl = 'https://93.184.215.14/hooks';

describe('webhook endpoints API', () => {
  it('registers, lists, reads, changes and deletes an endpoint; the secret shows only on create and reveal', async () => {
    const { key } = await t.createOrg();
    const created = await t.request('POST', '/webhooks', { key, body: { url: validUrl, events: ['team.created', 'team.created'], description: 'CRM' } });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ url: validUrl, events: ['team.created'], enabled: true, description: 'CRM', disabledReason: null });
    expect(created.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const id = created.json.id as string;

    const listed = await t.request('GET', '/webhooks', { key });
    expect(listed.json).toMatchObject({ total: 1, items: [{ id, url: validUrl }] });
    expect(listed.json.items[0].secret).toBeUndefined();
    const got = await t.request('GET', `/webhooks/${id}`, { key });
    expect(got.json).toMatchObject({ id, events: ['team.created'] });
    expect(got.json.secret).toBeUndefined();

    const revealed = await t.request('GET', `/webhooks/${id}/secret`, { key });
    expect(revealed.json).toEqual({ secret: created.json.secret, previousSecret: null, previousSecretExpiresAt: null });

    const changed = await t.request('PATCH', `/webhooks/${id}`, { key, body: { events: [], description: null, enabled: false } });
    expect(changed.json).toMatchObject({ events: [], description: null, enabled: false, disabledReason: 'Disabled by a user' });
    const enabled = await t.request('PATCH', `/webhooks/${id}`, { key, body: { enabled: true } });
    expect(enabled.json).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null });

    const deleted = await t.request('DELETE', `/webhooks/${id}`, { key });
    expect(deleted.status).toBe(200);
    expect((await t.request('GET', `/webhooks/${id}`, { key })).status).toBe(404);
  });

  it('stores secrets encrypted, never in the clear', async () => {
    const { key } = await t.createOrg();
    const created = await t.request('POST', '/webhooks', { key, body: { url: validUrl } });
    const [row] = await t.services.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.json.id));
    expect(row!.secretCiphertext).not.toContain(created.json.secret.slice(6));
    expect(t.services.secrets.webhookSecrets.open(row!.secretCiphertext)).toBe(created.json.secret);
  });

  it('rotates the secret with an overlap, and ends the overlap on request', async () => {
    const { key } = await t.createOrg();
    const created = await t.request('POST', '/webhooks', { key, body: { url: validUrl } });
    const id = created.json.id as string;
    const rotated = await t.request('POST', `/webhooks/${id}/rotate-secret`, { key, body: { overlapSeconds: 3600 } });
    expect(rotated.status).toBe(200);
    expect(rotated.json.secret).not.toBe(created.json.secret);
    expect(Date.parse(rotated.json.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(3500_000);
    const revealed = await t.request('GET', `/webhooks/${id}/secret`, { key });
    expect(revealed.json).toMatchObject({ secret: rotated.json.secret, previousSecret: created.json.secret });

    const again = await t.request('POST', `/webhooks/${id}/rotate-secret`, { key, body: { overlapSeconds: 0 } });
    expect(again.json.previousSecretExpiresAt).toBeNull();
    expect((await t.request('GET', `/webhooks/${id}/secret`, { key })).json).toEqual({
      secret: again.json.secret,
      previousSecret: null,
      previousSecretExpiresAt: null,
    });
    const defaults = await t.request('POST', `/webhooks/${id}/rotate-secret`, { key, body: {} });
    expect(Date.parse(defaults.json.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23 * 3600_000);
  });

  it('writes events of an organization without endpoints already relayed, and leaves them to the relay once it has one', async () => {
    const { key, organizationId } = await t.createOrg();
    const seen = new Set((await t.services.db.select().from(outboxEvents).where(eq(outboxEvents.organizationId, organizationId))).map((row) => row.id));
    const newEvents = async () => {
      const rows = await t.services.db.select().from(outboxEvents).where(eq(outboxEvents.organizationId, organizationId));
      const fresh = rows.filter((row) => !seen.has(row.id));
      for (const row of fresh) seen.add(row.id);
      return fresh.map((row) => [row.type, row.relayedAt !== null]);
    };
    expect((await t.request('POST', '/team', { key, body: { name: 'Before any endpoint' } })).status).toBe(200);
    expect(await newEvents()).toEqual([['team.created', true]]);

    await t.request('POST', '/webhooks', { key, body: { url: validUrl, events: ['team.updated'] } });
    expect((await t.request('POST', '/team', { key, body: { name: 'With an endpoint' } })).status).toBe(200);
    // No worker runs in this file: the event waits for the relay, which decides per endpoint.
    expect(await newEvents()).toEqual([['team.created', false]]);
  });

  it('refuses private, loopback, link-local and other internal targets at registration', async () => {
    const { key } = await t.createOrg();
    const refused = [
      'https://10.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://localhost/hook',
      'https://127.0.0.1/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:a9fe:a9fe]/hook',
      'https://100.64.0.1/hook',
      'https://192.168.1.10/hook',
      'https://[fc00::1]/hook',
      'https://[fe80::1]/hook',
      'https://0.0.0.0/hook',
      'https://224.0.0.1/hook',
      'https://2130706433/hook',
      'http://93.184.215.14/hook',
      'https://user:pass@93.184.215.14/hook',
    ];
    for (const url of refused) {
      const response = await t.request('POST', '/webhooks', { key, body: { url } });
      expect(response.status, url).toBe(400);
      expect(response.json.issues[0], url).toMatchObject({ code: 'custom', path: ['url'] });
    }
    const created = await t.request('POST', '/webhooks', { key, body: { url: validUrl } });
    const patched = await t.request('PATCH', `/webhooks/${created.json.id}`, { key, body: { url: 'https://10.1.2.3/x' } });
    expect(patched.status).toBe(400);
    expect((await t.request('GET', '/webhooks', { key })).json.total).toBe(1);
  });

  it('validates bodies and queries with the error envelope', async () => {
    const { key } = await t.createOrg();
    const missing = await t.request('POST', '/webhooks', { key, body: {} });
    expect(missing.json).toMatchObject({ statusCode: 400, issues: [{ code: 'invalid_type', path: ['url'] }] });
    const badEvent = await t.request('POST', '/webhooks', { key, body: { url: validUrl, events: ['team.exploded'] } });
    expect(badEvent.json.issues[0]).toMatchObject({ code: 'invalid_enum_value', path: ['events', 0] });
    const unknown = await t.request('POST', '/webhooks', { key, body: { url: validUrl, secret: 'mine' } });
    expect(unknown.json.issues[0]).toMatchObject({ code: 'unrecognized_keys' });
    const notUrl = await t.request('POST', '/webhooks', { key, body: { url: 'not a url' } });
    expect(notUrl.json.issues[0]).toMatchObject({ code: 'invalid_string', path: ['url'] });
    const overlap = await t.request('POST', '/webhooks/x/rotate-secret', { key, body: { overlapSeconds: -1 } });
    expect(overlap.json.issues[0]).toMatchObject({ code: 'too_small', path: ['overlapSeconds'] });
    const status = await t.request('GET', '/webhooks/x/deliveries?status=lost', { key });
    expect(status.json.issues[0]).toMatchObject({ code: 'invalid_enum_value', path: ['status'] });
    const limit = await t.request('GET', '/webhooks?limit=501', { key });
    expect(limit.json.issues[0]).toMatchObject({ code: 'too_big', path: ['limit'] });
  });

  it('answers 404 for another organization’s endpoint and deliveries, everywhere', async () => {
    const mine = await t.createOrg();
    const theirs = await t.createOrg();
    const created = await t.request('POST', '/webhooks', { key: theirs.key, body: { url: validUrl } });
    const id = created.json.id as string;
    const test = await t.request('POST', `/webhooks/${id}/test`, { key: theirs.key });
    const deliveryId = test.json.id as string;
    const attempts = [
      ['GET', `/webhooks/${id}`, undefined],
      ['PATCH', `/webhooks/${id}`, { enabled: false }],
      ['PATCH', `/webhooks/${id}`, { url: 'https://10.0.0.1/x' }],
      ['DELETE', `/webhooks/${id}`, undefined],
      ['POST', `/webhooks/${id}/rotate-secret`, {}],
      ['GET', `/webhooks/${id}/secret`, undefined],
      ['POST', `/webhooks/${id}/test`, undefined],
      ['GET', `/webhooks/${id}/deliveries`, undefined],
      ['GET', `/webhooks/${id}/deliveries/${deliveryId}`, undefined],
      ['POST', `/webhooks/${id}/deliveries/${deliveryId}/replay`, undefined],
    ] as const;
    for (const [method, path, body] of attempts) {
      const response = await t.request(method, path, { key: mine.key, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.json.statusCode).toBe(404);
    }
    expect((await t.request('GET', '/webhooks', { key: mine.key })).json).toEqual({ items: [], total: 0 });
    expect((await t.request('GET', `/webhooks/${id}`, { key: theirs.key })).json.enabled).toBe(true);
  });

  it('needs the write scope for changes and for revealing the secret', async () => {
    const { key, organizationId } = await t.createOrg();
    const created = await t.request('POST', '/webhooks', { key, body: { url: validUrl } });
    const readOnly = await createApiKey(t.services.db, { organizationId, name: 'read only', scopes: ['read'] });
    const readKey = readOnly.key;
    expect((await t.request('GET', '/webhooks', { key: readKey })).status).toBe(200);
    expect((await t.request('POST', '/webhooks', { key: readKey, body: { url: validUrl } })).status).toBe(403);
    expect((await t.request('PATCH', `/webhooks/${created.json.id}`, { key: readKey, body: { enabled: false } })).status).toBe(403);
    expect((await t.request('GET', `/webhooks/${created.json.id}/secret`, { key: readKey })).status).toBe(403);
    expect((await t.request('GET', '/webhooks')).status).toBe(401);
  });

  it('lists event types and documents every route in OpenAPI', async () => {
    const { key } = await t.createOrg();
    const types = await t.request('GET', '/webhooks/event-types', { key });
    expect(types.json.items.map((item: { type: string }) => item.type)).toEqual(
      expect.arrayContaining(['team.created', 'post.published', 'conversation.message.updated']),
    );
    const doc = await t.request('GET', '/openapi.json');
    const paths = doc.json.paths as Record<string, Record<string, { operationId: string }>>;
    const operations = Object.values(paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(operations).toEqual(
      expect.arrayContaining([
        'listWebhookEventTypes',
        'listWebhooks',
        'createWebhook',
        'getWebhook',
        'updateWebhook',
        'deleteWebhook',
        'rotateWebhookSecret',
        'revealWebhookSecret',
        'sendWebhookTest',
        'listWebhookDeliveries',
        'getWebhookDelivery',
        'replayWebhookDelivery',
        'streamEvents',
      ]),
    );
    expect(JSON.stringify(doc.json.components.schemas.WebhookEventType)).toContain('comment.received');
    // docs/webhooks.md documents every type of the one list.
    const readme = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
    for (const type of EVENT_TYPE_NAMES) expect(readme, type).toContain(`| \`${type}\` |`);
  });

  it('queues a test event into the delivery log, and refuses a replay while it is pending', async () => {
    const { key } = await t.createOrg();
    const created = await t.request('POST', '/webhooks', { key, body: { url: validUrl } });
    const id = created.json.id as string;
    const test = await t.request('POST', `/webhooks/${id}/test`, { key });
    expect(test.status).toBe(200);
    expect(test.json).toMatchObject({ endpointId: id, eventType: 'webhook.test', status: 'pending', attempts: [] });
    expect(test.json.payload).toMatchObject({ id: test.json.eventId, type: 'webhook.test', data: { endpointId: id } });
    const log = await t.request('GET', `/webhooks/${id}/deliveries`, { key });
    expect(log.json).toMatchObject({ total: 1, items: [{ id: test.json.id, status: 'pending' }] });
    const replay = await t.request('POST', `/webhooks/${id}/deliveries/${test.json.id}/replay`, { key });
    expect(replay.status).toBe(409);
    await t.request('PATCH', `/webhooks/${id}`, { key, body: { enabled: false } });
    expect((await t.request('POST', `/webhooks/${id}/test`, { key })).status).toBe(409);
  });
});

describe('delivery-time SSRF guard', () => {
  it('refuses a loopback target when it is time to deliver, without sending anything', async () => {
    const { organizationId } = await t.createOrg();
    // Written straight to the table: the API would refuse this URL at registration.
    const [endpoint] = await t.services.db
      .insert(webhookEndpoints)
      .values({ organizationId, url: `https://127.0.0.1:${receiver.port}/ssrf`, secretCiphertext: t.services.secrets.webhookSecrets.seal(generateSecret()) })
      .returning();
    const [delivery] = await t.services.db
      .insert(webhookDeliveries)
      .values({ organizationId, endpointId: endpoint!.id, eventId: 'evt_ssrf', eventType: 'webhook.test', body: '{}', nextAttemptAt: new Date() })
      .returning();
    await dispatchEndpoint(t.services, endpoint!.id);
    const [after] = await t.services.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery!.id));
    expect(after).toMatchObject({ status: 'pending', attemptCount: 1 });
    expect(after!.lastError).toMatch(/^Refused: 127\.0\.0\.1 is a loopback address/);
    expect(receiver.on('/ssrf')).toHaveLength(0);
  });
});

describe('webhook retention job', () => {
  it('removes finished deliveries, relayed events and spent wake-ups past WEBHOOK_RETENTION_DAYS, and keeps pending work', async () => {
    const { key, organizationId } = await t.createOrg();
    const endpointId = (await t.request('POST', '/webhooks', { key, body: { url: validUrl } })).json.id as string;
    const old = new Date(Date.now() - (t.config.WEBHOOK_RETENTION_DAYS + 1) * 24 * 3600_000);
    const delivery = (eventId: string, status: 'delivered' | 'failed' | 'pending', createdAt: Date) => ({
      organizationId,
      endpointId,
      eventId,
      eventType: 'webhook.test',
      body: '{}',
      status,
      createdAt,
      updatedAt: createdAt,
    });
    await t.services.db
      .insert(webhookDeliveries)
      .values([
        delivery('evt_old_delivered', 'delivered', old),
        delivery('evt_old_failed', 'failed', old),
        delivery('evt_old_pending', 'pending', old),
        delivery('evt_new_delivered', 'delivered', new Date()),
      ]);
    const [oldEvent, newEvent] = [newId(), newId()];
    await t.services.db.insert(outboxEvents).values([
      { id: oldEvent, organizationId, type: 'webhook.test', data: {}, createdAt: old, relayedAt: old },
      { id: newEvent, organizationId, type: 'webhook.test', data: {}, relayedAt: new Date() },
    ]);
    const wakeKeys = { spent: `test-spent:${newId()}`, due: `test-due:${newId()}` };
    await t.services.db.insert(jobWakeups).values([
      { key: wakeKeys.spent, wakeAt: null },
      { key: wakeKeys.due, wakeAt: new Date(Date.now() + 3600_000) },
    ]);

    const handler: AnyJobHandler = webhookJobHandlers.find((entry) => entry.job === webhookRetentionJob)!;
    await handler.handle({}, { services: t.services, jobId: 'test', attempt: 1 });

    const log = await t.request('GET', `/webhooks/${endpointId}/deliveries?limit=50`, { key });
    expect(log.json.items.map((item: { eventId: string }) => item.eventId).sort()).toEqual(['evt_new_delivered', 'evt_old_pending']);
    const events = await t.services.db
      .select({ id: outboxEvents.id })
      .from(outboxEvents)
      .where(inArray(outboxEvents.id, [oldEvent, newEvent]));
    expect(events.map((event) => event.id)).toEqual([newEvent]);
    const wakes = await t.services.db
      .select({ key: jobWakeups.key })
      .from(jobWakeups)
      .where(inArray(jobWakeups.key, Object.values(wakeKeys)));
    expect(wakes.map((wake) => wake.key)).toEqual([wakeKeys.due]);
  });
});
