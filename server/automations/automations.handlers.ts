import { createRouter } from '../http/create-router';
import { automationsEnabled } from './automations-enabled';
import * as routes from './automations.routes';
import * as executionRoutes from './executions.routes';
import { getExecution, listExecutions } from './executions.service';
import { testRunFlow } from './executor/test-run.service';
import { copyFlows } from './flow-copy.service';
import { listFlowVersions } from './flow-versions.service';
import { nodeRunStats } from './node-stats.service';
import { changeFlowStatus, createFlow, deleteFlow, getFlow, listFlows, publishFlow, saveFlowDraft, updateFlow } from './flows.service';

const router = createRouter();
router.use('/automations/*', automationsEnabled);
router.use('/automation-executions/*', automationsEnabled);

export const automationsRouter = router;
router.openapi(routes.listFlowsRoute, async (c) => {
  return c.json(await listFlows(c.var.services.db, { ...c.req.valid('query'), organizationId: c.var.auth.organizationId }), 200);
});
router.openapi(routes.createFlowRoute, async (c) => {
  return c.json(await createFlow(c.var.services.db, { organizationId: c.var.auth.organizationId }, c.req.valid('json')), 201);
});
router.openapi(routes.copyFlowsRoute, async (c) => {
  return c.json(await copyFlows(c.var.services.db, { organizationId: c.var.auth.organizationId }, c.req.valid('json')), 201);
});
router.openapi(routes.getFlowRoute, async (c) => {
  return c.json(await getFlow(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id }), 200);
});
router.openapi(routes.updateFlowRoute, async (c) => {
  const params = { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id };
  return c.json(await updateFlow(c.var.services.db, params, c.req.valid('json')), 200);
});
router.openapi(routes.saveFlowDraftRoute, async (c) => {
  const params = { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id };
  return c.json(await saveFlowDraft(c.var.services.db, params, c.req.valid('json')), 200);
});
router.openapi(routes.deleteFlowRoute, async (c) => {
  await deleteFlow(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id });
  return c.body(null, 204);
});
router.openapi(routes.publishFlowRoute, async (c) => {
  const body = (c.req.valid('json') as { definition?: Parameters<typeof publishFlow>[2]['definition'] } | undefined) ?? {};
  return c.json(await publishFlow(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id }, body), 200);
});
router.openapi(routes.listFlowVersionsRoute, async (c) => {
  const input = { ...c.req.valid('query'), organizationId: c.var.auth.organizationId, flowId: c.req.valid('param').id };
  return c.json(await listFlowVersions(c.var.services.db, input), 200);
});
router.openapi(routes.pauseFlowRoute, async (c) => {
  return c.json(await changeFlowStatus(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id }, 'pause'), 200);
});
router.openapi(routes.activateFlowRoute, async (c) => {
  return c.json(await changeFlowStatus(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id }, 'activate'), 200);
});
router.openapi(routes.archiveFlowRoute, async (c) => {
  return c.json(await changeFlowStatus(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id }, 'archive'), 200);
});
router.openapi(routes.testFlowRoute, async (c) => {
  const params = { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id };
  return c.json(await testRunFlow(c.var.services, params, c.req.valid('json').input), 200);
});
router.openapi(executionRoutes.listExecutionsRoute, async (c) => {
  const input = { ...c.req.valid('query'), organizationId: c.var.auth.organizationId, flowId: c.req.valid('param').id };
  return c.json(await listExecutions(c.var.services.db, input), 200);
});
router.openapi(executionRoutes.nodeStatsRoute, async (c) => {
  return c.json(
    await nodeRunStats(c.var.services.db, { ...c.req.valid('query'), organizationId: c.var.auth.organizationId, flowId: c.req.valid('param').id }),
    200,
  );
});
router.openapi(executionRoutes.getExecutionRoute, async (c) => {
  return c.json(await getExecution(c.var.services.db, { organizationId: c.var.auth.organizationId, id: c.req.valid('param').id }), 200);
});
