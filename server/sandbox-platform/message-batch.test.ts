import { describe, expect, it } from 'vitest';
import { waitFor } from '../comments/comments-test-kit';
import { inboxOrg } from '../inbox/inbox-test-kit';
import { dispatchInboundEventJob } from '../ingest/ingest.jobs';
import { createTestApp } from '../test/test-app';

const t = await createTestApp({ work: true, workOnly: [dispatchInboundEventJob] });

describe('sandbox: many people write at once', { timeout: 120_000 }, () => {
  it('sends one webhook with every message; each person gets their conversation through the ingest path', async () => {
    const org = await inboxOrg(t, 'FACEBOOK');
    const messages = ['Ana', 'Bo', 'Cy'].map((name, i) => ({ senderId: `batch-${i}`, senderName: name, text: `Hi from ${name}` }));
    const sent = await t.request('POST', '/sandbox/inbound/messages', { key: org.key, body: { socialAccountId: org.account.id, messages } });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json.total).toBe(3);
    const list = await waitFor(
      () => org.conversations(),
      (response) => response.json.items.length === 3,
      60,
    );
    expect(list.json.items.map((c: { participantDisplayName: string }) => c.participantDisplayName).sort()).toEqual(['Ana', 'Bo', 'Cy']);
  });

  it('refuses an empty batch, more than 500, and messages without text', async () => {
    const org = await inboxOrg(t, 'INSTAGRAM');
    const send = (messages: unknown) => t.request('POST', '/sandbox/inbound/messages', { key: org.key, body: { socialAccountId: org.account.id, messages } });
    expect((await send([])).status).toBe(400);
    expect((await send(Array.from({ length: 501 }, () => ({ text: 'hi' })))).status).toBe(400);
    expect((await send([{ senderName: 'Dee' }])).status).toBe(400);
  });
});
