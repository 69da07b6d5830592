import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../test/fresh-database';
import { createOrgWithCli, probeUntil, processApi, startServerProcess, type ServerProcess } from '../test/processes';

/**
 * A worker killed (SIGKILL) while a run waits for the platform: the run must not stay RUNNING.
 * The next start's sweep marks it FAILED `AUTOMATION_EXECUTION_STALE` once it outlived one and a half
 * times its time limit (2 s here, from config), and its fallback job, due later, finds it claimed: no second reply.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-automation-crash-'));
const database = await freshDatabaseUrl('sd_automation_crash');
const env = { DATA_DIR: dataDir, DATABASE_URL: database.url, SEED_DEMO: 'false', LOG_LEVEL: 'error', AUTOMATION_RUN_TIMEOUT_SECONDS: '2' };
const running: ServerProcess[] = [];

afterAll(async () => {
  for (const server of running) await server.stop('SIGKILL');
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a worker killed in the middle of an automation run', () => {
  it('leaves a run the next start marks STALE, and never sends its reply twice', { timeout: 300_000 }, async () => {
    const first = await startServerProcess(env);
    running.push(first);
    const org = await createOrgWithCli(env, { name: 'Crash Bakery', enable: ['dms', 'automations'] });
    const api = processApi(first.url, org.apiKey);
    const connected = await api('POST', '/sandbox/accounts', { teamId: org.teamId, type: 'INSTAGRAM', grantMessaging: true });
    expect(connected.status, JSON.stringify(connected.json)).toBe(200);
    const account = connected.json;
    const enabled = await api('POST', '/social-account/messaging/enable', { teamId: org.teamId, type: 'INSTAGRAM' });
    expect(enabled.status, JSON.stringify(enabled.json)).toBe(200);
    const definition = {
      trigger: { type: 'DM_RECEIVED', platform: 'INSTAGRAM', socialAccountId: account.id, keywords: ['price'] },
      steps: [{ id: 'answer', type: 'SEND_MESSAGE', message: { text: 'Prices: https://example.com/prices' } }],
    };
    const flow = (await api('POST', '/automations', { teamId: org.teamId, name: 'Prices', platformScope: 'INSTAGRAM', definition })).json;
    expect((await api('POST', `/automations/${flow.id}/publish`)).status).toBe(200);
    // The platform call hangs: the run is RUNNING when the worker dies.
    await api('POST', '/sandbox/faults', { type: 'INSTAGRAM', operation: 'messaging.send', kind: 'SLOW', delayMs: 30_000, count: 1 });
    void api('POST', '/sandbox/inbound/message', { socialAccountId: account.id, senderId: '960001', senderName: 'Cora Crash', text: 'price?' }).catch(
      () => null,
    );
    const runs = (call: typeof api) => call('GET', `/automations/${flow.id}/executions?teamId=${org.teamId}`).then((r) => r.json.items ?? []);
    const [started] = await probeUntil(
      () => runs(api),
      (items) => items[0]?.status === 'RUNNING' && items[0]?.currentStepId === 'answer',
      60,
    );
    expect(started).toMatchObject({ status: 'RUNNING', currentStepId: 'answer' });
    await first.stop('SIGKILL');

    const second = await startServerProcess(env);
    running.push(second);
    const again = processApi(second.url, org.apiKey);
    // The sweep runs at start and every minute; the run is stale once 3 s (1.5 × 2 s) have passed.
    const [stale] = await probeUntil(
      () => runs(again).catch(() => []),
      (items) => items[0] !== undefined && items[0].status !== 'RUNNING',
      150,
    );
    expect(stale, second.output()).toMatchObject({ id: started.id, status: 'FAILED', error: { code: 'AUTOMATION_EXECUTION_STALE' } });
    // Past the in-process fallback's due time: the job found the run taken and did nothing.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const thread = (await again('GET', `/conversations/${stale.conversationId}/messages?limit=20`)).json.items as { direction: string }[];
    expect(thread.filter((message) => message.direction === 'OUTBOUND').length).toBeLessThanOrEqual(1);
    expect((await runs(again)).length).toBe(1);
    expect(await second.stop('SIGTERM')).toBe(0);
  });
});
