import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { formatRelative } from '@/lib/format';
import { useCsvImports } from '../api/get-csv-imports';
import { STATUS_LABEL, STATUS_TONE } from '../lib/import-status';

/** The team's last imports; choosing one shows its progress and failed rows. */
export function RecentImports({ teamId, selectedId, onSelect }: { teamId: string; selectedId: string | null; onSelect: (id: string) => void }) {
  const imports = useCsvImports(teamId);
  return (
    <Card aria-label="Recent imports">
      <CardHeader title="Recent imports" />
      {imports.data?.items.length ? (
        <ul className="divide-y divide-zinc-100">
          {imports.data.items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => onSelect(item.id)}
                aria-current={item.id === selectedId || undefined}
                className="w-full space-y-1 px-5 py-3 text-left hover:bg-zinc-50 aria-[current]:bg-accent-50"
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm font-medium text-zinc-900">{item.fileName}</span>
                  <Badge tone={STATUS_TONE[item.status]}>{STATUS_LABEL[item.status]}</Badge>
                </span>
                <span className="block text-xs text-zinc-500">
                  {item.successRows} imported · {item.failedRows} failed{item.createdAt ? ` · ${formatRelative(item.createdAt)}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="px-5 py-4 text-sm text-zinc-500">{imports.isPending ? 'Loading…' : 'No imports yet.'}</p>
      )}
    </Card>
  );
}
