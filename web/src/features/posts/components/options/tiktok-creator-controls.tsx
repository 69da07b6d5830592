import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { useCurrentTeamId } from '@/lib/team-selection';
import { useTikTokCreatorInfo } from '../../api/get-tiktok-creator-info';
import type { ComposerValues } from '../../lib/composer-state';
import { FieldIssues, Switch } from '../controls';
import { allMessages } from './issues';
import type { OptionControlProps } from './types';

/** The TikTok options built from the creator's current settings (decision 092). */
export const TIKTOK_CREATOR_FIELDS = new Set(['privacy', 'disableComments', 'disableDuet', 'disableStitch']);

const INTERACTION = {
  disableComments: { setting: 'commentDisabled', label: 'Allow comments' },
  disableDuet: { setting: 'duetDisabled', label: 'Allow Duets' },
  disableStitch: { setting: 'stitchDisabled', label: 'Allow Stitch' },
} as const;

export function TikTokCreatorControl(props: OptionControlProps) {
  return props.field.key === 'privacy' ? <TikTokPrivacyPicker {...props} /> : <TikTokInteractionSwitch {...props} />;
}

/**
 * "Who can watch", from the creator's own privacy options with none chosen until the person picks
 * one (TikTok's UX guidelines); the longest video the creator may post; the disclosures TikTok asks
 * for branded content; and, while the operator's app is unaudited, why only "Only you" works.
 */
function TikTokPrivacyPicker({ field, value, issues, onChange }: OptionControlProps) {
  const id = useId();
  const teamId = useCurrentTeamId() ?? '';
  const creator = useTikTokCreatorInfo(teamId);
  const options = useWatch<ComposerValues>({ name: 'drafts.TIKTOK.options' as never }) as Record<string, unknown> | undefined;
  const draft = options?.uploadToDraft === true;
  const branded = options?.isBrandContent === true;
  const ownBrand = options?.isOrganicBrandContent === true;
  const messages = allMessages(issues);
  const info = creator.data;
  const choices = info?.privacyLevelOptions ?? [];
  return (
    <fieldset className="space-y-1.5" aria-describedby={`${id}-about`}>
      <legend className="mb-1.5 text-sm font-medium text-zinc-800">
        {field.label}
        {draft ? '' : ' (required)'}
      </legend>
      <p id={`${id}-about`} className="text-xs text-zinc-500">
        {info ? `Posting as @${info.creatorUsername}. Videos can be up to ${info.maxVideoPostDurationSec} seconds.` : null}
        {draft ? ' A draft is finished in the TikTok app, where you choose who can watch.' : null}
      </p>
      {creator.isPending && teamId ? <p className="text-xs text-zinc-500">Asking TikTok for this account’s options…</p> : null}
      {creator.isError ? <p className="text-xs text-red-600">{errorMessage(creator.error)}</p> : null}
      {info && !info.appAudited ? (
        <p role="note" className="rounded-lg border border-amber-200 bg-amber-50 px-2.5 py-1.5 text-xs text-amber-900">
          This service’s TikTok app has not passed TikTok’s audit yet, so TikTok keeps every post private: choose “Only you”.
        </p>
      ) : null}
      <div role="radiogroup" aria-label={field.label} className="flex flex-col gap-1.5">
        {choices.map((choice) => (
          <label key={choice} className="flex items-center gap-2 text-sm text-zinc-800">
            <input
              type="radio"
              name={`${id}-privacy`}
              value={choice}
              checked={value === choice}
              disabled={draft || (info?.appAudited === false && choice !== 'SELF_ONLY')}
              aria-invalid={messages.length > 0 || undefined}
              onChange={() => onChange(choice)}
              className="size-4 accent-accent-600"
            />
            {field.valueLabels?.[choice] ?? choice}
          </label>
        ))}
      </div>
      <FieldIssues id={`${id}-issues`} messages={messages} />
      {branded || ownBrand ? (
        <p className="text-xs text-zinc-600">
          {branded ? 'Your post will be labeled “Paid partnership”. ' : 'Your post will be labeled “Promotional content”. '}
          By posting, you agree to TikTok’s{' '}
          <a className="underline" href="https://www.tiktok.com/legal/page/global/bc-policy/en" target="_blank" rel="noreferrer">
            Branded Content Policy
          </a>{' '}
          and{' '}
          <a className="underline" href="https://www.tiktok.com/legal/page/global/music-usage-confirmation/en" target="_blank" rel="noreferrer">
            Music Usage Confirmation
          </a>
          .
        </p>
      ) : (
        <p className="text-xs text-zinc-500">
          By posting, you agree to TikTok’s{' '}
          <a className="underline" href="https://www.tiktok.com/legal/page/global/music-usage-confirmation/en" target="_blank" rel="noreferrer">
            Music Usage Confirmation
          </a>
          .
        </p>
      )}
    </fieldset>
  );
}

/** Comments, Duets and Stitch as TikTok shows them: "allowed" switches, off and disabled where the creator turned them off. */
function TikTokInteractionSwitch({ field, value, issues, onChange }: OptionControlProps) {
  const id = useId();
  const teamId = useCurrentTeamId() ?? '';
  const creator = useTikTokCreatorInfo(teamId);
  const about = INTERACTION[field.key as keyof typeof INTERACTION];
  const lockedOff = creator.data?.[about.setting] === true;
  const messages = allMessages(issues);
  return (
    <div className="flex items-start justify-between gap-4 py-1">
      <div>
        <Label htmlFor={id} className="font-normal">
          {about.label}
        </Label>
        {lockedOff ? <p className="text-xs text-zinc-500">Turned off in this account’s TikTok settings.</p> : null}
        <FieldIssues id={`${id}-issues`} messages={messages} />
      </div>
      <Switch id={id} checked={!lockedOff && value !== true} disabled={lockedOff} onCheckedChange={(allowed) => onChange(allowed ? undefined : true)} />
    </div>
  );
}
