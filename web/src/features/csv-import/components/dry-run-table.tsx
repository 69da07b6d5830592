import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { platformLabel } from '@/lib/post-platforms';
import type { DryRunRow } from '../api/dry-run-csv-import';

const STATUS = {
  VALID: { label: 'Ready', tone: 'success' },
  INVALID: { label: 'Problems', tone: 'danger' },
  ALREADY_IMPORTED: { label: 'Already imported', tone: 'neutral' },
} as const;

type Payload = { postDate?: string; socialAccountTypes?: string[]; title?: string } | null;

/** Every row of the file with its check; a dropped row stays listed, greyed, and can be kept again. */
export function DryRunTable({ rows, dropped, onToggle }: { rows: DryRunRow[]; dropped: ReadonlySet<number>; onToggle: (rowNumber: number) => void }) {
  return (
    <ul aria-label="Rows" className="mt-3 divide-y divide-zinc-100 border-t border-zinc-200">
      {rows.map((row) => {
        const payload = row.normalizedPayload as Payload;
        const isDropped = dropped.has(row.rowNumber);
        const status = STATUS[row.status];
        return (
          <li key={row.rowNumber} aria-label={`Row ${row.rowNumber}`} className={`flex gap-4 px-5 py-3 ${isDropped ? 'bg-zinc-50 opacity-60' : ''}`}>
            <span className="w-10 shrink-0 pt-0.5 text-xs font-medium text-zinc-500 tabular-nums">#{row.rowNumber}</span>
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={isDropped ? 'neutral' : status.tone}>{isDropped ? 'Dropped' : status.label}</Badge>
                <span className="text-sm text-zinc-700">{payload?.postDate ? formatDateTime(payload.postDate) : (row.rawRow.date ?? '')}</span>
                {payload?.socialAccountTypes?.map((platform) => (
                  <span key={platform} className="text-xs text-zinc-500">
                    {platformLabel(platform)}
                  </span>
                ))}
              </div>
              <p className="truncate text-sm text-zinc-900">{row.rawRow.text || payload?.title || '(no text)'}</p>
              {row.status === 'INVALID' && !isDropped ? (
                <ul className="space-y-0.5 text-sm text-red-700">
                  {row.issues.map((issue, index) => (
                    <li key={index}>
                      {issue.path.length ? <span className="font-medium">{String(issue.path[0])}: </span> : null}
                      {issue.message}
                    </li>
                  ))}
                </ul>
              ) : null}
              {row.notes.map((note) => (
                <p key={note} className="text-xs text-zinc-500">
                  {note}
                </p>
              ))}
            </div>
            <Button variant="ghost" size="sm" className="shrink-0 self-start" onClick={() => onToggle(row.rowNumber)}>
              {isDropped ? 'Keep row' : 'Drop row'}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
