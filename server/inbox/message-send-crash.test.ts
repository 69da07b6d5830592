import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../test/fresh-database';
import { createOrgWithCli, probeUntil, processApi, startServerProcess, type ProcessApi, type ServerProcess } from '../test/processes';

/**
 * The server dies while DM sends wait for the platform: one after the platform took the message
 * (its answer never came back), one before the platform got it. The next start resolves both
 * through the send's intent key instead of leaving them PENDING forever.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-dm-crash-'));
const database = await freshDatabaseUrl('sd_dm_crash');
const env = { DATA_DIR: dataDir, DATABASE_URL: database.url, SEED_DEMO: 'false', LOG_LEVEL: 'error' };
const running: ServerProcess[] = [];

afterAll(async () => {
  for (const server of running) await server.stop('SIGKILL');
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An organization (one per send: one delayed platform call per organization sleeps at a time) with a conversation to answer. */
async function inbox(url: string, name: string, personId: string) {
  const org = await createOrgWithCli(env, { name, enable: ['dms'] });
  const api = processApi(url, org.apiKey);
  const account = (await api('POST', '/sandbox/accounts', { teamId: org.teamId, type: 'INSTAGRAM', grantMessaging: true })).json;
  expect((await api('POST', '/social-account/messaging/enable', { teamId: org.teamId, type: 'INSTAGRAM' })).status).toBe(200);
  await api('POST', '/sandbox/inbound/message', { socialAccountId: account.id, senderId: personId, senderName: name, text: 'Hello?' });
  const listed = await probeUntil(
    () => api('GET', `/conversations?teamId=${org.teamId}`),
    (r) => r.json.total === 1,
    30,
  );
  return { ...org, accountId: account.id as string, conversationId: listed.json.items[0].id as string };
}

const lastMessage = async (api: ProcessApi, conversationId: string) =>
  (await api('GET', `/conversations/${conversationId}/messages?limit=10`)).json.items.at(-1);

describe('a server killed between recording a DM send and recording its outcome', () => {
  it('adopts the message the platform has and fails the one it never got, on the next start', { timeout: 240_000 }, async () => {
    const first = await startServerProcess(env);
    running.push(first);
    const reached = await inbox(first.url, 'Reached Bakery', '950001');
    const lost = await inbox(first.url, 'Lost Bakery', '950002');
    const reachedApi = processApi(first.url, reached.apiKey);
    const lostApi = processApi(first.url, lost.apiKey);

    // The platform takes this message, then its answer hangs: that is when the server dies.
    await reachedApi('POST', '/sandbox/faults', { type: 'INSTAGRAM', operation: 'messaging.send.response', kind: 'SLOW', delayMs: 30_000, count: 1 });
    void reachedApi('POST', `/conversations/${reached.conversationId}/messages`, { content: { text: 'We open at nine' } }).catch(() => null);
    // This one hangs before the platform has it.
    await lostApi('POST', '/sandbox/faults', { type: 'INSTAGRAM', operation: 'messaging.send', kind: 'SLOW', delayMs: 30_000, count: 1 });
    void lostApi('POST', `/conversations/${lost.conversationId}/messages`, { content: { text: 'We open at ten' } }).catch(() => null);

    // The platform already reported the first one delivered; our side still has both PENDING.
    const receipt = await probeUntil(
      () => reachedApi('GET', `/sandbox/inbound-events?socialAccountId=${reached.accountId}&limit=20`),
      (r) => r.json.items.some((event: { kind: string; status: string }) => event.kind === 'message.delivered' && event.status === 'PROCESSED'),
      30,
    );
    expect(receipt.json.items.some((event: { kind: string }) => event.kind === 'message.delivered')).toBe(true);
    expect(
      (
        await probeUntil(
          () => lastMessage(lostApi, lost.conversationId),
          (m) => m?.text === 'We open at ten',
          15,
        )
      ).status,
    ).toBe('PENDING');
    expect((await lastMessage(reachedApi, reached.conversationId)).status).toBe('PENDING');
    await first.stop('SIGKILL');

    const second = await startServerProcess({ ...env, MESSAGE_RECONCILE_AFTER_SECONDS: '1' });
    running.push(second);
    const adopted = await probeUntil(
      () => lastMessage(processApi(second.url, reached.apiKey), reached.conversationId),
      (m) => m.status !== 'PENDING',
      90,
    );
    // Adopted with the platform's id; the receipt that came while it was PENDING applies too.
    expect(adopted).toMatchObject({ text: 'We open at nine', status: 'DELIVERED', externalMessageId: expect.stringMatching(/^m_/) });
    const failed = await probeUntil(
      () => lastMessage(processApi(second.url, lost.apiKey), lost.conversationId),
      (m) => m.status !== 'PENDING',
      90,
    );
    expect(failed).toMatchObject({
      text: 'We open at ten',
      status: 'FAILED',
      externalMessageId: null,
      error: expect.stringMatching(/platform has no message for it/),
    });
    expect(await second.stop('SIGTERM')).toBe(0);
  });
});
