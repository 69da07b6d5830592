import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { automationsOrg, dmDefinition } from './automations-test-kit';

const t = await createTestApp();

type Org = Awaited<ReturnType<typeof automationsOrg>>;
const saveDraft = (org: Org, id: string, definition: unknown) => org.call('PUT', `/automations/${id}/draft`, { definition });

/** A DM flow with no account yet and an answer still empty: what a person has halfway through. */
const unfinished = () => ({
  trigger: { type: 'DM_RECEIVED', platform: 'INSTAGRAM', socialAccountId: null, keywords: ['price'] },
  steps: [{ id: 'answer', type: 'SEND_MESSAGE', message: { text: '' } }],
});

describe('drafts are saved whatever their problems; publishing requires a valid flow', { timeout: 120_000 }, () => {
  it('keeps the spec’s PATCH: an incomplete definition is still refused there', async () => {
    const org = await automationsOrg(t);
    const flow = (await org.create()).json;
    const empty = await org.patch(flow.id, { definition: dmDefinition(org.instagram.id, { steps: [{ type: 'SEND_MESSAGE', message: { text: '' } }] }) });
    expect(empty.status).toBe(400);
    expect(empty.json.issues.map((issue: { path: unknown[] }) => issue.path.join('.'))).toContain('definition.steps.0.message.text');
    const noAccount = await org.patch(flow.id, { definition: unfinished() });
    expect(noAccount.status).toBe(400);
  });

  it('saves an incomplete draft with its problems, reads it back, refuses to publish it, and publishes it once fixed', async () => {
    const org = await automationsOrg(t);
    const flow = (await org.create({ definition: undefined })).json;

    const saved = await saveDraft(org, flow.id, unfinished());
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.publishable).toBe(false);
    expect(saved.json.issues).toContainEqual(expect.objectContaining({ code: 'too_small', path: ['definition', 'steps', 0, 'message', 'text'] }));
    expect(saved.json.problems).toEqual([{ where: 'trigger.socialAccountId', message: 'required: the account the flow listens on' }]);
    expect(saved.json.flow).toMatchObject({ id: flow.id, status: 'DRAFT', publishedVersion: null, draftVersion: { version: 1, status: 'DRAFT' } });

    const read = await org.get(flow.id);
    expect(read.json.draftVersion.definition.steps).toEqual([{ id: 'answer', type: 'SEND_MESSAGE', message: { text: '' } }]);
    expect(read.json.draftVersion.definition.trigger).toMatchObject({ socialAccountId: null, keywords: ['price'] });

    // Publishing checks the draft in full: the shape first, with paths into the stored draft.
    const refused = await org.publish(flow.id);
    expect(refused.status).toBe(400);
    expect(refused.json.issues.map((issue: { path: unknown[] }) => issue.path.join('.'))).toContain('draftVersion.definition.steps.0.message.text');
    // Once the shape is right, the other problems refuse it: one message joining them.
    const halfFixed = await saveDraft(org, flow.id, { ...unfinished(), steps: [{ id: 'answer', type: 'SEND_MESSAGE', message: { text: 'Prices!' } }] });
    expect(halfFixed.json).toMatchObject({ publishable: false, issues: [] });
    const stillRefused = await org.publish(flow.id);
    expect(stillRefused.status).toBe(400);
    expect(stillRefused.json.message).toBe('trigger.socialAccountId: required: the account the flow listens on');
    expect((await org.get(flow.id)).json).toMatchObject({ status: 'DRAFT', publishedVersion: null });

    const fixed = await saveDraft(
      org,
      flow.id,
      dmDefinition(org.instagram.id, { steps: [{ id: 'answer', type: 'SEND_MESSAGE', message: { text: 'Prices!' } }] }),
    );
    expect(fixed.json).toMatchObject({ publishable: true, issues: [], problems: [], flow: { draftVersion: { version: 1 } } });
    const published = await org.publish(flow.id);
    expect(published.status, published.text).toBe(200);
    expect(published.json).toMatchObject({
      status: 'ACTIVE',
      publishedVersion: { version: 2, definition: { steps: [{ id: 'answer', message: { text: 'Prices!' } }] } },
    });
  });

  it('lists the problems only the database can tell, and stores an account that is not the team’s without failing', async () => {
    const org = await automationsOrg(t);
    const other = await automationsOrg(t);
    const flow = (await org.create()).json;
    for (const [socialAccountId, message] of [
      [other.instagram.id, `social account ${other.instagram.id} was not found in this team`],
      ['acc_that_never_was', 'social account acc_that_never_was was not found in this team'],
      [org.facebook.id, `social account ${org.facebook.id} is on FACEBOOK, not INSTAGRAM`],
    ]) {
      const saved = await saveDraft(org, flow.id, dmDefinition(socialAccountId!));
      expect(saved.status, saved.text).toBe(200);
      expect(saved.json.problems).toEqual([{ where: 'trigger.socialAccountId', message }]);
      expect(saved.json.flow.draftVersion.definition.trigger.socialAccountId).toBe(socialAccountId);
    }
    // Steps that do not fit the trigger, and a flow whose steps do not act, are saved and named.
    const misfit = await saveDraft(org, flow.id, {
      trigger: { type: 'DM_RECEIVED', platform: 'INSTAGRAM', socialAccountId: org.instagram.id },
      steps: [{ id: 'reply', type: 'SEND_PUBLIC_COMMENT_REPLY', text: 'Thanks!' }],
    });
    expect(misfit.json.problems).toEqual([{ where: 'steps.reply', message: 'SEND_PUBLIC_COMMENT_REPLY needs a COMMENT_CREATED trigger' }]);
    const onlyConditions = await saveDraft(org, flow.id, {
      trigger: { type: 'DM_RECEIVED', platform: 'INSTAGRAM', socialAccountId: org.instagram.id },
      steps: [],
    });
    expect(onlyConditions.json.problems).toEqual([{ where: 'steps', message: 'A flow needs at least one step that acts (not only conditions)' }]);
  });

  it('still refuses what is not a flow’s structure: unknown step types and fields, a missing message, too many steps', async () => {
    const org = await automationsOrg(t);
    const flow = (await org.create()).json;
    const cases: [unknown, string][] = [
      [dmDefinition(org.instagram.id, { steps: [{ type: 'SEND_EMAIL' }] }), 'definition.steps.0.type'],
      [dmDefinition(org.instagram.id, { steps: [{ type: 'SEND_MESSAGE' }] }), 'definition.steps.0.message'],
      [dmDefinition(org.instagram.id, { steps: [{ type: 'LIKE_COMMENT', colour: 'red' }] }), 'definition.steps.0'],
      [dmDefinition(org.instagram.id, { trigger: { type: 'POST_LIKED' } }), 'definition.trigger.type'],
      [dmDefinition(org.instagram.id, { steps: Array.from({ length: 101 }, () => ({ type: 'ARCHIVE_CONVERSATION' })) }), 'definition.steps'],
      [dmDefinition(org.instagram.id, { steps: [{ type: 'SEND_MESSAGE', message: { text: 'x'.repeat(10_001) } }] }), 'definition.steps.0.message.text'],
    ];
    for (const [definition, path] of cases) {
      const answer = await saveDraft(org, flow.id, definition);
      expect(answer.status, path).toBe(400);
      expect(
        answer.json.issues.map((issue: { path: unknown[] }) => issue.path.join('.')),
        path,
      ).toContain(path);
    }
    expect((await org.call('PUT', `/automations/${flow.id}/draft`, {})).status).toBe(400);
    // The draft is unchanged by the refusals.
    expect((await org.get(flow.id)).json.draftVersion.definition.steps).toEqual([
      { id: 'answer', type: 'SEND_MESSAGE', message: { text: 'Prices: https://example.com/prices' } },
    ]);
  });

  it('leaves the live version running while an unfinished draft is parked, and a test run refuses that draft with a 400', async () => {
    const org = await automationsOrg(t);
    const flow = (await org.create()).json;
    const live = (await org.publish(flow.id)).json.publishedVersion;
    expect((await saveDraft(org, flow.id, unfinished())).status).toBe(200);
    const read = (await org.get(flow.id)).json;
    expect(read).toMatchObject({ status: 'ACTIVE', publishedVersion: { id: live.id, version: live.version } });
    expect(read.draftVersion.definition.steps[0].message.text).toBe('');
    const tested = await org.call('POST', `/automations/${flow.id}/test`, { input: { conversationId: 'conv_x' } });
    expect(tested.status).toBe(400);
    expect(tested.json.issues.map((issue: { path: unknown[] }) => issue.path.join('.'))).toContain('draftVersion.definition.steps.0.message.text');
  });

  it('answers 404 for another organization’s flow and while automations are off', async () => {
    const org = await automationsOrg(t);
    const other = await automationsOrg(t);
    const flow = (await org.create()).json;
    const foreign = await saveDraft(other, flow.id, unfinished());
    expect(foreign.status).toBe(404);
    expect(foreign.json.message).toBe('Automation flow not found');
    const off = await t.createOrg('PRO', ['dms']);
    const disabled = await t.request('PUT', `/automations/${flow.id}/draft`, { key: off.key, body: { definition: unfinished() } });
    expect(disabled.status).toBe(404);
    expect(disabled.json.message).toBe('Not found');
  });
});
