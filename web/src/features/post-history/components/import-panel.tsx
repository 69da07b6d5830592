import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, CheckCircle2, Download, Loader2, Timer } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Form, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessage, isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDateTime, formatRelative } from '@/lib/format';
import type { ImportCapacity } from '../api/get-import-capacity';
import { historyQueryKey, historyImportsKey } from '../api/history-query-keys';
import { useStartHistoryImport } from '../api/start-history-import';
import { RetryImport } from './retry-import';
import { DEFAULT_IMPORT_COUNT, hasCarousels, isRunning, MAX_IMPORT_COUNT, surfacesOf, type HistoryImport, type HistoryPlatform } from '../lib/history-options';

const importForm = z.object({
  count: z.coerce.number().int().min(1).max(MAX_IMPORT_COUNT),
  withAnalytics: z.boolean(),
  importCarousels: z.boolean(),
  surface: z.enum(['ALL', 'PROFILE_GRID', 'NON_GRID', 'STORY']),
  mediaType: z.enum(['', 'IMAGE', 'VIDEO']),
});
type ImportFormValues = z.input<typeof importForm>;

function CheckboxField({ control, name, label }: { control: Control<ImportFormValues>; name: 'withAnalytics' | 'importCarousels'; label: string }) {
  return (
    <label className="flex h-8 items-center gap-2 text-sm text-zinc-700">
      <Controller
        control={control}
        name={name}
        render={({ field }) => <Checkbox checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />}
      />
      {label}
    </label>
  );
}

type ImportPanelProps = {
  teamId: string;
  platform: HistoryPlatform;
  label: string;
  job: HistoryImport | null | undefined;
  capacity: ImportCapacity | null | undefined;
};

/** Starts an import of the account's past posts and follows it: phase, counts, what is left of the month. */
export function ImportPanel({ teamId, platform, label, job, capacity }: ImportPanelProps) {
  const start = useStartHistoryImport(teamId, platform);
  const running = isRunning(job ?? undefined);
  const remaining = capacity?.remaining;
  const max = Math.max(1, Math.min(MAX_IMPORT_COUNT, remaining ?? MAX_IMPORT_COUNT));
  const surfaces = surfacesOf(platform);
  useRefreshWhileImporting(teamId, platform, job ?? undefined);

  return (
    <div className="space-y-4 px-5 py-4" role="group" aria-label="Import past posts">
      <div className="space-y-1.5">
        {capacity ? (
          <p className="text-sm text-zinc-600" aria-label="Monthly capacity">
            <span className="font-semibold text-zinc-900 tabular-nums">{capacity.remaining}</span> of {capacity.limit} posts left to import this month for this
            account (resets on the 1st, UTC)
          </p>
        ) : null}
        {job ? <ImportProgress job={job} /> : <p className="text-sm text-zinc-500">No import yet: the first one brings in the newest {label} posts.</p>}
        {job?.status === 'FAILED' ? <RetryImport teamId={teamId} platform={platform} job={job} /> : null}
      </div>
      <Form
        schema={importForm}
        defaultValues={{ count: DEFAULT_IMPORT_COUNT, withAnalytics: true, importCarousels: false, surface: 'ALL', mediaType: '' }}
        className="flex flex-wrap items-end gap-x-4 gap-y-3 space-y-0"
        onSubmit={(values) =>
          start.mutate({
            teamId,
            socialAccountType: platform,
            count: Math.min(values.count, max),
            withAnalytics: values.withAnalytics,
            importCarousels: hasCarousels(platform) ? values.importCarousels : false,
            surface: surfaces ? values.surface : 'ALL',
            ...(values.mediaType ? { mediaType: values.mediaType } : {}),
          })
        }
      >
        {({ register, control }) => (
          <>
            <FormField name="count" label={`New posts (1–${max})`} className="w-28 space-y-1">
              {({ id, invalid, describedBy }) => (
                <Input
                  id={id}
                  type="number"
                  min={1}
                  max={max}
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                  className="h-8"
                  {...register('count')}
                />
              )}
            </FormField>
            {surfaces ? (
              <FormField name="surface" label="Where" className="space-y-1">
                {({ id }) => (
                  <NativeSelect id={id} className="h-8" {...register('surface')}>
                    {surfaces.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            ) : null}
            <FormField name="mediaType" label="Media" className="space-y-1">
              {({ id }) => (
                <NativeSelect id={id} className="h-8" {...register('mediaType')}>
                  <option value="">Any post</option>
                  <option value="IMAGE">Pictures only</option>
                  <option value="VIDEO">Videos only</option>
                </NativeSelect>
              )}
            </FormField>
            <CheckboxField control={control} name="withAnalytics" label="With analytics" />
            {hasCarousels(platform) ? <CheckboxField control={control} name="importCarousels" label="Every picture of carousels" /> : null}
            <Button type="submit" size="sm" className="h-8" pending={start.isPending} disabled={running || remaining === 0}>
              {running ? null : <Download className="size-4" aria-hidden />}
              {running ? 'Importing…' : 'Import posts'}
            </Button>
          </>
        )}
      </Form>
      {start.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {isApiError(start.error, 409)
            ? `An import of this ${label} account is already running; its progress is shown above.`
            : isApiError(start.error, 403)
              ? `This account has used its monthly import limit${capacity ? ` (${capacity.limit} posts)` : ''}. It resets on the 1st of next month (UTC).`
              : errorMessage(start.error)}
        </p>
      ) : remaining === 0 && !running ? (
        <p className="text-sm text-amber-700">This account has used its monthly import limit; it resets on the 1st of next month (UTC).</p>
      ) : null}
    </div>
  );
}

const PHASE: Record<HistoryImport['status'], string> = {
  PENDING: 'Waiting to start…',
  FETCHING_POSTS: 'Reading posts',
  FETCHING_ANALYTICS: 'Reading analytics',
  RATE_LIMITED: 'Paused by the platform’s rate limit',
  FAILED: 'Import failed',
  COMPLETED: 'Done',
};

function ImportProgress({ job }: { job: HistoryImport }) {
  const running = isRunning(job);
  const counts = `${job.postsImported} of ${job.requestedCount} new posts${job.withAnalytics ? `, analytics of ${job.analyticsImported}` : ''}`;
  const refreshed = job.postsRefreshed > 0 ? `; ${job.postsRefreshed} already imported refreshed` : '';
  let icon = <Loader2 className="size-3.5 animate-spin" aria-hidden />;
  let tone = 'text-accent-700';
  let text = `${PHASE[job.status]}: ${counts}`;
  if (job.status === 'PENDING') {
    tone = 'text-zinc-600';
    text = PHASE.PENDING;
  } else if (job.status === 'RATE_LIMITED') {
    icon = <Timer className="size-3.5" aria-hidden />;
    tone = 'text-amber-700';
    text = `${PHASE.RATE_LIMITED}${job.rateLimitResetAt ? `; resumes ${formatRelative(job.rateLimitResetAt)} (${formatDateTime(job.rateLimitResetAt)})` : ''}. ${counts} so far`;
  } else if (job.status === 'FAILED') {
    icon = <AlertCircle className="size-3.5" aria-hidden />;
    tone = 'text-red-700';
    text = `${PHASE.FAILED}: ${job.error ?? 'the platform did not answer'} (${counts})`;
  } else if (job.status === 'COMPLETED') {
    icon = <CheckCircle2 className="size-3.5" aria-hidden />;
    tone = 'text-emerald-700';
    const older = job.postsImported < job.requestedCount ? ', nothing older left to import' : '';
    text = `Done: ${counts}${older}${refreshed}${job.completedAt ? ` (${formatDateTime(job.completedAt)})` : ''}`;
  }
  const target = Math.max(1, job.requestedCount) * (job.withAnalytics ? 2 : 1);
  const done = job.postsImported + (job.withAnalytics ? job.analyticsImported : 0);
  const percent = Math.min(100, Math.round((done / target) * 100));
  return (
    <div className="space-y-1.5" role="status" aria-label={`Import ${job.status.toLowerCase().replace('_', ' ')}`}>
      <p className={cn('flex items-center gap-1.5 text-sm font-medium', tone)}>
        {icon}
        {text}
      </p>
      {running ? (
        <div
          role="progressbar"
          aria-label="Import progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={counts}
          className="h-1.5 w-full max-w-md overflow-hidden rounded-full bg-zinc-100"
        >
          <div
            className={cn('h-full rounded-full transition-[width] duration-500', job.status === 'RATE_LIMITED' ? 'bg-amber-400' : 'bg-accent-500')}
            style={{ width: `${Math.max(4, percent)}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}

/** Posts arrive while the import runs: the grid and the capacity follow its counts, and read once more when it ends. */
function useRefreshWhileImporting(teamId: string, platform: string, job: HistoryImport | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef<string | null>(null);
  const progress = job ? `${job.id}:${job.status}:${job.postsImported}:${job.analyticsImported}` : null;
  useEffect(() => {
    if (seen.current !== null && progress !== seen.current) {
      const imports = historyImportsKey(teamId, platform);
      void queryClient.invalidateQueries({ queryKey: historyQueryKey, predicate: (query) => query.queryKey[1] !== imports[1] });
    }
    seen.current = progress;
  }, [progress, queryClient, teamId, platform]);
}
