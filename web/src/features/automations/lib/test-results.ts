import type { Execution } from '../api/executions';
import { TRIGGER_KEY } from './editor-model';

/** How a test run left one node, as the node shows it. */
export type NodeResult = {
  status: 'COMPLETED' | 'NOT_MATCHED' | 'SKIPPED' | 'FAILED' | 'PENDING';
  /** The line the node shows: the status and, when there is one, why. */
  label: string;
  tone: 'success' | 'warning' | 'danger' | 'neutral';
};

export type TestResults = Map<string, NodeResult>;

const withCode = (error: { code: string | null; message: string }) => (error.code ? `${error.code}: ${error.message}` : error.message);

/** Where and why the run stopped, for the steps it never reached. */
function notReachedBecause(execution: Execution): string {
  const failed = execution.steps.find((step) => step.status === 'FAILED');
  if (failed) return `${failed.stepId} failed first`;
  const stoppedAt = execution.output?.skippedAtStepId;
  if (stoppedAt) return `the run stopped at ${stoppedAt}`;
  return execution.error ? withCode(execution.error) : 'not reached';
}

function triggerResult(execution: Execution): NodeResult {
  const { status, error, output } = execution;
  if (status === 'COMPLETED') return { status, tone: 'success', label: 'Test run completed' };
  if (status === 'FAILED') return { status, tone: 'danger', label: `Test run failed${error ? `: ${withCode(error)}` : ''}` };
  if (status === 'SKIPPED') {
    const why = output?.skippedAtStepId ? `not matched at ${output.skippedAtStepId}` : error ? withCode(error) : 'skipped';
    return { status, tone: 'warning', label: `Test run skipped: ${why}` };
  }
  return { status: 'PENDING', tone: 'neutral', label: `Test run ${status.toLowerCase()}` };
}

/**
 * A test execution keyed the way the canvas names its nodes (`trigger`, then step ids). The API
 * says COMPLETED for a condition that did not hold (it ran; the run stopped there): the node says
 * "not matched" instead, and the steps after it say where the run stopped. Steps added since the
 * test have no result.
 */
export function testResultsOf(execution: Execution): TestResults {
  const results: TestResults = new Map([[TRIGGER_KEY, triggerResult(execution)]]);
  for (const step of execution.steps) {
    if (step.status === 'COMPLETED' && step.type === 'CONDITION' && step.output?.matched === false) {
      results.set(step.stepId, { status: 'NOT_MATCHED', tone: 'warning', label: 'Not matched: the run stopped here' });
    } else if (step.status === 'COMPLETED') {
      results.set(step.stepId, { status: 'COMPLETED', tone: 'success', label: 'Completed' });
    } else if (step.status === 'FAILED') {
      results.set(step.stepId, { status: 'FAILED', tone: 'danger', label: `Failed: ${step.error ? withCode(step.error) : 'no reason given'}` });
    } else if (step.status === 'SKIPPED') {
      results.set(step.stepId, { status: 'SKIPPED', tone: 'warning', label: `Skipped: ${notReachedBecause(execution)}` });
    } else {
      results.set(step.stepId, { status: 'PENDING', tone: 'neutral', label: step.status === 'RUNNING' ? 'Running' : 'Pending' });
    }
  }
  return results;
}

/** What tells two results apart, for keeping node objects (stable-nodes.ts). */
export const resultKey = (result: NodeResult | null) => (result ? `${result.status}:${result.label}` : '');
