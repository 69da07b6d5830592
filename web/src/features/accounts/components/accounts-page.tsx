import { Plus, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { useConnectAccount } from '../api/connect-account';
import { useOfferedPlatforms } from '../api/get-offered-platforms';
import { useDisconnectAccount } from '../api/disconnect-account';
import { useAccountsToDelete } from '../api/get-accounts-to-delete';
import { useTeamAccounts, type AccountType, type SocialAccount } from '@/api/get-team-accounts';
import { accountsReturnUrl, type ConnectOutcome } from '../lib/connect-outcome';
import { hasSelectableChannel, platformLabel, supportsMessaging, supportsReconnect } from '../lib/platforms';
import { AccountCard } from './account-card';
import { ChooseChannelDialog } from './choose-channel-dialog';
import { ConnectPlatforms, type InstagramLogin } from './connect-platforms';
import { CopyAccountDialog, type TeamOption } from './copy-account-dialog';
import { SandboxPanel } from './sandbox-panel';
import { ScheduledRemovals } from './scheduled-removals';

const DESCRIPTION = 'The social accounts this team publishes to and listens on.';

type AccountsPageProps = {
  teamId: string;
  teams: TeamOption[];
  dmsEnabled: boolean;
  /** What the consent page sent the browser back with, if it just did. */
  outcome: ConnectOutcome;
  onOutcomeShown: () => void;
};

export function AccountsPage({ teamId, teams, dmsEnabled, outcome, onOutcomeShown }: AccountsPageProps) {
  const { data: accounts } = useTeamAccounts(teamId);
  const { data: toDelete } = useAccountsToDelete();
  const connect = useConnectAccount();
  const { data: offered } = useOfferedPlatforms();
  const disconnect = useDisconnectAccount();
  const [withMessaging, setWithMessaging] = useState(dmsEnabled);
  const [instagramLogin, setInstagramLogin] = useState<InstagramLogin>('INSTAGRAM');
  const [redirectingTo, setRedirectingTo] = useState<AccountType | null>(null);
  const [choosingChannel, setChoosingChannel] = useState<SocialAccount | null>(null);
  const [copying, setCopying] = useState<SocialAccount | null>(null);
  const [disconnecting, setDisconnecting] = useState<SocialAccount | null>(null);
  const [sandboxAccountId, setSandboxAccountId] = useState<string | null>(null);
  const sandboxRef = useRef<HTMLElement>(null);
  const connectedTypes = new Set(accounts.map((account) => account.type));
  const team = teams.find((candidate) => candidate.id === teamId);

  useConnectOutcomeToast(outcome, accounts, onOutcomeShown);

  type ConnectOptions = { reconnect?: boolean; withMessagingScope?: boolean; instagramConnectionMethod?: InstagramLogin; mode?: 'sandbox' | 'live' };
  const startConnect = (type: AccountType, options: ConnectOptions = {}) =>
    connect.mutate(
      {
        teamId,
        type,
        redirectUrl: accountsReturnUrl(teamId),
        withMessagingScope: dmsEnabled && supportsMessaging(type) ? (options.withMessagingScope ?? withMessaging) : undefined,
        reconnect: options.reconnect || undefined,
        mode: options.mode,
        // Connecting an account again keeps the way it was first connected.
        instagramConnectionMethod: options.instagramConnectionMethod ?? (type === 'INSTAGRAM' ? instagramLogin : undefined),
      },
      {
        onSuccess: ({ url }) => {
          // The page unloads on its way to the consent screen: keep the button busy until then.
          setRedirectingTo(type);
          window.location.assign(url);
        },
      },
    );
  const reconnect = (account: SocialAccount, withMessagingScope?: boolean) =>
    startConnect(account.type, {
      reconnect: supportsReconnect(account),
      withMessagingScope,
      instagramConnectionMethod: account.instagramConnectionMethod ?? undefined,
      mode: account.mode,
    });

  const openSandbox = (account: SocialAccount) => {
    setSandboxAccountId(account.id);
    // After the panel re-renders with this account: bring it into view and move focus there.
    requestAnimationFrame(() => {
      sandboxRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      sandboxRef.current?.focus({ preventScroll: true });
    });
  };

  const confirmDisconnect = (account: SocialAccount) =>
    disconnect.mutate(
      { teamId, type: account.type },
      {
        onSuccess: (removed) =>
          toast.success(`${platformLabel(removed.type)} account disconnected`, {
            description: removed.deleteOn ? `Kept until ${formatDateTime(removed.deleteOn)}, then removed for good.` : undefined,
          }),
        onSettled: () => setDisconnecting(null),
      },
    );

  const removals = toDelete.items.filter((account) => account.teamId === teamId && account.deletedAt !== null);
  const pendingType = redirectingTo ?? (connect.isPending ? (connect.variables?.type ?? null) : null);

  return (
    <>
      <PageHeader
        title="Accounts"
        description={team ? `The social accounts “${team.name}” publishes to and listens on.` : DESCRIPTION}
        actions={
          accounts.length > 0 ? (
            <Button variant="secondary" onClick={() => document.getElementById('connect')?.scrollIntoView({ behavior: 'smooth' })}>
              <Plus className="size-4" aria-hidden />
              Connect account
            </Button>
          ) : null
        }
      />
      <div className="space-y-8">
        {accounts.length === 0 ? (
          <Card>
            <EmptyState
              icon={Users}
              title="No accounts connected to this team yet"
              description="Pick a platform below. You log in there (a simulated login page while the sandbox is on), choose the account, and come back here ready to publish."
            />
          </Card>
        ) : (
          <section aria-label="Connected accounts" className="grid gap-4 lg:grid-cols-2">
            {accounts.map((account) => (
              <AccountCard
                key={account.id}
                account={account}
                dmsEnabled={dmsEnabled}
                canCopy={teams.length > 1}
                onChooseChannel={setChoosingChannel}
                onCopy={setCopying}
                onDisconnect={setDisconnecting}
                onReconnect={reconnect}
                onOpenSandbox={openSandbox}
              />
            ))}
          </section>
        )}

        <ConnectPlatforms
          connectedTypes={connectedTypes}
          instagramLogin={instagramLogin}
          onInstagramLoginChange={setInstagramLogin}
          dmsEnabled={dmsEnabled}
          withMessaging={withMessaging}
          onWithMessagingChange={setWithMessaging}
          pendingType={pendingType}
          offered={offered.platforms}
          mediaFetchWarning={offered.mediaFetchWarning}
          onConnect={(type, mode) => startConnect(type, { mode })}
        />

        <ScheduledRemovals
          accounts={removals}
          connectedTypes={connectedTypes}
          // A disconnected account is connected anew (the same profile brings its record back), never reconnected in place.
          onReconnect={(account) =>
            startConnect(account.type, { instagramConnectionMethod: account.instagramConnectionMethod ?? undefined, mode: account.mode })
          }
        />

        {/* Only sandbox accounts can be driven from the panel: a live account's activity is the real platform's. */}
        <SandboxPanel
          ref={sandboxRef}
          accounts={accounts.filter((account) => account.mode === 'sandbox')}
          selectedId={sandboxAccountId}
          onSelect={setSandboxAccountId}
        />
      </div>

      <ChooseChannelDialog account={choosingChannel} onClose={() => setChoosingChannel(null)} />
      <CopyAccountDialog account={copying} teams={teams} onClose={() => setCopying(null)} />
      <ConfirmDialog
        open={disconnecting !== null}
        onOpenChange={(open) => !open && setDisconnecting(null)}
        title={`Disconnect ${disconnecting ? platformLabel(disconnecting.type) : ''}?`}
        description={
          disconnecting ? (
            <>
              <strong className="font-medium text-zinc-800">{disconnecting.displayName ?? disconnecting.username ?? 'This account'}</strong> stops publishing
              and receiving messages in this team now. It is kept for 48 hours, so connecting the same account again brings back its posts; after that it is
              removed for good.
            </>
          ) : null
        }
        confirmLabel="Disconnect"
        pending={disconnect.isPending}
        onConfirm={() => disconnecting && confirmDisconnect(disconnecting)}
      />
    </>
  );
}

/** One toast per return from the consent page, then the query string is cleaned by the caller. */
function useConnectOutcomeToast(outcome: ConnectOutcome, accounts: SocialAccount[], onShown: () => void) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!outcome.status) return;
    const key = JSON.stringify(outcome);
    // StrictMode runs effects twice; the same return must not toast twice.
    if (shown.current === key) return;
    shown.current = key;
    const label = outcome.type ? platformLabel(outcome.type) : 'The account';
    if (outcome.status === 'success') {
      const account = accounts.find((candidate) => candidate.id === outcome.socialAccountId);
      const username = account?.username ?? account?.userUsername;
      const needsChannel = account && hasSelectableChannel(account) && !account.channelId;
      toast.success(`${label} account ${username ? `@${username} ` : ''}connected`, {
        description: needsChannel ? 'Choose which one it acts as on its card to finish.' : undefined,
      });
    } else if (outcome.error === 'access_denied') {
      toast.warning(`${label} was not connected`, { description: 'Access was denied on the login page.' });
    } else {
      toast.error(`${label} could not be connected`, { description: outcome.error_description ?? outcome.error });
    }
    onShown();
  }, [outcome, accounts, onShown]);
}

export function AccountsSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading accounts">
      <PageHeader title="Accounts" description={DESCRIPTION} />
      <div className="grid gap-4 lg:grid-cols-2">
        {[0, 1].map((card) => (
          <Card key={card} className="space-y-4 p-5">
            <div className="flex items-center gap-3">
              <Skeleton className="size-11 rounded-full" />
              <div className="space-y-2">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-3 w-24" />
              </div>
            </div>
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-3/4" />
          </Card>
        ))}
      </div>
    </div>
  );
}
