import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

// The chart library is fetched the first time a chart is on screen, never with the app's first page.
const TimeSeriesChart = lazy(() => import('./time-series-chart'));

type Props = ComponentProps<typeof TimeSeriesChart> & { title: string };

/** A named chart: a figure whose label says what it shows, with a placeholder while uPlot loads. */
export function LazyTimeSeriesChart({ title, ...props }: Props) {
  const height = props.height ?? 220;
  return (
    <figure aria-label={title} className="space-y-2">
      <figcaption className="text-xs font-medium tracking-wide text-zinc-500 uppercase">{title}</figcaption>
      <Suspense fallback={<Skeleton className="w-full" style={{ height }} />}>
        <TimeSeriesChart {...props} />
      </Suspense>
    </figure>
  );
}
