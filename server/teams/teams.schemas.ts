import { z } from '@hono/zod-openapi';
import { offsetPaginationQuery } from '../http/pagination';

const dateTime = z.string().datetime().openapi({ example: '2026-11-22T10:00:00.000Z' });

export const TeamSchema = z
  .object({
    id: z.string().openapi({ example: 'k3m9x2p7q1w8e5r4t6y0u2i3' }),
    name: z.string().openapi({ example: 'Marketing' }),
    avatarUrl: z.string().nullable(),
    organizationId: z.string(),
    createdById: z.string().openapi({ description: "Who made the team: the signed-in user, the API key's owner, or the organization's system user" }),
    createdAt: dateTime.nullable(),
    updatedAt: dateTime.nullable(),
    deletedAt: dateTime.nullable(),
  })
  .openapi('Team');

export const TeamListQuery = z
  .object({
    ...offsetPaginationQuery,
    search: z.string().max(200).optional().openapi({ description: 'Case-insensitive match on the team name' }),
  })
  .strict();

const teamName = z.string().trim().min(3).max(80).openapi({ example: 'Marketing' });
const avatarUrl = z.string().url().max(2048).nullable().optional();

export const CreateTeamBody = z
  .object({
    name: teamName,
    avatarUrl,
    copyTeamId: z.string().nullable().optional().openapi({ deprecated: true, description: 'Removed: accepted for old clients and ignored' }),
  })
  .strict()
  .openapi('CreateTeam');

export const UpdateTeamBody = z.object({ name: teamName.optional(), avatarUrl }).strict().openapi('UpdateTeam');

export const TeamIdParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' } }),
});
