import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publishedPost, waitFor } from '../comments/comments-test-kit';
import { commentJobs } from '../comments/comments.jobs';
import { automationExecutions } from '../db/schema/automations';
import { outboxEvents } from '../db/schema/events';
import { dispatchInboundEventJob } from '../ingest/ingest.jobs';
import { setFeature } from '../organizations/organizations.service';
import type { PostPlatform } from '../platforms/platform-types';
import { postJobs } from '../posts/posts.jobs';
import { connectAccount, uploadMedia } from '../posts/posts-test-kit';
import { createTestApp } from '../test/test-app';
import { automationsOrg, dmDefinition, recordRun, type RecordedFlow } from './automations-test-kit';
import { runAutomationExecutionJob } from './executor/executor.jobs';
import { purgeOldExecutions, sweepExecutions } from './executor/sweeps';

const t = await createTestApp({ work: true, workOnly: [dispatchInboundEventJob, runAutomationExecutionJob, ...postJobs, ...commentJobs] });

type Execution = {
  id: string;
  status: string;
  triggerId: string;
  conversationId: string | null;
  output: { completedAtStepId?: string; skippedAtStepId?: string } | null;
  error: { code: string | null; message: string } | null;
  input: Record<string, unknown>;
  startedAt: string | null;
  createdAt: string;
  steps: { stepId: string; status: string; attemptCount: number; output: Record<string, unknown> | null; error: unknown }[];
};

const FINAL = ['COMPLETED', 'SKIPPED', 'FAILED', 'CANCELED'];

async function executorOrg(plan: 'FREE' | 'PRO' | 'BUSINESS' = 'PRO') {
  const org = await automationsOrg(t, plan);
  for (const type of ['INSTAGRAM', 'FACEBOOK']) {
    const enabled = await t.request('POST', '/social-account/messaging/enable', { key: org.key, body: { teamId: org.teamId, type } });
    expect(enabled.status, enabled.text).toBe(200);
  }
  /** A published, active flow. */
  const flow = async (definition: unknown, platformScope = 'INSTAGRAM') => {
    const created = await org.create({ definition, platformScope });
    expect(created.status, created.text).toBe(201);
    const published = await org.publish(created.json.id);
    expect(published.status, published.text).toBe(200);
    return published.json as RecordedFlow;
  };
  const runs = async (flowId: string) =>
    ((await org.call('GET', `/automations/${flowId}/executions?teamId=${org.teamId}&limit=100`)).json.items ?? []) as Execution[];
  /** Waits until the flow has `count` runs, all finished. */
  const settled = (flowId: string, count = 1) =>
    waitFor(
      () => runs(flowId),
      (items) => items.length >= count && items.every((run) => FINAL.includes(run.status)),
      60,
    );
  const emit = async (path: string, body: Record<string, unknown>, account = org.instagram.id) => {
    const response = await t.request('POST', `/sandbox/inbound/${path}`, { key: org.key, body: { socialAccountId: account, ...body } });
    expect(response.status, response.text).toBe(200);
    return response.json.items[0] as { id: string; payload: Record<string, unknown> };
  };
  const processed = (eventId: string, account = org.instagram.id) =>
    waitFor(
      () => t.request('GET', `/sandbox/inbound-events?socialAccountId=${account}&limit=100`, { key: org.key }),
      (response) => response.json.items.some((item: { id: string; status: string }) => item.id === eventId && item.status === 'PROCESSED'),
      60,
    );
  const thread = async (conversationId: string) =>
    (await org.call('GET', `/conversations/${conversationId}/messages?limit=100`)).json.items as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  return { ...org, flow, runs, settled, emit, processed, thread };
}

describe('automation executor', { timeout: 240_000 }, () => {
  it('answers a matching DM with an ordinary message, records the run and its steps, and ignores DMs that do not match', async () => {
    const org = await executorOrg();
    const flow = await org.flow(
      dmDefinition(org.instagram.id, {
        steps: [
          { id: 'answer', type: 'SEND_MESSAGE', message: { text: 'Prices: https://example.com/prices' } },
          { id: 'done', type: 'ARCHIVE_CONVERSATION' },
        ],
      }),
    );
    const ignored = await org.emit('message', { text: 'hello there', senderId: 'person-0', senderName: 'Quiet Person' });
    await org.processed(ignored.id);
    const event = await org.emit('message', { text: 'What is the PRICE?', senderId: 'person-1', senderName: 'Ana Silva' });

    const [run] = await org.settled(flow.id);
    expect((await org.runs(flow.id)).length).toBe(1);
    expect(run).toMatchObject({ status: 'COMPLETED', triggerId: event.id, error: null, output: { completedAtStepId: 'done' } });
    expect(run!.input).toMatchObject({ type: 'DM_RECEIVED', platform: 'INSTAGRAM', text: 'What is the PRICE?' });
    expect(run!.steps.map((step) => [step.stepId, step.status, step.attemptCount])).toEqual([
      ['answer', 'COMPLETED', 1],
      ['done', 'COMPLETED', 1],
    ]);
    const messages = await org.thread(run!.conversationId!);
    const reply = messages.find((message) => message.direction === 'OUTBOUND');
    expect(reply).toMatchObject({ text: 'Prices: https://example.com/prices', status: 'SENT', source: 'API' });
    expect(run!.steps[0]!.output).toMatchObject({ messageId: reply!.id });
    // The automated answer is announced like any message sent through the service.
    const announced = await t.services.db
      .select({ data: outboxEvents.data })
      .from(outboxEvents)
      .where(and(eq(outboxEvents.organizationId, org.organizationId), eq(outboxEvents.type, 'conversation.message.created')));
    const ofReply = announced.map((row) => row.data as { conversationId: string; message: { id: string } }).filter((data) => data.message.id === reply!.id);
    expect(ofReply).toEqual([
      {
        conversationId: run!.conversationId,
        message: expect.objectContaining({ id: reply!.id, direction: 'OUTBOUND', status: 'SENT', text: 'Prices: https://example.com/prices' }),
      },
    ]);
    const conversation = await org.call('GET', `/conversations/${run!.conversationId}`);
    expect(conversation.json.status).toBe('ARCHIVED');
  });

  it('keeps running the published version after a PATCH of the live flow, and records that version on the run', async () => {
    const org = await executorOrg();
    const flow = await org.flow(dmDefinition(org.instagram.id, { steps: [{ id: 'answer', type: 'SEND_MESSAGE', message: { text: 'Live answer' } }] }));
    const patched = await org.patch(flow.id, {
      definition: dmDefinition(org.instagram.id, {
        trigger: { keywords: ['cost'] },
        steps: [{ id: 'answer', type: 'SEND_MESSAGE', message: { text: 'Draft answer' } }],
      }),
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json).toMatchObject({ status: 'ACTIVE', publishedVersion: { id: flow.publishedVersion.id } });
    expect(patched.json.draftVersion.id).not.toBe(flow.publishedVersion.id);

    // The draft's keyword starts nothing; the live one does, with the live answer.
    const draftOnly = await org.emit('message', { text: 'what does it cost', senderId: 'live-1', senderName: 'Dra Ft' });
    await org.processed(draftOnly.id);
    await org.emit('message', { text: 'price?', senderId: 'live-2', senderName: 'Li Ve' });
    const runs = await org.settled(flow.id);
    expect(runs.length).toBe(1);
    expect(runs[0]).toMatchObject({ status: 'COMPLETED', flowVersionId: flow.publishedVersion.id });
    const answers = (await org.thread(runs[0]!.conversationId!)).filter((message) => message.direction === 'OUTBOUND');
    expect(answers.map((message) => message.text)).toEqual(['Live answer']);
  });

  it('stops at a condition that does not hold (SKIPPED, not counted) and brakes a second DM within 60 seconds', async () => {
    const org = await executorOrg();
    const flow = await org.flow(
      dmDefinition(org.instagram.id, {
        trigger: { keywords: [] },
        steps: [
          {
            id: 'only_vip',
            type: 'CONDITION',
            conditions: [
              { field: 'TEXT', operator: 'CONTAINS', value: 'vip' },
              { field: 'PLATFORM', operator: 'MATCHES_ANY', value: 'facebook, instagram' },
            ],
          },
          { id: 'answer', type: 'SEND_MESSAGE', message: { text: 'Welcome, VIP' } },
        ],
      }),
    );
    await org.emit('message', { text: 'just browsing', senderId: 'person-2', senderName: 'Bo' });
    const [stopped] = await org.settled(flow.id);
    expect(stopped).toMatchObject({ status: 'SKIPPED', error: null, output: { skippedAtStepId: 'only_vip' } });
    expect(stopped!.steps.map((step) => step.status)).toEqual(['COMPLETED', 'SKIPPED']);

    // A condition stop is not an automated answer: the same person is answered right after.
    await org.emit('message', { text: 'I am a VIP', senderId: 'person-2', senderName: 'Bo' });
    const runs = await org.settled(flow.id, 2);
    expect(runs[0]).toMatchObject({ status: 'COMPLETED', output: { completedAtStepId: 'answer' } });

    await org.emit('message', { text: 'VIP again', senderId: 'person-2', senderName: 'Bo' });
    const braked = await org.settled(flow.id, 3);
    expect(braked[0]).toMatchObject({ status: 'SKIPPED', error: { code: 'AUTOMATION_CONVERSATION_COOLDOWN' } });
    expect(braked[0]!.steps).toEqual([]);
    // Someone else is not braked.
    await org.emit('message', { text: 'VIP here', senderId: 'person-3', senderName: 'Cy' });
    expect((await org.settled(flow.id, 4))[0]).toMatchObject({ status: 'COMPLETED' });
  });

  it('matches keywords as specified: phrases with extra spaces, emoji anywhere, whole words, ALL, and case when asked', async () => {
    const org = await executorOrg();
    const flows = {
      phrase: await org.flow(dmDefinition(org.instagram.id, { trigger: { keywords: ['free shipping'] } })),
      emoji: await org.flow(dmDefinition(org.instagram.id, { trigger: { keywords: ['🔥'] } })),
      all: await org.flow(dmDefinition(org.instagram.id, { trigger: { keywords: ['price', 'size'], matchMode: 'ALL' } })),
      cased: await org.flow(dmDefinition(org.instagram.id, { trigger: { keywords: ['VIP'], caseSensitive: true } })),
    };
    const cases: [string, (keyof typeof flows)[]][] = [
      ['Is there   FREE \t shipping?', ['phrase']],
      ['shipping is free?', []],
      ['love this🔥🔥', ['emoji']],
      ['what PRICE for this size', ['all']],
      ['price?', []],
      ['priceless size', []],
      ['vip here', []],
      ['VIP: free shipping, price and size 🔥', ['phrase', 'emoji', 'all', 'cased']],
    ];
    const events: string[] = [];
    for (const [index, [text]] of cases.entries())
      events.push((await org.emit('message', { text, senderId: `kw-${index}`, senderName: `Key Word ${index}` })).id);
    for (const event of events) await org.processed(event);
    const ran = new Map<string, string[]>();
    for (const [name, flow] of Object.entries(flows)) {
      const expected = cases.filter(([, names]) => names.includes(name as keyof typeof flows)).length;
      for (const run of await org.settled(flow.id, expected)) ran.set(run.triggerId, [...(ran.get(run.triggerId) ?? []), name].sort());
    }
    expect(cases.map(([text], index) => [text, ran.get(events[index]!) ?? []])).toEqual(cases.map(([text, names]) => [text, [...names].sort()]));
  });

  it('runs QUICK_REPLY_CLICKED flows for a tap first, DM flows only when none matched, and BUTTON_CLICKED flows for buttons', async () => {
    const org = await executorOrg();
    const tapFlow = await org.flow({
      trigger: { type: 'QUICK_REPLY_CLICKED', platform: 'INSTAGRAM', socialAccountId: org.instagram.id, payloads: ['SIZE_S'] },
      steps: [{ id: 'size', type: 'SEND_MESSAGE', message: { text: 'Small it is' } }],
    });
    const dmFlow = await org.flow(dmDefinition(org.instagram.id, { trigger: { keywords: ['small', 'large'] } }));
    const buttonFlow = await org.flow({
      trigger: { type: 'BUTTON_CLICKED', platform: 'INSTAGRAM', socialAccountId: org.instagram.id },
      steps: [{ id: 'button', type: 'SEND_MESSAGE', message: { text: 'Menu opened' } }],
    });
    await org.emit('message', { text: 'hi', senderId: 'tapper', senderName: 'Tap Per' }); // opens the 24-hour window
    await org.emit('postback', { kind: 'QUICK_REPLY', payload: 'SIZE_S', title: 'Small', senderId: 'tapper', senderName: 'Tap Per' });
    const [tap] = await org.settled(tapFlow.id);
    expect(tap).toMatchObject({ status: 'COMPLETED', input: { type: 'QUICK_REPLY_CLICKED', payload: 'SIZE_S' } });

    const other = await org.emit('postback', { kind: 'QUICK_REPLY', payload: 'SIZE_L', title: 'Large', senderId: 'tapper', senderName: 'Tap Per' });
    const [dm] = await org.settled(dmFlow.id);
    expect(dm).toMatchObject({ status: 'COMPLETED', triggerId: other.id, input: { type: 'DM_RECEIVED', text: 'Large' } });
    expect((await org.runs(tapFlow.id)).length).toBe(1);
    expect((await org.runs(dmFlow.id)).length).toBe(1); // the first tap was not seen by the DM flow

    await org.emit('postback', { kind: 'BUTTON', payload: 'MENU', title: 'Menu', senderId: 'tapper', senderName: 'Tap Per' });
    const [button] = await org.settled(buttonFlow.id);
    expect(button).toMatchObject({ status: 'COMPLETED', input: { type: 'BUTTON_CLICKED', payload: 'MENU' } });
  });

  it('lets a quick-reply tap that falls back to a DM flow skip the loop brake, and does not count it as a DM answer', async () => {
    const org = await executorOrg();
    const tapFlow = await org.flow({
      trigger: { type: 'QUICK_REPLY_CLICKED', platform: 'INSTAGRAM', socialAccountId: org.instagram.id, payloads: ['SIZE_S'] },
      steps: [{ id: 'size', type: 'SEND_MESSAGE', message: { text: 'Small it is' } }],
    });
    const dmFlow = await org.flow(dmDefinition(org.instagram.id, { trigger: { keywords: ['price'] } }));
    const tap = () =>
      org.emit('postback', { kind: 'QUICK_REPLY', payload: 'PRICE_LIST', title: 'Price list', senderId: 'brake-tapper', senderName: 'Tap Brake' });
    const dm = () => org.emit('message', { text: 'price?', senderId: 'brake-tapper', senderName: 'Tap Brake' });

    // No QUICK_REPLY_CLICKED flow takes the PRICE_LIST payload: the DM flow sees the tap by its label.
    const first = await tap();
    const [tapped] = await org.settled(dmFlow.id);
    expect(tapped).toMatchObject({
      status: 'COMPLETED',
      triggerId: first.id,
      input: { type: 'DM_RECEIVED', tap: true, payload: 'PRICE_LIST', text: 'Price list' },
    });
    // The tap's answer is no DM answer for the brake: a DM right after is answered…
    const written = await dm();
    expect((await org.settled(dmFlow.id, 2))[0]).toMatchObject({ status: 'COMPLETED', triggerId: written.id, input: { type: 'DM_RECEIVED', tap: false } });
    // …and a tap within 60 s of that DM answer skips the brake.
    const second = await tap();
    expect((await org.settled(dmFlow.id, 3))[0]).toMatchObject({ status: 'COMPLETED', triggerId: second.id, error: null });
    // DMs themselves are still braked.
    await dm();
    expect((await org.settled(dmFlow.id, 4))[0]).toMatchObject({ status: 'SKIPPED', error: { code: 'AUTOMATION_CONVERSATION_COOLDOWN' } });
    expect(await org.runs(tapFlow.id)).toEqual([]);
  });

  it('starts BUTTON_CLICKED flows from taps on synced ice breakers, menu items and Get Started; the sandbox refuses what the page does not show', async () => {
    const org = await executorOrg();
    const tapsOn = async (account: string, platform: string, payloads: string[]) =>
      org.flow(
        {
          trigger: { type: 'BUTTON_CLICKED', platform, socialAccountId: account, payloads },
          steps: [{ id: 'answer', type: 'SEND_MESSAGE', message: { text: `Tapped on ${platform}` } }],
        },
        platform,
      );
    const instagramFlow = await tapsOn(org.instagram.id, 'INSTAGRAM', ['HOURS']);
    const facebookFlow = await tapsOn(org.facebook.id, 'FACEBOOK', ['HUMAN', 'GET_STARTED']);
    const tap = (account: string, body: Record<string, unknown>) =>
      t.request('POST', '/sandbox/inbound/postback', { key: org.key, body: { socialAccountId: account, ...body } });

    // Nothing synced yet: the page shows no ice breaker to tap.
    const unsynced = await tap(org.instagram.id, { kind: 'ICE_BREAKER', payload: 'HOURS', senderId: 'ice-1' });
    expect(unsynced.status, unsynced.text).toBe(400);
    expect(unsynced.json.message).toMatch(/shows no ice breaker with payload "HOURS"/);
    const saveAndSync = async (account: string, type: string, platform: string, config: unknown, status?: 'DISABLED') => {
      const saved = await org.call('PUT', `/automation-provider-settings/${account}/${type}`, { teamId: org.teamId, platform, config, status });
      expect(saved.status, saved.text).toBe(200);
      expect((await org.call('POST', `/automation-provider-settings/${saved.json.id}/sync`)).status).toBe(200);
    };
    const menu = { items: [{ type: 'POSTBACK', title: 'Talk to us', payload: 'HUMAN' }] };
    await saveAndSync(org.instagram.id, 'INSTAGRAM_ICE_BREAKERS', 'INSTAGRAM', {
      iceBreakers: [{ question: 'What are your opening hours?', payload: 'HOURS' }],
    });
    await saveAndSync(org.facebook.id, 'FACEBOOK_PERSISTENT_MENU', 'FACEBOOK', menu);

    for (const [account, body] of [
      [org.instagram.id, { kind: 'ICE_BREAKER', payload: 'NOT_OFFERED' }],
      [org.facebook.id, { kind: 'MENU_ITEM', payload: 'NOT_OFFERED' }],
      [org.facebook.id, { kind: 'GET_STARTED', payload: 'HELLO' }], // the page's Get Started payload is GET_STARTED
      [org.facebook.id, { kind: 'ICE_BREAKER', payload: 'HOURS' }], // Facebook pages have no ice breakers
    ] as const) {
      const refused = await tap(account, { ...body, senderId: 'nobody' });
      expect(refused.status, `${body.kind} ${body.payload}: ${refused.text}`).toBe(400);
    }
    expect((await tap(org.instagram.id, { kind: 'BUTTON', payload: 'HOURS' })).status).toBe(400); // a message's button names its title

    const ice = (await tap(org.instagram.id, { kind: 'ICE_BREAKER', payload: 'HOURS', senderId: 'ice-1', senderName: 'Ice Breaker' })).json.items[0];
    const [fromIce] = await org.settled(instagramFlow.id);
    expect(fromIce).toMatchObject({
      status: 'COMPLETED',
      triggerId: ice.id,
      input: { type: 'BUTTON_CLICKED', payload: 'HOURS', text: 'What are your opening hours?' },
    });
    const menuTap = (await tap(org.facebook.id, { kind: 'MENU_ITEM', payload: 'HUMAN', senderId: 'fb-1', senderName: 'Menu Tapper' })).json.items[0];
    const started = (await tap(org.facebook.id, { kind: 'GET_STARTED', payload: 'GET_STARTED', senderId: 'fb-2', senderName: 'New Person' })).json.items[0];
    const facebookRuns = await org.settled(facebookFlow.id, 2);
    expect(facebookRuns.find((run) => run.triggerId === menuTap.id)).toMatchObject({
      status: 'COMPLETED',
      input: { type: 'BUTTON_CLICKED', payload: 'HUMAN', text: 'Talk to us' },
    });
    expect(facebookRuns.find((run) => run.triggerId === started.id)).toMatchObject({
      status: 'COMPLETED',
      input: { type: 'BUTTON_CLICKED', payload: 'GET_STARTED', text: 'Get Started' },
    });
    const answers = (await org.thread(facebookRuns.find((run) => run.triggerId === started.id)!.conversationId!)).filter(
      (message) => message.direction === 'OUTBOUND',
    );
    expect(answers.map((message) => message.text)).toEqual(['Tapped on FACEBOOK']);

    // Removing the menu takes its Get Started button away too.
    await saveAndSync(org.facebook.id, 'FACEBOOK_PERSISTENT_MENU', 'FACEBOOK', menu, 'DISABLED');
    expect((await tap(org.facebook.id, { kind: 'GET_STARTED', payload: 'GET_STARTED', senderId: 'fb-3' })).status).toBe(400);
  });

  it('waits the trigger delay counted from the event, and records runs SKIPPED while automations are off or the budget is gone', async () => {
    const org = await executorOrg();
    const flow = await org.flow(dmDefinition(org.instagram.id, { trigger: { actionDelaySeconds: 2 } }));
    await org.emit('message', { text: 'price please', senderId: 'late-1', senderName: 'Del Ay' });
    const queued = await waitFor(
      () => org.runs(flow.id),
      (items) => items.length === 1,
      30,
    );
    expect(queued[0]!.status).toBe('QUEUED');
    const [run] = await org.settled(flow.id);
    expect(run!.status, JSON.stringify(run)).toBe('COMPLETED');
    const [row] = await t.services.db.select().from(automationExecutions).where(eq(automationExecutions.id, run!.id));
    expect(row!.scheduledAt.getTime() - row!.receivedAt.getTime()).toBe(2000);
    expect(row!.startedAt!.getTime()).toBeGreaterThanOrEqual(row!.scheduledAt.getTime());

    await setFeature(t.services.db, org.organizationId, 'automations', false);
    const off = await org.emit('message', { text: 'price?', senderId: 'late-2', senderName: 'Off Line' });
    await org.processed(off.id);
    const [skipped] = await t.services.db.select().from(automationExecutions).where(eq(automationExecutions.triggerId, off.id));
    expect(skipped).toMatchObject({ status: 'SKIPPED', error: { code: 'AUTOMATIONS_DISABLED' } });
    await setFeature(t.services.db, org.organizationId, 'automations', true);

    // PRO: 200 runs per account and month; the two above counted (COMPLETED), the skipped one did not.
    const fill = Array.from({ length: 199 }, (_, index) => ({
      ...row!,
      id: undefined,
      triggerId: `filler-${index}`,
      status: 'FAILED' as const,
      createdAt: new Date(),
    }));
    await t.services.db.insert(automationExecutions).values(fill.map(({ id: _id, ...values }) => values));
    await org.emit('message', { text: 'price?', senderId: 'late-3', senderName: 'Over Budget' });
    const over = await waitFor(
      () => org.runs(flow.id),
      (items) => items.some((item) => item.status === 'SKIPPED' && item.error?.code === 'AUTOMATION_MONTHLY_LIMIT_REACHED'),
      30,
    );
    expect(over.some((item) => item.error?.code === 'AUTOMATION_MONTHLY_LIMIT_REACHED')).toBe(true);
  });

  it('cancels a waiting run when its flow is paused, and the paused flow starts no runs', async () => {
    const org = await executorOrg();
    const flow = await org.flow(dmDefinition(org.instagram.id, { trigger: { actionDelaySeconds: 3 } }));
    await org.emit('message', { text: 'price', senderId: 'wait-1', senderName: 'Wai Ting' });
    await waitFor(
      () => org.runs(flow.id),
      (items) => items.length === 1,
      30,
    );
    expect((await org.act(flow.id, 'pause')).status).toBe(200);
    const later = await org.emit('message', { text: 'price', senderId: 'wait-2', senderName: 'Pau Sed' });
    await org.processed(later.id);
    await new Promise((resolve) => setTimeout(resolve, 4000)); // past the delay: the job finds the run canceled
    const runs = await org.runs(flow.id);
    expect(runs.map((run) => run.status)).toEqual(['CANCELED']);
    expect(runs[0]!.startedAt).toBeNull();
  });

  it('answers a comment on the flow’s post with a private reply, a public reply and a like (Facebook)', async () => {
    const org = await executorOrg();
    const post = await publishedPost(t, org.key, org.teamId, { FACEBOOK: { text: 'Fresh bread today' } });
    const flow = await org.flow(
      {
        trigger: { type: 'COMMENT_CREATED', platform: 'FACEBOOK', socialAccountId: org.facebook.id, postId: post.id, keywords: ['price'] },
        steps: [
          { id: 'dm', type: 'SEND_PRIVATE_REPLY', message: { text: 'Sent you the prices' } },
          { id: 'public', type: 'SEND_PUBLIC_COMMENT_REPLY', text: 'Check your inbox!' },
          { id: 'like', type: 'LIKE_COMMENT' },
        ],
      },
      'FACEBOOK',
    );
    await org.emit('comment', { text: 'no keyword here', authorName: 'Nobody' }, org.facebook.id);
    await org.emit('comment', { text: 'What is the price?', authorName: 'Lina Park' }, org.facebook.id);
    const [run] = await org.settled(flow.id);
    expect((await org.runs(flow.id)).length).toBe(1);
    expect(run, JSON.stringify(run)).toMatchObject({
      status: 'COMPLETED',
      output: { completedAtStepId: 'like' },
      input: { type: 'COMMENT_CREATED', postId: post.id },
    });
    const messages = await org.thread(run!.conversationId!);
    expect(messages.find((message) => message.source === 'PRIVATE_REPLY')).toMatchObject({ text: 'Sent you the prices', status: 'SENT' });
    const comment = await org.call('GET', `/comment/${run!.steps[1]!.output!.commentId}`);
    expect(comment.json.text ?? comment.json.title).toContain('Check your inbox!');
  });

  it('brakes a TikTok commenter like a DM sender: one answered comment per person per 60 s, others unaffected', async () => {
    const org = await executorOrg();
    const tiktok = await connectAccount(t, org.key, org.teamId, 'TIKTOK');
    const video = await uploadMedia(t, org.key, 'vertical-3s.mp4');
    const post = await publishedPost(t, org.key, org.teamId, { TIKTOK: { type: 'VIDEO', uploadIds: [video.id], privacy: 'PUBLIC_TO_EVERYONE' } });
    const flow = await org.flow(
      {
        trigger: { type: 'COMMENT_CREATED', platform: 'TIKTOK', socialAccountId: tiktok.id, postId: post.id, keywords: ['love'] },
        steps: [{ id: 'like', type: 'LIKE_COMMENT' }],
      },
      'TIKTOK',
    );
    await org.emit('comment', { text: 'I love it', authorName: 'Tia Commenter', authorId: 'tia-1' }, tiktok.id);
    const [first] = await org.settled(flow.id);
    expect(first, JSON.stringify(first)).toMatchObject({ status: 'COMPLETED', input: { type: 'COMMENT_CREATED' } });
    await org.emit('comment', { text: 'love it even more', authorName: 'Tia Commenter', authorId: 'tia-1' }, tiktok.id);
    const braked = await org.settled(flow.id, 2);
    expect(braked[0]).toMatchObject({ status: 'SKIPPED', error: { code: 'AUTOMATION_COMMENTER_COOLDOWN' } });
    await org.emit('comment', { text: 'love this', authorName: 'Other Person', authorId: 'other-2' }, tiktok.id);
    const third = await org.settled(flow.id, 3);
    expect(third[0]).toMatchObject({ status: 'COMPLETED' });
  });

  it('brakes a DM sender and a TikTok commenter after six answers within the hour (older answers do not count)', async () => {
    const org = await executorOrg();
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    /** Earlier answered events of one person, at these ages: counted runs as the executor records them. */
    const answered = async (
      flow: RecordedFlow,
      run: { socialAccountId: string; platform: PostPlatform; type: string; senderExternalId: string },
      ages: number[],
    ) => {
      for (const age of ages) {
        await recordRun(t, org.organizationId, flow, {
          socialAccountId: run.socialAccountId,
          platform: run.platform,
          senderExternalId: run.senderExternalId,
          createdAt: minutesAgo(age),
          input: { type: run.type, platform: run.platform },
        });
      }
    };
    const dmFlow = await org.flow(dmDefinition(org.instagram.id));
    const dmRun = { socialAccountId: org.instagram.id, platform: 'INSTAGRAM' as const, type: 'DM_RECEIVED' };
    await answered(dmFlow, { ...dmRun, senderExternalId: 'hourly-5' }, [2, 10, 20, 30, 50, 61]); // five within the hour
    await answered(dmFlow, { ...dmRun, senderExternalId: 'hourly-6' }, [2, 10, 20, 30, 40, 50]);
    const sixth = await org.emit('message', { text: 'price?', senderId: 'hourly-5', senderName: 'Five Times' });
    const seventh = await org.emit('message', { text: 'price?', senderId: 'hourly-6', senderName: 'Six Times' });
    const dmRuns = await waitFor(
      () => org.runs(dmFlow.id),
      (items) => [sixth, seventh].every((event) => items.some((run) => run.triggerId === event.id && FINAL.includes(run.status))),
      60,
    );
    expect(dmRuns.find((run) => run.triggerId === sixth.id)).toMatchObject({ status: 'COMPLETED', error: null });
    expect(dmRuns.find((run) => run.triggerId === seventh.id)).toMatchObject({
      status: 'SKIPPED',
      error: { code: 'AUTOMATION_CONVERSATION_HOURLY_LIMIT' },
      steps: [],
    });

    const tiktok = await connectAccount(t, org.key, org.teamId, 'TIKTOK');
    const video = await uploadMedia(t, org.key, 'vertical-3s.mp4');
    const post = await publishedPost(t, org.key, org.teamId, { TIKTOK: { type: 'VIDEO', uploadIds: [video.id], privacy: 'PUBLIC_TO_EVERYONE' } });
    const commentFlow = await org.flow(
      {
        trigger: { type: 'COMMENT_CREATED', platform: 'TIKTOK', socialAccountId: tiktok.id, postId: post.id, keywords: ['love'] },
        steps: [{ id: 'like', type: 'LIKE_COMMENT' }],
      },
      'TIKTOK',
    );
    await answered(commentFlow, { socialAccountId: tiktok.id, platform: 'TIKTOK', type: 'COMMENT_CREATED', senderExternalId: 'fan-6' }, [2, 5, 15, 25, 35, 45]);
    const comment = await org.emit('comment', { text: 'love it', authorName: 'Big Fan', authorId: 'fan-6' }, tiktok.id);
    const commentRuns = await waitFor(
      () => org.runs(commentFlow.id),
      (items) => items.some((run) => run.triggerId === comment.id && FINAL.includes(run.status)),
      60,
    );
    expect(commentRuns.find((run) => run.triggerId === comment.id)).toMatchObject({
      status: 'SKIPPED',
      error: { code: 'AUTOMATION_COMMENTER_HOURLY_LIMIT' },
      steps: [],
    });
  });

  it('fails a QUEUED run as AUTOMATION_EXECUTION_EXPIRED when its job comes over an hour past its scheduled time, running no step', async () => {
    const org = await executorOrg();
    const flow = await org.flow(dmDefinition(org.instagram.id));
    await org.emit('message', { text: 'price', senderId: 'exp-1', senderName: 'Ex Pired' });
    const [answered] = await org.settled(flow.id);
    const [template] = await t.services.db.select().from(automationExecutions).where(eq(automationExecutions.id, answered!.id));
    const { id: _id, ...base } = template!;
    // A run whose job only now gets its turn (a long outage of the workers), 61 minutes late.
    const scheduledAt = new Date(Date.now() - 61 * 60_000);
    const [late] = await t.services.db
      .insert(automationExecutions)
      .values({
        ...base,
        triggerId: 'late-job',
        status: 'QUEUED',
        error: null,
        output: null,
        currentStepId: null,
        receivedAt: scheduledAt,
        scheduledAt,
        startedAt: null,
        completedAt: null,
      })
      .returning();
    await t.services.jobs.send(runAutomationExecutionJob, { executionId: late!.id });
    const expired = await waitFor(
      () => org.call('GET', `/automation-executions/${late!.id}`),
      (response) => FINAL.includes(response.json.status),
      60,
    );
    expect(expired.json).toMatchObject({ status: 'FAILED', error: { code: 'AUTOMATION_EXECUTION_EXPIRED' }, steps: [] });
    expect(expired.json.completedAt).toEqual(expect.any(String));
    // Nothing was sent for it: the thread holds the one answer of the first run.
    const answers = (await org.thread(answered!.conversationId!)).filter((message) => message.direction === 'OUTBOUND');
    expect(answers).toHaveLength(1);
  });

  it('fails a run at the failing step, expires and marks stale runs nobody finishes, and purges runs after 30 days', async () => {
    const org = await executorOrg();
    const flow = await org.flow(dmDefinition(org.instagram.id));
    const fault = await t.request('POST', '/sandbox/faults', {
      key: org.key,
      body: {
        type: 'INSTAGRAM',
        socialAccountId: org.instagram.id,
        operation: 'messaging.send',
        kind: 'PERMANENT',
        count: 1,
        message: 'Recipient blocked the page',
      },
    });
    expect(fault.status, fault.text).toBe(200);
    await org.emit('message', { text: 'price', senderId: 'fail-1', senderName: 'Fay L' });
    const [failed] = await org.settled(flow.id);
    expect(failed).toMatchObject({ status: 'FAILED' });
    expect(failed!.steps[0]).toMatchObject({ stepId: 'answer', status: 'FAILED', attemptCount: 1 });
    expect(failed!.error!.message).toMatch(/Recipient blocked the page/);

    const [template] = await t.services.db.select().from(automationExecutions).where(eq(automationExecutions.id, failed!.id));
    const { id: _id, ...base } = template!;
    const longAgo = new Date(Date.now() - 2 * 3600_000);
    await t.services.db.insert(automationExecutions).values([
      { ...base, triggerId: 'lost-job', status: 'QUEUED', error: null, scheduledAt: longAgo, completedAt: null },
      { ...base, triggerId: 'dead-worker', status: 'RUNNING', error: null, startedAt: new Date(Date.now() - 5 * 60_000), completedAt: null },
      { ...base, triggerId: 'old', createdAt: new Date(Date.now() - 31 * 24 * 3600_000) },
    ]);
    await sweepExecutions(t.services.db, new Date(), 60_000);
    const rows = await t.services.db.select().from(automationExecutions).where(eq(automationExecutions.flowId, flow.id));
    const byTrigger = new Map(rows.map((row) => [row.triggerId, row]));
    expect(byTrigger.get('lost-job')).toMatchObject({ status: 'FAILED', error: { code: 'AUTOMATION_EXECUTION_EXPIRED' } });
    expect(byTrigger.get('dead-worker')).toMatchObject({ status: 'FAILED', error: { code: 'AUTOMATION_EXECUTION_STALE' } });

    expect(await purgeOldExecutions(t.services.db, { now: new Date(), organizationId: org.organizationId })).toBe(1);
    const left = await t.services.db.select().from(automationExecutions).where(eq(automationExecutions.flowId, flow.id));
    expect(left.map((row) => row.triggerId).sort()).toEqual(['dead-worker', 'lost-job', failed!.triggerId].sort());
  });
});
