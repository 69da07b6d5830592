import { createRoute } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonResponse } from '../http/openapi-helpers';
import { NodeStatsQuery, NodeStatsSchema } from './automations.schemas';
import * as s from './executions.schemas';

const tags = ['Automations'];
const security = apiKeySecurity;
const enabledNote = 'Answers `404` while the organization is not enabled for automations.';

export const listExecutionsRoute = createRoute({
  method: 'get',
  path: '/automations/{id}/executions',
  operationId: 'listAutomationExecutions',
  summary: 'List the runs of a flow, newest first, with their steps',
  description: `Offset or cursor paging; \`total\` only on the first page; runs are kept 30 days. ${enabledNote}`,
  tags,
  security,
  request: { params: s.ExecutionIdParams, query: s.ExecutionListQuery },
  responses: { 200: jsonResponse(s.ExecutionListSchema, 'Executions'), ...errorResponses(404) },
});

export const getExecutionRoute = createRoute({
  method: 'get',
  path: '/automation-executions/{id}',
  operationId: 'getAutomationExecution',
  summary: 'Get one run with every step, its input, output and error, and what it acted on',
  description: `Readable for 30 days, also after its flow was deleted. ${enabledNote}`,
  tags,
  security,
  request: { params: s.ExecutionIdParams },
  responses: { 200: jsonResponse(s.ExecutionSchema, 'The execution'), ...errorResponses(404) },
});

export const nodeStatsRoute = createRoute({
  method: 'get',
  path: '/automations/{id}/node-stats',
  operationId: 'getAutomationNodeStats',
  summary: 'Per-node run counts of a published version over a period',
  description: `How many runs reached each node and how many of those completed, were skipped or failed, counted on the server from the runs kept (30 days). ${enabledNote}`,
  tags,
  security,
  request: { params: s.ExecutionIdParams, query: NodeStatsQuery },
  responses: { 200: jsonResponse(NodeStatsSchema, 'Counts per node'), ...errorResponses(400, 404) },
});
