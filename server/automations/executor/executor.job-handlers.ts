import { handleJob } from '../../jobs/define-job';
import type { AppServices } from '../../services';
import { purgeOldExecutionsJob, runAutomationExecutionJob, sweepAutomationExecutionsJob } from './executor.jobs';
import { failInterruptedRun, runExecution } from './run-execution';
import { purgeOldExecutions, sweepExecutions } from './sweeps';

export const runAutomationExecutionHandler = handleJob(runAutomationExecutionJob, (payload, { services }) => runExecution(services, payload.executionId), {
  // The run threw past its own error handling (a database outage mid-run): it is not retried.
  afterLastAttempt: (payload, _error, { services }) => failInterruptedRun(services.db, payload.executionId),
});

async function sweep(services: AppServices) {
  const moved = await sweepExecutions(services.db, new Date(), services.config.AUTOMATION_RUN_TIMEOUT_SECONDS * 1000);
  if (moved.expired + moved.stale > 0) services.logger.info('automation runs expired or stale', moved);
}

export const sweepAutomationExecutionsHandler = handleJob(sweepAutomationExecutionsJob, (_payload, { services }) => sweep(services), {
  // A worker that starts picks up what a stopped one left RUNNING.
  atWorkerStart: ({ services }) => sweep(services),
});

export const purgeOldExecutionsHandler = handleJob(purgeOldExecutionsJob, async (payload, { services }) => {
  const removed = await purgeOldExecutions(services.db, payload);
  if (removed > 0) services.logger.info('old automation executions purged', { removed });
});

export const automationJobHandlers = [runAutomationExecutionHandler, sweepAutomationExecutionsHandler, purgeOldExecutionsHandler];
