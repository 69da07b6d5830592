import { Controller } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { CopyBody } from '@server/accounts/accounts.schemas';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Form, FormError, FormField } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { useCopyAccounts } from '../api/copy-accounts';
import type { SocialAccount } from '@/api/get-team-accounts';
import { channelModelOf, hasSelectableChannel, platformLabel } from '../lib/platforms';
import { NativeSelect } from '@/components/ui/native-select';

export type TeamOption = { id: string; name: string };

type CopyAccountDialogProps = { account: SocialAccount | null; teams: TeamOption[]; onClose: () => void };

/** Connects the same platform account to another team: same access, its own record there. */
export function CopyAccountDialog({ account, teams, onClose }: CopyAccountDialogProps) {
  const copy = useCopyAccounts();
  const targets = teams.filter((team) => team.id !== account?.teamId);
  const resettable = account ? hasSelectableChannel(account) : false;
  const noun = account ? (channelModelOf(account)?.label.toLowerCase() ?? 'channel') : 'channel';
  return (
    <Dialog open={account !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Copy to another team"
        description={
          account ? `The other team gets this ${platformLabel(account.type)} account too, with the same access. Each team keeps its own settings.` : undefined
        }
      >
        {account ? (
          <Form
            schema={CopyBody}
            defaultValues={{ fromTeamId: account.teamId, toTeamId: targets[0]?.id ?? '', socialAccountTypes: [account.type], resetChannel: false }}
            aria-label="Copy to another team"
            onSubmit={async (values) => {
              await copy.mutateAsync(values);
              const team = teams.find((candidate) => candidate.id === values.toTeamId);
              toast.success(`${platformLabel(account.type)} copied to “${team?.name ?? 'the team'}”`);
              onClose();
            }}
          >
            {(form) => (
              <>
                <FormField name="toTeamId" label="Team">
                  {({ id, invalid, describedBy }) => (
                    <NativeSelect id={id} aria-invalid={invalid || undefined} aria-describedby={describedBy} {...form.register('toTeamId')}>
                      {targets.map((team) => (
                        <option key={team.id} value={team.id}>
                          {team.name}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </FormField>
                {resettable ? (
                  <Controller
                    control={form.control}
                    name="resetChannel"
                    render={({ field }) => (
                      <div className="flex items-start gap-3 rounded-lg border border-zinc-200 px-3 py-2.5">
                        <Checkbox
                          id="copy-reset-channel"
                          className="mt-0.5"
                          checked={field.value ?? false}
                          onCheckedChange={(checked) => field.onChange(checked === true)}
                        />
                        <Label htmlFor="copy-reset-channel" className="cursor-pointer font-normal">
                          Choose the {noun} again in that team
                          <span className="block text-xs text-zinc-500">Leave unticked to act as the same {noun} there.</span>
                        </Label>
                      </div>
                    )}
                  />
                ) : null}
                <FormError />
                <DialogFormFooter submitLabel="Copy account" pending={form.formState.isSubmitting} />
              </>
            )}
          </Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
