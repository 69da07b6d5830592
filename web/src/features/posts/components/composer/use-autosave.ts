import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { postQueryKey, postsQueryKey, type Post } from '@/api/post-query-keys';
import { errorMessage } from '@/lib/api-client';
import { createPostDraft, savePostDraft } from '../../api/save-draft';
import { effectiveTitle } from '../../lib/composer-state';
import { postBody, postFingerprint, publishDate } from '../../lib/post-body';
import type { ComposerForm } from './use-composer-form';

/** Long enough that a word typed in one go is one request, short enough that a closed tab loses little. */
export const AUTOSAVE_DELAY_MS = 1000;

export type AutosaveState =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  /** Saved; `problems` counts what still stands in the way of publishing (the tabs show them). */
  | { kind: 'saved'; at: Date; problems: number }
  /** The form cannot be a post yet (no account, no text, no date): nothing was sent. */
  | { kind: 'waiting'; reason: string }
  | { kind: 'failed'; reason: string };

type Options = {
  form: ComposerForm;
  teamId: string;
  post?: Post;
  /** The first save of a new post created it. */
  onCreated: (post: Post) => void;
};

/**
 * Why the form cannot be saved as a draft now, or null when it can. Broken platform rules do not
 * stop a draft (decision 090): it is saved with them, and the tabs show them as the person types.
 */
function unsavableBecause(form: ComposerForm): string | null {
  const values = form.getValues();
  if (values.platforms.length === 0) return 'Choose an account to save a draft.';
  if (!effectiveTitle(values)) return 'Write the text of the post to save a draft.';
  if (typeof publishDate(values.when, 'DRAFT') === 'string') return 'Pick a date to save a draft.';
  return null;
}

/**
 * Saves a new post, or a post still in `DRAFT`, as the API's `DRAFT` a moment after each edit: one
 * create, then updates of the same post. A scheduled post is never saved behind the person's back
 * (that would reschedule it); there the composer only asks before leaving unsaved edits.
 */
export function useAutosave({ form, teamId, post, onCreated }: Options) {
  const queryClient = useQueryClient();
  const enabled = !post || post.status === 'DRAFT';
  const [state, setState] = useState<AutosaveState>({ kind: 'idle' });
  // What the server holds, as a fingerprint of the form: the form's defaults are the saved post.
  const [openedKey] = useState(() => postFingerprint(form.getValues()));
  const savedKey = useRef(openedKey);
  const postId = useRef(post?.id);
  const running = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const created = useRef(onCreated);
  useEffect(() => {
    created.current = onCreated;
  });

  const unsaved = useCallback(() => postFingerprint(form.getValues()) !== savedKey.current, [form]);

  const saveOnce = useCallback(async () => {
    const values = form.getValues();
    const key = postFingerprint(values);
    if (key === savedKey.current) return;
    const reason = unsavableBecause(form);
    if (reason) return setState({ kind: 'waiting', reason });
    const { status: _status, ...body } = postBody(values, effectiveTitle(values), publishDate(values.when, 'DRAFT') as Date, 'DRAFT');
    setState({ kind: 'saving' });
    try {
      const id = postId.current;
      const result = id ? await savePostDraft({ id, ...body }) : await createPostDraft({ teamId, ...body });
      const saved = result.post as Post;
      savedKey.current = key;
      queryClient.setQueryData(postQueryKey(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: postsQueryKey, exact: false, predicate: (query) => query.queryKey[2] !== saved.id });
      if (!id) {
        postId.current = saved.id;
        created.current(saved);
      }
      setState(unsaved() ? { kind: 'pending' } : { kind: 'saved', at: new Date(), problems: result.problems.length });
    } catch (error) {
      setState({ kind: 'failed', reason: `Not saved: ${errorMessage(error)}` });
    }
  }, [form, teamId, queryClient, unsaved]);

  /** Saves now what is not saved yet; one save at a time, so a new post is created once. */
  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    if (!enabled) return;
    while (running.current) await running.current;
    running.current = saveOnce().finally(() => (running.current = null));
    await running.current;
  }, [enabled, saveOnce]);

  useEffect(() => {
    if (!enabled) return;
    const { unsubscribe } = form.watch(() => {
      clearTimeout(timer.current);
      if (!unsaved()) return;
      setState((current) => (current.kind === 'saving' ? current : { kind: 'pending' }));
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer.current);
    };
  }, [enabled, form, flush, unsaved]);

  return {
    enabled,
    state,
    unsaved,
    flush,
    /** The post the composer edits: the one it opened with, or the draft its first save created. */
    postId: () => postId.current,
    /** The form as it is now was saved another way (published, scheduled): nothing is left to save. */
    markSaved: () => {
      clearTimeout(timer.current);
      savedKey.current = postFingerprint(form.getValues());
    },
    /** The reason the last attempt did not save, for the leave prompt. */
    reason: state.kind === 'waiting' || state.kind === 'failed' ? state.reason : null,
  };
}

export type Autosave = ReturnType<typeof useAutosave>;
