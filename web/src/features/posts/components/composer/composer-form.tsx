import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useState } from 'react';
import { FormProvider, useFormState, useWatch } from 'react-hook-form';
import type { SocialAccount } from '@/api/get-team-accounts';
import { useUploads } from '@/api/get-uploads';
import { LeaveGuard } from '@/components/leave-guard';
import type { PostPlatform } from '@/lib/post-platforms';
import type { Post } from '../../api/get-posts';
import { platformIssuesIn } from '../../lib/composer-errors';
import { buildPlatformData, type ComposerValues } from '../../lib/composer-state';
import { libraryFacts } from '../../lib/media';
import { PlatformPreview } from '../platform-preview';
import { ComposerHeader } from './composer-header';
import { AccountsCard, ContentCard, MediaCard } from './draft-cards';
import { PlatformTabs } from './platform-tabs';
import { PublishBar } from './publish-bar';
import { PublishCard } from './publish-card';
import { useAutosave } from './use-autosave';
import { useComposerForm } from './use-composer-form';
import { useComposerSubmit } from './use-composer-submit';

type ComposerFormProps = { teamId: string; post?: Post; accounts: SocialAccount[] };

/** The composer on react-hook-form: the draft, its platform tabs and the schedule are one form, checked with the API's own rules. */
export function ComposerForm({ teamId, post, accounts }: ComposerFormProps) {
  const uploads = useUploads(teamId);
  const library = useMemo(() => (uploads.data ? libraryFacts(uploads.data.items) : null), [uploads.data]);
  const form = useComposerForm(post, library);
  const values = useWatch({ control: form.control }) as ComposerValues;
  const { errors } = useFormState({ control: form.control, name: 'drafts' });
  const [tab, setTab] = useState<PostPlatform | undefined>(values.platforms[0]);
  const navigate = useNavigate();
  const publishId = useId();
  const autosave = useAutosave({
    form,
    teamId,
    post,
    // The address becomes the draft's edit page, so a reload or a shared link opens it. Masked: the
    // page stays this route, so nothing remounts and the cursor stays where the person is typing.
    onCreated: (draft) =>
      void navigate({
        to: '/posts/new',
        search: (prev) => ({ ...prev, draft: draft.id }),
        mask: { to: '/posts/$postId/edit', params: { postId: draft.id }, search: (prev) => prev, unmaskOnReload: true },
        replace: true,
      }),
  });
  const { submit, pending } = useComposerSubmit({ form, teamId, autosave, openTab: setTab });

  const { platforms } = values;
  const data: Partial<Record<PostPlatform, Record<string, unknown>>> = useMemo(
    () => Object.fromEntries(values.platforms.map((platform) => [platform, buildPlatformData(values, platform).data])),
    [values],
  );
  const issues = Object.fromEntries(platforms.map((platform) => [platform, platformIssuesIn(errors, platform)]));
  const uploadList = uploads.data?.items ?? [];

  useEffect(() => {
    if (!tab || !platforms.includes(tab)) setTab(platforms[0]);
  }, [platforms, tab]);

  return (
    <FormProvider {...form}>
      <div
        onKeyDown={(event) => {
          // Ctrl/Cmd+Enter publishes from anywhere in the composer, as in most editors.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !pending) {
            event.preventDefault();
            void submit('SCHEDULED');
          }
        }}
      >
        <LeaveGuard
          save={autosave.flush}
          unsaved={autosave.unsaved}
          // The composer's own moves (a new draft's URL becoming its edit page) stay on the page.
          keepsWork={({ current, next }) => next.routeId === current.routeId}
          title="Leave without saving?"
          reason={autosave.reason}
        />
        <ComposerHeader editing={!!post} />
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-6">
            <AccountsCard accounts={accounts} />
            <ContentCard autoFocus={!post} />
            <MediaCard teamId={teamId} uploads={uploads.data?.items} />
            {platforms.length > 0 && tab ? (
              <PlatformTabs platforms={platforms} tab={tab} onTab={setTab} data={data} issues={issues} uploads={uploadList} />
            ) : null}
          </div>

          <div id={publishId} className="scroll-mt-4 xl:sticky xl:top-6 xl:self-start">
            <PublishCard
              platforms={platforms}
              counts={Object.fromEntries(platforms.map((platform) => [platform, issues[platform]?.length ?? 0]))}
              onOpen={setTab}
              rescheduling={!!post && post.status !== 'DRAFT'}
              pending={pending}
              autosave={autosave.enabled ? autosave.state : null}
              onSubmit={(status) => void submit(status)}
            />
            {tab && platforms.includes(tab) ? (
              <div className="mt-6">
                <PlatformPreview
                  platform={tab}
                  account={accounts.find((account) => account.type === tab)}
                  data={data[tab] ?? {}}
                  library={new Map(uploadList.map((upload) => [upload.id, upload]))}
                />
              </div>
            ) : null}
          </div>
        </div>
        <PublishBar
          publishId={publishId}
          problems={Object.values(issues).reduce((sum, list) => sum + list.length, 0)}
          autosave={autosave.enabled ? autosave.state : null}
        />
      </div>
    </FormProvider>
  );
}
