import { ExternalLink, Link2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { PLACE_ACTION_TYPES } from '@server/google-business/google-business.schemas';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { EmptyState } from '@/components/ui/empty-state';
import { Form, FormError, FormField, TextField } from '@/components/ui/form';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/lib/toast';
import { useDeletePlaceActionLink } from '../api/delete-place-action-link';
import { useSavePlaceActionLink } from '../api/save-place-action-link';
import type { PlaceActionLink } from '../lib/location-types';

export const PLACE_ACTION_LABELS: Record<(typeof PLACE_ACTION_TYPES)[number], string> = {
  APPOINTMENT: 'Book an appointment',
  ONLINE_APPOINTMENT: 'Online appointment',
  DINING_RESERVATION: 'Reserve a table',
  FOOD_ORDERING: 'Order food',
  FOOD_DELIVERY: 'Delivery',
  FOOD_TAKEOUT: 'Takeout',
  SHOP_ONLINE: 'Shop online',
};

const LinkForm = z.object({
  placeActionType: z.enum(PLACE_ACTION_TYPES, { message: 'Choose what the link does' }),
  uri: z.string().trim().url('Enter a full link, like https://example.com/book').startsWith('https://', 'Google takes https:// links only'),
  isPreferred: z.boolean(),
});

type Editing = { link?: PlaceActionLink } | null;

/** Buttons on the Google listing (book, order, reserve) and where they lead. */
export function PlaceActionLinksCard({ teamId, links }: { teamId: string; links: PlaceActionLink[] }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PlaceActionLink | null>(null);
  const remove = useDeletePlaceActionLink(teamId);
  const add = (
    <Button variant="secondary" size="sm" onClick={() => setEditing({})}>
      <Plus className="size-3.5" aria-hidden />
      Add link
    </Button>
  );
  return (
    <Card aria-label="Place action links">
      <CardHeader
        title="Place action links"
        description="Booking, ordering and reservation buttons on the Google listing."
        actions={links.length > 0 ? add : undefined}
      />
      {links.length === 0 ? (
        <EmptyState
          icon={Link2}
          title="No action links yet"
          description="Add a link so customers can book, order or reserve straight from Google."
          action={add}
        />
      ) : (
        <ul className="divide-y divide-zinc-100">
          {links.map((link) => {
            const type = link.placeActionType ? PLACE_ACTION_LABELS[link.placeActionType] : 'Link';
            return (
              <li key={link.name} aria-label={`${type}: ${link.uri}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-3">
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2 text-sm font-medium text-zinc-900">
                    {type}
                    {link.isPreferred ? <Badge tone="accent">Preferred</Badge> : null}
                  </p>
                  <a href={link.uri} target="_blank" rel="noreferrer" className="flex min-w-0 items-center gap-1 text-sm text-zinc-500 hover:text-accent-700">
                    <span className="truncate">{link.uri}</span>
                    <ExternalLink className="size-3 shrink-0" aria-hidden />
                  </a>
                </div>
                <div className="flex gap-1">
                  <Button variant="ghost" size="sm" onClick={() => setEditing({ link })} aria-label={`Edit ${type} link`}>
                    <Pencil className="size-3.5" aria-hidden />
                    Edit
                  </Button>
                  <Button variant="danger-ghost" size="sm" onClick={() => setDeleting(link)} aria-label={`Delete ${type} link`}>
                    <Trash2 className="size-3.5" aria-hidden />
                    Delete
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Dialog open={editing !== null} onOpenChange={(open) => (open ? undefined : setEditing(null))}>
        {editing ? <LinkDialog teamId={teamId} link={editing.link} onDone={() => setEditing(null)} /> : null}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete this link?"
        description={`The button leading to ${deleting?.uri ?? 'this link'} disappears from the Google listing.`}
        confirmLabel="Delete link"
        pending={remove.isPending}
        onConfirm={() =>
          deleting?.name &&
          remove.mutate(deleting.name, {
            onSuccess: () => {
              setDeleting(null);
              toast.success('Link deleted');
            },
          })
        }
      />
    </Card>
  );
}

function LinkDialog({ teamId, link, onDone }: { teamId: string; link?: PlaceActionLink; onDone: () => void }) {
  const save = useSavePlaceActionLink(teamId);
  return (
    <DialogContent title={link ? 'Edit link' : 'Add a link'} description="Customers see it as a button on the location's Google listing.">
      <Form
        schema={LinkForm}
        defaultValues={{ placeActionType: link?.placeActionType, uri: link?.uri ?? '', isPreferred: link?.isPreferred ?? false }}
        onSubmit={async (values) => {
          await save.mutateAsync({ name: link?.name, link: values });
          toast.success(link ? 'Link saved' : 'Link added');
          onDone();
        }}
      >
        {(form) => (
          <>
            <FormField name="placeActionType" label="Action">
              {({ id, invalid, describedBy }) => (
                <NativeSelect id={id} aria-invalid={invalid || undefined} aria-describedby={describedBy} {...form.register('placeActionType')}>
                  <option value="">Choose an action</option>
                  {PLACE_ACTION_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {PLACE_ACTION_LABELS[type]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <TextField name="uri" label="Link" placeholder="https://example.com/book" />
            <label className="flex items-center gap-2 text-sm text-zinc-700">
              <Controller
                control={form.control}
                name="isPreferred"
                render={({ field }) => <Checkbox checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />}
              />
              Preferred link for this action
            </label>
            <FormError />
            <DialogFormFooter submitLabel={link ? 'Save link' : 'Add link'} pending={form.formState.isSubmitting} />
          </>
        )}
      </Form>
    </DialogContent>
  );
}
