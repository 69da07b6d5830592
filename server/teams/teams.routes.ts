import { createRoute, z } from '@hono/zod-openapi';
import { SocialAccountSchema } from '../accounts/accounts.schemas';
import { apiKeySecurity, errorResponses, jsonBody, jsonResponse } from '../http/openapi-helpers';
import { listSchema } from '../http/pagination';
import { CreatorSchema, TeamOrganizationSchema } from '../organizations/organization.schemas';
import { CreateTeamBody, TeamIdParams, TeamListQuery, TeamSchema, UpdateTeamBody } from './teams.schemas';

// Every team answer (and `team.*` event) is the team as the published client declares it, with its
// accounts exactly as the social-account routes describe them. Declared here, not in
// teams.schemas.ts, so the dashboard's team forms do not load the platform registry.
const TeamWithAccountsSchema = TeamSchema.extend({
  organization: TeamOrganizationSchema,
  createdBy: CreatorSchema,
  bots: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        avatarUrl: z.string().nullable(),
        teamId: z.string(),
        createdAt: z.string().datetime().nullable(),
        updatedAt: z.string().datetime().nullable(),
        deletedAt: z.string().datetime().nullable(),
      }),
    )
    .openapi({ description: 'Always empty: the service has no bots' }),
  socialAccounts: z.array(SocialAccountSchema),
}).openapi('TeamWithSocialAccounts');
const TeamListSchema = listSchema(TeamWithAccountsSchema, 'TeamList');

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
  responses: { 200: jsonResponse(TeamWithAccountsSchema, 'The new team'), ...errorResponses(409, 422) },
});

export const updateTeamRoute = createRoute({
  method: 'patch',
  path: '/team/{id}',
  operationId: 'updateTeam',
  summary: 'Rename a team or change its avatar',
  tags,
  security,
  request: { params: TeamIdParams, body: jsonBody(UpdateTeamBody) },
  responses: { 200: jsonResponse(TeamWithAccountsSchema, 'The updated team'), ...errorResponses(404) },
});

export const deleteTeamRoute = createRoute({
  method: 'delete',
  path: '/team/{id}',
  operationId: 'deleteTeam',
  summary: 'Delete a team and everything it owns',
  tags,
  security,
  request: { params: TeamIdParams },
  responses: { 200: jsonResponse(TeamWithAccountsSchema, 'The deleted team, with deletedAt and the accounts it took with it'), ...errorResponses(404, 409) },
});
