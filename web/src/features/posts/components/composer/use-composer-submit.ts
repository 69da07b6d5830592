import { useNavigate } from '@tanstack/react-router';
import type { FieldPath } from 'react-hook-form';
import { errorMessage, isApiError } from '@/lib/api-client';
import { platformLabel, type PostPlatform } from '@/lib/post-platforms';
import { toast } from '@/lib/toast';
import { useCreatePost } from '../../api/create-post';
import { useUpdatePost } from '../../api/update-post';
import { fieldErrorsOf, platformIssuesIn } from '../../lib/composer-errors';
import { effectiveTitle, serverIssuesByPlatform, type ComposerValues } from '../../lib/composer-state';
import { postBody, publishDate, type SaveStatus } from '../../lib/post-body';
import type { Autosave } from './use-autosave';
import type { ComposerForm } from './use-composer-form';

type Status = SaveStatus;

type Options = { form: ComposerForm; teamId: string; autosave: Autosave; openTab: (platform: PostPlatform) => void };

/** Saving or scheduling the post: refused while a tab has problems, the API's own issues shown on their fields. */
export function useComposerSubmit({ form, teamId, autosave, openTab }: Options) {
  const navigate = useNavigate();
  const create = useCreatePost();
  const update = useUpdatePost();

  const refuse = (platform: PostPlatform) => {
    openTab(platform);
    toast.error(`Fix the problems marked on the ${platformLabel(platform)} tab first`);
  };

  const showServerError = (error: unknown, platforms: PostPlatform[]) => {
    const { byPlatform, other } = serverIssuesByPlatform(isApiError(error) ? error.issues : []);
    const issues = platforms.flatMap((platform) => (byPlatform[platform] ?? []).map((issue) => ({ ...issue, platform })));
    // They stand until the next edit, which checks the post again.
    for (const [name, fieldError] of fieldErrorsOf(issues, 'server')) form.setError(name as FieldPath<ComposerValues>, fieldError);
    const first = platforms.find((platform) => byPlatform[platform]?.length);
    if (first) openTab(first);
    const rest = other.map((issue) => issue.message);
    const message =
      first && rest.length === 0
        ? `${platformLabel(first)}: ${errorMessage(error)}`
        : [errorMessage(error), ...rest.filter((m) => m !== errorMessage(error))].join(' ');
    form.setError('root.server', { message });
  };

  const send = async (values: ComposerValues, status: Status) => {
    if (values.platforms.length === 0) return form.setError('root.server', { message: 'Choose at least one account to post to.' });
    const title = effectiveTitle(values);
    if (!title) return form.setError('root.server', { message: 'Write the text of the post, or give it a title.' });
    const postDate = publishDate(values.when, status);
    if (typeof postDate === 'string') return form.setError('when.local', { message: postDate });
    const body = postBody(values, title, postDate, status);
    try {
      // An autosave running now could create the post a second time, or save over this.
      await autosave.flush();
      const id = autosave.postId();
      if (id) await update.mutateAsync({ id, ...body, firstComment: body.firstComment ?? null });
      else await create.mutateAsync({ teamId, ...body });
      autosave.markSaved();
      toast.success(status === 'DRAFT' ? 'Draft saved' : values.when.mode === 'now' ? 'Publishing now' : `Scheduled for ${postDate.toLocaleString()}`);
      await navigate({ to: '/posts' });
    } catch (error) {
      showServerError(error, values.platforms);
    }
  };

  const submit = async (status: Status) => {
    form.clearErrors('root.server');
    form.clearErrors('when.local');
    // The API's answer counts too until an edit: sent again as it is, the post would be refused again.
    const platforms = form.getValues('platforms');
    const invalid = platforms.find((platform) => platformIssuesIn(form.formState.errors, platform).length > 0);
    if (invalid) return refuse(invalid);
    await form.handleSubmit(
      (values) => send(values, status),
      (errors) => {
        const first = platforms.find((platform) => platformIssuesIn(errors, platform).length > 0);
        if (first) refuse(first);
      },
    )();
  };

  return { submit, pending: create.isPending || update.isPending };
}
