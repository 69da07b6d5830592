import { Controller } from 'react-hook-form';
import { CreateApiKeyBody } from '@server/api-keys/api-keys.routes';
import { SCOPES, type Scope } from '@server/context';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Form, FormError, TextField } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { useCreateApiKey, type CreatedApiKey } from '../api/create-api-key';

const SCOPE_HINTS: Record<Scope, string> = {
  read: 'Read teams, accounts, posts and messages',
  write: 'Create and change them',
  admin: 'Manage API keys',
};

type CreateApiKeyDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; onCreated: (key: CreatedApiKey) => void };

export function CreateApiKeyDialog({ open, onOpenChange, onCreated }: CreateApiKeyDialogProps) {
  const create = useCreateApiKey();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Create API key" description="Name the key after the app or script that will use it, so you know what breaks if you revoke it.">
        <Form
          schema={CreateApiKeyBody}
          defaultValues={{ name: '', scopes: ['read', 'write'] }}
          aria-label="Create API key"
          onSubmit={async (values) => onCreated(await create.mutateAsync(values))}
        >
          {(form) => (
            <>
              <TextField name="name" label="Name" autoFocus placeholder="e.g. Publishing script" />
              <fieldset className="space-y-2">
                <legend className="mb-1.5 text-sm font-medium text-zinc-800">Scopes</legend>
                <Controller
                  control={form.control}
                  name="scopes"
                  render={({ field, fieldState }) => {
                    const selected = field.value ?? [];
                    return (
                      <>
                        {SCOPES.map((scope) => (
                          <div
                            key={scope}
                            className="flex items-start gap-3 rounded-lg border border-zinc-200 px-3 py-2.5 has-[[data-state=checked]]:border-accent-200 has-[[data-state=checked]]:bg-accent-50/40"
                          >
                            <Checkbox
                              id={`scope-${scope}`}
                              className="mt-0.5"
                              checked={selected.includes(scope)}
                              aria-invalid={fieldState.invalid || undefined}
                              onCheckedChange={(checked) =>
                                field.onChange(checked ? SCOPES.filter((s) => s === scope || selected.includes(s)) : selected.filter((s) => s !== scope))
                              }
                            />
                            <Label htmlFor={`scope-${scope}`} className="cursor-pointer font-normal">
                              <span className="font-mono text-[13px] font-medium text-zinc-900">{scope}</span>
                              <span className="block text-xs text-zinc-500">{SCOPE_HINTS[scope]}</span>
                            </Label>
                          </div>
                        ))}
                        {fieldState.error ? <p className="text-xs font-medium text-red-600">{fieldState.error.message}</p> : null}
                      </>
                    );
                  }}
                />
              </fieldset>
              <FormError />
              <DialogFormFooter submitLabel="Create key" pending={form.formState.isSubmitting} />
            </>
          )}
        </Form>
      </DialogContent>
    </Dialog>
  );
}
