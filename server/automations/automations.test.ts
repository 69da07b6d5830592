import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { automationExecutions } from '../db/schema/automations';
import { createTestApp } from '../test/test-app';
import { automationsOrg, dmDefinition } from './automations-test-kit';

const t = await createTestApp();

describe('automation flows: switch, create, read, list', { timeout: 120_000 }, () => {
  it('answers 404 "Not found" on every automations route while the organization is not enabled, whatever the body', async () => {
    const { key, teamId } = await t.createOrg('PRO', ['dms']);
    for (const [method, path, body] of [
      ['GET', `/automations?teamId=${teamId}`],
      ['GET', '/automations'],
      ['POST', '/automations', { teamId, name: 'x', platformScope: 'INSTAGRAM' }],
      ['POST', '/automations', { nonsense: true }],
      ['POST', '/automations/copy', { sourceTeamId: teamId, targetTeamId: 'other' }],
      ['GET', '/automations/abc'],
      ['PATCH', '/automations/abc', { name: 'y' }],
      ['DELETE', '/automations/abc'],
      ['POST', '/automations/abc/publish'],
      ['POST', '/automations/abc/pause'],
      ['POST', '/automations/abc/activate'],
      ['POST', '/automations/abc/archive'],
    ] as const) {
      const response = await t.request(method, path, { key, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.json.message, `${method} ${path}`).toBe('Not found');
    }
  });

  it('creates a draft that never runs, with step ids and trigger defaults filled in', async () => {
    const org = await automationsOrg(t);
    const definition = dmDefinition(org.instagram.id, {
      steps: [
        { type: 'CONDITION', conditions: [{ field: 'TEXT', operator: 'CONTAINS', value: 'price' }] },
        { type: 'SEND_MESSAGE', message: { text: 'Prices!' } },
        { id: 'send_message_3', type: 'ARCHIVE_CONVERSATION' },
        { type: 'SEND_MESSAGE', message: { text: 'One more' } },
      ],
    });
    const created = await org.create({ definition });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ teamId: org.teamId, name: 'Price questions', status: 'DRAFT', platformScope: 'INSTAGRAM', publishedVersion: null });
    expect(created.json.draftVersion).toMatchObject({ version: 1, status: 'DRAFT', publishedAt: null });
    const stored = created.json.draftVersion.definition;
    expect(stored.trigger).toEqual({
      type: 'DM_RECEIVED',
      platform: 'INSTAGRAM',
      socialAccountId: org.instagram.id,
      keywords: ['price'],
      matchMode: 'ANY',
      caseSensitive: false,
      senderExternalIds: [],
      actionDelaySeconds: 0,
    });
    // Generated from type and position; one that would collide with a given id gets a suffix.
    expect(stored.steps.map((step: { id: string }) => step.id)).toEqual(['condition_1', 'send_message_2', 'send_message_3', 'send_message_4']);

    const read = await org.get(created.json.id);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(created.json);

    const bare = await org.create({ definition: undefined, name: 'Later' });
    expect(bare.status, bare.text).toBe(201);
    expect(bare.json).toMatchObject({ status: 'DRAFT', draftVersion: null, publishedVersion: null });
  });

  it('lists newest first with filters, archived included, deleted left out, by offset or cursor', async () => {
    const org = await automationsOrg(t);
    const ids: string[] = [];
    for (const name of ['one', 'two', 'three', 'four', 'five']) ids.push((await org.create({ name })).json.id);
    const facebookFlow = await org.create({
      name: 'fb',
      platformScope: 'FACEBOOK',
      definition: dmDefinition(org.facebook.id, { trigger: { platform: 'FACEBOOK' } }),
    });
    expect(facebookFlow.status, facebookFlow.text).toBe(201);
    expect((await org.publish(ids[0]!)).status).toBe(200);
    expect((await org.act(ids[1]!, 'archive')).status).toBe(200);
    expect((await org.call('DELETE', `/automations/${ids[2]}`)).status).toBe(204);

    const all = await org.list('&limit=100');
    expect(all.status).toBe(200);
    expect(all.json.total).toBe(5);
    expect(all.json.items.map((flow: { name: string }) => flow.name)).toEqual(['fb', 'five', 'four', 'two', 'one']);
    expect(all.json.nextCursor).toBeNull();

    expect((await org.list('&status=ARCHIVED')).json.items.map((flow: { name: string }) => flow.name)).toEqual(['two']);
    expect((await org.list('&status=ACTIVE')).json.items.map((flow: { name: string }) => flow.name)).toEqual(['one']);
    expect((await org.list('&platformScope=FACEBOOK')).json.items.map((flow: { name: string }) => flow.name)).toEqual(['fb']);
    // Listening on an account means the published version does: drafts do not count.
    expect((await org.list(`&socialAccountId=${org.instagram.id}`)).json.items.map((flow: { name: string }) => flow.name)).toEqual(['one']);
    expect((await org.list(`&socialAccountId=${org.facebook.id}`)).json.total).toBe(0);

    const page1 = await org.list('&limit=2');
    expect(page1.json.items.map((flow: { name: string }) => flow.name)).toEqual(['fb', 'five']);
    const page2 = await org.list(`&limit=2&cursor=${page1.json.nextCursor}`);
    expect(page2.json.items.map((flow: { name: string }) => flow.name)).toEqual(['four', 'two']);
    const page3 = await org.list(`&limit=2&cursor=${page2.json.nextCursor}`);
    expect(page3.json.items.map((flow: { name: string }) => flow.name)).toEqual(['one']);
    expect(page3.json.nextCursor).toBeNull();
    expect((await org.list('&limit=2&offset=2')).json.items.map((flow: { name: string }) => flow.name)).toEqual(['four', 'two']);

    expect((await org.list(`&cursor=${page1.json.nextCursor}&offset=2`)).status).toBe(400);
    expect((await org.list('&cursor=garbage')).status).toBe(400);
    expect((await org.list('&limit=501')).status).toBe(400);
    expect((await org.call('GET', '/automations')).status).toBe(400);
    expect((await org.call('GET', '/automations?teamId=nope')).status).toBe(404);
  });

  it("answers 404 for another organization's flows and teams", async () => {
    const mine = await automationsOrg(t);
    const theirs = await automationsOrg(t);
    const flow = (await theirs.create()).json;
    expect((await mine.get(flow.id)).status).toBe(404);
    expect((await mine.patch(flow.id, { name: 'mine now' })).status).toBe(404);
    expect((await mine.call('GET', `/automations?teamId=${theirs.teamId}`)).status).toBe(404);
    // Their account is not in my team: the second stage says so.
    const foreignAccount = await mine.create({ definition: dmDefinition(theirs.instagram.id) });
    expect(foreignAccount.status).toBe(400);
    expect(foreignAccount.json.message).toBe(`trigger.socialAccountId: social account ${theirs.instagram.id} was not found in this team`);
    expect((await theirs.get(flow.id)).json.name).toBe('Price questions');
  });
});

describe('versions', { timeout: 120_000 }, () => {
  it('publishes new, higher versions; PATCH overwrites the draft in place while the live version keeps running', async () => {
    const org = await automationsOrg(t);
    const flow = (await org.create()).json;
    const draftId = flow.draftVersion.id;

    const first = await org.publish(flow.id);
    expect(first.status, first.text).toBe(200);
    expect(first.json.status).toBe('ACTIVE');
    expect(first.json.publishedVersion).toMatchObject({ version: 2, status: 'PUBLISHED', definition: flow.draftVersion.definition });
    expect(first.json.publishedVersion.publishedAt).toEqual(expect.any(String));
    // The draft stays after publishing.
    expect(first.json.draftVersion).toMatchObject({ id: draftId, version: 1, status: 'DRAFT' });

    const edited = await org.patch(flow.id, { definition: dmDefinition(org.instagram.id, { trigger: { keywords: ['cost'] } }), name: 'Cost questions' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ name: 'Cost questions', status: 'ACTIVE' });
    expect(edited.json.draftVersion).toMatchObject({ id: draftId, version: 1 });
    expect(edited.json.draftVersion.definition.trigger.keywords).toEqual(['cost']);
    expect(edited.json.publishedVersion).toEqual(first.json.publishedVersion);

    const second = await org.publish(flow.id);
    expect(second.json.publishedVersion.version).toBe(3);
    expect(second.json.publishedVersion.definition.trigger.keywords).toEqual(['cost']);

    // A body definition goes live as is and leaves the draft alone.
    const fromBody = await org.publish(flow.id, { definition: dmDefinition(org.instagram.id, { trigger: { keywords: ['shipping'] } }) });
    expect(fromBody.status, fromBody.text).toBe(200);
    expect(fromBody.json.publishedVersion).toMatchObject({ version: 4 });
    expect(fromBody.json.publishedVersion.definition.trigger.keywords).toEqual(['shipping']);
    expect(fromBody.json.draftVersion.definition.trigger.keywords).toEqual(['cost']);
    expect(fromBody.json.draftVersion.version).toBe(1);

    // Renaming alone keeps the draft.
    const renamed = await org.patch(flow.id, { name: 'Shipping' });
    expect(renamed.json.draftVersion).toEqual(fromBody.json.draftVersion);
  });

  it('refuses to publish with neither a draft nor a body definition', async () => {
    const org = await automationsOrg(t);
    const flow = (await org.create({ definition: undefined })).json;
    const refused = await org.publish(flow.id);
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/no draft/);
    const withBody = await org.publish(flow.id, { definition: dmDefinition(org.instagram.id) });
    expect(withBody.status, withBody.text).toBe(200);
    expect(withBody.json).toMatchObject({ status: 'ACTIVE', draftVersion: null, publishedVersion: { version: 1 } });
    // A first draft after publishing takes the next number.
    const drafted = await org.patch(flow.id, { definition: dmDefinition(org.instagram.id) });
    expect(drafted.json.draftVersion.version).toBe(2);
  });

  it('checks a scope change against the trigger when no definition comes with it', async () => {
    const org = await automationsOrg(t);
    const flow = (await org.create()).json;
    const tiktok = await org.patch(flow.id, { platformScope: 'TIKTOK' });
    expect(tiktok.status).toBe(400);
    expect(tiktok.json.message).toBe("platformScope: TIKTOK does not fit the flow's INSTAGRAM trigger");
    const both = await org.patch(flow.id, { platformScope: 'BOTH' });
    expect(both.status, both.text).toBe(200);
    expect(both.json.platformScope).toBe('BOTH');
  });
});

describe('the flow state table', { timeout: 120_000 }, () => {
  it('moves DRAFT → ACTIVE → PAUSED → ACTIVE → ARCHIVED → ACTIVE, refusing what the table does not allow', async () => {
    const org = await automationsOrg(t);
    const flow = (await org.create()).json;

    const neverPublished = await org.act(flow.id, 'activate');
    expect(neverPublished.status).toBe(400);
    expect(neverPublished.json.message).toMatch(/never been published/);
    expect((await org.act(flow.id, 'pause')).status).toBe(400);

    expect((await org.publish(flow.id)).json.status).toBe('ACTIVE');
    expect((await org.act(flow.id, 'activate')).json.status).toBe('ACTIVE');
    expect((await org.act(flow.id, 'pause')).json.status).toBe('PAUSED');
    expect((await org.act(flow.id, 'pause')).json.status).toBe('PAUSED');
    // PATCH with a definition on a paused flow saves the draft and keeps the state.
    expect((await org.patch(flow.id, { definition: dmDefinition(org.instagram.id) })).json.status).toBe('PAUSED');
    expect((await org.act(flow.id, 'activate')).json.status).toBe('ACTIVE');
    expect((await org.act(flow.id, 'archive')).json.status).toBe('ARCHIVED');
    expect((await org.act(flow.id, 'pause')).status).toBe(400);
    expect((await org.act(flow.id, 'activate')).json.status).toBe('ACTIVE');
    expect((await org.act(flow.id, 'archive')).json.status).toBe('ARCHIVED');
    const republished = await org.publish(flow.id);
    expect(republished.json).toMatchObject({ status: 'ACTIVE', publishedVersion: { version: 3 } });
  });

  it('archives a never-published draft, which then cannot be activated, only published', async () => {
    const org = await automationsOrg(t);
    const flow = (await org.create()).json;
    expect((await org.act(flow.id, 'archive')).json.status).toBe('ARCHIVED');
    expect((await org.act(flow.id, 'activate')).status).toBe(400);
    expect((await org.publish(flow.id)).json.status).toBe('ACTIVE');
  });

  it('cancels waiting runs on pause, archive and delete; deleted flows answer 404 everywhere', async () => {
    const org = await automationsOrg(t);
    const flows = await Promise.all([1, 2, 3].map(async () => (await org.publish((await org.create()).json.id)).json));
    const waiting = async (
      flow: { id: string; teamId: string; publishedVersion: { id: string } },
      triggerId: string,
      status: 'QUEUED' | 'RUNNING' = 'QUEUED',
    ) => {
      const now = new Date();
      const [row] = await t.services.db
        .insert(automationExecutions)
        .values({
          organizationId: org.organizationId,
          teamId: flow.teamId,
          flowId: flow.id,
          flowVersionId: flow.publishedVersion.id,
          triggerId,
          platform: 'INSTAGRAM',
          status,
          input: { type: 'DM_RECEIVED', platform: 'INSTAGRAM' },
          receivedAt: now,
          scheduledAt: new Date(now.getTime() + 60_000),
        })
        .returning();
      return row!.id;
    };
    const statusOf = async (id: string) => (await t.services.db.select().from(automationExecutions).where(eq(automationExecutions.id, id)))[0]!.status;

    const queued = await Promise.all(flows.map((flow, index) => waiting(flow, `event-${index}`)));
    const running = await waiting(flows[0]!, 'event-running', 'RUNNING');
    expect((await org.act(flows[0]!.id, 'pause')).status).toBe(200);
    expect((await org.act(flows[1]!.id, 'archive')).status).toBe(200);
    const deleted = await org.call('DELETE', `/automations/${flows[2]!.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect(await Promise.all(queued.map(statusOf))).toEqual(['CANCELED', 'CANCELED', 'CANCELED']);
    // A run already under way is the executor's to finish.
    expect(await statusOf(running)).toBe('RUNNING');

    const gone = flows[2]!.id;
    const otherTeamId = (await org.call('POST', '/team', { name: 'Copy target' })).json.id as string;
    for (const [method, path, body] of [
      ['GET', `/automations/${gone}`],
      ['PATCH', `/automations/${gone}`, { name: 'back' }],
      ['DELETE', `/automations/${gone}`],
      ['POST', `/automations/${gone}/publish`],
      ['POST', `/automations/${gone}/pause`],
      ['POST', `/automations/${gone}/activate`],
      ['POST', `/automations/${gone}/archive`],
      ['POST', '/automations/copy', { sourceTeamId: org.teamId, targetTeamId: otherTeamId, flowId: gone }],
    ] as const) {
      const response = await org.call(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
  });
});

describe('copying flows between teams', { timeout: 120_000 }, () => {
  it('copies every flow of a team, archived included, as drafts without account, post or senders', async () => {
    const org = await automationsOrg(t);
    const target = await org.call('POST', '/team', { name: 'Second brand' });
    expect(target.status, target.text).toBe(200);
    const targetTeamId = target.json.id as string;

    const live = (await org.create({ name: 'Live', definition: dmDefinition(org.instagram.id, { trigger: { senderExternalIds: ['123'], keywords: ['hi'] } }) }))
      .json;
    await org.publish(live.id);
    await org.patch(live.id, { definition: dmDefinition(org.instagram.id, { trigger: { senderExternalIds: ['123'], keywords: ['draft words'] } }) });
    const archived = (await org.create({ name: 'Old' })).json;
    await org.act(archived.id, 'archive');
    const publishedOnly = (await org.create({ name: 'Published only', definition: undefined })).json;
    await org.publish(publishedOnly.id, { definition: dmDefinition(org.instagram.id, { trigger: { keywords: ['live words'] } }) });
    await org.create({ name: 'Empty', definition: undefined });
    const gone = (await org.create({ name: 'Deleted' })).json;
    await org.call('DELETE', `/automations/${gone.id}`);

    const copied = await org.call('POST', '/automations/copy', { sourceTeamId: org.teamId, targetTeamId });
    expect(copied.status, copied.text).toBe(201);
    expect(copied.json.total).toBe(4);
    expect(copied.json.items.map((flow: { name: string }) => flow.name)).toEqual(['Empty', 'Published only', 'Old', 'Live']);
    for (const flow of copied.json.items) expect(flow).toMatchObject({ teamId: targetTeamId, status: 'DRAFT', publishedVersion: null });
    const [empty, publishedCopy, old, liveCopy] = copied.json.items;
    expect(empty.draftVersion).toBeNull();
    // The draft is copied when there is one, else the published version.
    expect(liveCopy.draftVersion.definition.trigger).toMatchObject({ keywords: ['draft words'], socialAccountId: null, postId: null, senderExternalIds: [] });
    expect(publishedCopy.draftVersion.definition.trigger).toMatchObject({ keywords: ['live words'], socialAccountId: null });
    expect(old.draftVersion.version).toBe(1);

    const listed = await org.call('GET', `/automations?teamId=${targetTeamId}`);
    expect(listed.json.items.map((flow: { name: string }) => flow.name)).toEqual(['Empty', 'Published only', 'Old', 'Live']);

    // A copy must be pointed at the target team's account before it publishes.
    const refused = await org.publish(liveCopy.id);
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe('trigger.socialAccountId: required: the account the flow listens on');
  });

  it('copies one flow; source and target must differ; the flow must be the source team’s', async () => {
    const org = await automationsOrg(t);
    const targetTeamId = (await org.call('POST', '/team', { name: 'Other' })).json.id as string;
    const flow = (await org.create()).json;
    await org.create({ name: 'Not copied' });

    const one = await org.call('POST', '/automations/copy', { sourceTeamId: org.teamId, targetTeamId, flowId: flow.id });
    expect(one.status, one.text).toBe(201);
    expect(one.json).toMatchObject({ total: 1, items: [{ name: 'Price questions', teamId: targetTeamId }] });

    const same = await org.call('POST', '/automations/copy', { sourceTeamId: org.teamId, targetTeamId: org.teamId });
    expect(same.status).toBe(400);
    expect(same.json.issues).toEqual([expect.objectContaining({ path: ['targetTeamId'], message: 'The source and target teams must differ' })]);

    const wrongSource = await org.call('POST', '/automations/copy', { sourceTeamId: targetTeamId, targetTeamId: org.teamId, flowId: flow.id });
    expect(wrongSource.status).toBe(404);
    const unknownTeam = await org.call('POST', '/automations/copy', { sourceTeamId: org.teamId, targetTeamId: 'nope' });
    expect(unknownTeam.status).toBe(404);
  });
});
