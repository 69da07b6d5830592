import { useEffect, useEffectEvent, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCount } from '../lib/metrics';

export type ChartSeries = { label: string; color: string };

type Props = {
  /** x in seconds since the epoch, then one array per series, all the same length. */
  data: number[][];
  series: readonly ChartSeries[];
  height?: number;
  /** From zero (counts of reactions); false for a total whose changes matter more than its size (followers). */
  fromZero?: boolean;
};

const AXIS = { stroke: '#71717a', grid: { stroke: '#f4f4f5' }, ticks: { stroke: '#e4e4e7' } };
// Counts: whole-number steps on the y axis (no "0.2 likes").
const COUNT_STEPS = [1, 2, 5].flatMap((step) => [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8].map((power) => step * power)).sort((a, b) => a - b);
// A single snapshot (or several within a moment) still gets a readable hour either side.
const HOUR = 3600;

function xRange(xs: ArrayLike<number> | undefined, min: number, max: number): [number, number] {
  const first = xs?.[0] ?? min;
  const last = xs?.[xs.length - 1] ?? max;
  return last - first < 60 ? [first - HOUR, last + HOUR] : [first, last];
}

/**
 * A time series drawn by uPlot on a canvas. This module is only reached through
 * `LazyTimeSeriesChart`, so uPlot (about 20 kB gzip) loads with the first chart, not with the app.
 */
export default function TimeSeriesChart({ data, series, height = 220, fromZero = true }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  // The latest data for the chart being (re)built, without rebuilding it when only the data changes.
  const latestData = useEffectEvent(() => data as uPlot.AlignedData);
  const points = data[0]!.length;
  const showPoints = points < 30;
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const options: uPlot.Options = {
      width: element.clientWidth || 600,
      height,
      // One snapshot is still a number to show: draw the points while there are few.
      series: [{}, ...series.map((line) => ({ label: line.label, stroke: line.color, width: 2, points: { show: showPoints, size: 6, fill: line.color } }))],
      axes: [{ ...AXIS }, { ...AXIS, size: 56, incrs: COUNT_STEPS, values: (_chart, ticks) => ticks.map(formatCount) }],
      scales: {
        // From the data itself: for a single x, uPlot hands the range function 1,000 days (86400 / ms).
        x: { time: true, range: (self, min, max) => xRange(self.data[0], min, max) },
        y: {
          range: (_chart, min, max) =>
            fromZero
              ? [0, Math.max(Math.ceil(max * 1.1), 5)]
              : [Math.max(0, Math.floor(min - Math.max(5, (max - min) * 0.2))), Math.ceil(max + Math.max(5, (max - min) * 0.2))],
        },
      },
      cursor: { drag: { x: false, y: false } },
      legend: { live: true },
    };
    const created = new uPlot(options, latestData(), element);
    chart.current = created;
    // The card's width follows the window; the canvas follows the card.
    const resize = new ResizeObserver(() => created.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      created.destroy();
      chart.current = null;
    };
  }, [series, height, fromZero, showPoints]);
  // A refresh (or a refetch) redraws the lines in place.
  useEffect(() => {
    chart.current?.setData(data as uPlot.AlignedData);
  }, [data]);
  return <div ref={container} className="w-full text-xs text-zinc-600" />;
}
