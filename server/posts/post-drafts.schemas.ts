import { z } from '@hono/zod-openapi';
import { POST_PLATFORMS } from '../platforms/platform-types';
import { PlatformEnum, PostSchema } from './posts.schemas';

const dateTime = z.string().datetime({ offset: true }).openapi({ example: '2026-12-01T09:30:00.000Z' });

/**
 * A draft's structure only (decision 090): what every reader of a post relies on (a team, a date,
 * the platforms, an options object per platform). The platform rules are checked too, but what
 * they find is answered as `problems` and the draft is saved anyway.
 */
const draftFields = {
  title: z.string().trim().max(200).openapi({ description: 'May be empty while the draft is written' }),
  postDate: dateTime,
  socialAccountTypes: z.array(PlatformEnum).min(1).max(POST_PLATFORMS.length),
  data: z.record(PlatformEnum, z.record(z.string(), z.unknown()).nullable()),
  firstComment: z.record(z.string(), z.string().max(10_000)).optional(),
  referenceKey: z.string().trim().min(1).max(255).optional(),
};

export const CreatePostDraftBody = z
  .object({ teamId: z.string().min(1).max(64), ...draftFields })
  .strict()
  .openapi('CreatePostDraft');

export const SavePostDraftBody = z.object(draftFields).strict().openapi('SavePostDraft');

export const PostDraftResultSchema = z
  .object({
    post: PostSchema,
    publishable: z.boolean().openapi({ description: 'Whether the draft could be scheduled or published as it is' }),
    problems: z
      .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
      .openapi({ description: 'What stands in the way of scheduling it, with paths into the request body (the same texts `POST /post` would answer)' }),
  })
  .openapi('PostDraftResult');
