import { createRoute, z } from '@hono/zod-openapi';
import { SocialAccountSchema } from '../accounts/accounts.schemas';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { CreateTeamBody, TeamIdParams, TeamListQuery, TeamListSchema, TeamSchema, UpdateTeamBody } from './teams.schemas';

// The team endpoint lists the team's accounts exactly as the social-account routes describe them.
// Declared here, not in teams.schemas.ts, so the dashboard's team forms do not load the platform registry.
const TeamWithAccountsSchema = TeamSchema.extend({
  socialAccounts: z.array(SocialAccountSchema),
}).openapi('TeamWithSocialAccounts');

const tags = ['Teams'];
const security = apiKeySecurity;

export const listTeamsRoute = createRoute({
  method: 'get',
  path: '/team',
  operationId: 'listTeams',
  summary: 'List teams',
  tags,
  security,
  request: { query: TeamListQuery },
  responses: { 200: jsonResponse(TeamListSchema, 'Teams, newest first'), ...errorResponses() },
});

export const getTeamRoute = createRoute({
  method: 'get',
  path: '/team/{id}',
  operationId: 'getTeam',
  summary: 'Get a team with its social accounts',
  tags,
  security,
  request: { params: TeamIdParams },
  responses: { 200: jsonResponse(TeamWithAccountsSchema, 'The team'), ...errorResponses(404) },
});

export const createTeamRoute = createRoute({
  method: 'post',
  path: '/team',
  operationId: 'createTeam',
  summary: 'Create a team',
  tags,
  security,
  request: { body: jsonBody(CreateTeamBody) },
  responses: { 200: jsonResponse(TeamSchema, 'The new team'), ...errorResponses(409, 422) },
});

export const updateTeamRoute = createRoute({
  method: 'patch',
  path: '/team/{id}',
  operationId: 'updateTeam',
  summary: 'Rename a team or change its avatar',
  tags,
  security,
  request: { params: TeamIdParams, body: jsonBody(UpdateTeamBody) },
  responses: { 200: jsonResponse(TeamSchema, 'The updated team'), ...errorResponses(404) },
});

export const deleteTeamRoute = createRoute({
  method: 'delete',
  path: '/team/{id}',
  operationId: 'deleteTeam',
  summary: 'Delete a team and everything it owns',
  tags,
  security,
  request: { params: TeamIdParams },
  responses: { 200: jsonResponse(TeamSchema, 'The deleted team, with deletedAt'), ...errorResponses(404, 409) },
});
