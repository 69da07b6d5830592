import { useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { AUTOMATION_PLATFORMS, FLOW_LIMITS } from '@server/automations/shared/automation-constants';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Form, FormError, FormField, TextField } from '@/components/ui/form';
import { NativeSelect } from '@/components/ui/native-select';
import { useCreateFlow } from '../api/flows';

const NewFlowSchema = z.object({ name: z.string().trim().min(1).max(FLOW_LIMITS.name), platformScope: z.enum(AUTOMATION_PLATFORMS) });

/** A flow starts as an empty draft; the editor builds its trigger and steps. */
export function NewFlowDialog({ teamId }: { teamId: string }) {
  const [open, setOpen] = useState(false);
  const create = useCreateFlow();
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus className="size-4" aria-hidden />
          New flow
        </Button>
      </DialogTrigger>
      <DialogContent title="New flow" description="Name it and choose where it listens; the editor opens next.">
        <Form
          schema={NewFlowSchema}
          defaultValues={{ name: '', platformScope: 'INSTAGRAM' }}
          aria-label="New flow"
          onSubmit={async (values) => {
            const flow = await create.mutateAsync({ teamId, ...values });
            setOpen(false);
            await navigate({ to: '/automations/$flowId', params: { flowId: flow.id } });
          }}
        >
          {(form) => (
            <>
              <TextField name="name" label="Name" autoFocus placeholder="Price questions" />
              <FormField name="platformScope" label="Platform">
                {({ id }) => (
                  <NativeSelect id={id} {...form.register('platformScope')}>
                    <option value="INSTAGRAM">Instagram</option>
                    <option value="FACEBOOK">Facebook</option>
                    <option value="TIKTOK">TikTok</option>
                  </NativeSelect>
                )}
              </FormField>
              <FormError />
              <DialogFormFooter submitLabel="Create and open" pending={create.isPending} />
            </>
          )}
        </Form>
      </DialogContent>
    </Dialog>
  );
}
