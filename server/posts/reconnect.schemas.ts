import { z } from '@hono/zod-openapi';
import { offsetPaginationQuery } from '../http/pagination';
import { POST_PLATFORMS } from '../platforms/platform-types';
import { POST_STATUSES } from './shared/post-statuses';

const id = z.string().min(1).max(64);
const type = z.enum(POST_PLATFORMS).openapi({ example: 'INSTAGRAM', description: 'The platform whose account was disconnected and connected again' });
// The hosted service's list of statuses (REVIEW included) so its clients' types hold.
const status = z.enum([...POST_STATUSES, 'REVIEW']);

export const ReconnectCandidatesQuery = z.object({ teamId: id, type, ...offsetPaginationQuery });

export const ReconnectCandidateSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    postDate: z.string().datetime().nullable(),
    status,
    createdAt: z.string().datetime().nullable(),
    updatedAt: z.string().datetime().nullable(),
  })
  .openapi('ReconnectCandidate');

export const ReconnectCandidatesSchema = z.object({ items: z.array(ReconnectCandidateSchema), total: z.number().int() }).openapi('ReconnectCandidateList');

export const ReconnectBody = z
  .object({
    teamId: id,
    type,
    postIds: z.array(id).min(1).max(500).optional().openapi({ description: 'Only these posts; without it every candidate' }),
  })
  .strict()
  .openapi('ReconnectSocialAccount');

export const ReconnectResultSchema = z
  .object({
    total: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    results: z.array(
      z.object({
        postId: z.string(),
        title: z.string().nullable().optional(),
        success: z.boolean(),
        statusBefore: status.optional(),
        statusAfter: status.optional(),
        message: z.string().optional(),
      }),
    ),
  })
  .openapi('ReconnectSocialAccountResult');
