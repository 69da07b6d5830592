import { Link } from '@tanstack/react-router';
import { Bot, Settings2 } from 'lucide-react';
import { FLOW_STATUSES, type FlowStatus } from '@server/automations/shared/automation-constants';
import { useTeamAccounts } from '@/api/get-team-accounts';
import { PlatformIcon } from '@/components/platform-icon';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { NativeSelect } from '@/components/ui/native-select';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { formatRelative } from '@/lib/format';
import { useFlowList, type Flow } from '../api/flows';
import { accountLabel, flowSummary, TRIGGER_LABELS } from '../lib/flow-summary';
import { FlowActions } from './flow-actions';
import { FlowStatusBadge } from './flow-status-badge';
import { NewFlowDialog } from './new-flow-dialog';

type Props = { teamId: string; status: FlowStatus | undefined; onStatus: (status: FlowStatus | undefined) => void };

export function FlowsPage({ teamId, status, onStatus }: Props) {
  const flows = useFlowList(teamId, status);
  const accounts = useTeamAccounts(teamId).data;
  const accountName = (id: string | null) => {
    const account = accounts.find((candidate) => candidate.id === id);
    return account ? accountLabel(account) : id ? 'Unknown account' : 'No account yet';
  };
  return (
    <div>
      <PageHeader
        title="Automations"
        description="Flows that answer comments and direct messages on their own."
        actions={
          <>
            <Button variant="secondary" asChild>
              <Link to="/automations/settings">
                <Settings2 className="size-4" aria-hidden />
                Ice breakers & menu
              </Link>
            </Button>
            <NewFlowDialog teamId={teamId} />
          </>
        }
      />
      <div className="mb-4 flex items-center gap-2">
        <label htmlFor="flow-status" className="text-sm text-zinc-600">
          Status
        </label>
        <div className="w-40">
          <NativeSelect id="flow-status" value={status ?? ''} onChange={(event) => onStatus((event.target.value || undefined) as FlowStatus | undefined)}>
            <option value="">All</option>
            {FLOW_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value.charAt(0) + value.slice(1).toLowerCase()}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <Card className="overflow-hidden">
        {flows.isPending ? (
          <div className="space-y-2 p-4">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : flows.data?.items.length ? (
          <table className="w-full text-sm" aria-label="Flows">
            <thead className="border-b border-zinc-200 bg-zinc-50 text-left text-xs text-zinc-500">
              <tr>
                <th className="px-4 py-2 font-medium">Flow</th>
                <th className="px-4 py-2 font-medium">Status</th>
                <th className="px-4 py-2 font-medium">Account</th>
                <th className="px-4 py-2 font-medium">Version</th>
                <th className="px-4 py-2 text-right font-medium">Runs this month</th>
                <th className="px-4 py-2 font-medium">Last run</th>
                <th className="px-4 py-2 font-medium">Updated</th>
                <th className="px-4 py-2" />
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {flows.data.items.map((flow) => (
                <FlowRow key={flow.id} flow={flow} accountName={accountName} />
              ))}
            </tbody>
          </table>
        ) : (
          <EmptyState
            icon={Bot}
            title={status ? `No ${status.toLowerCase()} flows` : 'No flows yet'}
            description={
              status
                ? 'Choose another status to see the other flows.'
                : 'Create a flow, pick what starts it (a comment or a direct message) and add the steps that answer. It runs once you publish it.'
            }
            action={
              status ? (
                <Button variant="secondary" onClick={() => onStatus(undefined)}>
                  Show all flows
                </Button>
              ) : (
                <NewFlowDialog teamId={teamId} />
              )
            }
          />
        )}
      </Card>
    </div>
  );
}

function FlowRow({ flow, accountName }: { flow: Flow; accountName: (id: string | null) => string }) {
  const summary = flowSummary(flow);
  return (
    <tr aria-label={flow.name}>
      <td className="px-4 py-3">
        <Link to="/automations/$flowId" params={{ flowId: flow.id }} className="font-medium text-zinc-900 hover:underline">
          {flow.name}
        </Link>
        <div className="text-xs text-zinc-500">{summary.triggerType ? TRIGGER_LABELS[summary.triggerType] : 'No trigger yet'}</div>
      </td>
      <td className="px-4 py-3">
        <FlowStatusBadge status={flow.status} />
      </td>
      <td className="px-4 py-3">
        <span className="inline-flex items-center gap-1.5">
          {summary.platform ? <PlatformIcon platform={summary.platform} /> : null}
          {accountName(summary.socialAccountId)}
        </span>
      </td>
      <td className="px-4 py-3 text-zinc-600">
        {summary.published ? `v${summary.published}` : 'Not published'}
        {summary.published && summary.draftDiffers ? (
          <Badge tone="warning" className="ml-2">
            Draft changes
          </Badge>
        ) : null}
      </td>
      <td className="px-4 py-3 text-right tabular-nums text-zinc-900">{flow.runStats.runsThisMonth}</td>
      <td className="px-4 py-3 text-zinc-600">{flow.runStats.lastRunAt ? formatRelative(flow.runStats.lastRunAt) : 'Never'}</td>
      <td className="px-4 py-3 text-zinc-600">{formatRelative(flow.updatedAt)}</td>
      <td className="px-4 py-3 text-right">
        <FlowActions flow={flow} />
      </td>
    </tr>
  );
}

export function FlowsSkeleton() {
  return (
    <div className="space-y-4">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-64" />
    </div>
  );
}
