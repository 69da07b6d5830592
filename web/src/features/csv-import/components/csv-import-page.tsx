import { Link } from '@tanstack/react-router';
import { ArrowLeft, FileSpreadsheet, Upload } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { errorMessage } from '@/lib/api-client';
import { useCreateCsvImport } from '../api/create-csv-import';
import { useDryRunCsvImport, type DryRun } from '../api/dry-run-csv-import';
import { CsvFormatHelp } from './csv-format-help';
import { DryRunTable } from './dry-run-table';
import { ImportProgress } from './import-progress';
import { RecentImports } from './recent-imports';

/** `/posts/import`: choose a CSV file, see every row checked, drop rows, import, follow the import. */
export function CsvImportPage({ teamId }: { teamId: string }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [dropped, setDropped] = useState<ReadonlySet<number>>(new Set());
  const [importId, setImportId] = useState<string | null>(null);
  const check = useDryRunCsvImport();
  const start = useCreateCsvImport();
  const result: DryRun | undefined = check.data;

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setDropped(new Set());
    setImportId(null);
    check.reset();
    if (chosen) check.mutate({ file: chosen, teamId, skipRows: [] });
  };
  const toggle = (rowNumber: number) =>
    setDropped((current) => {
      const next = new Set(current);
      if (next.has(rowNumber)) next.delete(rowNumber);
      else next.add(rowNumber);
      return next;
    });

  const counts = useMemo(() => {
    const kept = result?.rows.filter((row) => !dropped.has(row.rowNumber)) ?? [];
    return {
      kept: kept.length,
      valid: kept.filter((row) => row.status === 'VALID').length,
      invalid: kept.filter((row) => row.status === 'INVALID').length,
      linked: kept.filter((row) => row.status === 'ALREADY_IMPORTED').length,
    };
  }, [result, dropped]);
  const invalidRows = result?.rows.filter((row) => row.status === 'INVALID').map((row) => row.rowNumber) ?? [];

  const startImport = () => {
    if (!file) return;
    start.mutate({ file, teamId, skipRows: [...dropped].sort((a, b) => a - b) }, { onSuccess: (created) => setImportId(created.id) });
  };

  return (
    <div className="space-y-6">
      <Link to="/posts" className="inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800">
        <ArrowLeft className="size-4" aria-hidden />
        All posts
      </Link>
      <PageHeader
        title="Import posts from CSV"
        description="Schedule many posts at once: every row is checked against the same rules as the composer before anything is created."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <Card aria-label="File">
            <CardHeader title="1. Choose a file" description="One row a post. Choosing a file checks it; nothing is created until you import." />
            <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center">
              <label
                htmlFor={inputId}
                className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-lg border border-zinc-300 bg-white px-3.5 text-sm font-medium text-zinc-800 shadow-sm hover:bg-zinc-50 focus-within:ring-2 focus-within:ring-accent-500"
              >
                <Upload className="size-4" aria-hidden />
                {file ? 'Choose another file' : 'Choose a CSV file'}
                <input
                  id={inputId}
                  type="file"
                  accept=".csv,text/csv"
                  className="sr-only"
                  aria-label="CSV file"
                  onChange={(event) => {
                    choose(event.target.files?.[0] ?? null);
                    event.target.value = '';
                  }}
                />
              </label>
              <p className="truncate text-sm text-zinc-600">{file ? file.name : 'No file chosen'}</p>
              {check.isPending ? <span className="text-sm text-zinc-500">Checking rows…</span> : null}
            </div>
            {check.isError ? (
              <p role="alert" className="border-t border-zinc-200 px-5 py-3 text-sm text-red-700">
                {errorMessage(check.error)}
              </p>
            ) : null}
          </Card>

          <Card aria-label="Row checks">
            <CardHeader
              title="2. Check the rows"
              description="Drop rows you do not want, or fix the file and choose it again: rows imported before are recognized, never duplicated."
              actions={
                invalidRows.some((row) => !dropped.has(row)) ? (
                  <Button variant="secondary" size="sm" onClick={() => setDropped(new Set([...dropped, ...invalidRows]))}>
                    Drop rows with problems
                  </Button>
                ) : null
              }
            />
            {result ? (
              <>
                <div className="flex flex-wrap gap-2 px-5 pt-4" aria-label="Summary">
                  <Badge tone="success">{counts.valid} ready</Badge>
                  <Badge tone={counts.invalid ? 'danger' : 'neutral'}>{counts.invalid} with problems</Badge>
                  {counts.linked ? <Badge tone="neutral">{counts.linked} already imported</Badge> : null}
                  {dropped.size ? <Badge tone="neutral">{dropped.size} dropped</Badge> : null}
                </div>
                <DryRunTable rows={result.rows} dropped={dropped} onToggle={toggle} />
              </>
            ) : (
              <EmptyState icon={FileSpreadsheet} title="No file checked yet" description="Choose a CSV file above; each row's check appears here." />
            )}
          </Card>

          <Card aria-label="Import">
            <CardHeader title="3. Import" description="The import runs in the background; you can leave this page and come back." />
            <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center">
              <Button
                onClick={startImport}
                pending={start.isPending}
                disabled={!result || counts.invalid > 0 || counts.valid + counts.linked === 0 || importId !== null}
              >
                Import {counts.valid} {counts.valid === 1 ? 'post' : 'posts'}
              </Button>
              <p className="text-sm text-zinc-500">
                {!result
                  ? 'Check a file first.'
                  : counts.invalid > 0
                    ? `Drop the ${counts.invalid === 1 ? 'row' : `${counts.invalid} rows`} with problems, or fix the file and choose it again.`
                    : counts.linked
                      ? `${counts.linked} already imported ${counts.linked === 1 ? 'row is' : 'rows are'} linked to ${counts.linked === 1 ? 'its post' : 'their posts'}, not created again.`
                      : 'Each row becomes a post on its accounts.'}
              </p>
            </div>
            {start.isError ? (
              <p role="alert" className="border-t border-zinc-200 px-5 py-3 text-sm text-red-700">
                {errorMessage(start.error)}
              </p>
            ) : null}
            {importId ? <ImportProgress importId={importId} /> : null}
          </Card>
        </div>
        <aside className="min-w-0 space-y-6">
          <CsvFormatHelp />
          <RecentImports teamId={teamId} selectedId={importId} onSelect={setImportId} />
        </aside>
      </div>
    </div>
  );
}
