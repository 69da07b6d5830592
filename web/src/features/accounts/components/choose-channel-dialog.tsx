import { RefreshCw } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { SetChannelBody } from '@server/accounts/accounts.schemas';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Form, FormError } from '@/components/ui/form';
import type { SocialAccount } from '@/api/get-team-accounts';
import { useRefreshChannels } from '../api/refresh-channels';
import { useSetChannel } from '../api/set-channel';
import { useUnsetChannel } from '../api/unset-channel';
import { channelModelOf, platformLabel } from '../lib/platforms';

type SelectableType = z.input<typeof SetChannelBody>['type'];

/** Picks the page, organization, channel or location the account acts as. */
export function ChooseChannelDialog({ account, onClose }: { account: SocialAccount | null; onClose: () => void }) {
  const model = account ? channelModelOf(account) : null;
  const noun = model?.label.toLowerCase() ?? 'channel';
  return (
    <Dialog open={account !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={`Choose ${noun}`}
        description={
          account ? `The ${platformLabel(account.type)} account publishes, and receives comments and messages, as the ${noun} you choose.` : undefined
        }
        className="max-w-lg"
      >
        {account ? <ChooseChannelForm account={account} noun={noun} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ChooseChannelForm({ account, noun, onDone }: { account: SocialAccount; noun: string; onDone: () => void }) {
  const set = useSetChannel();
  const unset = useUnsetChannel();
  const refresh = useRefreshChannels();
  const ref = { teamId: account.teamId, type: account.type as SelectableType };
  return (
    <Form
      schema={SetChannelBody}
      defaultValues={{ ...ref, channelId: account.channelId ?? '' }}
      aria-label={`Choose ${noun}`}
      onSubmit={async (values) => {
        const updated = await set.mutateAsync(values);
        toast.success(`${platformLabel(updated.type)} now acts as “${updated.displayName ?? updated.username ?? values.channelId}”`);
        onDone();
      }}
    >
      {(form) => (
        <>
          <ChannelOptions account={account} noun={noun} />
          <div className="flex items-center justify-between gap-2 text-xs text-zinc-500">
            <span>Missing one? Create it on {platformLabel(account.type)}, then refresh the list.</span>
            <Button
              variant="ghost"
              size="sm"
              pending={refresh.isPending}
              onClick={() => refresh.mutate(ref, { onSuccess: (updated) => toast.success(`${updated.channels?.length ?? 0} ${noun}s found`) })}
            >
              {refresh.isPending ? null : <RefreshCw className="size-3.5" aria-hidden />}
              Refresh list
            </Button>
          </div>
          <FormError />
          <DialogFooter className="sm:justify-between">
            {account.channelId ? (
              <Button
                variant="danger-ghost"
                pending={unset.isPending}
                onClick={() =>
                  unset.mutate(ref, {
                    onSuccess: () => {
                      toast.success(`${platformLabel(account.type)}: no ${noun} selected`);
                      onDone();
                    },
                  })
                }
              >
                Clear selection
              </Button>
            ) : (
              <span />
            )}
            <span className="flex flex-col-reverse gap-2 sm:flex-row">
              <DialogClose asChild>
                <Button variant="secondary">Cancel</Button>
              </DialogClose>
              <Button type="submit" pending={form.formState.isSubmitting}>
                Use this {noun}
              </Button>
            </span>
          </DialogFooter>
        </>
      )}
    </Form>
  );
}

function ChannelOptions({ account, noun }: { account: SocialAccount; noun: string }) {
  const { register, formState } = useFormContext<{ channelId: string }>();
  const channels = account.channels ?? [];
  const error = formState.errors.channelId?.message;
  if (channels.length === 0) {
    return <p className="rounded-lg border border-dashed border-zinc-300 p-4 text-sm text-zinc-500">This account has no {noun}s yet.</p>;
  }
  return (
    <fieldset className="space-y-2">
      <legend className="sr-only">{noun}s of this account</legend>
      {channels.map((channel) => (
        <label
          key={channel.id}
          className="flex cursor-pointer items-center gap-3 rounded-lg border border-zinc-200 px-3 py-2.5 has-checked:border-accent-300 has-checked:bg-accent-50/50"
        >
          <input type="radio" value={channel.id} data-name={channel.name ?? channel.id} className="size-4 accent-accent-600" {...register('channelId')} />
          {channel.avatarUrl ? <img src={channel.avatarUrl} alt="" className="size-8 rounded-full bg-zinc-100 ring-1 ring-zinc-200" /> : null}
          <span className="min-w-0">
            <span className="block truncate text-sm font-medium text-zinc-900">{channel.name ?? channel.id}</span>
            <span className="block truncate text-xs text-zinc-500">{channel.username ? `@${channel.username}` : channel.id}</span>
          </span>
        </label>
      ))}
      {error ? <p className="text-xs font-medium text-red-600">{error === 'Required' ? `Choose a ${noun}` : error}</p> : null}
    </fieldset>
  );
}
