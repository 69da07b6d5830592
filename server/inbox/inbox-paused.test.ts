import { describe, expect, it } from 'vitest';
import { dispatchInboundEventJob } from '../ingest/ingest.jobs';
import { createTestApp } from '../test/test-app';
import { inboxOrg } from './inbox-test-kit';

// The operator paused sending: outbound calls answer 503, reading and incoming DMs go on.
const t = await createTestApp({ work: true, workOnly: [dispatchInboundEventJob], env: { MESSAGING_SENDING_PAUSED: 'true' } });

describe('sending paused on the service side', { timeout: 120_000 }, () => {
  it('answers 503 to sends and reactions, and still stores and reads incoming DMs', async () => {
    const org = await inboxOrg(t);
    const { id } = await org.dm({ text: 'Anyone?', senderId: '850001', senderName: 'Paused Person' });
    const [inbound] = (await org.thread(id)).items;
    const sent = await t.request('POST', `/conversations/${id}/messages`, { key: org.key, body: { content: { text: 'Hello' } } });
    expect(sent.status).toBe(503);
    expect(sent.json).toEqual({ statusCode: 503, message: 'Sending is paused on the service side: retry in a few minutes' });
    expect((await t.request('POST', `/conversations/${id}/messages/${inbound.id}/reaction`, { key: org.key, body: { action: 'REACT' } })).status).toBe(503);
    expect((await org.thread(id)).total).toBe(1);
    expect((await t.request('POST', `/conversations/${id}/read`, { key: org.key })).json.unreadCount).toBe(0);
  });
});
