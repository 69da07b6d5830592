import { useId } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import type { SocialAccount } from '@/api/get-team-accounts';
import type { Upload } from '@/api/get-uploads';
import { Card, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { PostPlatform } from '@/lib/post-platforms';
import { effectiveTitle, emptyPlatformDraft, type ComposerValues } from '../../lib/composer-state';
import { AccountPicker } from '../account-picker';
import { MediaLibrary } from '../media-library';
import { AltTextList } from './alt-text-list';

/** The accounts the post goes to (the form's `platforms`); a platform turned on gets its tab's draft. */
export function AccountsCard({ accounts }: { accounts: SocialAccount[] }) {
  const { getValues, setValue } = useFormContext<ComposerValues>();
  const { field } = useController<ComposerValues, 'platforms'>({ name: 'platforms' });
  const toggle = (platform: PostPlatform, on: boolean) => {
    // A draft stays while its platform is off, so turning it back on brings the tab back as it was.
    if (on && !getValues(`drafts.${platform}`)) setValue(`drafts.${platform}`, emptyPlatformDraft(platform));
    field.onChange(on ? [...field.value, platform] : field.value.filter((p) => p !== platform));
  };
  return (
    <Card>
      <CardHeader title="Accounts" description="Where this post goes. Each platform gets its own tab below." />
      <div className="p-5">
        <AccountPicker accounts={accounts} selected={field.value} onToggle={(account, on) => toggle(account.type, on)} />
      </div>
    </Card>
  );
}

/** The text every platform shares, and the internal title. */
export function ContentCard({ autoFocus }: { autoFocus: boolean }) {
  const id = useId();
  const { register } = useFormContext<ComposerValues>();
  const sharedText = useWatch<ComposerValues, 'sharedText'>({ name: 'sharedText' });
  return (
    <Card>
      <CardHeader title="Content" description="Shared by every platform unless a tab below changes it." />
      <div className="space-y-4 p-5">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-text`}>Text</Label>
          <Textarea
            id={`${id}-text`}
            rows={5}
            autoFocus={autoFocus}
            placeholder="What do you want to share?"
            {...register('sharedText')}
            aria-describedby={`${id}-text-count`}
          />
          <div className="flex justify-end">
            <span id={`${id}-text-count`} className="text-xs text-zinc-500 tabular-nums">
              {sharedText.trim().length} characters
            </span>
          </div>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-title`}>Internal title (optional)</Label>
          <Input
            id={`${id}-title`}
            maxLength={200}
            placeholder={effectiveTitle({ title: '', sharedText }) || 'Shown in the posts list and the calendar'}
            {...register('title')}
            aria-describedby={`${id}-title-hint`}
          />
          <p id={`${id}-title-hint`} className="text-xs text-zinc-500">
            Only your team sees it. Without one, the start of the text is used.
          </p>
        </div>
      </div>
    </Card>
  );
}

/** The shared media (the form's `sharedMedia`), picked from the library or uploaded here. */
export function MediaCard({ teamId, uploads }: { teamId: string; uploads: Upload[] | undefined }) {
  const { getValues } = useFormContext<ComposerValues>();
  const { field } = useController<ComposerValues, 'sharedMedia'>({ name: 'sharedMedia' });
  return (
    <Card>
      <CardHeader title="Media" description="Attached media go to every platform; a tab can choose different ones." />
      <div className="p-5">
        <MediaLibrary
          teamId={teamId}
          uploads={uploads}
          selected={field.value}
          onToggle={(uploadId, on) => field.onChange(on ? [...field.value, uploadId] : field.value.filter((m) => m !== uploadId))}
          // An upload ends after other edits may have changed the selection: add to what it is then.
          onUploaded={(upload) => field.onChange([...getValues('sharedMedia'), upload.id])}
        />
        <AltTextList selected={field.value} uploads={uploads ?? []} />
      </div>
    </Card>
  );
}
