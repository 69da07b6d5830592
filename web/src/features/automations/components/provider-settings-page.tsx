import { Link } from '@tanstack/react-router';
import { ArrowLeft, MessageSquareDashed } from 'lucide-react';
import { useState } from 'react';
import { PROVIDER_SETTING_PLATFORM, type ProviderSettingType } from '@server/automations/shared/automation-constants';
import { useTeamAccounts } from '@/api/get-team-accounts';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { PageHeader } from '@/components/ui/page-header';
import { useProviderSettings } from '../api/provider-settings';
import { accountLabel } from '../lib/flow-summary';
import { ProviderSettingEditor } from './provider-setting-editor';

const TYPE_OF: Record<string, ProviderSettingType | undefined> = { INSTAGRAM: 'INSTAGRAM_ICE_BREAKERS', FACEBOOK: 'FACEBOOK_PERSISTENT_MENU' };

/** Ice breakers (Instagram) and the persistent menu (Facebook), one per account. */
export function ProviderSettingsPage({ teamId }: { teamId: string }) {
  const accounts = useTeamAccounts(teamId).data.filter((account) => TYPE_OF[account.type] && !account.deletedAt);
  const settings = useProviderSettings(teamId);
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? '');
  const account = accounts.find((candidate) => candidate.id === accountId);
  const type = account ? TYPE_OF[account.type]! : undefined;
  const setting = settings.data?.find((candidate) => candidate.socialAccountId === accountId && candidate.type === type);
  return (
    <div>
      <Link to="/automations" className="mb-2 inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800">
        <ArrowLeft className="size-3.5" aria-hidden />
        Automations
      </Link>
      <PageHeader
        title="Ice breakers & menu"
        description="What people see before they write: questions to tap on Instagram, a menu on Facebook. Save, then sync to put it live."
      />
      {accounts.length === 0 ? (
        <Card>
          <EmptyState
            icon={MessageSquareDashed}
            title="No Instagram or Facebook account"
            description="Connect one on the Accounts page with messaging permissions, then come back."
          />
        </Card>
      ) : (
        <>
          <div className="mb-4 max-w-sm space-y-1.5">
            <Label htmlFor="setting-account">Account</Label>
            <NativeSelect id="setting-account" value={accountId} onChange={(event) => setAccountId(event.target.value)}>
              {accounts.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {accountLabel(candidate)} ({candidate.type === 'INSTAGRAM' ? 'Instagram' : 'Facebook'})
                </option>
              ))}
            </NativeSelect>
          </div>
          {account && type && !settings.isPending ? (
            <ProviderSettingEditor
              key={`${account.id}:${setting?.id ?? 'new'}`}
              teamId={teamId}
              socialAccountId={account.id}
              accountName={accountLabel(account)}
              type={type}
              platform={PROVIDER_SETTING_PLATFORM[type]}
              setting={setting ?? null}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
