import { createRoute } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import * as s from './inbox.schemas';

const tags = ['Conversations'];
const security = apiKeySecurity;
const dmNote = 'Answers `404` while the organization is not enabled for DMs.';

export const listConversationsRoute = createRoute({
  method: 'get',
  path: '/conversations',
  operationId: 'listConversations',
  summary: 'List the conversations of a team, newest activity first',
  description: `Offset or cursor paging; \`total\` only on the first page; \`nextCursor\` null at the end. ${dmNote}`,
  tags,
  security,
  request: { query: s.ConversationListQuery },
  responses: { 200: jsonResponse(s.ConversationListSchema, 'Conversations'), ...errorResponses(404) },
});

export const getConversationRoute = createRoute({
  method: 'get',
  path: '/conversations/{id}',
  operationId: 'getConversation',
  summary: 'Get one conversation',
  description: dmNote,
  tags,
  security,
  request: { params: s.ConversationIdParams },
  responses: { 200: jsonResponse(s.ConversationSchema, 'The conversation'), ...errorResponses(404) },
});

export const listMessagesRoute = createRoute({
  method: 'get',
  path: '/conversations/{id}/messages',
  operationId: 'listConversationMessages',
  summary: 'List the messages of a conversation',
  description: `Pages walk back in time (the first has the newest); items inside a page are oldest first. ${dmNote}`,
  tags,
  security,
  request: { params: s.ConversationIdParams, query: s.MessageListQuery },
  responses: { 200: jsonResponse(s.MessageListSchema, 'Messages'), ...errorResponses(404) },
});

export const readConversationRoute = createRoute({
  method: 'post',
  path: '/conversations/{id}/read',
  operationId: 'readConversation',
  summary: 'Mark a conversation as read',
  description: `Resets \`unreadCount\` (an older \`readAt\` only moves \`lastReadAt\`); the seen marker for the participant is best effort. ${dmNote}`,
  tags,
  security,
  request: { params: s.ConversationIdParams, body: { required: false, content: { 'application/json': { schema: s.ReadBody } } } },
  responses: { 200: jsonResponse(s.ConversationSchema, 'The conversation'), ...errorResponses(404) },
});

export const archiveConversationRoute = createRoute({
  method: 'post',
  path: '/conversations/{id}/archive',
  operationId: 'archiveConversation',
  summary: 'Archive a conversation (inbox state only; a new incoming message reopens it)',
  tags,
  security,
  request: { params: s.ConversationIdParams },
  responses: { 200: jsonResponse(s.ConversationSchema, 'The conversation'), ...errorResponses(404) },
});

export const openConversationRoute = createRoute({
  method: 'post',
  path: '/conversations/{id}/open',
  operationId: 'openConversation',
  summary: 'Reopen an archived conversation',
  tags,
  security,
  request: { params: s.ConversationIdParams },
  responses: { 200: jsonResponse(s.ConversationSchema, 'The conversation'), ...errorResponses(404) },
});

export const updateConversationRoute = createRoute({
  method: 'patch',
  path: '/conversations/{id}',
  operationId: 'updateConversation',
  summary: 'Change the status of a conversation',
  tags,
  security,
  request: { params: s.ConversationIdParams, body: jsonBody(s.UpdateConversationBody) },
  responses: { 200: jsonResponse(s.ConversationSchema, 'The conversation'), ...errorResponses(404) },
});

export const sendMessageRoute = createRoute({
  method: 'post',
  path: '/conversations/{id}/messages',
  operationId: 'sendConversationMessage',
  summary: 'Send a message in a conversation',
  description:
    'Text, attachments, quick replies, buttons or a carousel, within 24 hours of the participant’s last message. ' +
    'A message the platform rejects stays in the thread as `FAILED` and the call answers an error. ' +
    '`403` when messaging is not enabled or disabled for the account, or over the monthly message limit; `503` while sending is paused.',
  tags,
  security,
  request: { params: s.ConversationIdParams, body: jsonBody(s.SendMessageBody) },
  responses: { 200: jsonResponse(s.SendResultSchema, 'The conversation and the sent message'), ...errorResponses(404, 429, 502, 503) },
});

export const reactToMessageRoute = createRoute({
  method: 'post',
  path: '/conversations/{id}/messages/{messageId}/reaction',
  operationId: 'reactToConversationMessage',
  summary: 'React to a message (Instagram, `love` only)',
  tags,
  security,
  request: { params: s.MessageIdParams, body: jsonBody(s.ReactionBody) },
  responses: { 200: jsonResponse(s.MessageSchema, 'The message with its reactions'), ...errorResponses(404, 429, 502, 503) },
});

export const privateReplyRoute = createRoute({
  method: 'post',
  path: '/conversations/private-reply',
  operationId: 'sendPrivateReply',
  summary: 'Answer a comment with a private message (one per comment)',
  description:
    'Text only; a repeat returns the earlier message with `conflict: true`; one in progress or of unknown outcome answers `429`. ' +
    'On Facebook only top-level comments at most 7 days old.',
  tags,
  security,
  request: { body: jsonBody(s.PrivateReplyBody) },
  responses: { 200: jsonResponse(s.SendResultSchema, 'The conversation and the private reply'), ...errorResponses(404, 429, 502, 503) },
});

export const richMessageRoute = createRoute({
  method: 'post',
  path: '/automation-rich-messages/conversations/{conversationId}',
  operationId: 'sendAutomationRichMessage',
  summary: 'Send a rich message (attachments by upload id) in a conversation',
  tags,
  security,
  request: { params: s.RichConversationParams, body: jsonBody(s.RichMessageBody) },
  responses: { 200: jsonResponse(s.RichMessageResultSchema, 'What was sent'), ...errorResponses(404, 429, 502, 503) },
});
