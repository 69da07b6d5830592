import { formatCount } from '../lib/metrics';

export type Tile = { label: string; value: number };

/** The latest numbers, one tile each, named so they can be read (and found) one by one. */
export function MetricTiles({ label, tiles }: { label: string; tiles: readonly Tile[] }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {tiles.map((tile) => (
        <div key={tile.label} className="rounded-lg border border-zinc-200 px-3 py-2">
          <dt className="text-xs text-zinc-500">{tile.label}</dt>
          <dd className="text-lg font-semibold text-zinc-900 tabular-nums" title={tile.value.toLocaleString('en-US')}>
            {formatCount(tile.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
