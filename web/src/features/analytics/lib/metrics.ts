/** What a person reads as engagement: every reaction to the content, not its reach. */
export function engagementOf(snapshot: { likes: number; comments: number; shares?: number; saves?: number }): number {
  return snapshot.likes + snapshot.comments + (snapshot.shares ?? 0) + (snapshot.saves ?? 0);
}

export type Metric<Row> = { key: keyof Row & string; label: string; color: string };

/** Chart input: seconds since the epoch on x, one series per metric, in the snapshots' order (oldest first). */
export function seriesOf<Row extends { createdAt: string | null }>(rows: readonly Row[], metrics: readonly Metric<Row>[]): number[][] {
  const dated = rows.filter((row) => row.createdAt);
  return [dated.map((row) => Date.parse(row.createdAt!) / 1000), ...metrics.map((metric) => dated.map((row) => Number(row[metric.key]) || 0))];
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** "12.3K" on tiles and axes; the exact number goes in the title. */
export function formatCount(value: number): string {
  return value < 10_000 ? value.toLocaleString('en-US') : compact.format(value);
}
