import { Eye, EyeOff, RotateCw } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatRelative } from '@/lib/format';
import { useWebhookSecret, webhookSecretQueryKey } from '../api/get-webhook-secret';
import type { WebhookEndpoint } from '../api/get-webhooks';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';

const MASK = 'whsec_••••••••••••••••••••••••••••••••';

/** The signing secret, read from the API only when someone asks to see it; rotation with an overlap. */
export function WebhookSecretPanel({ endpoint }: { endpoint: WebhookEndpoint }) {
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const [confirmingRotate, setConfirmingRotate] = useState(false);
  const secret = useWebhookSecret(endpoint.id, { revealed });
  const rotate = useRotateWebhookSecret();
  const queryClient = useQueryClient();
  const toggle = () => {
    // Hidden means gone from memory too, not only from the screen.
    if (revealed) queryClient.removeQueries({ queryKey: webhookSecretQueryKey(endpoint.id) });
    setRevealed(!revealed);
  };

  const value = revealed && secret.data ? secret.data.secret : MASK;
  return (
    <div className="space-y-3">
      <div>
        <Label htmlFor={`${id}-secret`}>Signing secret</Label>
        <div className="mt-1.5 flex flex-wrap gap-2">
          <Input
            id={`${id}-secret`}
            readOnly
            value={value}
            aria-describedby={`${id}-hint`}
            className="min-w-0 flex-1 basis-72 font-mono text-[13px]"
            onFocus={(event) => revealed && event.currentTarget.select()}
          />
          <Button variant="secondary" pending={revealed && secret.isFetching && !secret.data} onClick={toggle} aria-pressed={revealed}>
            {revealed ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
            {revealed ? 'Hide' : 'Reveal'}
          </Button>
          {revealed && secret.data ? <CopyButton value={secret.data.secret} label="Copy secret" /> : null}
        </div>
        {revealed && secret.error ? (
          <p role="alert" className="mt-1.5 text-xs font-medium text-red-600">
            {errorMessage(secret.error)}
          </p>
        ) : (
          <p id={`${id}-hint`} className="mt-1.5 text-xs text-zinc-500">
            Whoever holds the secret can forge deliveries: keep it in your receiver's configuration only.
            {endpoint.secretRotatedAt ? ` Rotated ${formatRelative(endpoint.secretRotatedAt)}.` : null}
          </p>
        )}
      </div>
      {endpoint.previousSecretExpiresAt ? (
        <p className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-xs text-sky-900">
          Rotation in progress: deliveries are signed with both the new and the previous secret until{' '}
          <strong className="font-semibold">{formatDateTime(endpoint.previousSecretExpiresAt)}</strong>.
          {revealed && secret.data?.previousSecret ? (
            <>
              {' '}
              Previous secret: <code className="font-mono break-all">{secret.data.previousSecret}</code>
            </>
          ) : null}
        </p>
      ) : null}
      <Button variant="secondary" size="sm" onClick={() => setConfirmingRotate(true)}>
        <RotateCw className="size-3.5" aria-hidden />
        Rotate secret
      </Button>

      <ConfirmDialog
        open={confirmingRotate}
        onOpenChange={setConfirmingRotate}
        title="Rotate the signing secret?"
        description={
          <>
            A new secret signs every delivery from now on. For the next 24 hours each delivery is signed with both the new and the current secret, so your
            receiver keeps verifying while you switch it to the new one. After that, only the new secret works.
          </>
        }
        confirmLabel="Rotate secret"
        pending={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(
            { id: endpoint.id },
            {
              onSuccess: () => {
                setRevealed(true);
                toast.success('Secret rotated', { description: 'The previous secret keeps signing for 24 hours.' });
              },
              onSettled: () => setConfirmingRotate(false),
            },
          )
        }
      />
    </div>
  );
}
