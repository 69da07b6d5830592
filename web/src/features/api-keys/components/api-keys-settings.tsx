import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatDateTime, formatRelative } from '@/lib/format';
import type { CreatedApiKey } from '../api/create-api-key';
import { useApiKeys, type ApiKey } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { NewKeyDialog } from './new-key-dialog';

const DESCRIPTION = 'Keys let your own apps and scripts call the API on behalf of this organization.';

export function ApiKeysSettings() {
  const { data } = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useRevokeApiKey();

  const createButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus className="size-4" aria-hidden />
      Create API key
    </Button>
  );

  return (
    <Card>
      <CardHeader title="API keys" description={DESCRIPTION} actions={data.items.length > 0 ? createButton : null} />
      {data.items.length === 0 ? (
        <EmptyState
          icon={KeyRound}
          title="No API keys yet"
          description="Create a key to publish posts, read comments or manage teams from your own code. The key is shown once, when you create it."
          action={createButton}
        />
      ) : (
        <ApiKeyTable keys={data.items} onRevoke={setRevoking} />
      )}

      <CreateApiKeyDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
        }}
      />
      <NewKeyDialog apiKey={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke the key “${revoking?.name ?? ''}”?`}
        description={
          <>
            Apps using <span className="font-mono text-zinc-800">{revoking?.prefix}…</span> stop working immediately and get{' '}
            <span className="font-mono">401</span> answers. A revoked key cannot be restored; create a new one instead.
          </>
        }
        confirmLabel="Revoke key"
        pending={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: (key) => toast.success(`Key “${key.name}” revoked`),
            onSettled: () => setRevoking(null),
          })
        }
      />
    </Card>
  );
}

function ApiKeyTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">API keys, newest first</caption>
        <thead className="border-b border-zinc-200 bg-zinc-50/60 text-xs font-medium text-zinc-500">
          <tr>
            <th scope="col" className="px-5 py-2.5 font-medium">
              Name
            </th>
            <th scope="col" className="px-3 py-2.5 font-medium">
              Key
            </th>
            <th scope="col" className="px-3 py-2.5 font-medium">
              Scopes
            </th>
            <th scope="col" className="px-3 py-2.5 font-medium">
              Created
            </th>
            <th scope="col" className="px-3 py-2.5 font-medium">
              Last used
            </th>
            <th scope="col" className="px-3 py-2.5 font-medium">
              Status
            </th>
            <th scope="col" className="px-5 py-2.5">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {keys.map((key) => (
            <tr key={key.id} className={key.revokedAt ? 'text-zinc-400' : undefined}>
              <th scope="row" className={`px-5 py-3 font-medium ${key.revokedAt ? 'text-zinc-500' : 'text-zinc-900'}`}>
                {key.name}
              </th>
              <td className="px-3 py-3">
                <code className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-700">{key.prefix}…</code>
              </td>
              <td className="px-3 py-3">
                <span className="flex flex-wrap gap-1">
                  {key.scopes.map((scope) => (
                    <Badge key={scope} tone={scope === 'admin' ? 'accent' : 'neutral'}>
                      {scope}
                    </Badge>
                  ))}
                </span>
              </td>
              <td className="px-3 py-3 whitespace-nowrap text-zinc-600" title={formatDateTime(key.createdAt)}>
                {formatDate(key.createdAt)}
              </td>
              <td className="px-3 py-3 whitespace-nowrap text-zinc-600" title={key.lastUsedAt ? formatDateTime(key.lastUsedAt) : undefined}>
                {key.lastUsedAt ? formatRelative(key.lastUsedAt) : 'Never'}
              </td>
              <td className="px-3 py-3">
                {key.revokedAt ? (
                  <Badge tone="danger" title={`Revoked ${formatDateTime(key.revokedAt)}`}>
                    Revoked
                  </Badge>
                ) : (
                  <Badge tone="success">Active</Badge>
                )}
              </td>
              <td className="px-5 py-3 text-right">
                {key.revokedAt ? (
                  <span className="text-xs whitespace-nowrap">{formatDate(key.revokedAt)}</span>
                ) : (
                  <Button variant="danger-ghost" size="sm" onClick={() => onRevoke(key)} aria-label={`Revoke ${key.name}`}>
                    Revoke
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ApiKeysSkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading API keys">
      <CardHeader title="API keys" description={DESCRIPTION} />
      <div className="space-y-3 p-5">
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex items-center gap-6">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-4 w-28" />
            <Skeleton className="ml-auto h-4 w-16" />
          </div>
        ))}
      </div>
    </Card>
  );
}
