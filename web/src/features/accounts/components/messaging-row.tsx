import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { SocialAccount } from '@/api/get-team-accounts';
import { useSetMessaging } from '../api/set-messaging';
import { platformLabel } from '../lib/platforms';
import { CardRow } from './card-row';

const STATUS = {
  ENABLED: { tone: 'success', label: 'On' },
  DISABLED: { tone: 'neutral', label: 'Off' },
  DISABLE_PENDING: { tone: 'warning', label: 'Turning off' },
} as const;

type MessagingRowProps = { account: SocialAccount; dmsEnabled: boolean; onReconnect: (withMessagingScope: boolean) => void };

/** Direct messages: status, the last platform refusal, and the switch (enable is idempotent, disable may stay pending). */
export function MessagingRow({ account, dmsEnabled, onReconnect }: MessagingRowProps) {
  const toggle = useSetMessaging();
  const status = STATUS[account.messagingStatus];
  const granted = account.permissions.includes('messaging');
  const turnOn = account.messagingStatus === 'DISABLED';
  const label = platformLabel(account.type);

  const run = () =>
    toggle.mutate(
      { teamId: account.teamId, type: account.type, enabled: turnOn },
      { onSuccess: (result) => toast.success(`${label}: direct messages ${result.messagingStatus === 'ENABLED' ? 'enabled' : 'disabled'}`) },
    );

  return (
    <CardRow label="Direct messages">
      <span className="space-y-1.5">
        <span className="flex flex-wrap items-center justify-between gap-2">
          <Badge tone={status.tone}>{status.label}</Badge>
          {!dmsEnabled ? null : !granted && account.messagingStatus === 'DISABLED' ? (
            <Button variant="secondary" size="sm" onClick={() => onReconnect(true)}>
              Reconnect with DM access
            </Button>
          ) : (
            <Button variant={turnOn ? 'secondary' : 'ghost'} size="sm" pending={toggle.isPending} onClick={run}>
              {account.messagingStatus === 'ENABLED'
                ? 'Disable direct messages'
                : account.messagingStatus === 'DISABLE_PENDING'
                  ? 'Retry disabling'
                  : 'Enable direct messages'}
            </Button>
          )}
        </span>
        {!dmsEnabled ? (
          <span className="block text-xs text-zinc-500">Direct messages are not enabled for this organization.</span>
        ) : !granted ? (
          <span className="block text-xs text-zinc-500">Connected without messaging permission: reconnect and allow it at {label}.</span>
        ) : account.messagingStatus === 'DISABLE_PENDING' ? (
          <span className="block text-xs text-zinc-500">Messages are no longer processed; {label} has not confirmed yet.</span>
        ) : null}
        {account.messagingLastError ? (
          <span role="status" className="block text-xs font-medium text-red-700">
            Last error: {account.messagingLastError}
          </span>
        ) : null}
      </span>
    </CardRow>
  );
}
