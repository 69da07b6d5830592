import { createHmac } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { createTestApp } from '../test/test-app';
import { webhookJobs } from './webhooks.jobs';
import { eventually, startReceiver, type Received } from './test-receiver';

// Workers on, loopback allowed, and a shrunk schedule: three attempts per cycle, 3 s apart.
const SCHEDULE = [3, 3];
const t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SCHEDULE: SCHEDULE.join(',') }, work: true, workOnly: webhookJobs });
const receiver = await startReceiver();
afterAll(() => receiver.close());
beforeEach(() => receiver.respond((_request, res) => res.writeHead(200).end('ok')));

type Org = Awaited<ReturnType<typeof t.createOrg>>;

async function register(org: Org, path: string, body: Record<string, unknown> = {}) {
  const response = await t.request('POST', '/webhooks', { key: org.key, body: { url: receiver.url(path), ...body } });
  expect(response.status).toBe(200);
  return response.json as { id: string; secret: string };
}

const createTeam = async (org: Org, name: string) => {
  const response = await t.request('POST', '/team', { key: org.key, body: { name } });
  expect(response.status).toBe(200);
  return response.json as { id: string };
};

const deliveries = async (org: Org, endpointId: string) => (await t.request('GET', `/webhooks/${endpointId}/deliveries?limit=100`, { key: org.key })).json;

function verifyPlain(secret: string, request: Received): boolean {
  const expected = createHmac('sha256', secret).update(request.body).digest('hex');
  return String(request.headers['x-signature']).split(',').includes(expected);
}

function verifyStandard(secret: string, request: Received) {
  return new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
}

// Real workers, real retries: generous limits keep a loaded machine from failing these; a fast one returns early.
describe('webhook delivery', { timeout: 180_000 }, () => {
  it('delivers an event signed both ways, with a stable webhook-id, and logs the attempt', async () => {
    const org = await t.createOrg();
    const endpoint = await register(org, '/signed', { events: ['team.created'] });
    const team = await createTeam(org, 'Signed team');
    await createTeam(org, 'Second team');
    await t.request('PATCH', `/team/${team.id}`, { key: org.key, body: { name: 'Renamed' } }); // not subscribed

    const [request] = await eventually(() => (receiver.on('/signed').length >= 2 ? receiver.on('/signed') : null));
    expect(request!.headers['content-type']).toBe('application/json');
    const envelope = verifyStandard(endpoint.secret, request!) as Record<string, unknown>;
    expect(verifyPlain(endpoint.secret, request!)).toBe(true);
    expect(verifyPlain(`${endpoint.secret}x`, request!)).toBe(false);
    expect(() => verifyStandard('whsec_' + Buffer.alloc(32, 1).toString('base64'), request!)).toThrow();
    expect(Object.keys(envelope).sort()).toEqual(['createdAt', 'data', 'id', 'type']);
    const bodies = receiver.on('/signed').map((r) => JSON.parse(r.body));
    const ours = bodies.find((b) => b.data.id === team.id)!;
    expect(ours).toMatchObject({ type: 'team.created', data: { id: team.id, name: 'Signed team' } });
    expect(
      receiver
        .on('/signed')
        .map((r) => r.headers['webhook-id'])
        .sort(),
    ).toEqual(bodies.map((b) => b.id).sort());

    const log = await eventually(async () => {
      const page = await deliveries(org, endpoint.id);
      return page.items.every((d: { status: string }) => d.status === 'delivered') && page.total === 2 ? page : null;
    });
    expect(log.items[0].attempts).toMatchObject([{ attemptNumber: 1, status: 'succeeded', responseStatus: 200, responseBody: 'ok' }]);
    expect(log.items.map((d: { eventType: string }) => d.eventType)).toEqual(['team.created', 'team.created']);
    // Nothing else was sent: the rename is not subscribed, and nothing before registration.
    expect(receiver.on('/signed')).toHaveLength(2);
  });

  it('sends a test event, shows it in the delivery log, and replays it with the same webhook-id', async () => {
    const org = await t.createOrg();
    const endpoint = await register(org, '/test-event');
    const test = await t.request('POST', `/webhooks/${endpoint.id}/test`, { key: org.key });
    expect(test.status).toBe(200);
    await eventually(() => receiver.on('/test-event').length === 1);
    const delivered = await eventually(async () => {
      const one = await t.request('GET', `/webhooks/${endpoint.id}/deliveries/${test.json.id}`, { key: org.key });
      return one.json.status === 'delivered' ? one.json : null;
    });
    expect(delivered).toMatchObject({ eventType: 'webhook.test', attemptCount: 1, attempts: [{ status: 'succeeded', responseStatus: 200 }] });

    const replay = await t.request('POST', `/webhooks/${endpoint.id}/deliveries/${test.json.id}/replay`, { key: org.key });
    expect(replay.status).toBe(200);
    expect(replay.json.status).toBe('pending');
    await eventually(() => receiver.on('/test-event').length === 2);
    const [first, second] = receiver.on('/test-event');
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(second!.body).toBe(first!.body);
    const log = await eventually(async () => {
      const one = await t.request('GET', `/webhooks/${endpoint.id}/deliveries/${test.json.id}`, { key: org.key });
      return one.json.status === 'delivered' && one.json.attempts.length === 2 ? one.json : null;
    });
    expect(log.attempts.map((a: { attemptNumber: number }) => a.attemptNumber)).toEqual([1, 2]);
  });

  it('retries failures on the configured schedule, with jitter, until a 2xx', async () => {
    const org = await t.createOrg();
    const endpoint = await register(org, '/flaky');
    let calls = 0;
    receiver.respond((request, res) => {
      if (request.path !== '/flaky') return res.writeHead(200).end();
      calls += 1;
      if (calls <= 2) res.writeHead(500).end('down for maintenance');
      else res.writeHead(204).end();
    });
    await t.request('POST', `/webhooks/${endpoint.id}/test`, { key: org.key });
    const delivery = await eventually(async () => {
      const page = await deliveries(org, endpoint.id);
      return page.items[0]?.status === 'delivered' ? page.items[0] : null;
    }, 90_000);
    expect(delivery.attempts.map((a: { status: string; responseStatus: number }) => [a.status, a.responseStatus])).toEqual([
      ['failed', 500],
      ['failed', 500],
      ['succeeded', 204],
    ]);
    expect(delivery.attempts[0].responseBody).toBe('down for maintenance');
    for (const [index, attempt] of delivery.attempts.slice(0, 2).entries()) {
      // The wait runs from the end of the attempt (jitter ±20%); its upper edge depends on machine
      // load, so only the lower edge is asserted here. retry-policy.test.ts checks the schedule itself.
      const waited = (Date.parse(attempt.nextRetryAt) - Date.parse(attempt.startedAt)) / 1000;
      expect(waited).toBeGreaterThanOrEqual(SCHEDULE[index]! * 0.8);
      // The next attempt did not start before its time.
      expect(Date.parse(delivery.attempts[index + 1].startedAt)).toBeGreaterThanOrEqual(Date.parse(attempt.nextRetryAt));
    }
    const ids = new Set(receiver.on('/flaky').map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    expect((await t.request('GET', `/webhooks/${endpoint.id}`, { key: org.key })).json).toMatchObject({ enabled: true, failingSince: null });
  });

  it('honours Retry-After on 429 and 503', async () => {
    const org = await t.createOrg();
    const endpoint = await register(org, '/busy');
    let calls = 0;
    receiver.respond((request, res) => {
      if (request.path !== '/busy') return res.writeHead(200).end();
      calls += 1;
      if (calls === 1) res.writeHead(429, { 'retry-after': '0' }).end();
      else if (calls === 2) res.writeHead(503, { 'retry-after': new Date(Date.now() + 10 * 3600_000).toUTCString() }).end();
      else res.writeHead(200).end();
    });
    await t.request('POST', `/webhooks/${endpoint.id}/test`, { key: org.key });
    const page = await eventually(async () => {
      const attempts = (await deliveries(org, endpoint.id)).items[0]?.attempts ?? [];
      return attempts.length >= 2 && attempts[1].status === 'failed' ? attempts : null;
    });
    const [first, second] = page;
    // At once as asked, not after the 3 s (±20 %) of the schedule.
    expect((Date.parse(first.nextRetryAt) - Date.parse(first.startedAt) - first.durationMs) / 1000).toBeLessThan(1.5);
    expect(first.responseStatus).toBe(429);
    // An HTTP-date ten hours ahead is honoured too.
    expect(Date.parse(second.nextRetryAt) - Date.parse(second.startedAt)).toBeGreaterThan(9 * 3600_000);
    expect(second.responseStatus).toBe(503);
  });

  it('does not follow redirects: a 3xx is a failed attempt', async () => {
    const org = await t.createOrg();
    const endpoint = await register(org, '/moved');
    receiver.respond((request, res) => {
      if (request.path === '/moved') res.writeHead(302, { location: receiver.url('/elsewhere') }).end();
      else res.writeHead(200).end();
    });
    await t.request('POST', `/webhooks/${endpoint.id}/test`, { key: org.key });
    const attempt = await eventually(async () => {
      const first = (await deliveries(org, endpoint.id)).items[0]?.attempts[0];
      return first && first.status !== 'sending' ? first : null;
    });
    expect(attempt).toMatchObject({ status: 'failed', responseStatus: 302 });
    const delivery = (await deliveries(org, endpoint.id)).items[0];
    expect(delivery.lastError).toMatch(/redirects are not followed/);
    expect(receiver.on('/elsewhere')).toHaveLength(0);
  });

  it('disables the endpoint at once on 410, holds new events, and resumes them when re-enabled', async () => {
    const org = await t.createOrg();
    const endpoint = await register(org, '/gone', { events: ['team.created'] });
    let gone = true;
    receiver.respond((request, res) => res.writeHead(request.path === '/gone' && gone ? 410 : 200).end());
    await createTeam(org, 'First gone');
    const disabled = await eventually(async () => {
      const current = (await t.request('GET', `/webhooks/${endpoint.id}`, { key: org.key })).json;
      return current.enabled === false ? current : null;
    });
    expect(disabled.disabledReason).toMatch(/410 Gone/);
    expect(receiver.on('/gone')).toHaveLength(1);

    await createTeam(org, 'While disabled');
    const held = await eventually(async () => {
      const page = await deliveries(org, endpoint.id);
      return page.total === 2 && page.items.every((d: { status: string }) => d.status === 'paused') ? page : null;
    });
    expect(held.items[0].attempts).toEqual([]);
    expect(receiver.on('/gone')).toHaveLength(1);

    gone = false;
    const enabled = await t.request('PATCH', `/webhooks/${endpoint.id}`, { key: org.key, body: { enabled: true } });
    expect(enabled.json).toMatchObject({ enabled: true, disabledReason: null });
    await eventually(async () => {
      const page = await deliveries(org, endpoint.id);
      return page.items.every((d: { status: string }) => d.status === 'delivered');
    });
    const names = receiver
      .on('/gone')
      .slice(1)
      .map((r) => JSON.parse(r.body).data.name)
      .sort();
    expect(names).toEqual(['First gone', 'While disabled']);
  });

  it('disables an endpoint that keeps failing for a whole retry cycle, with the reason shown', async () => {
    const org = await t.createOrg();
    const endpoint = await register(org, '/broken');
    receiver.respond((request, res) => res.writeHead(request.path === '/broken' ? 500 : 200).end());
    await t.request('POST', `/webhooks/${endpoint.id}/test`, { key: org.key });
    const disabled = await eventually(async () => {
      const current = (await t.request('GET', `/webhooks/${endpoint.id}`, { key: org.key })).json;
      return current.enabled === false ? current : null;
    }, 90_000);
    expect(disabled.disabledReason).toMatch(/^Every attempt failed since .* \(last: HTTP 500\)$/);
    const [delivery] = (await deliveries(org, endpoint.id)).items;
    expect(delivery).toMatchObject({ status: 'failed', attemptCount: SCHEDULE.length + 1, nextAttemptAt: null });
    expect(receiver.on('/broken')).toHaveLength(SCHEDULE.length + 1);
    const replay = await t.request('POST', `/webhooks/${endpoint.id}/deliveries/${delivery.id}/replay`, { key: org.key });
    expect(replay.status).toBe(409);
  });

  it('signs with both secrets during a rotation overlap, and with the new one only after it', async () => {
    const org = await t.createOrg();
    const endpoint = await register(org, '/rotated');
    const rotated = (await t.request('POST', `/webhooks/${endpoint.id}/rotate-secret`, { key: org.key, body: { overlapSeconds: 600 } })).json;
    await t.request('POST', `/webhooks/${endpoint.id}/test`, { key: org.key });
    const [during] = await eventually(() => (receiver.on('/rotated').length === 1 ? receiver.on('/rotated') : null));
    expect(String(during!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(String(during!.headers['x-signature']).split(',')).toHaveLength(2);
    for (const secret of [endpoint.secret, rotated.secret]) {
      expect(verifyStandard(secret, during!)).toMatchObject({ type: 'webhook.test' });
      expect(verifyPlain(secret, during!)).toBe(true);
    }

    const ended = (await t.request('POST', `/webhooks/${endpoint.id}/rotate-secret`, { key: org.key, body: { overlapSeconds: 0 } })).json;
    await t.request('POST', `/webhooks/${endpoint.id}/test`, { key: org.key });
    const after = (await eventually(() => (receiver.on('/rotated').length === 2 ? receiver.on('/rotated') : null)))[1]!;
    expect(String(after.headers['x-signature'])).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyStandard(ended.secret, after)).toMatchObject({ type: 'webhook.test' });
    expect(() => verifyStandard(rotated.secret, after)).toThrow();
    expect(verifyPlain(rotated.secret, after)).toBe(false);
  });
});
