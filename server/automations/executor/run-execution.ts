import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { automationExecutions, automationExecutionSteps, automationFlowVersions, type ExecutionError } from '../../db/schema/automations';
import { AppError } from '../../http/errors';
import { PlatformError } from '../../platforms/platform-error';
import type { AppServices } from '../../services';
import { runAutomationExecutionJob } from './executor.jobs';
import { executionPausedError } from './safety-limits';
import { runStep, type RunContext, type StepDefinition, type StepOutcome } from './steps';

/** The spec: a run must finish within an hour of its scheduled time (its 60 s limit is config). */
export const RUN_EXPIRY_MS = 3600_000;

const EXPIRED_MESSAGE = 'The run could not finish within an hour of its scheduled time';

type ExecutionRow = typeof automationExecutions.$inferSelect;

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

/** Settles with the step, or rejects once `signal` aborts (the run's time is up). */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  let onAbort: () => void = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([work, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}

class RunTimeout extends Error {}

/** When a rate-limited run may try again: the platform's reset, else a minute on. */
function resetOf(error: PlatformError): Date {
  if (error.meta.resetAt) return new Date(error.meta.resetAt);
  return new Date(Date.now() + (error.meta.retryAfterSeconds ?? 60) * 1000);
}

/**
 * A platform rate limit during a step: the run goes back to QUEUED from that step, its job due at
 * the reset (the spec's "platform rate limit → QUEUED"), unless the reset falls past the run's
 * hour: then it is FAILED `AUTOMATION_EXECUTION_EXPIRED`. Steps done before stay done.
 */
async function requeueAfterRateLimit(
  services: AppServices,
  execution: ExecutionRow,
  step: StepDefinition,
  run: RunContext,
  error: PlatformError,
): Promise<ExecutionRow> {
  const { db } = services;
  const resetAt = resetOf(error);
  const where = and(eq(automationExecutionSteps.executionId, execution.id), eq(automationExecutionSteps.stepId, step.id));
  if (resetAt.getTime() > execution.scheduledAt.getTime() + RUN_EXPIRY_MS) {
    const failure = { code: 'AUTOMATION_EXECUTION_EXPIRED', message: `${EXPIRED_MESSAGE}: the platform rate limit resets at ${resetAt.toISOString()}` };
    await db
      .update(automationExecutionSteps)
      .set({ status: 'FAILED', error: errorOf(error), completedAt: new Date() })
      .where(where);
    await skipRemaining(db, execution.id);
    return finish(db, execution.id, { status: 'FAILED', error: failure, conversationId: run.conversationId });
  }
  return db.transaction(async (tx) => {
    await tx
      .update(automationExecutionSteps)
      .set({ status: 'PENDING', error: errorOf(error), startedAt: null })
      .where(where);
    const [row] = await tx
      .update(automationExecutions)
      .set({
        status: 'QUEUED',
        startedAt: null,
        currentStepId: step.id,
        conversationId: run.conversationId,
        output: { rateLimitedUntil: resetAt.toISOString(), rateLimitedAtStepId: step.id },
      })
      .where(and(eq(automationExecutions.id, execution.id), eq(automationExecutions.status, 'RUNNING')))
      .returning();
    if (row) await services.jobs.send(runAutomationExecutionJob, { executionId: execution.id }, { executor: tx, startAfter: resetAt });
    return row ?? execution;
  });
}

/**
 * A step that was still going when the run timed out: the run is already FAILED; should the step
 * still have acted (its platform call was under way), its row says so, so the result stays honest.
 * Not awaited: the run's answer does not wait for a step it gave up on. Its own failures are logged.
 */
function recordLateOutcome(services: AppServices, executionId: string, stepId: string, work: Promise<StepOutcome>): void {
  const record = async () => {
    let outcome: StepOutcome;
    try {
      outcome = await work;
    } catch {
      return; // aborted before acting, or failed: nothing happened
    }
    const where = and(eq(automationExecutionSteps.executionId, executionId), eq(automationExecutionSteps.stepId, stepId));
    await services.db
      .update(automationExecutionSteps)
      .set({ output: { ...outcome.output, completedAfterTimeout: true } })
      .where(where);
    services.logger.warn('automation step completed after its run timed out', { executionId, stepId });
  };
  // Logged even during a database outage: this step's row now under-reports what it did.
  record().catch((error: unknown) => {
    services.logger.error('automation step completed after its run timed out, but its row could not say so', { executionId, stepId, error: String(error) });
  });
}

/**
 * Runs the steps of a RUNNING execution in order, one row per step with its attempts, output and
 * error. A condition that does not hold ends the run SKIPPED (`output.skippedAtStepId`); a failing
 * step ends it FAILED with the step's error (failed runs are not retried); a platform rate limit
 * puts it back to QUEUED until the reset (a test run, `rateLimits: 'throw'`, throws it when no
 * step acted yet, else fails); past the run's
 * time limit (60 s) it is FAILED with `AUTOMATION_EXECUTION_TIMEOUT` and the step is aborted.
 * A run put back to QUEUED resumes at its first step not yet COMPLETED.
 */
export async function executeSteps(
  services: AppServices,
  execution: ExecutionRow,
  steps: StepDefinition[],
  options: { rateLimits?: 'requeue' | 'throw' } = {},
): Promise<ExecutionRow> {
  const { db } = services;
  const limitMs = services.config.AUTOMATION_RUN_TIMEOUT_SECONDS * 1000;
  const deadline = (execution.startedAt ?? new Date()).getTime() + limitMs;
  let done = new Set<string>();
  if (steps.length > 0) {
    const inserted = await db
      .insert(automationExecutionSteps)
      .values(steps.map((step, position) => ({ executionId: execution.id, stepId: step.id, position, type: step.type })))
      .onConflictDoNothing()
      .returning({ id: automationExecutionSteps.id });
    if (inserted.length < steps.length) {
      // A run resumed after a rate limit: the steps it completed before are not run again.
      const rows = await db
        .select({ stepId: automationExecutionSteps.stepId, status: automationExecutionSteps.status })
        .from(automationExecutionSteps)
        .where(eq(automationExecutionSteps.executionId, execution.id));
      done = new Set(rows.filter((row) => row.status === 'COMPLETED').map((row) => row.stepId));
    }
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
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new RunTimeout()), Math.max(0, deadline - Date.now()));
  try {
    let lastStepId: string | undefined;
    // Whether a step already did something on the platform or in the inbox (conditions do not).
    let acted = steps.some((step) => done.has(step.id) && step.type !== 'CONDITION');
    for (const step of steps) {
      if (done.has(step.id)) {
        lastStepId = step.id;
        continue;
      }
      const where = and(eq(automationExecutionSteps.executionId, execution.id), eq(automationExecutionSteps.stepId, step.id));
      await db
        .update(automationExecutionSteps)
        .set({ status: 'RUNNING', attemptCount: sql`${automationExecutionSteps.attemptCount} + 1`, startedAt: new Date() })
        .where(where);
      await db.update(automationExecutions).set({ currentStepId: step.id }).where(eq(automationExecutions.id, execution.id));
      const work = runStep(services, step, run, controller.signal);
      try {
        const outcome = await raceAbort(work, controller.signal);
        await db.update(automationExecutionSteps).set({ status: 'COMPLETED', output: outcome.output, error: null, completedAt: new Date() }).where(where);
        if (outcome.stop) {
          await skipRemaining(db, execution.id);
          return await finish(db, execution.id, { status: 'SKIPPED', output: { skippedAtStepId: step.id }, conversationId: run.conversationId });
        }
        lastStepId = step.id;
        if (step.type !== 'CONDITION') acted = true;
      } catch (error) {
        const timedOut = controller.signal.aborted;
        if (timedOut) recordLateOutcome(services, execution.id, step.id, work);
        if (!timedOut && error instanceof PlatformError && error.code === 'RATE_LIMITED') {
          if (options.rateLimits !== 'throw') return await requeueAfterRateLimit(services, execution, step, run, error);
          // A test run: refused before anything acted (the caller answers 429), else it failed.
          if (!acted) throw error;
        }
        const failure = timedOut ? { code: 'AUTOMATION_EXECUTION_TIMEOUT', message: `The run took over ${limitMs / 1000} seconds` } : errorOf(error);
        if (!timedOut && !(error instanceof AppError) && !(error instanceof PlatformError)) {
          services.logger.error('automation step failed unexpectedly', { executionId: execution.id, stepId: step.id, error: failure.message });
        }
        await db.update(automationExecutionSteps).set({ status: 'FAILED', error: failure, completedAt: new Date() }).where(where);
        await skipRemaining(db, execution.id);
        return await finish(db, execution.id, { status: 'FAILED', error: failure, conversationId: run.conversationId });
      }
    }
    return await finish(db, execution.id, {
      status: 'COMPLETED',
      output: lastStepId ? { completedAtStepId: lastStepId } : {},
      conversationId: run.conversationId,
    });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The job's work: claims a QUEUED run (a canceled or already started one is left alone), skips it
 * while the operator paused automations, fails it as EXPIRED when its hour has passed, otherwise
 * runs the steps of the version it names.
 */
export async function runExecution(services: AppServices, executionId: string): Promise<void> {
  const { db } = services;
  const now = new Date();
  const [claimed] = await db
    .update(automationExecutions)
    .set({ status: 'RUNNING', startedAt: now })
    .where(
      and(
        eq(automationExecutions.id, executionId),
        eq(automationExecutions.status, 'QUEUED'),
        // A run waiting for a rate limit to reset is left to the job due then (not an earlier fallback).
        sql`coalesce((${automationExecutions.output}->>'rateLimitedUntil')::timestamptz <= ${new Date(now.getTime() + 1000).toISOString()}::timestamptz, true)`,
      ),
    )
    .returning();
  if (!claimed) return;
  if (services.config.AUTOMATION_EXECUTION_PAUSED) {
    await finish(db, claimed.id, { status: 'SKIPPED', error: executionPausedError() });
    return;
  }
  if (now.getTime() > claimed.scheduledAt.getTime() + RUN_EXPIRY_MS) {
    await finish(db, claimed.id, { status: 'FAILED', error: { code: 'AUTOMATION_EXECUTION_EXPIRED', message: EXPIRED_MESSAGE } });
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
