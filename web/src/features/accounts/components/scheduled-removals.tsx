import { Clock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { formatDateTime, formatRelative } from '@/lib/format';
import type { SocialAccount } from '@/api/get-team-accounts';
import { platformLabel } from '../lib/platforms';
import { AccountAvatar } from '@/components/account-avatar';

type ScheduledRemovalsProps = { accounts: SocialAccount[]; connectedTypes: Set<string>; onReconnect: (account: SocialAccount) => void };

/** Disconnected accounts still inside their grace period: connecting the same account again brings it back with its posts. */
export function ScheduledRemovals({ accounts, connectedTypes, onReconnect }: ScheduledRemovalsProps) {
  if (accounts.length === 0) return null;
  return (
    <Card aria-label="Scheduled for removal">
      <CardHeader
        title="Scheduled for removal"
        description="Disconnected accounts are kept for 48 hours, then removed for good. Connect the same account again before then to keep its posts and settings."
      />
      <ul aria-label="Accounts scheduled for removal" className="divide-y divide-zinc-100">
        {accounts.map((account) => {
          const username = account.username ?? account.userUsername;
          const label = platformLabel(account.type);
          return (
            <li key={account.id} aria-label={`${label} ${username ? `@${username}` : ''}`.trim()} className="flex flex-wrap items-center gap-4 px-5 py-3.5">
              <AccountAvatar account={account} />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="truncate font-medium text-zinc-900">{account.displayName ?? account.userDisplayName ?? label}</span>
                  <Badge>{label}</Badge>
                </p>
                <p className="text-xs text-zinc-500">
                  {username ? `@${username} · ` : ''}
                  {account.deletedAt ? `disconnected ${formatRelative(account.deletedAt)}` : 'lost access'}
                </p>
              </div>
              <Badge tone="danger" title={account.deleteOn ? formatDateTime(account.deleteOn) : undefined}>
                <Clock className="size-3" aria-hidden />
                Removed {account.deleteOn ? `on ${formatDateTime(account.deleteOn)}` : 'soon'}
              </Badge>
              <Button
                variant="secondary"
                size="sm"
                disabled={connectedTypes.has(account.type)}
                title={connectedTypes.has(account.type) ? `The team already has another ${label} account` : undefined}
                onClick={() => onReconnect(account)}
              >
                Reconnect
              </Button>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
