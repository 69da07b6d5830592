import { createRoute } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { ExecutionSchema } from './executions.schemas';
import * as s from './automations.schemas';

const tags = ['Automations'];
const security = apiKeySecurity;
const enabledNote = 'Answers `404` while the organization is not enabled for automations.';
const validationNote =
  'Validated in two stages: shape errors answer `400` with `issues`; then every other problem (accounts, permissions, the post, ' +
  'steps that do not fit the trigger or the platform) answers one `400` whose `message` joins them with `; `, each starting with ' +
  'where it is (`trigger.postId: …`, `steps.<stepId>: …`).';

const flowAction = (action: 'pause' | 'activate' | 'archive', summary: string, description: string) =>
  createRoute({
    method: 'post',
    path: `/automations/{id}/${action}`,
    operationId: `${action}AutomationFlow`,
    summary,
    description: `${description} ${enabledNote}`,
    tags,
    security,
    request: { params: s.FlowIdParams },
    responses: { 200: jsonResponse(s.FlowSchema, 'The flow'), ...errorResponses(404) },
  });

export const listFlowsRoute = createRoute({
  method: 'get',
  path: '/automations',
  operationId: 'listAutomationFlows',
  summary: 'List the flows of a team, newest first (archived included)',
  description: `Offset or cursor paging. ${enabledNote}`,
  tags,
  security,
  request: { query: s.FlowListQuery },
  responses: { 200: jsonResponse(s.FlowListSchema, 'Flows'), ...errorResponses(404) },
});

export const createFlowRoute = createRoute({
  method: 'post',
  path: '/automations',
  operationId: 'createAutomationFlow',
  summary: 'Create a flow (a draft that never runs until published)',
  description: `${validationNote} ${enabledNote}`,
  tags,
  security,
  request: { body: jsonBody(s.CreateFlowBody) },
  responses: { 201: jsonResponse(s.FlowSchema, 'The flow, status DRAFT'), ...errorResponses(404) },
});

export const copyFlowsRoute = createRoute({
  method: 'post',
  path: '/automations/copy',
  operationId: 'copyAutomationFlows',
  summary: 'Copy one flow, or every flow of a team, into another team as drafts',
  description: `The copies have no \`socialAccountId\`, \`postId\` or \`senderExternalIds\`: point them at the target team's account before publishing. ${enabledNote}`,
  tags,
  security,
  request: { body: jsonBody(s.CopyFlowsBody) },
  responses: { 201: jsonResponse(s.CopyResultSchema, 'The copies'), ...errorResponses(404) },
});

export const getFlowRoute = createRoute({
  method: 'get',
  path: '/automations/{id}',
  operationId: 'getAutomationFlow',
  summary: 'Get a flow with its published and draft versions',
  description: enabledNote,
  tags,
  security,
  request: { params: s.FlowIdParams },
  responses: { 200: jsonResponse(s.FlowSchema, 'The flow'), ...errorResponses(404) },
});

export const updateFlowRoute = createRoute({
  method: 'patch',
  path: '/automations/{id}',
  operationId: 'updateAutomationFlow',
  summary: 'Rename a flow, change its scope, or replace its draft',
  description: `A definition replaces the whole draft in place (same version number); the live version keeps running. ${validationNote} ${enabledNote}`,
  tags,
  security,
  request: { params: s.FlowIdParams, body: jsonBody(s.UpdateFlowBody) },
  responses: { 200: jsonResponse(s.FlowSchema, 'The flow'), ...errorResponses(404) },
});

export const saveFlowDraftRoute = createRoute({
  method: 'put',
  path: '/automations/{id}/draft',
  operationId: 'saveAutomationFlowDraft',
  summary: 'Save work in progress as the draft, whatever its problems (SocialDesk extension)',
  description:
    'Not in the hosted service’s contract: a SocialDesk extension so the flow builder can park an unfinished flow. The definition ' +
    'replaces the whole draft in place (same version number) like `PATCH` does, but only its structure is checked (`400` with `issues` ' +
    'for an unknown step type or field): empty or too long texts, a missing account or post and steps that do not fit are saved, and ' +
    'the answer lists them (`issues`, `problems`) with `publishable`. Publishing still validates the draft in full. ' +
    enabledNote,
  tags,
  security,
  request: { params: s.FlowIdParams, body: jsonBody(s.SaveDraftBody) },
  responses: { 200: jsonResponse(s.DraftSavedSchema, 'The flow with its saved draft, and what stands in the way of publishing it'), ...errorResponses(404) },
});

export const deleteFlowRoute = createRoute({
  method: 'delete',
  path: '/automations/{id}',
  operationId: 'deleteAutomationFlow',
  summary: 'Delete a flow',
  description: `Waiting runs are canceled; the flow answers \`404\` from then on while its executions stay readable for 30 days. ${enabledNote}`,
  tags,
  security,
  request: { params: s.FlowIdParams },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(404) },
});

export const publishFlowRoute = createRoute({
  method: 'post',
  path: '/automations/{id}/publish',
  operationId: 'publishAutomationFlow',
  summary: 'Publish a new version and make the flow active',
  description:
    'Creates a new, higher version from the draft (which stays), or from a `definition` in the body, which skips the draft. ' +
    `\`400\` when there is neither. ${validationNote} ${enabledNote}`,
  tags,
  security,
  request: { params: s.FlowIdParams, body: { required: false, content: { 'application/json': { schema: s.PublishFlowBody } } } },
  responses: { 200: jsonResponse(s.FlowSchema, 'The flow, ACTIVE'), ...errorResponses(404) },
});

export const listFlowVersionsRoute = createRoute({
  method: 'get',
  path: '/automations/{id}/versions',
  operationId: 'listAutomationFlowVersions',
  summary: 'List the published versions of a flow, newest first (SocialDesk extension)',
  description:
    'Not in the hosted service’s contract: a SocialDesk extension for the flow builder’s history. Every published version with its ' +
    'definition and `live` on the one that runs; the draft is not listed (it is on the flow). ' +
    `Offset paging. ${enabledNote}`,
  tags,
  security,
  request: { params: s.FlowIdParams, query: s.FlowVersionListQuery },
  responses: { 200: jsonResponse(s.FlowVersionListSchema, 'Published versions'), ...errorResponses(404) },
});

export const pauseFlowRoute = flowAction('pause', 'Pause an active flow', 'Waiting runs are canceled; events arriving while paused create no runs.');
export const activateFlowRoute = flowAction('activate', 'Activate a paused or archived flow', '`400` when the flow was never published.');
export const archiveFlowRoute = flowAction('archive', 'Archive a flow', 'Waiting runs are canceled; the flow stays listed and readable.');

export const testFlowRoute = createRoute({
  method: 'post',
  path: '/automations/{id}/test',
  operationId: 'testAutomationFlow',
  summary: 'Run a flow once, now, on a conversation or a comment',
  description:
    'Runs the draft (else the published version) synchronously. Trigger matching, payloads, `senderExternalIds`, the delay and the loop brake are ' +
    'skipped; conditions run, and messages really go out and count toward the quotas. Before running: `400` (no version, an invalid definition, ' +
    'a missing `conversationId`/`fetchedCommentId`), `404` (flow, conversation or comment not in the flow’s team), `403` (monthly run budget used). ' +
    `After running: \`200\` with the execution, also when it failed. ${enabledNote}`,
  tags,
  security,
  request: { params: s.FlowIdParams, body: jsonBody(s.TestFlowBody) },
  responses: { 200: jsonResponse(ExecutionSchema, 'The execution of the test run'), ...errorResponses(404) },
});
