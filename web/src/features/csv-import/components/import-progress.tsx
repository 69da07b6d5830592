import { Link } from '@tanstack/react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useCsvImport, useCsvImportFailedRows } from '../api/get-csv-imports';
import { isRunning, STATUS_LABEL, STATUS_TONE } from '../lib/import-status';

/** One import's progress, read every second while it runs; when it ends, the rows that failed and why. */
export function ImportProgress({ importId }: { importId: string }) {
  const job = useCsvImport(importId);
  const done = job.data ? !isRunning(job.data.status) : false;
  const failed = useCsvImportFailedRows(importId, done && (job.data?.failedRows ?? 0) > 0);
  if (job.isError) return <p className="border-t border-zinc-200 px-5 py-3 text-sm text-red-700">{errorMessage(job.error)}</p>;
  if (!job.data) return null;
  const { status, totalRows, processedRows, successRows, failedRows, fileName } = job.data;
  const percent = totalRows ? Math.round((processedRows / totalRows) * 100) : 0;
  return (
    <section aria-label="Import progress" className="space-y-3 border-t border-zinc-200 px-5 py-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={STATUS_TONE[status]}>{STATUS_LABEL[status]}</Badge>
        <span className="truncate text-sm text-zinc-700">{fileName}</span>
      </div>
      <div
        role="progressbar"
        aria-label="Rows processed"
        aria-valuemin={0}
        aria-valuemax={totalRows}
        aria-valuenow={processedRows}
        className="h-2 overflow-hidden rounded-full bg-zinc-100"
      >
        <div className="h-full rounded-full bg-accent-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-zinc-600" aria-live="polite">
        {processedRows} of {totalRows} rows processed · {successRows} imported · {failedRows} failed
      </p>
      {failed.data?.items.length ? (
        <ul aria-label="Failed rows" className="space-y-1 text-sm">
          {failed.data.items.map((row) => (
            <li key={row.id} className="text-red-700">
              <span className="font-medium">Row {row.rowNumber}:</span> {row.error}
            </li>
          ))}
        </ul>
      ) : null}
      {done && successRows > 0 ? (
        <Button variant="secondary" size="sm" asChild>
          <Link to="/posts">See the posts</Link>
        </Button>
      ) : null}
    </section>
  );
}
