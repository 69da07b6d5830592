import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { fitProblems } from '@server/automations/shared/flow-fit';
import {
  FLOW_KEY,
  mergeProblems,
  newStepId,
  nodeProblems,
  sameDefinition,
  serverOnlyProblems,
  serverProblems,
  shapeProblems,
  TRIGGER_KEY,
  withStepIds,
  type EditorDefinition,
} from './editor-model';

const base = (): EditorDefinition => ({
  trigger: { type: 'COMMENT_CREATED', platform: 'INSTAGRAM', socialAccountId: 'acc_1', postId: 'post_1', keywords: ['price'] },
  steps: [{ id: 'reply', type: 'SEND_PRIVATE_REPLY', message: { text: 'Sent you the prices' } }],
});

describe('flow editor problems', () => {
  it('puts a shape error on the step that has it', () => {
    const definition = base();
    definition.steps.push({ id: newStepId('SEND_PUBLIC_COMMENT_REPLY', definition.steps, 1), type: 'SEND_PUBLIC_COMMENT_REPLY', text: '' });
    const problems = shapeProblems(definition);
    expect([...problems.keys()]).toEqual(['send_public_comment_reply_2']);
    expect(problems.get('send_public_comment_reply_2')![0]).toMatch(/^text: /);
  });

  it('maps server issues (paths under definition) and the joined message back onto nodes', () => {
    const steps = base().steps;
    const shape = serverProblems(
      new ApiError(400, 'Invalid request', [{ code: 'custom', message: 'Too long', path: ['definition', 'steps', 0, 'message', 'text'] }]),
      steps,
    );
    expect(shape.get('reply')).toEqual(['message.text: Too long']);
    const joined = serverProblems(
      new ApiError(400, 'trigger.postId: post p was not found in this team; steps.reply: not on TikTok; platformScope: must fit'),
      steps,
    );
    expect(joined.get(TRIGGER_KEY)).toEqual(['postId: post p was not found in this team']);
    expect(joined.get('reply')).toEqual(['not on TikTok']);
    expect(joined.get('flow')).toEqual(['platformScope: must fit']);
  });

  it('gives steps without ids the API’s generated ids and compares definitions by content', () => {
    const withIds = withStepIds({ trigger: base().trigger, steps: [{ type: 'LIKE_COMMENT' }, { type: 'LIKE_COMMENT', id: 'like_comment_1' }] });
    expect(withIds.steps.map((step) => step.id)).toEqual(['like_comment_1_2', 'like_comment_1']);
    // What the API answers has its defaults filled in: still the same definition.
    const stored = {
      trigger: { ...base().trigger, matchMode: 'ANY' as const, caseSensitive: false, senderExternalIds: [], actionDelaySeconds: 0 },
      steps: base().steps,
    };
    expect(sameDefinition(base(), stored)).toBe(true);
    expect(sameDefinition({ ...base(), trigger: { ...base().trigger, postId: null } }, { ...base(), trigger: { ...base().trigger, postId: undefined } })).toBe(
      true,
    );
    expect(sameDefinition(base(), { ...stored, steps: [] })).toBe(false);
  });

  it('works out the step fit live and keeps from a save’s answer only what the server alone can tell', () => {
    const definition: EditorDefinition = {
      trigger: { type: 'DM_RECEIVED', platform: 'INSTAGRAM', socialAccountId: null },
      steps: [{ id: 'reply', type: 'SEND_PUBLIC_COMMENT_REPLY', text: 'Thanks' }],
    };
    const live = nodeProblems(fitProblems('INSTAGRAM', definition), definition.steps);
    expect(live.get(TRIGGER_KEY)).toEqual(['socialAccountId: required: the account the flow listens on']);
    expect(live.get('reply')).toEqual(['SEND_PUBLIC_COMMENT_REPLY needs a COMMENT_CREATED trigger']);
    const answer = [
      ...fitProblems('INSTAGRAM', definition),
      { where: 'trigger.socialAccountId', message: 'the Instagram account @bakery lacks messaging permissions' },
    ];
    expect(serverOnlyProblems(answer, 'INSTAGRAM', definition)).toEqual([answer[2]]);
    // A problem both sides report shows once; a step that is gone leaves its problem on the flow.
    const merged = mergeProblems(live, nodeProblems(answer, definition.steps));
    expect(merged.get('reply')).toEqual(['SEND_PUBLIC_COMMENT_REPLY needs a COMMENT_CREATED trigger']);
    expect(nodeProblems([{ where: 'steps.gone', message: 'not here' }], definition.steps).get(FLOW_KEY)).toEqual(['steps.gone: not here']);
  });

  it('maps a refused publish of the stored draft (paths under draftVersion.definition) onto its nodes', () => {
    const problems = serverProblems(
      new ApiError(400, 'The draft is not valid', [
        { code: 'too_small', message: 'Required', path: ['draftVersion', 'definition', 'steps', 0, 'message', 'text'] },
      ]),
      base().steps,
    );
    expect(problems.get('reply')).toEqual(['message.text: Required']);
  });
});
