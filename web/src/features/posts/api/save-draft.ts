import { api, ok, type ApiSchema } from '@/lib/api-client';

export type CreatePostDraftInput = ApiSchema<'CreatePostDraft'>;
export type SavePostDraftInput = ApiSchema<'SavePostDraft'>;
export type PostDraftResult = ApiSchema<'PostDraftResult'>;

/**
 * The composer's autosave (decision 090): a draft is saved whatever its problems, which come back
 * beside the post; scheduling and publishing still go through `POST`/`PATCH /post`, checked in full.
 */
export function createPostDraft(input: CreatePostDraftInput): Promise<PostDraftResult> {
  return ok(api.POST('/post/drafts', { body: input }));
}

export function savePostDraft({ id, ...input }: SavePostDraftInput & { id: string }): Promise<PostDraftResult> {
  return ok(api.PUT('/post/{id}/draft', { params: { path: { id } }, body: input }));
}
