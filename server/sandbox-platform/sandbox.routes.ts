import { createRoute, z } from '@hono/zod-openapi';
import { SocialAccountSchema } from '../accounts/accounts.schemas';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import {
  SandboxHistoryBody,
  CommentBody,
  CommentDeleteBody,
  CommentEditBody,
  CommentLikeBody,
  DeliveryBody,
  EchoBody,
  MessageEditBody,
  MessageUnsendBody,
  EmitResultSchema,
  FaultBody,
  FaultSchema,
  IdParams,
  InboundEventsQuery,
  MessageBatchBody,
  MessageBody,
  PostbackBody,
  ReactionBody,
  ReadBody,
  ReviewBody,
  SandboxAccountBody,
  SandboxItemBody,
  SandboxItemListSchema,
  SandboxItemSchema,
  SandboxItemsQuery,
} from './sandbox.schemas';

const tags = ['Sandbox'];
const security = apiKeySecurity;
const sandboxNote = 'Sandbox only (off with SANDBOX=false).';

export const connectSandboxAccountRoute = createRoute({
  method: 'post',
  path: '/sandbox/accounts',
  operationId: 'connectSandboxAccount',
  summary: 'Connect a sandbox account to a team as if the consent page had been approved',
  description: `${sandboxNote} Follows every connect rule; \`grantMessaging\` is honoured only for organizations enabled for DMs.`,
  tags,
  security,
  request: { body: jsonBody(SandboxAccountBody) },
  responses: { 200: jsonResponse(SocialAccountSchema, 'The connected account'), ...errorResponses(404, 409) },
});

const accountAction = (path: string, operationId: string, summary: string) =>
  createRoute({
    method: 'post',
    path,
    operationId,
    summary,
    description: sandboxNote,
    tags,
    security,
    request: { params: IdParams },
    responses: { 200: jsonResponse(SocialAccountSchema, 'The account (unchanged on our side until the service notices)'), ...errorResponses(404) },
  });

export const revokeAccessRoute = accountAction('/sandbox/accounts/{id}/revoke-access', 'sandboxRevokeAccess', 'The person removes the app at the platform');
export const expireTokenRoute = accountAction(
  '/sandbox/accounts/{id}/expire-token',
  'sandboxExpireToken',
  "The account's access token expires at the platform",
);

export const publishItemRoute = createRoute({
  method: 'post',
  path: '/sandbox/items',
  operationId: 'sandboxPublishItem',
  summary: 'Publish a post on the sandbox platform as the owner would in the app',
  description: sandboxNote,
  tags,
  security,
  request: { body: jsonBody(SandboxItemBody) },
  responses: { 200: jsonResponse(SandboxItemSchema, 'The post, with its permalink'), ...errorResponses(404) },
});

export const seedHistoryRoute = createRoute({
  method: 'post',
  path: '/sandbox/history',
  operationId: 'sandboxSeedHistory',
  summary: 'Publish past posts as the owner did before connecting (images, videos, carousels, shorts, stories over several months)',
  description: sandboxNote,
  tags,
  security,
  request: { body: jsonBody(SandboxHistoryBody) },
  responses: {
    200: jsonResponse(z.object({ items: z.array(SandboxItemSchema), total: z.number().int() }).openapi('SandboxHistory'), 'The posts, oldest first'),
    ...errorResponses(404),
  },
});

export const listItemsRoute = createRoute({
  method: 'get',
  path: '/sandbox/items',
  operationId: 'sandboxListItems',
  summary: 'What is on the sandbox platform for an account: posts (the service’s and the owner’s) and comments, newest first',
  description: sandboxNote,
  tags,
  security,
  request: { query: SandboxItemsQuery },
  responses: { 200: jsonResponse(SandboxItemListSchema, 'Items on the platform'), ...errorResponses(404) },
});

const emitRoute = (path: string, operationId: string, summary: string, body: z.ZodTypeAny) =>
  createRoute({
    method: 'post',
    path,
    operationId,
    summary,
    description: `${sandboxNote} The platform sends a webhook that enters through the same ingestion path as a live platform's; the stored events are returned.`,
    tags,
    security,
    request: { body: jsonBody(body) },
    responses: { 200: jsonResponse(EmitResultSchema, 'The inbound events stored for this organization'), ...errorResponses(404) },
  });

export const emitCommentRoute = emitRoute('/sandbox/inbound/comment', 'sandboxEmitComment', 'Someone comments on a published item', CommentBody);
export const editCommentRoute = emitRoute(
  '/sandbox/inbound/comment/edit',
  'sandboxEditComment',
  'The author of a comment edits it on the platform',
  CommentEditBody,
);
export const deleteCommentRoute = emitRoute(
  '/sandbox/inbound/comment/delete',
  'sandboxDeleteComment',
  'The author of a comment deletes it on the platform',
  CommentDeleteBody,
);
export const likeCommentRoute = emitRoute('/sandbox/inbound/comment/like', 'sandboxLikeComment', 'People like a comment on the platform', CommentLikeBody);
export const emitMessageRoute = emitRoute('/sandbox/inbound/message', 'sandboxEmitMessage', 'Someone sends a direct message', MessageBody);
export const emitMessageBatchRoute = emitRoute(
  '/sandbox/inbound/messages',
  'sandboxEmitMessageBatch',
  'Up to 500 people send a direct message, in one webhook',
  MessageBatchBody,
);
export const emitPostbackRoute = emitRoute('/sandbox/inbound/postback', 'sandboxEmitPostback', 'Someone taps a quick reply or a button', PostbackBody);
export const emitReactionRoute = emitRoute('/sandbox/inbound/reaction', 'sandboxEmitReaction', 'Someone reacts to a message', ReactionBody);
export const emitReadRoute = emitRoute('/sandbox/inbound/read', 'sandboxEmitRead', 'Someone reads the conversation (read receipt)', ReadBody);
export const emitDeliveryRoute = emitRoute(
  '/sandbox/inbound/delivery',
  'sandboxEmitDelivery',
  "The person's device receives the page's messages (delivery receipt; the sandbox also sends one by itself for each message the service sends)",
  DeliveryBody,
);
export const editMessageRoute = emitRoute('/sandbox/inbound/message/edit', 'sandboxEditMessage', 'The person edits a message they sent', MessageEditBody);
export const unsendMessageRoute = emitRoute(
  '/sandbox/inbound/message/unsend',
  'sandboxUnsendMessage',
  'The person unsends a message they sent',
  MessageUnsendBody,
);
export const emitEchoRoute = emitRoute('/sandbox/inbound/echo', 'sandboxEmitEcho', 'The owner sends a message from the platform app (echo)', EchoBody);
export const emitReviewRoute = emitRoute('/sandbox/inbound/review', 'sandboxEmitReview', 'Someone posts or edits a review', ReviewBody);

export const listInboundEventsRoute = createRoute({
  method: 'get',
  path: '/sandbox/inbound-events',
  operationId: 'listInboundEvents',
  summary: 'Inbound platform events stored for the organization, newest first',
  description: `${sandboxNote} Shows what the ingestion path stored and whether a domain processed it.`,
  tags,
  security,
  request: { query: InboundEventsQuery },
  responses: { 200: jsonResponse(EmitResultSchema, 'Stored inbound events'), ...errorResponses() },
});

export const addFaultRoute = createRoute({
  method: 'post',
  path: '/sandbox/faults',
  operationId: 'addSandboxFault',
  summary: 'Make connector calls to a platform fail (transient, permanent, rate-limited) or slow',
  description:
    `${sandboxNote} At most SANDBOX_FAULTS_PER_ORGANIZATION (default 50) faults are armed at once (\`409\` past it). ` +
    'Only one SLOW call per organization sleeps at a time; another one answers at once with a transient ' +
    '"still processing, check back" error whose `resetAt` is when its delay would have ended (publishing retries then).',
  tags,
  security,
  request: { body: jsonBody(FaultBody) },
  responses: { 200: jsonResponse(FaultSchema, 'The fault'), ...errorResponses(404, 409) },
});

export const listFaultsRoute = createRoute({
  method: 'get',
  path: '/sandbox/faults',
  operationId: 'listSandboxFaults',
  summary: 'Faults in effect',
  description: sandboxNote,
  tags,
  security,
  responses: {
    200: jsonResponse(z.object({ items: z.array(FaultSchema), total: z.number().int() }).openapi('SandboxFaultList'), 'Faults'),
    ...errorResponses(),
  },
});

export const deleteFaultRoute = createRoute({
  method: 'delete',
  path: '/sandbox/faults/{id}',
  operationId: 'deleteSandboxFault',
  summary: 'Stop a fault',
  description: sandboxNote,
  tags,
  security,
  request: { params: IdParams },
  responses: { 200: jsonResponse(FaultSchema, 'The removed fault'), ...errorResponses(404) },
});
