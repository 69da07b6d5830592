import { CONVERSATION_TRIGGERS, PLATFORM_SUPPORT, type PlatformScope, type StepType } from './automation-constants';
import type { FlowDefinitionInput } from './flow-definition';
import type { FlowProblem } from './flow-problems';

/*
 * The second validation stage's rules that need no database: whether the steps fit the trigger and
 * the platform, and what a trigger must name. The API checks them with the rest; the flow builder
 * runs them on every edit, so these problems show on their nodes as the person works.
 * Browser-safe: shared modules only.
 */

type Definition = Pick<FlowDefinitionInput, 'trigger'> & { steps: (FlowDefinitionInput['steps'][number] & { id: string })[] };

const COMMENT_STEPS: readonly StepType[] = ['SEND_PRIVATE_REPLY', 'SEND_PUBLIC_COMMENT_REPLY', 'LIKE_COMMENT'];
const THREAD_STEPS: readonly StepType[] = ['ARCHIVE_CONVERSATION', 'OPEN_CONVERSATION'];

export function scopeFits(scope: PlatformScope, platform: string): boolean {
  return scope === 'BOTH' ? platform === 'INSTAGRAM' || platform === 'FACEBOOK' : scope === platform;
}

/** The flow's scope and the trigger type the platform supports. */
export function triggerFitProblems(platformScope: PlatformScope, trigger: Definition['trigger']): FlowProblem[] {
  const problems: FlowProblem[] = [];
  if (!scopeFits(platformScope, trigger.platform)) {
    problems.push({ where: 'platformScope', message: `${platformScope} does not fit the ${trigger.platform} trigger` });
  }
  if (!PLATFORM_SUPPORT[trigger.platform].triggers.includes(trigger.type)) {
    problems.push({ where: 'trigger.type', message: `${trigger.platform} supports only ${PLATFORM_SUPPORT[trigger.platform].triggers.join(', ')} triggers` });
  }
  return problems;
}

export const MISSING_ACCOUNT: FlowProblem = { where: 'trigger.socialAccountId', message: 'required: the account the flow listens on' };
export const MISSING_POST: FlowProblem = {
  where: 'trigger.postId',
  message: 'required for COMMENT_CREATED: a post published through the service on the flow’s account',
};

/** Step fit to the trigger and the platform support table. */
export function stepFitProblems(definition: Definition): FlowProblem[] {
  const { trigger, steps } = definition;
  const support = PLATFORM_SUPPORT[trigger.platform];
  const onThread = CONVERSATION_TRIGGERS.includes(trigger.type);
  const problems: FlowProblem[] = [];
  steps.forEach((step, index) => {
    const where = `steps.${step.id}`;
    if (!support.steps.includes(step.type)) {
      const extra = step.type === 'LIKE_COMMENT' ? ' (it is available on FACEBOOK and TIKTOK)' : '';
      problems.push({ where, message: `${step.type} is not available on ${trigger.platform}${extra}` });
      return;
    }
    if (COMMENT_STEPS.includes(step.type) && trigger.type !== 'COMMENT_CREATED') {
      problems.push({ where, message: `${step.type} needs a COMMENT_CREATED trigger` });
    }
    if (step.type === 'SEND_MESSAGE' && !onThread) {
      problems.push({ where, message: 'SEND_MESSAGE needs a DM_RECEIVED, QUICK_REPLY_CLICKED or BUTTON_CLICKED trigger' });
    }
    if (THREAD_STEPS.includes(step.type) && !onThread && !steps.slice(0, index).some((earlier) => earlier.type === 'SEND_PRIVATE_REPLY')) {
      problems.push({ where, message: `${step.type} needs a DM or click trigger, or an earlier SEND_PRIVATE_REPLY step` });
    }
  });
  if (!steps.some((step) => step.type !== 'CONDITION')) {
    problems.push({ where: 'steps', message: 'A flow needs at least one step that acts (not only conditions)' });
  }
  return problems;
}

/** Every second-stage problem the browser can tell without asking the server. */
export function fitProblems(platformScope: PlatformScope, definition: Definition): FlowProblem[] {
  const { trigger } = definition;
  return [
    ...triggerFitProblems(platformScope, trigger),
    ...(trigger.socialAccountId ? [] : [MISSING_ACCOUNT]),
    ...(trigger.type === 'COMMENT_CREATED' && !trigger.postId ? [MISSING_POST] : []),
    ...stepFitProblems(definition),
  ];
}
