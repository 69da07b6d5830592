import type { Post } from '@/api/post-query-keys';

type ErrorRecord = Post['errorsVerbose'][string];

/** The platform's own answer behind a failure, folded away: the code and status support asks for. */
export function PlatformErrorDetails({ verbose }: { verbose: ErrorRecord }) {
  return (
    <details className="mt-1 text-xs text-zinc-600">
      <summary className="cursor-pointer text-zinc-500 select-none">Error details</summary>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 rounded-md bg-zinc-50 p-2">
        <dt className="text-zinc-500">Code</dt>
        <dd className="font-mono">{verbose.code}</dd>
        <dt className="text-zinc-500">Platform said</dt>
        <dd>{verbose.errorMessage}</dd>
        <dt className="text-zinc-500">HTTP status</dt>
        <dd>{verbose.httpStatus ?? '—'}</dd>
        <dt className="text-zinc-500">Retry</dt>
        <dd>
          {verbose.isTransient
            ? 'Passing problem: retried automatically'
            : verbose.retryability === 'non_retryable'
              ? 'Will not succeed as is: change the post'
              : 'May work if retried'}
        </dd>
      </dl>
    </details>
  );
}
