import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { formatCount } from '../lib/metrics';

// The chart library is fetched the first time a chart is on screen, never with the app's first page.
const TimeSeriesChart = lazy(() => import('./time-series-chart'));

type Props = ComponentProps<typeof TimeSeriesChart> & { title: string };

/**
 * A named chart: a figure whose label says what it shows, with a placeholder while uPlot loads.
 * A line needs two snapshots: with one, the figure shows its numbers and when they were taken
 * instead of a lone dot over an empty time axis.
 */
export function LazyTimeSeriesChart({ title, ...props }: Props) {
  const height = props.height ?? 220;
  const times = props.data[0] ?? [];
  return (
    <figure aria-label={title} className="space-y-2">
      <figcaption className="text-xs font-medium tracking-wide text-zinc-500 uppercase">{title}</figcaption>
      {times.length < 2 ? (
        <SingleSnapshot data={props.data} series={props.series} />
      ) : (
        <Suspense fallback={<Skeleton className="w-full" style={{ height }} />}>
          <TimeSeriesChart {...props} />
        </Suspense>
      )}
    </figure>
  );
}

function SingleSnapshot({ data, series }: Pick<Props, 'data' | 'series'>) {
  const at = data[0]?.[0];
  return (
    <div className="rounded-lg border border-dashed border-zinc-200 px-4 py-3">
      <ul className="flex flex-wrap gap-x-6 gap-y-2">
        {series.map((line, index) => {
          const value = data[index + 1]?.[0] ?? 0;
          return (
            <li key={line.label} className="flex items-center gap-2 text-sm">
              <span aria-hidden className="size-2.5 rounded-full" style={{ backgroundColor: line.color }} />
              <span className="text-zinc-600">{line.label}</span>
              <span className="font-semibold text-zinc-900 tabular-nums" title={value.toLocaleString('en-US')}>
                {formatCount(value)}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-xs text-zinc-500">
        {at === undefined
          ? 'No numbers yet.'
          : `One snapshot so far (${formatDateTime(new Date(at * 1000).toISOString())}); the chart starts with the next one.`}
      </p>
    </div>
  );
}
