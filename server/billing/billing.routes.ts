import { createRoute } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import {
  CreditBalanceSchema,
  DeleteXCommentBody,
  DeleteXCommentResultSchema,
  QuoteBody,
  QuoteSchema,
  RetweetBody,
  RetweetResultSchema,
} from './billing.schemas';

const paidByCredits =
  'Billed from prepaid credits; an empty balance answers `402` and nothing is done. The charge and the action go together: a failed action is not charged.';

export const creditBalanceRoute = createRoute({
  method: 'get',
  path: '/billing/credits/balance',
  operationId: 'getCreditBalance',
  summary: 'The prepaid credit balance of the organization',
  tags: ['Billing'],
  security: apiKeySecurity,
  responses: { 200: jsonResponse(CreditBalanceSchema, 'The balance, in micro-dollars and cents'), ...errorResponses() },
});

export const quoteRoute = createRoute({
  method: 'post',
  path: '/billing/billable-usage/quote',
  operationId: 'quoteBillableUsage',
  summary: 'Estimate the cost of a metered X action before running it',
  tags: ['Billing'],
  security: apiKeySecurity,
  request: { body: jsonBody(QuoteBody) },
  responses: { 200: jsonResponse(QuoteSchema, 'The cost, line by line, against the available balance'), ...errorResponses(404) },
});

export const retweetRoute = createRoute({
  method: 'post',
  path: '/misc/twitter/retweet',
  operationId: 'twitterRetweet',
  summary: 'Repost an X post from the connected X account',
  description: `${paidByCredits} Charged once per post per account per UTC day (reposts and undos of that post share the charge).`,
  tags: ['Misc'],
  security: apiKeySecurity,
  request: { body: jsonBody(RetweetBody) },
  responses: { 200: jsonResponse(RetweetResultSchema, 'The post is reposted'), ...errorResponses(402, 404, 409, 502) },
});

export const undoRetweetRoute = createRoute({
  method: 'delete',
  path: '/misc/twitter/retweet',
  operationId: 'twitterUndoRetweet',
  summary: 'Undo a repost of an X post',
  description: `${paidByCredits} Shares the once-a-day charge of reposting the same post.`,
  tags: ['Misc'],
  security: apiKeySecurity,
  request: { body: jsonBody(RetweetBody) },
  responses: { 200: jsonResponse(RetweetResultSchema, 'The repost is undone'), ...errorResponses(402, 404, 409, 502) },
});

export const deleteXCommentRoute = createRoute({
  method: 'delete',
  path: '/misc/twitter/comment',
  operationId: 'twitterDeleteComment',
  summary: 'Delete a reply the connected X account wrote',
  description: paidByCredits,
  tags: ['Misc'],
  security: apiKeySecurity,
  request: { body: jsonBody(DeleteXCommentBody) },
  responses: { 200: jsonResponse(DeleteXCommentResultSchema, 'The reply is deleted'), ...errorResponses(402, 404, 409, 502) },
});
