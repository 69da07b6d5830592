import { Link } from '@tanstack/react-router';
import { Activity, BarChart3, ChevronDown, Copy, FlaskConical, History, KeyRound, MapPin, RefreshCw, Unplug, UserRoundCog } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { formatDateTime, formatRelative } from '@/lib/format';
import { useCheckConnection, type ConnectionCheck } from '../api/check-connection';
import type { SocialAccount } from '@/api/get-team-accounts';
import { useRefreshProfile } from '../api/refresh-profile';
import { platformInfo } from '../lib/platforms';
import { AccountAvatar } from '@/components/account-avatar';
import { CardRow } from './card-row';
import { ChannelRow } from './channel-row';
import { MessagingRow } from './messaging-row';

export type AccountCardActions = {
  onChooseChannel: (account: SocialAccount) => void;
  onCopy: (account: SocialAccount) => void;
  onDisconnect: (account: SocialAccount) => void;
  onReconnect: (account: SocialAccount, withMessagingScope?: boolean) => void;
  onOpenSandbox: (account: SocialAccount) => void;
};

type AccountCardProps = AccountCardActions & { account: SocialAccount; dmsEnabled: boolean; canCopy: boolean };

export function AccountCard({ account, dmsEnabled, canCopy, ...actions }: AccountCardProps) {
  const platform = platformInfo(account.type);
  const name = account.displayName ?? account.userDisplayName ?? platform.label;
  const username = account.username ?? account.userUsername;
  const check = useCheckConnection();
  const refresh = useRefreshProfile();
  const [lastCheck, setLastCheck] = useState<ConnectionCheck | null>(null);
  const ref = { teamId: account.teamId, type: account.type };

  const runCheck = () =>
    check.mutate(ref, {
      onSuccess: (result) => {
        setLastCheck(result);
        if (result.success) toast.success(`${platform.label}: the connection works`, { description: remainingText(result) });
        else toast.error(`${platform.label}: ${result.message ?? 'the platform refused the account'}`, { description: remainingText(result) });
      },
    });
  const runRefresh = () =>
    refresh.mutate(ref, {
      onSuccess: (result) =>
        result.success
          ? toast.success(`${platform.label} profile refreshed`, { description: remainingText(result) })
          : toast.error(`${platform.label}: ${result.message ?? 'the profile could not be read'}`),
    });

  return (
    <Card aria-label={`${platform.label} account ${username ? `@${username}` : name}`} className="flex flex-col">
      <div className="flex items-start gap-3.5 px-5 pt-5 pb-4">
        <AccountAvatar account={account} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-zinc-900">{name}</p>
          <p className="truncate text-sm text-zinc-500">{username ? `@${username.replace(/^@/, '')}` : 'No public username'}</p>
        </div>
        <span className="flex shrink-0 flex-col items-end gap-1">
          <Badge className="hidden sm:inline-flex">{platform.label}</Badge>
          {/* Live: the real platform; sandbox: the simulated one (decision 059). */}
          {account.mode === 'live' ? (
            <Badge tone="success" aria-label="Live account">
              Live
            </Badge>
          ) : (
            <Badge tone="warning" aria-label="Sandbox account">
              Sandbox
            </Badge>
          )}
        </span>
      </div>

      <dl className="flex-1 divide-y divide-zinc-100 border-t border-zinc-100 text-sm">
        <ChannelRow account={account} onChoose={() => actions.onChooseChannel(account)} />
        {platform.supports.messaging ? (
          <MessagingRow account={account} dmsEnabled={dmsEnabled} onReconnect={(withMessagingScope) => actions.onReconnect(account, withMessagingScope)} />
        ) : null}
        <CardRow label="Access">
          <AccessStatus account={account} lastCheck={lastCheck} onReconnect={() => actions.onReconnect(account)} />
        </CardRow>
        <CardRow label="Permissions">
          <span className="flex flex-wrap gap-1">
            {account.permissions.map((permission) => (
              <Badge key={permission} tone={permission === 'messaging' ? 'accent' : 'neutral'}>
                {permission}
              </Badge>
            ))}
          </span>
        </CardRow>
      </dl>

      <div className="flex flex-wrap items-center gap-2 border-t border-zinc-100 px-5 py-3">
        <Button variant="secondary" size="sm" pending={check.isPending} onClick={runCheck}>
          <Activity className="size-3.5" aria-hidden />
          Check connection
        </Button>
        {account.mode === 'sandbox' ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-amber-800 hover:bg-amber-50 hover:text-amber-900"
            onClick={() => actions.onOpenSandbox(account)}
            aria-label={`Open the sandbox panel for ${platform.label}`}
          >
            <FlaskConical className="size-3.5" aria-hidden />
            Sandbox
          </Button>
        ) : null}
        <Button asChild variant="ghost" size="sm">
          <Link to="/accounts/$platform/analytics" params={{ platform: account.type }} aria-label={`Analytics for ${platform.label}`}>
            <BarChart3 className="size-3.5" aria-hidden />
            Analytics
          </Link>
        </Button>
        {account.type === 'GOOGLE_BUSINESS' ? (
          <Button asChild variant="ghost" size="sm">
            <Link to="/accounts/google-business/location" aria-label={`Location profile for ${platform.label}`}>
              <MapPin className="size-3.5" aria-hidden />
              Location
            </Link>
          </Button>
        ) : null}
        {platform.supports.historyImport ? (
          <Button asChild variant="ghost" size="sm">
            <Link to="/accounts/$platform/history" params={{ platform: account.type }} aria-label={`Post history for ${platform.label}`}>
              <History className="size-3.5" aria-hidden />
              History
            </Link>
          </Button>
        ) : null}
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="sm" className="ml-auto" aria-label={`More actions for ${platform.label}`}>
              More
              <ChevronDown className="size-3.5" aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem disabled={refresh.isPending} onSelect={runRefresh}>
              <UserRoundCog className="size-4 text-zinc-500" aria-hidden />
              Refresh profile
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => actions.onReconnect(account)}>
              <RefreshCw className="size-4 text-zinc-500" aria-hidden />
              Reconnect
            </DropdownMenuItem>
            <DropdownMenuItem disabled={!canCopy} onSelect={() => actions.onCopy(account)}>
              <Copy className="size-4 text-zinc-500" aria-hidden />
              Copy to another team
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              className="text-red-600 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-700"
              onSelect={() => actions.onDisconnect(account)}
            >
              <Unplug className="size-4" aria-hidden />
              Disconnect
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </Card>
  );
}

function remainingText(result: { remaining: number; limit: number; windowSeconds: number }) {
  const window = result.windowSeconds >= 3600 ? `${Math.round(result.windowSeconds / 3600)} h` : `${Math.round(result.windowSeconds / 60)} min`;
  return `${result.remaining} of ${result.limit} manual checks left in the next ${window}`;
}

/** Token health, said only when it needs the person: lost access (removal scheduled), a failed check, or fine. */
function AccessStatus({ account, lastCheck, onReconnect }: { account: SocialAccount; lastCheck: ConnectionCheck | null; onReconnect: () => void }) {
  const failed = lastCheck && !lastCheck.success ? lastCheck : null;
  if (account.deleteOn) {
    return (
      <span className="flex flex-col items-start gap-1.5">
        <Badge tone="danger">
          <KeyRound className="size-3" aria-hidden />
          Lost access
        </Badge>
        <span className="block text-xs text-red-700">
          Removed {formatRelative(account.deleteOn)} ({formatDateTime(account.deleteOn)}) unless you reconnect it.
        </span>
        <Button variant="secondary" size="sm" onClick={onReconnect}>
          <RefreshCw className="size-3.5" aria-hidden />
          Reconnect
        </Button>
      </span>
    );
  }
  // Access tokens renew themselves (on use, and before they expire): their expiry needs nobody, so it is not shown.
  return (
    <span className="space-y-1">
      <span className="flex flex-wrap items-center gap-2">
        {failed ? <Badge tone="danger">Check failed</Badge> : <Badge tone="success">Connected</Badge>}
        {lastCheck ? <span className="text-xs text-zinc-500">checked {formatRelative(lastCheck.checkedAt)}</span> : null}
      </span>
      <span className="block text-xs text-zinc-500">{failed ? (failed.message ?? 'The platform refused the account') : 'Access renews itself.'}</span>
    </span>
  );
}
