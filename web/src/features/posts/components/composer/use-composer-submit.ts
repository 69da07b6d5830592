import { useNavigate } from '@tanstack/react-router';
import type { FieldPath } from 'react-hook-form';
import { errorMessage, isApiError } from '@/lib/api-client';
import { platformLabel, type PostPlatform } from '@/lib/post-platforms';
import { toast } from '@/lib/toast';
import { useCreatePost } from '../../api/create-post';
import type { Post } from '../../api/get-posts';
import { useUpdatePost } from '../../api/update-post';
import { fieldErrorsOf, platformIssuesIn } from '../../lib/composer-errors';
import { buildPlatformData, effectiveTitle, serverIssuesByPlatform, type ComposerValues, type When } from '../../lib/composer-state';
import { zonedToInstant } from '../../lib/zoned-time';
import type { ComposerForm } from './use-composer-form';

type Status = 'DRAFT' | 'SCHEDULED';

/** When the post goes out, or why the schedule cannot be used. */
function publishDate(when: When, status: Status): Date | string {
  if (status === 'SCHEDULED' && when.mode === 'now') return new Date();
  const instant = zonedToInstant(when.local, when.timeZone);
  if (!instant) return 'Pick the date and time to publish at.';
  // A past time would publish at once; say so rather than surprise.
  if (status === 'SCHEDULED' && instant.getTime() < Date.now() - 60_000) return 'That time has passed: pick a later one, or choose Publish now.';
  return instant;
}

/** The request body the API takes, built from the form. */
function postBody(values: ComposerValues, title: string, postDate: Date, status: Status) {
  const data = Object.fromEntries(values.platforms.map((platform) => [platform, buildPlatformData(values, platform).data]));
  const comments = Object.fromEntries(
    values.platforms.map((platform) => [platform, values.drafts[platform]?.firstComment.trim() ?? '']).filter(([, text]) => text),
  );
  return {
    title,
    postDate: postDate.toISOString(),
    status,
    socialAccountTypes: values.platforms,
    data,
    firstComment: Object.keys(comments).length ? comments : undefined,
  };
}

type Options = { form: ComposerForm; teamId: string; post?: Post; openTab: (platform: PostPlatform) => void };

/** Saving or scheduling the post: refused while a tab has problems, the API's own issues shown on their fields. */
export function useComposerSubmit({ form, teamId, post, openTab }: Options) {
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
      if (post) await update.mutateAsync({ id: post.id, ...body, firstComment: body.firstComment ?? null });
      else await create.mutateAsync({ teamId, ...body });
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
