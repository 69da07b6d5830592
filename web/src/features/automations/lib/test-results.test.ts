import { describe, expect, it } from 'vitest';
import type { Execution } from '../api/executions';
import { testResultsOf } from './test-results';

type Step = Execution['steps'][number];
const step = (stepId: string, type: string, status: Step['status'], extra: Partial<Step> = {}): Step => ({
  id: `row_${stepId}`,
  stepId,
  type,
  status,
  attemptCount: status === 'SKIPPED' ? 0 : 1,
  error: null,
  output: null,
  startedAt: null,
  completedAt: null,
  ...extra,
});
const execution = (changes: Partial<Execution>): Execution => ({ status: 'COMPLETED', error: null, output: null, steps: [], ...changes }) as Execution;

describe('test results per node', () => {
  it('lights every step of a completed run', () => {
    const results = testResultsOf(
      execution({
        output: { completedAtStepId: 'reply' },
        steps: [step('check', 'CONDITION', 'COMPLETED', { output: { matched: true } }), step('reply', 'SEND_MESSAGE', 'COMPLETED')],
      }),
    );
    expect(results.get('trigger')).toMatchObject({ status: 'COMPLETED', label: 'Test run completed' });
    expect(results.get('check')).toMatchObject({ status: 'COMPLETED', tone: 'success' });
    expect(results.get('reply')).toMatchObject({ status: 'COMPLETED' });
  });

  it('says a condition did not hold, and where the steps after it stopped', () => {
    const results = testResultsOf(
      execution({
        status: 'SKIPPED',
        output: { skippedAtStepId: 'check' },
        steps: [step('check', 'CONDITION', 'COMPLETED', { output: { matched: false } }), step('reply', 'SEND_MESSAGE', 'SKIPPED')],
      }),
    );
    expect(results.get('trigger')).toMatchObject({ status: 'SKIPPED', label: 'Test run skipped: not matched at check' });
    expect(results.get('check')).toMatchObject({ status: 'NOT_MATCHED', label: 'Not matched: the run stopped here' });
    expect(results.get('reply')).toMatchObject({ status: 'SKIPPED', label: 'Skipped: the run stopped at check' });
  });

  it('puts a failure’s error on its node and on the trigger', () => {
    const error = { code: 'MESSAGING_WINDOW_CLOSED', message: 'The 24-hour window is closed' };
    const results = testResultsOf(
      execution({ status: 'FAILED', error, steps: [step('reply', 'SEND_MESSAGE', 'FAILED', { error }), step('archive', 'ARCHIVE_CONVERSATION', 'SKIPPED')] }),
    );
    expect(results.get('trigger')).toMatchObject({
      status: 'FAILED',
      tone: 'danger',
      label: 'Test run failed: MESSAGING_WINDOW_CLOSED: The 24-hour window is closed',
    });
    expect(results.get('reply')).toMatchObject({ status: 'FAILED', label: 'Failed: MESSAGING_WINDOW_CLOSED: The 24-hour window is closed' });
    expect(results.get('archive')).toMatchObject({ status: 'SKIPPED', label: 'Skipped: reply failed first' });
  });

  it('shows a run skipped before any step (automations paused) on the trigger only', () => {
    const results = testResultsOf(execution({ status: 'SKIPPED', error: { code: 'AUTOMATION_EXECUTION_PAUSED', message: 'Paused by the operator' } }));
    expect(results.get('trigger')).toMatchObject({ label: 'Test run skipped: AUTOMATION_EXECUTION_PAUSED: Paused by the operator' });
    expect(results.size).toBe(1);
  });
});
