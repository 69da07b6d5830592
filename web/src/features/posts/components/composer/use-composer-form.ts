import { useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import type { Post } from '../../api/get-posts';
import { composerResolver, type ComposerContext } from '../../lib/composer-resolver';
import { composerDefaults, type ComposerValues } from '../../lib/composer-state';

export type ComposerForm = UseFormReturn<ComposerValues, ComposerContext>;

/**
 * The composer's form, checked as the person types: every edit of the post re-checks all its
 * platforms (a rule can tie fields together: a poll and a thread), and so does the library once it
 * has loaded (until then every upload would look missing). Edits of the schedule are not checked
 * live: its rules depend on how the post is sent.
 */
export function useComposerForm(post: Post | undefined, library: ComposerContext['library']): ComposerForm {
  // Computed once: the route keys the composer by post, and a refetch must not undo the person's edits.
  // `at`: the new-post link's time (the calendar's empty slot); the edit page has none.
  const { at } = useSearch({ strict: false });
  const [defaultValues] = useState(() => composerDefaults(post, at));
  const form = useForm<ComposerValues, ComposerContext>({
    defaultValues,
    resolver: composerResolver,
    context: { library },
    // Validation runs on every edit through `check` below, not per field: see above.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // The composer opens the tab with the problem instead.
    shouldFocusError: false,
  });

  useEffect(() => {
    const check = async () => {
      // The schedule's message answers the last attempt to send, and stays until the next one.
      const schedule = form.getFieldState('when.local').error;
      await form.trigger();
      if (schedule) form.setError('when.local', { type: schedule.type, message: schedule.message });
    };
    void check();
    const { unsubscribe } = form.watch((_values, { name }) => {
      if (!name?.startsWith('when.')) void check();
    });
    return unsubscribe;
  }, [form, library]);

  return form;
}
