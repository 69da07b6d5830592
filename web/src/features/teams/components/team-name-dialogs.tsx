import { toast } from '@/lib/toast';
import { CreateTeamBody, UpdateTeamBody } from '@server/teams/teams.schemas';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Form, FormError, TextField } from '@/components/ui/form';
import { useCreateTeam } from '../api/create-team';
import type { Team } from '../api/get-teams';
import { useUpdateTeam } from '../api/update-team';

type CreateTeamDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; onCreated: (team: Team) => void };

export function CreateTeamDialog({ open, onOpenChange, onCreated }: CreateTeamDialogProps) {
  const create = useCreateTeam();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Create team" description="A team groups the social accounts one brand, client or region publishes to.">
        <Form
          schema={CreateTeamBody}
          defaultValues={{ name: '' }}
          aria-label="Create team"
          onSubmit={async (values) => onCreated(await create.mutateAsync(values))}
        >
          {(form) => (
            <>
              <TextField name="name" label="Team name" autoFocus placeholder="e.g. Marketing" description="3 to 80 characters." />
              <FormError />
              <DialogFormFooter submitLabel="Create team" pending={form.formState.isSubmitting} />
            </>
          )}
        </Form>
      </DialogContent>
    </Dialog>
  );
}

export function RenameTeamDialog({ team, onClose }: { team: Team | null; onClose: () => void }) {
  const update = useUpdateTeam();
  return (
    <Dialog open={team !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Rename team" description={team ? `Choose a new name for “${team.name}”.` : undefined}>
        {team ? (
          <Form
            schema={UpdateTeamBody}
            defaultValues={{ name: team.name }}
            aria-label="Rename team"
            onSubmit={async (values) => {
              const renamed = await update.mutateAsync({ id: team.id, changes: values });
              toast.success(`Team renamed to “${renamed.name}”`);
              onClose();
            }}
          >
            {(form) => (
              <>
                <TextField name="name" label="Team name" autoFocus description="3 to 80 characters." />
                <FormError />
                <DialogFormFooter submitLabel="Save" pending={form.formState.isSubmitting} />
              </>
            )}
          </Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
