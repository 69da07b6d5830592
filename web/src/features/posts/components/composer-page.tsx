import * as Tabs from '@radix-ui/react-tabs';
import { Link, useNavigate } from '@tanstack/react-router';
import { AlertCircle, ArrowLeft, CircleAlert, Users } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { toast } from '../../../lib/toast';
import { PlatformIcon } from '../../../components/platform-icon';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { platformLabel, type PostPlatform } from '../../../lib/post-platforms';
import { useCreatePost } from '../api/create-post';
import type { Post } from '../api/get-posts';
import { usePostingAccounts } from '../../../api/get-team-accounts';
import { useUploads } from '../../../api/get-uploads';
import { useUpdatePost } from '../api/update-post';
import {
  buildPlatformData,
  draftFromPost,
  effectiveTitle,
  emptyPlatformDraft,
  platformIssues,
  serverIssuesByPlatform,
  type ComposerDraft,
  type Issue,
  type PlatformDraft,
} from '../lib/composer-state';
import { libraryFacts } from '../lib/media';
import { browserTimeZone, instantToZoned, zonedToInstant } from '../lib/zoned-time';
import { AccountPicker } from './account-picker';
import { Textarea } from '../../../components/ui/textarea';
import { MediaLibrary } from './media-library';
import { PlatformPanel } from './platform-panel';
import { PlatformPreview } from './platform-preview';
import { ScheduleFields, type When } from './schedule-card';

const EMPTY: ComposerDraft = { title: '', sharedText: '', sharedMedia: [], platforms: [], drafts: {} };

/** The next quarter hour at least 30 minutes away: a sensible first suggestion for a schedule. */
function suggestedTime(): Date {
  const date = new Date(Date.now() + 30 * 60_000);
  date.setMinutes(Math.ceil(date.getMinutes() / 15) * 15, 0, 0);
  return date;
}

export function ComposerPage({ teamId, post }: { teamId: string; post?: Post }) {
  const { data: accounts } = usePostingAccounts(teamId);
  const uploads = useUploads(teamId);
  const navigate = useNavigate();
  const create = useCreatePost();
  const update = useUpdatePost();
  const id = useId();
  const [draft, setDraft] = useState<ComposerDraft>(() => (post ? draftFromPost(post) : EMPTY));
  const [when, setWhen] = useState<When>(() => {
    const timeZone = browserTimeZone();
    return { mode: 'schedule', local: instantToZoned(post ? new Date(post.postDate) : suggestedTime(), timeZone), timeZone };
  });
  const [tab, setTab] = useState<PostPlatform | undefined>(draft.platforms[0]);
  const [serverIssues, setServerIssues] = useState<Partial<Record<PostPlatform, Issue[]>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [whenError, setWhenError] = useState<string | undefined>();

  // Any edit makes the server's last answer stale; live checks take over again.
  const change = (next: (current: ComposerDraft) => ComposerDraft) => {
    setDraft(next);
    setServerIssues({});
    setFormError(null);
  };

  const library = useMemo(() => (uploads.data ? libraryFacts(uploads.data.items) : null), [uploads.data]);
  const built = useMemo(() => {
    const result: Partial<Record<PostPlatform, { data: Record<string, unknown>; issues: Issue[] }>> = {};
    for (const platform of draft.platforms) {
      const { data, issues } = buildPlatformData(draft, platform);
      result[platform] = { data, issues: [...issues, ...platformIssues(platform, data, library), ...(serverIssues[platform] ?? [])] };
    }
    return result;
  }, [draft, library, serverIssues]);

  const toggleAccount = (platform: PostPlatform, on: boolean) =>
    change((current) => {
      const platforms = on ? [...current.platforms, platform] : current.platforms.filter((p) => p !== platform);
      const drafts = { ...current.drafts };
      if (on) drafts[platform] ??= emptyPlatformDraft(platform);
      return { ...current, platforms, drafts };
    });

  useEffect(() => {
    if (!tab || !draft.platforms.includes(tab)) setTab(draft.platforms[0]);
  }, [draft.platforms, tab]);

  const setPlatformDraft = (platform: PostPlatform, next: PlatformDraft) =>
    change((current) => ({ ...current, drafts: { ...current.drafts, [platform]: next } }));

  const pending = create.isPending || update.isPending;

  const submit = async (status: 'DRAFT' | 'SCHEDULED') => {
    setFormError(null);
    setWhenError(undefined);
    if (draft.platforms.length === 0) return setFormError('Choose at least one account to post to.');
    const invalid = draft.platforms.find((platform) => (built[platform]?.issues.length ?? 0) > 0);
    if (invalid) {
      setTab(invalid);
      toast.error(`Fix the problems marked on the ${platformLabel(invalid)} tab first`);
      return;
    }
    const title = effectiveTitle(draft);
    if (!title) return setFormError('Write the text of the post, or give it a title.');
    let postDate: Date;
    if (status === 'SCHEDULED' && when.mode === 'now') postDate = new Date();
    else {
      const instant = zonedToInstant(when.local, when.timeZone);
      if (!instant) return setWhenError('Pick the date and time to publish at.');
      // A past time would publish at once; say so rather than surprise.
      if (status === 'SCHEDULED' && instant.getTime() < Date.now() - 60_000)
        return setWhenError('That time has passed: pick a later one, or choose Publish now.');
      postDate = instant;
    }
    const data = Object.fromEntries(draft.platforms.map((platform) => [platform, built[platform]!.data]));
    const comments = Object.fromEntries(
      draft.platforms.map((platform) => [platform, draft.drafts[platform]?.firstComment.trim() ?? '']).filter(([, text]) => text),
    );
    const body = {
      title,
      postDate: postDate.toISOString(),
      status,
      socialAccountTypes: draft.platforms,
      data,
      firstComment: Object.keys(comments).length ? comments : undefined,
    };
    try {
      if (post) await update.mutateAsync({ id: post.id, ...body, firstComment: body.firstComment ?? null });
      else await create.mutateAsync({ teamId, ...body });
      toast.success(status === 'DRAFT' ? 'Draft saved' : when.mode === 'now' ? 'Publishing now' : `Scheduled for ${postDate.toLocaleString()}`);
      await navigate({ to: '/posts' });
    } catch (error) {
      const { byPlatform, other } = serverIssuesByPlatform(isApiError(error) ? error.issues : []);
      setServerIssues(byPlatform);
      const first = draft.platforms.find((platform) => byPlatform[platform]?.length);
      if (first) setTab(first);
      const rest = other.map((issue) => issue.message);
      setFormError(
        first && rest.length === 0
          ? `${platformLabel(first)}: ${errorMessage(error)}`
          : [errorMessage(error), ...rest.filter((m) => m !== errorMessage(error))].join(' '),
      );
    }
  };

  if (accounts.length === 0) {
    return (
      <>
        <ComposerHeader editing={!!post} />
        <Card>
          <EmptyState
            icon={Users}
            title="Connect an account first"
            description="Posts go to the social accounts connected to this team. Connect one, then come back to write your post."
            action={
              <Button asChild>
                <Link to="/accounts">Go to Accounts</Link>
              </Button>
            }
          />
        </Card>
      </>
    );
  }

  const primaryLabel = when.mode === 'now' ? 'Publish now' : post && post.status !== 'DRAFT' ? 'Save and schedule' : 'Schedule post';

  return (
    <div
      onKeyDown={(event) => {
        // Ctrl/Cmd+Enter publishes from anywhere in the composer, as in most editors.
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !pending) {
          event.preventDefault();
          void submit('SCHEDULED');
        }
      }}
    >
      <ComposerHeader editing={!!post} />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <Card>
            <CardHeader title="Accounts" description="Where this post goes. Each platform gets its own tab below." />
            <div className="p-5">
              <AccountPicker accounts={accounts} selected={draft.platforms} onToggle={(account, on) => toggleAccount(account.type, on)} />
            </div>
          </Card>

          <Card>
            <CardHeader title="Content" description="Shared by every platform unless a tab below changes it." />
            <div className="space-y-4 p-5">
              <div className="space-y-1.5">
                <Label htmlFor={`${id}-text`}>Text</Label>
                <Textarea
                  id={`${id}-text`}
                  rows={5}
                  autoFocus={!post}
                  value={draft.sharedText}
                  placeholder="What do you want to share?"
                  onChange={(event) => change((current) => ({ ...current, sharedText: event.target.value }))}
                  aria-describedby={`${id}-text-count`}
                />
                <div className="flex justify-end">
                  <span id={`${id}-text-count`} className="text-xs text-zinc-500 tabular-nums">
                    {draft.sharedText.trim().length} characters
                  </span>
                </div>
              </div>
              <div className="space-y-1.5">
                <Label htmlFor={`${id}-title`}>Internal title (optional)</Label>
                <Input
                  id={`${id}-title`}
                  value={draft.title}
                  maxLength={200}
                  placeholder={effectiveTitle({ ...draft, title: '' }) || 'Shown in the posts list and the calendar'}
                  onChange={(event) => change((current) => ({ ...current, title: event.target.value }))}
                  aria-describedby={`${id}-title-hint`}
                />
                <p id={`${id}-title-hint`} className="text-xs text-zinc-500">
                  Only your team sees it. Without one, the start of the text is used.
                </p>
              </div>
            </div>
          </Card>

          <Card>
            <CardHeader title="Media" description="Attached media go to every platform; a tab can choose different ones." />
            <div className="p-5">
              <MediaLibrary
                teamId={teamId}
                uploads={uploads.data?.items}
                selected={draft.sharedMedia}
                onToggle={(uploadId, on) =>
                  change((current) => ({
                    ...current,
                    sharedMedia: on ? [...current.sharedMedia, uploadId] : current.sharedMedia.filter((m) => m !== uploadId),
                  }))
                }
                onUploaded={(upload) => change((current) => ({ ...current, sharedMedia: [...current.sharedMedia, upload.id] }))}
              />
            </div>
          </Card>

          {draft.platforms.length > 0 && tab ? (
            <Card>
              <Tabs.Root value={tab} onValueChange={(value) => setTab(value as PostPlatform)}>
                <Tabs.List aria-label="Platforms" className="flex gap-1 overflow-x-auto border-b border-zinc-200 px-3 pt-2">
                  {draft.platforms.map((platform) => {
                    const count = built[platform]?.issues.length ?? 0;
                    return (
                      <Tabs.Trigger
                        key={platform}
                        value={platform}
                        className={cn(
                          '-mb-px flex items-center gap-2 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-zinc-500 hover:text-zinc-800',
                          'data-[state=active]:border-accent-600 data-[state=active]:text-zinc-900',
                        )}
                      >
                        <PlatformIcon platform={platform} />
                        {platformLabel(platform)}
                        {count > 0 ? (
                          <span className="flex items-center gap-0.5 rounded-full bg-red-50 px-1.5 text-xs text-red-700 ring-1 ring-red-200">
                            <CircleAlert className="size-3" aria-hidden />
                            {count}
                            <span className="sr-only">{count === 1 ? ' problem' : ' problems'}</span>
                          </span>
                        ) : null}
                      </Tabs.Trigger>
                    );
                  })}
                </Tabs.List>
                {draft.platforms.map((platform) => (
                  <Tabs.Content key={platform} value={platform} className="p-5 focus:outline-none">
                    <PlatformPanel
                      platform={platform}
                      draft={draft.drafts[platform] ?? emptyPlatformDraft(platform)}
                      sharedText={draft.sharedText}
                      sharedMedia={draft.sharedMedia}
                      data={built[platform]?.data ?? {}}
                      issues={built[platform]?.issues ?? []}
                      uploads={uploads.data?.items ?? []}
                      onChange={(next) => setPlatformDraft(platform, next)}
                    />
                  </Tabs.Content>
                ))}
              </Tabs.Root>
            </Card>
          ) : null}
        </div>

        <div className="xl:sticky xl:top-6 xl:self-start">
          <Card>
            <CardHeader title="Publish" />
            <div className="space-y-5 p-5">
              <ScheduleFields when={when} onChange={setWhen} error={whenError} />
              <PlatformSummary
                platforms={draft.platforms}
                counts={Object.fromEntries(draft.platforms.map((p) => [p, built[p]?.issues.length ?? 0]))}
                onOpen={setTab}
              />
              {formError ? (
                <div role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
                  <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
                  <span>{formError}</span>
                </div>
              ) : null}
              <div className="flex flex-col gap-2">
                <Button pending={pending} onClick={() => void submit('SCHEDULED')} aria-keyshortcuts="Control+Enter">
                  {primaryLabel}
                </Button>
                <Button variant="secondary" disabled={pending} onClick={() => void submit('DRAFT')}>
                  Save as draft
                </Button>
              </div>
              <p className="text-xs text-zinc-500">
                Press <kbd className="rounded border border-zinc-300 bg-zinc-50 px-1 font-mono">Ctrl</kbd>+
                <kbd className="rounded border border-zinc-300 bg-zinc-50 px-1 font-mono">Enter</kbd> to {when.mode === 'now' ? 'publish' : 'schedule'}.
              </p>
            </div>
          </Card>
          {tab && draft.platforms.includes(tab) ? (
            <div className="mt-6">
              <PlatformPreview
                platform={tab}
                account={accounts.find((account) => account.type === tab)}
                data={built[tab]?.data ?? {}}
                library={new Map((uploads.data?.items ?? []).map((upload) => [upload.id, upload]))}
              />
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function PlatformSummary({
  platforms,
  counts,
  onOpen,
}: {
  platforms: PostPlatform[];
  counts: Record<string, number>;
  onOpen: (platform: PostPlatform) => void;
}) {
  if (platforms.length === 0) return <p className="text-sm text-zinc-500">Choose at least one account.</p>;
  return (
    <ul aria-label="Checks per platform" className="space-y-1.5">
      {platforms.map((platform) => (
        <li key={platform} className="flex items-center gap-2 text-sm">
          <PlatformIcon platform={platform} />
          <span className="flex-1 text-zinc-700">{platformLabel(platform)}</span>
          {counts[platform] ? (
            <button type="button" className="text-xs font-medium text-red-600 underline-offset-2 hover:underline" onClick={() => onOpen(platform)}>
              {counts[platform] === 1 ? '1 problem' : `${counts[platform]} problems`}
            </button>
          ) : (
            <span className="text-xs text-emerald-700">Ready</span>
          )}
        </li>
      ))}
    </ul>
  );
}

function ComposerHeader({ editing }: { editing: boolean }) {
  return (
    <>
      <Link to="/posts" className="mb-3 inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800">
        <ArrowLeft className="size-4" aria-hidden />
        Posts
      </Link>
      <PageHeader
        title={editing ? 'Edit post' : 'New post'}
        description="Write once, adjust per platform, and see each platform's rules checked as you type."
      />
    </>
  );
}

export function ComposerSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the composer">
      <PageHeader title="New post" />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-6">
          <Skeleton className="h-28" />
          <Skeleton className="h-48" />
        </div>
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}
