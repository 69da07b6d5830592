import { useWatch } from 'react-hook-form';
import { PlatformIcon } from '@/components/platform-icon';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { FormError } from '@/components/ui/form';
import { platformLabel, type PostPlatform } from '@/lib/post-platforms';
import type { ComposerValues } from '../../lib/composer-state';
import { ScheduleFields } from '../schedule-card';
import { AutosaveStatus } from './autosave-status';
import type { AutosaveState } from './use-autosave';

type PublishCardProps = {
  platforms: PostPlatform[];
  /** Problems per platform. */
  counts: Partial<Record<PostPlatform, number>>;
  onOpen: (platform: PostPlatform) => void;
  /** Editing a post that is already scheduled (or further): the button says it is saved again. */
  rescheduling: boolean;
  pending: boolean;
  /** Null where drafts are not saved as the person types (a scheduled post). */
  autosave: AutosaveState | null;
  onSubmit: (status: 'DRAFT' | 'SCHEDULED') => void;
};

/** When to publish, what each platform still needs, and the buttons. */
export function PublishCard({ platforms, counts, onOpen, rescheduling, pending, autosave, onSubmit }: PublishCardProps) {
  const mode = useWatch<ComposerValues, 'when.mode'>({ name: 'when.mode' });
  const primaryLabel = mode === 'now' ? 'Publish now' : rescheduling ? 'Save and schedule' : 'Schedule post';
  return (
    <Card>
      <CardHeader title="Publish" />
      <div className="space-y-5 p-5">
        <ScheduleFields />
        <PlatformSummary platforms={platforms} counts={counts} onOpen={onOpen} />
        <FormError />
        <div className="flex flex-col gap-2">
          <Button pending={pending} onClick={() => onSubmit('SCHEDULED')} aria-keyshortcuts="Control+Enter">
            {primaryLabel}
          </Button>
          <Button variant="secondary" disabled={pending} onClick={() => onSubmit('DRAFT')}>
            Save as draft
          </Button>
          {autosave ? <AutosaveStatus state={autosave} /> : null}
        </div>
        <p className="text-xs text-zinc-500">
          Press <kbd className="rounded border border-zinc-300 bg-zinc-50 px-1 font-mono">Ctrl</kbd>+
          <kbd className="rounded border border-zinc-300 bg-zinc-50 px-1 font-mono">Enter</kbd> to {mode === 'now' ? 'publish' : 'schedule'}.
        </p>
      </div>
    </Card>
  );
}

function PlatformSummary({ platforms, counts, onOpen }: Pick<PublishCardProps, 'platforms' | 'counts' | 'onOpen'>) {
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
