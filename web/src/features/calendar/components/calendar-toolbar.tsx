import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { teamAccountsQueryOptions } from '@/api/get-team-accounts';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/cn';
import { platformLabel, POST_STATUS_INFO } from '@/lib/post-platforms';
import { POST_STATUSES } from '@server/posts/shared/post-statuses';
import { dayKey, periodLabel, shift } from '../lib/calendar-dates';
import { CALENDAR_VIEWS, type CalendarSearch, type CalendarView } from '../lib/calendar-search';

const VIEW_LABELS: Record<CalendarView, string> = { month: 'Month', week: 'Week', agenda: 'List' };

type CalendarToolbarProps = {
  teamId: string;
  view: CalendarView;
  anchor: Date;
  filters: Pick<CalendarSearch, 'account' | 'status'>;
  updating: boolean;
  onNavigate: (change: Partial<CalendarSearch>) => void;
};

/** Where the calendar is (period, view) and what it shows (account, status): all of it kept in the URL. */
export function CalendarToolbar({ teamId, view, anchor, filters, updating, onNavigate }: CalendarToolbarProps) {
  const accounts = useQuery(teamAccountsQueryOptions(teamId));
  const period = view === 'week' ? 'week' : 'month';
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-zinc-200 px-3 py-3 sm:px-5">
      <div className="flex items-center gap-1">
        <Button variant="secondary" size="sm" onClick={() => onNavigate({ date: undefined })}>
          Today
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Previous ${period}`} onClick={() => onNavigate({ date: dayKey(shift(view, anchor, -1)) })}>
          <ChevronLeft className="size-4" aria-hidden />
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Next ${period}`} onClick={() => onNavigate({ date: dayKey(shift(view, anchor, 1)) })}>
          <ChevronRight className="size-4" aria-hidden />
        </Button>
      </div>
      <h2 className="text-base font-semibold text-zinc-900" aria-live="polite">
        {periodLabel(view, anchor)}
      </h2>
      {updating ? <span className="text-xs text-zinc-400">Updating…</span> : null}
      <div role="radiogroup" aria-label="View" className="ml-auto flex rounded-lg bg-zinc-100 p-0.5">
        {CALENDAR_VIEWS.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={view === option}
            onClick={() => onNavigate({ view: option })}
            className={cn('rounded-md px-3 py-1 text-sm font-medium text-zinc-600', view === option && 'bg-white text-zinc-900 shadow-xs')}
          >
            {VIEW_LABELS[option]}
          </button>
        ))}
      </div>
      <div className="flex w-full flex-wrap gap-2 sm:w-auto">
        <NativeSelect
          aria-label="Account"
          value={filters.account ?? ''}
          onChange={(event) => onNavigate({ account: event.target.value || undefined })}
          className="h-8 min-w-0 flex-1 sm:w-48 sm:flex-none"
        >
          <option value="">All accounts</option>
          {(accounts.data ?? []).map((account) => (
            <option key={account.id} value={account.id}>
              {platformLabel(account.type)}
              {account.username ? ` @${account.username.replace(/^@/, '')}` : ''}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Status"
          value={filters.status ?? ''}
          onChange={(event) => onNavigate({ status: (event.target.value || undefined) as CalendarSearch['status'] })}
          className="h-8 min-w-0 flex-1 sm:w-36 sm:flex-none"
        >
          <option value="">All statuses</option>
          {POST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {POST_STATUS_INFO[status].label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
