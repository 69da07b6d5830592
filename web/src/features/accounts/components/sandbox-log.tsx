import { Badge } from '@/components/ui/badge';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

export type SandboxLogEntry = { id: number; at: string; label: string; account: string; request: unknown; ok: boolean; answer: unknown; summary?: string };

/** The answer as the API sent it: the error envelope for failures, the JSON body otherwise. */
function answerJson(entry: SandboxLogEntry): unknown {
  if (entry.ok) return entry.answer;
  if (entry.answer instanceof ApiError)
    return { statusCode: entry.answer.statusCode, message: entry.answer.message, issues: entry.answer.issues.length ? entry.answer.issues : undefined };
  return { message: errorMessage(entry.answer) };
}

type StoredEvent = { kind: string; status: string; note: string | null };

function summary(entry: SandboxLogEntry): string {
  if (!entry.ok) return errorMessage(entry.answer);
  if (entry.summary) return entry.summary;
  const answer = entry.answer as { items?: StoredEvent[]; total?: number };
  if (!Array.isArray(answer?.items)) return 'Done';
  if (answer.items.length === 0) return 'No event stored: no connected account is addressed by it';
  return answer.items.map((event) => `${event.kind} stored as ${event.status}${event.note ? ` (${event.note})` : ''}`).join('; ');
}

function status(entry: SandboxLogEntry): string {
  if (entry.ok) return '200';
  return entry.answer instanceof ApiError ? String(entry.answer.statusCode) : 'failed';
}

export function SandboxLog({ entries }: { entries: SandboxLogEntry[] }) {
  return (
    <div className="border-t border-amber-200/70 bg-zinc-50/60 px-5 py-4">
      <h3 className="mb-3 text-xs font-semibold tracking-wide text-zinc-500 uppercase">Sent and answered</h3>
      {entries.length === 0 ? (
        <p className="text-sm text-zinc-500">Nothing sent yet. What you send and the server's answer appear here.</p>
      ) : (
        <ol aria-label="Sandbox requests and answers" className="space-y-2">
          {entries.map((entry, index) => (
            <li key={entry.id} className="rounded-lg border border-zinc-200 bg-white">
              <details open={index === 0} className="group">
                <summary className="flex cursor-pointer list-none items-start gap-3 px-3 py-2.5 text-sm">
                  <Badge tone={entry.ok ? 'success' : 'danger'} className="mt-0.5 font-mono">
                    {status(entry)}
                  </Badge>
                  <span className="min-w-0 flex-1">
                    <span className="font-medium text-zinc-900">{entry.label}</span>
                    <span className="text-zinc-500"> · {entry.account}</span>
                    <span className={`block text-xs ${entry.ok ? 'text-zinc-600' : 'text-red-700'}`}>{summary(entry)}</span>
                  </span>
                  <time dateTime={entry.at} className="shrink-0 text-xs text-zinc-400">
                    {formatDateTime(entry.at)}
                  </time>
                </summary>
                <div className="grid gap-2 border-t border-zinc-100 p-3 md:grid-cols-2">
                  <Json title="Sent" value={entry.request} />
                  <Json title="Answer" value={answerJson(entry)} />
                </div>
              </details>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function Json({ title, value }: { title: string; value: unknown }) {
  return (
    <div className="min-w-0">
      <p className="mb-1 text-xs font-medium text-zinc-500">{title}</p>
      <pre className="max-h-64 overflow-auto rounded-md bg-zinc-900 p-2.5 font-mono text-[11px] leading-relaxed text-zinc-100">
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}
