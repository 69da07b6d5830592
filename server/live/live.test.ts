import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { readServerSentEvents } from '../test/sse-reader';

const t = await createTestApp();
const open: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of open) await close();
});

/** Opens the stream in-process and reads it message by message. */
async function connect(path: string, headers: Record<string, string>) {
  const response = await t.app.request(`/api/v1${path}`, { headers });
  expect(response.body).not.toBeNull();
  const stream = readServerSentEvents(response);
  open.push(stream.close);
  return { response, next: stream.next, nextOf: stream.nextOf };
}

async function login(organizationId: string) {
  const { email, password } = await t.createLogin(organizationId);
  const response = await t.app.request('/api/v1/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  return { cookie };
}

describe('live events (SSE)', () => {
  it('streams team.created to a dashboard session after POST /team, scoped to its organization', async () => {
    const org = await t.createOrg();
    const other = await t.createOrg();
    const { cookie } = await login(org.organizationId);
    const stream = await connect('/events/stream', { cookie });
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await stream.next()).toMatchObject({ event: 'ready' });

    await t.request('POST', '/team', { key: other.key, body: { name: 'Not yours' } });
    const created = await t.request('POST', '/team', { key: org.key, body: { name: 'Live team' } });
    const message = await stream.nextOf('team.created');
    expect(message).not.toBeNull();
    const envelope = JSON.parse(message!.data!);
    expect(envelope).toMatchObject({ type: 'team.created', data: { id: created.json.id, name: 'Live team' } });
    expect(message!.id).toBe(envelope.id);
    expect(Object.keys(envelope).sort()).toEqual(['createdAt', 'data', 'id', 'type']);

    // The other organization's event never showed: the next one is ours again.
    await t.request('PATCH', `/team/${created.json.id}`, { key: org.key, body: { name: 'Live team 2' } });
    const updated = await stream.next();
    expect(updated).toMatchObject({ event: 'team.updated' });
    expect(JSON.parse(updated!.data!).data.name).toBe('Live team 2');
  });

  it('filters by team, refuses a team of another organization, and needs credentials', async () => {
    const org = await t.createOrg();
    const other = await t.createOrg();
    const stream = await connect(`/events/stream?teamId=${org.teamId}`, { 'x-api-key': org.key });
    expect(await stream.next()).toMatchObject({ event: 'ready' });
    const second = await t.request('POST', '/team', { key: org.key, body: { name: 'Elsewhere' } });
    await t.request('PATCH', `/team/${org.teamId}`, { key: org.key, body: { name: 'Filtered' } });
    const message = await stream.next();
    expect(message).toMatchObject({ event: 'team.updated' });
    expect(JSON.parse(message!.data!).data.id).toBe(org.teamId);
    expect(second.status).toBe(200);

    const foreign = await t.app.request(`/api/v1/events/stream?teamId=${other.teamId}`, { headers: { 'x-api-key': org.key } });
    expect(foreign.status).toBe(404);
    expect((await t.app.request('/api/v1/events/stream')).status).toBe(401);
  });

  it('replays events missed since Last-Event-ID on reconnect', async () => {
    const org = await t.createOrg();
    const first = await connect('/events/stream', { 'x-api-key': org.key });
    await first.next();
    await t.request('POST', '/team', { key: org.key, body: { name: 'Seen team' } });
    // The organization's own first team can announce itself after the stream opened: take the
    // event of the team this test made, not whichever team.created arrives first.
    let seen = await first.nextOf('team.created');
    while (seen && JSON.parse(seen.data!).data.name !== 'Seen team') seen = await first.nextOf('team.created');
    await t.request('POST', '/team', { key: org.key, body: { name: 'Missed one' } });
    await t.request('POST', '/team', { key: org.key, body: { name: 'Missed two' } });

    const again = await connect('/events/stream', { 'x-api-key': org.key, 'last-event-id': seen!.id! });
    expect(await again.next()).toMatchObject({ event: 'ready' });
    const names = [await again.next(), await again.next()].map((m) => JSON.parse(m!.data!).data.name);
    expect(names).toEqual(['Missed one', 'Missed two']);
  });
  it("resumes a first connection from the session's eventCursor and says whether it caught up", async () => {
    const org = await t.createOrg();
    const { cookie } = await login(org.organizationId);
    const session = await t.request('GET', '/auth/session', { headers: { cookie } });
    expect(session.status).toBe(200);
    const cursor: string = session.json.eventCursor;
    expect(cursor).toMatch(/\S/);
    // Committed after the page read its data and before its stream opened: replayed, not lost.
    await t.request('POST', '/team', { key: org.key, body: { name: 'Between load and stream' } });

    const resumed = await connect(`/events/stream?after=${encodeURIComponent(cursor)}`, { cookie });
    const ready = await resumed.next();
    expect(ready).toMatchObject({ event: 'ready' });
    expect(JSON.parse(ready!.data!)).toMatchObject({ caughtUp: true });
    const replayed = await resumed.next();
    expect(replayed).toMatchObject({ event: 'team.created' });
    expect(JSON.parse(replayed!.data!).data.name).toBe('Between load and stream');

    // No cursor, or one the server does not know (pruned, another organization's): refetch.
    for (const path of ['/events/stream', '/events/stream?after=evt_unknown']) {
      const stream = await connect(path, { cookie });
      expect(JSON.parse((await stream.next())!.data!)).toMatchObject({ caughtUp: false });
    }
    const other = await t.createOrg();
    const foreign = await connect(`/events/stream?after=${encodeURIComponent(cursor)}`, { 'x-api-key': other.key });
    expect(JSON.parse((await foreign.next())!.data!)).toMatchObject({ caughtUp: false });
    expect((await t.app.request(`/api/v1/events/stream?after=`, { headers: { cookie } })).status).toBe(400);
  });
});
