import { useQueries } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarDays, PlugZap } from 'lucide-react';
import { useState } from 'react';
import { dailyLimitsQueryOptions } from '@/api/get-daily-limits';
import { useTeamAccounts, type SocialAccount } from '@/api/get-team-accounts';
import { PlatformIcon } from '@/components/platform-icon';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { platformLabel } from '@/lib/post-platforms';
import { MONTHLY_METERS, useMonthlyUsage } from '../api/get-monthly-usage';
import { UsageMeter } from './usage-meter';

/** The plan's quotas, as the API counts them: UTC months and UTC days. */
export function UsageSettings({ teamId }: { teamId: string }) {
  return (
    <div className="space-y-6">
      <MonthlyUsage />
      <DailyLimits teamId={teamId} />
    </div>
  );
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

function MonthlyUsage() {
  const results = useMonthlyUsage();
  const month = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());
  return (
    <Card>
      <CardHeader title={`This month (${month}, UTC)`} description="What the organization's plan counts; the counts start again on the first of the month." />
      <div className="grid gap-6 px-5 py-5 sm:grid-cols-2">
        {MONTHLY_METERS.map((meter, index) => {
          const usage = results[index]!.data;
          return (
            <UsageMeter
              key={meter.path}
              label={meter.label}
              used={usage.used}
              limit={usage.limit}
              hint={`${meter.hint}. ${usage.remaining.toLocaleString()} left.`}
            />
          );
        })}
      </div>
    </Card>
  );
}

function DailyLimits({ teamId }: { teamId: string }) {
  const { data: accounts } = useTeamAccounts(teamId);
  const [date, setDate] = useState(todayUtc);
  const picker = (
    <div className="flex items-center gap-2">
      <Label htmlFor="usage-day" className="text-sm whitespace-nowrap text-zinc-600">
        Day (UTC)
      </Label>
      <Input id="usage-day" type="date" value={date} max="9999-12-31" onChange={(event) => setDate(event.target.value || todayUtc())} className="w-40" />
      {date !== todayUtc() ? (
        <Button variant="ghost" size="sm" onClick={() => setDate(todayUtc())}>
          Today
        </Button>
      ) : null}
    </div>
  );
  return (
    <Card>
      <CardHeader
        title="Daily limits per account"
        description="Each platform allows an account only so many posts and comments a day."
        actions={accounts.length > 0 ? picker : undefined}
      />
      {accounts.length === 0 ? (
        <EmptyState
          icon={PlugZap}
          title="No accounts in this team"
          description="Daily limits belong to connected accounts. Connect one to see how much of each day it has used."
          action={
            <Button asChild>
              <Link to="/accounts">Connect an account</Link>
            </Button>
          }
        />
      ) : (
        <AccountMeters accounts={accounts} date={date} />
      )}
    </Card>
  );
}

function AccountMeters({ accounts, date }: { accounts: SocialAccount[]; date: string }) {
  const results = useQueries({ queries: accounts.map((account) => dailyLimitsQueryOptions(account.id, date)) });
  const idle = results.every((result) => result.data && result.data.posts.used === 0 && result.data.comments.used === 0);
  return (
    <>
      {idle ? (
        <p className="flex items-center gap-2 border-b border-zinc-200 bg-zinc-50 px-5 py-2.5 text-sm text-zinc-600">
          <CalendarDays className="size-4 text-zinc-400" aria-hidden />
          Nothing was published or commented from this team's accounts on that day.
        </p>
      ) : null}
      <ul aria-label="Daily limits" className="divide-y divide-zinc-200">
        {accounts.map((account, index) => {
          const result = results[index]!;
          const label = `${platformLabel(account.type)} ${account.username ? `@${account.username.replace(/^@/, '')}` : ''}`.trim();
          return (
            <li key={account.id} aria-label={label} className="grid gap-4 px-5 py-4 sm:grid-cols-[14rem_1fr_1fr] sm:items-center">
              <div className="flex min-w-0 items-center gap-2 text-sm">
                <PlatformIcon platform={account.type} />
                <span className="font-medium text-zinc-900">{platformLabel(account.type)}</span>
                {account.username ? <span className="truncate text-zinc-500">@{account.username.replace(/^@/, '')}</span> : null}
              </div>
              {result.data ? (
                <>
                  <UsageMeter label="Posts" used={result.data.posts.used} limit={result.data.posts.limit} />
                  <UsageMeter label="Comments" used={result.data.comments.used} limit={result.data.comments.limit} />
                </>
              ) : result.error ? (
                <p className="text-sm text-red-700 sm:col-span-2">{errorMessage(result.error)}</p>
              ) : (
                <Skeleton className="h-8 sm:col-span-2" />
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

export function UsageSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <Skeleton className="h-36 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
