import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { automationExecutions, automationExecutionSteps, automationFlowVersions, type ExecutionError } from '../../db/schema/automations';
import { AppError } from '../../http/errors';
import { PlatformError } from '../../platforms/platform-error';
import type { AppServices } from '../../services';
import { runStep, type RunContext, type StepDefinition } from './steps';

/** The spec: a run lasts at most 60 seconds and must finish within an hour of its scheduled time. */
export const RUN_TIMEOUT_MS = 60_000;
export const RUN_EXPIRY_MS = 3600_000;

type ExecutionRow = typeof automationExecutions.$inferSelect;

class RunTimeout extends Error {}

function errorOf(error: unknown): ExecutionError {
  if (error instanceof PlatformError) return { code: error.code, message: error.message };
  if (error instanceof AppError || error instanceof Error) return { code: null, message: error.message };
  return { code: null, message: String(error) };
}

async function finish(db: Executor, id: string, changes: Partial<ExecutionRow>): Promise<ExecutionRow> {
  const [row] = await db
    .update(automationExecutions)
    .set({ completedAt: new Date(), ...changes })
    .where(eq(automationExecutions.id, id))
    .returning();
  return row!;
}

/** Steps not reached when a run stops early are SKIPPED. */
async function skipRemaining(db: Executor, executionId: string) {
  await db
    .update(automationExecutionSteps)
    .set({ status: 'SKIPPED' })
    .where(and(eq(automationExecutionSteps.executionId, executionId), eq(automationExecutionSteps.status, 'PENDING')));
}

function withDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  const left = deadline - Date.now();
  if (left <= 0) return Promise.reject(new RunTimeout());
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RunTimeout()), left);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs the steps of a RUNNING execution in order, one row per step with its attempt, output and
 * error. A condition that does not hold ends the run SKIPPED (`output.skippedAtStepId`); a failing
 * step ends it FAILED with the step's error (failed runs are not retried); past 60 seconds it is
 * FAILED with `AUTOMATION_EXECUTION_TIMEOUT`.
 */
export async function executeSteps(services: AppServices, execution: ExecutionRow, steps: StepDefinition[]): Promise<ExecutionRow> {
  const { db } = services;
  const deadline = (execution.startedAt ?? new Date()).getTime() + RUN_TIMEOUT_MS;
  if (steps.length > 0) {
    await db
      .insert(automationExecutionSteps)
      .values(steps.map((step, position) => ({ executionId: execution.id, stepId: step.id, position, type: step.type })))
      .onConflictDoNothing();
  }
  const run: RunContext = {
    organizationId: execution.organizationId,
    teamId: execution.teamId,
    platform: execution.platform,
    input: execution.input,
    senderExternalId: execution.senderExternalId,
    conversationId: execution.conversationId,
    fetchedCommentId: execution.fetchedCommentId,
  };
  let lastStepId: string | undefined;
  for (const step of steps) {
    const where = and(eq(automationExecutionSteps.executionId, execution.id), eq(automationExecutionSteps.stepId, step.id));
    await db.update(automationExecutionSteps).set({ status: 'RUNNING', attemptCount: 1, startedAt: new Date() }).where(where);
    await db.update(automationExecutions).set({ currentStepId: step.id }).where(eq(automationExecutions.id, execution.id));
    try {
      const outcome = await withDeadline(runStep(services, step, run), deadline);
      await db.update(automationExecutionSteps).set({ status: 'COMPLETED', output: outcome.output, completedAt: new Date() }).where(where);
      if (outcome.stop) {
        await skipRemaining(db, execution.id);
        return finish(db, execution.id, { status: 'SKIPPED', output: { skippedAtStepId: step.id }, conversationId: run.conversationId });
      }
      lastStepId = step.id;
    } catch (error) {
      const timedOut = error instanceof RunTimeout;
      const failure = timedOut ? { code: 'AUTOMATION_EXECUTION_TIMEOUT', message: 'The run took over 60 seconds' } : errorOf(error);
      if (!timedOut && !(error instanceof AppError) && !(error instanceof PlatformError)) {
        services.logger.error('automation step failed unexpectedly', { executionId: execution.id, stepId: step.id, error: failure.message });
      }
      await db.update(automationExecutionSteps).set({ status: 'FAILED', error: failure, completedAt: new Date() }).where(where);
      await skipRemaining(db, execution.id);
      return finish(db, execution.id, { status: 'FAILED', error: failure, conversationId: run.conversationId });
    }
  }
  return finish(db, execution.id, { status: 'COMPLETED', output: lastStepId ? { completedAtStepId: lastStepId } : {}, conversationId: run.conversationId });
}

/**
 * The job's work: claims a QUEUED run (a canceled or already started one is left alone), fails it
 * as EXPIRED when its hour has passed, otherwise runs the steps of the version it names.
 */
export async function runExecution(services: AppServices, executionId: string): Promise<void> {
  const { db } = services;
  const now = new Date();
  const [claimed] = await db
    .update(automationExecutions)
    .set({ status: 'RUNNING', startedAt: now })
    .where(and(eq(automationExecutions.id, executionId), eq(automationExecutions.status, 'QUEUED')))
    .returning();
  if (!claimed) return;
  if (now.getTime() > claimed.scheduledAt.getTime() + RUN_EXPIRY_MS) {
    await finish(db, claimed.id, { status: 'FAILED', error: { code: 'AUTOMATION_EXECUTION_EXPIRED', message: 'The run could not finish within an hour of its scheduled time' } });
    return;
  }
  const [version] = await db.select().from(automationFlowVersions).where(eq(automationFlowVersions.id, claimed.flowVersionId));
  await executeSteps(services, claimed, version?.definition.steps ?? []);
}

/** A job that died before recording its outcome: the run must not stay RUNNING. */
export async function failInterruptedRun(db: Executor, executionId: string): Promise<void> {
  await db
    .update(automationExecutions)
    .set({ status: 'FAILED', completedAt: new Date(), error: { code: 'AUTOMATION_EXECUTION_STALE', message: 'The run was interrupted' } })
    .where(and(eq(automationExecutions.id, executionId), eq(automationExecutions.status, 'RUNNING')));
}
