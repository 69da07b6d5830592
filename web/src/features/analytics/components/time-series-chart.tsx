import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCount } from '../lib/metrics';

export type ChartSeries = { label: string; color: string };

type Props = {
  /** x in seconds since the epoch, then one array per series, all the same length. */
  data: number[][];
  series: readonly ChartSeries[];
  height?: number;
};

const AXIS = { stroke: '#71717a', grid: { stroke: '#f4f4f5' }, ticks: { stroke: '#e4e4e7' } };

/**
 * A time series drawn by uPlot on a canvas. This module is only reached through
 * `LazyTimeSeriesChart`, so uPlot (about 20 kB gzip) loads with the first chart, not with the app.
 */
export default function TimeSeriesChart({ data, series, height = 220 }: Props) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const options: uPlot.Options = {
      width: element.clientWidth || 600,
      height,
      // One snapshot is still a number to show: draw its points.
      series: [{}, ...series.map((line) => ({ label: line.label, stroke: line.color, width: 2, points: { show: data[0]!.length < 30, size: 6, fill: line.color } }))],
      axes: [{ ...AXIS }, { ...AXIS, size: 56, values: (_chart, ticks) => ticks.map(formatCount) }],
      scales: { y: { range: (_chart, min, max) => [0, Math.max(max * 1.1, min + 1, 1)] } },
      cursor: { drag: { x: false, y: false } },
      legend: { live: true },
    };
    const chart = new uPlot(options, data as uPlot.AlignedData, element);
    // The card's width follows the window; the canvas follows the card.
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [data, series, height]);
  return <div ref={container} className="w-full text-xs text-zinc-600" />;
}
