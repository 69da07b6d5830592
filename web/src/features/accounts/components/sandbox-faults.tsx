import { Trash2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import { FaultBody } from '@server/sandbox-platform/sandbox.schemas';
import { SANDBOX_OPERATIONS } from '@server/platforms/sandbox-connector/operations';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Form, FormError } from '@/components/ui/form';
import { formatRelative } from '@/lib/format';
import { useAddSandboxFault } from '../api/add-sandbox-fault';
import { useDeleteSandboxFault } from '../api/delete-sandbox-fault';
import { useSandboxFaults, type SandboxFault } from '../api/get-sandbox-faults';
import type { SocialAccount } from '@/api/get-team-accounts';
import { PLATFORM_CHANGES, useSimulatePlatformChange, type PlatformChange } from '../api/simulate-platform-change';
import { platformLabel } from '../lib/platforms';
import { SandboxSelect, SandboxTextField } from './sandbox-fields';

const KIND_HINTS: Record<SandboxFault['kind'], string> = {
  TRANSIENT: 'fails, worth retrying',
  PERMANENT: 'fails for good',
  RATE_LIMITED: 'refused until a reset time',
  SLOW: 'answers late',
};

type SandboxFaultsProps = {
  account: SocialAccount;
  onSent: (label: string, request: unknown, outcome: { ok: boolean; body: unknown; summary?: string }) => void;
};

/** Makes the platform misbehave for this account (or all of its type), and lists what is in effect. */
export function SandboxFaults({ account, onSent }: SandboxFaultsProps) {
  const add = useAddSandboxFault();
  const label = platformLabel(account.type);
  return (
    <div className="space-y-6">
      <Form
        key={account.id}
        schema={FaultBody}
        defaultValues={{ type: account.type, socialAccountId: account.id, kind: 'TRANSIENT', count: 1 }}
        aria-label="Inject a fault"
        onSubmit={async (values) => {
          try {
            const fault = await add.mutateAsync(values);
            onSent(`Fault: ${values.kind.toLowerCase().replace('_', ' ')}`, values, {
              ok: true,
              body: fault,
              summary: `In effect for ${fault.remaining === null ? 'every call until removed' : `the next ${fault.remaining === 1 ? 'call' : `${fault.remaining} calls`}`}`,
            });
          } catch (error) {
            onSent(`Fault: ${values.kind.toLowerCase().replace('_', ' ')}`, values, { ok: false, body: error });
            throw error;
          }
        }}
      >
        {(form) => (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <SandboxSelect name="kind" label="Fault">
                {(['TRANSIENT', 'PERMANENT', 'RATE_LIMITED', 'SLOW'] as const).map((kind) => (
                  <option key={kind} value={kind}>
                    {kind.toLowerCase().replace('_', ' ')}: {KIND_HINTS[kind]}
                  </option>
                ))}
              </SandboxSelect>
              <SandboxSelect name="operation" label="Calls">
                <option value="">Every call</option>
                {SANDBOX_OPERATIONS.map((operation) => (
                  <option key={operation} value={operation}>
                    {operation}
                  </option>
                ))}
              </SandboxSelect>
              <SandboxSelect name="socialAccountId" label="Accounts">
                <option value={account.id}>Only this account</option>
                <option value="">Every {label} account</option>
              </SandboxSelect>
              <SandboxTextField name="count" label="Calls affected" number placeholder="Until removed" />
              {form.watch('kind') === 'RATE_LIMITED' ? (
                <SandboxTextField name="retryAfterSeconds" label="Reset after (seconds)" number placeholder="60" />
              ) : null}
              {form.watch('kind') === 'SLOW' ? <SandboxTextField name="delayMs" label="Delay (ms)" number placeholder="3000" /> : null}
            </div>
            <SandboxTextField name="message" label="Error message" placeholder="The platform's default" />
            <FormError />
            <div className="flex justify-end">
              <Button type="submit" pending={form.formState.isSubmitting}>
                Inject fault
              </Button>
            </div>
          </>
        )}
      </Form>
      <FaultList type={account.type} />
      <PlatformChanges account={account} onSent={onSent} />
    </div>
  );
}

function FaultList({ type }: { type: string }) {
  const faults = useSandboxFaults();
  const remove = useDeleteSandboxFault();
  const items = (faults.data?.items ?? []).filter((fault) => fault.type === type);
  return (
    <div>
      <h4 className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">Faults in effect for {platformLabel(type)}</h4>
      {faults.isError ? <p className="text-sm text-red-700">{faults.error.message}</p> : null}
      {items.length === 0 ? (
        <p className="text-sm text-zinc-500">{faults.isPending ? 'Loading…' : 'None: every call succeeds.'}</p>
      ) : (
        <ul aria-label="Faults in effect" className="divide-y divide-zinc-100 rounded-lg border border-zinc-200">
          {items.map((fault) => (
            <li key={fault.id} className="flex items-center gap-3 px-3 py-2 text-sm">
              <Badge tone={fault.kind === 'SLOW' ? 'warning' : 'danger'}>{fault.kind.toLowerCase().replace('_', ' ')}</Badge>
              <span className="min-w-0 flex-1 truncate text-zinc-700">
                {fault.operation ?? 'every call'} · {fault.socialAccountId ? 'this account' : 'every account'} ·{' '}
                {fault.remaining === null ? 'until removed' : `${fault.remaining} left`}
                <span className="text-zinc-400"> · added {formatRelative(fault.createdAt)}</span>
              </span>
              <Button
                variant="danger-ghost"
                size="icon"
                aria-label={`Remove the ${fault.kind.toLowerCase()} fault`}
                title="Remove"
                onClick={() => remove.mutate(fault.id, { onSuccess: () => toast.success('Fault removed') })}
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PlatformChanges({ account, onSent }: SandboxFaultsProps) {
  const simulate = useSimulatePlatformChange();
  const run = (change: PlatformChange) =>
    simulate.mutate(
      { socialAccountId: account.id, change },
      {
        onSuccess: (body) =>
          onSent(
            PLATFORM_CHANGES[change],
            { socialAccountId: account.id },
            { ok: true, body, summary: 'Changed on the platform; the service notices on its next call' },
          ),
        onError: (error) => onSent(PLATFORM_CHANGES[change], { socialAccountId: account.id }, { ok: false, body: error }),
      },
    );
  return (
    <div>
      <h4 className="mb-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase">On the platform's side</h4>
      <p className="mb-3 text-sm text-zinc-500">The service notices on its next call: try “Check connection” on the card afterwards.</p>
      <div className="flex flex-wrap gap-2">
        {(Object.keys(PLATFORM_CHANGES) as PlatformChange[]).map((change) => (
          <Button key={change} variant="secondary" size="sm" disabled={simulate.isPending} onClick={() => run(change)}>
            {PLATFORM_CHANGES[change]}
          </Button>
        ))}
      </div>
    </div>
  );
}
