import { RefreshCw } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { SocialAccount } from '@/api/get-team-accounts';
import { useRefreshChannels } from '../api/refresh-channels';
import { channelModelOf, platformLabel } from '../lib/platforms';
import { CardRow } from './card-row';

/** The page, organization or channel the account acts as; nothing for platforms without channels. */
export function ChannelRow({ account, onChoose }: { account: SocialAccount; onChoose: () => void }) {
  const model = channelModelOf(account);
  const refresh = useRefreshChannels();
  if (!model) return null;
  const noun = model.label.toLowerCase();
  const channels = account.channels ?? [];

  if (model.selection === 'per-post') {
    return (
      <CardRow label={model.label}>
        <span className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-zinc-600">
            {channels.length === 1 ? `1 ${noun}` : `${channels.length} ${noun}s`}, picked per post
            {channels.length > 0 ? (
              <span className="block truncate text-xs text-zinc-500">{channels.map((channel) => channel.name ?? channel.id).join(', ')}</span>
            ) : null}
          </span>
          <Button
            variant="ghost"
            size="sm"
            pending={refresh.isPending}
            onClick={() =>
              refresh.mutate(
                { teamId: account.teamId, type: account.type },
                { onSuccess: (updated) => toast.success(`${platformLabel(updated.type)}: ${updated.channels?.length ?? 0} ${noun}s found`) },
              )
            }
          >
            {refresh.isPending ? null : <RefreshCw className="size-3.5" aria-hidden />}
            Refresh
          </Button>
        </span>
      </CardRow>
    );
  }

  const selected = channels.find((channel) => channel.id === account.channelId);
  return (
    <CardRow label={model.label}>
      <span className="flex flex-wrap items-center justify-between gap-2">
        {selected ? (
          <span className="min-w-0">
            <span className="block truncate font-medium">{selected.name ?? selected.id}</span>
            {selected.username ? <span className="block truncate text-xs text-zinc-500">@{selected.username}</span> : null}
          </span>
        ) : model.selection === 'required' ? (
          <span className="space-y-1">
            <Badge tone="warning">No {noun} selected</Badge>
            <span className="block text-xs text-zinc-500">Choose one: the account publishes and receives messages as that {noun}.</span>
          </span>
        ) : (
          <span className="text-zinc-600">Posts as the person (no {noun} selected)</span>
        )}
        <Button variant={selected ? 'ghost' : 'secondary'} size="sm" onClick={onChoose}>
          {selected ? `Change ${noun}` : `Choose ${noun}`}
        </Button>
      </span>
    </CardRow>
  );
}
