import { useState } from 'react';
import { toast } from '@/lib/toast';
import type { EventType } from '@server/events/event-types';
import { CreateWebhookBody, UpdateWebhookBody } from '@server/webhooks/webhooks.schemas';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Form, FormError, TextField } from '@/components/ui/form';
import { useCreateWebhook, type CreatedWebhook } from '../api/create-webhook';
import type { WebhookEndpoint } from '../api/get-webhooks';
import { useUpdateWebhook } from '../api/update-webhook';
import { EventPicker } from './event-picker';

const URL_HINT = 'HTTPS. Private and local addresses are refused unless the server allows them for development.';
const NO_EVENT_CHOSEN = 'Choose at least one event, or receive all events';

/**
 * The API reads an empty list as "every event", so "only the events I choose" with none chosen is
 * stopped before it is sent.
 */
function choseNothing(values: { events?: EventType[] }, allEvents: boolean) {
  return !allEvents && (values.events ?? []).length === 0;
}

/** An empty description is cleared rather than stored as "". */
function toBody<F extends { events?: EventType[]; description?: string | null }>(values: F, allEvents: boolean) {
  return { ...values, events: allEvents ? [] : values.events, description: values.description?.trim() || null };
}

function Fields({ autoFocus }: { autoFocus?: boolean }) {
  return (
    <>
      <TextField name="url" label="Endpoint URL" autoFocus={autoFocus} placeholder="https://example.com/webhooks/socialdesk" description={URL_HINT} />
      <TextField name="description" label="Description (optional)" placeholder="e.g. CRM sync" description="What this endpoint is for, so others know." />
    </>
  );
}

type CreateWebhookDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; onCreated: (endpoint: CreatedWebhook) => void };

export function CreateWebhookDialog({ open, onOpenChange, onCreated }: CreateWebhookDialogProps) {
  const create = useCreateWebhook();
  const [allEvents, setAllEvents] = useState(true);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Add webhook endpoint"
        description="Events of this organization are sent to this URL as signed POST requests."
        className="max-h-[calc(100vh-2rem)] max-w-lg overflow-y-auto"
      >
        <Form
          schema={CreateWebhookBody}
          defaultValues={{ url: '', description: '', events: [] }}
          aria-label="Add webhook endpoint"
          onSubmit={async (values, form) => {
            if (choseNothing(values, allEvents)) return form.setError('events', { message: NO_EVENT_CHOSEN });
            onCreated(await create.mutateAsync(toBody(values, allEvents)));
          }}
        >
          {(form) => (
            <>
              <Fields autoFocus />
              <EventPicker allEvents={allEvents} onAllEventsChange={setAllEvents} />
              <FormError />
              <DialogFormFooter submitLabel="Add endpoint" pending={form.formState.isSubmitting} />
            </>
          )}
        </Form>
      </DialogContent>
    </Dialog>
  );
}

export function EditWebhookDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  return (
    <Dialog open={endpoint !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Edit webhook endpoint" className="max-h-[calc(100vh-2rem)] max-w-lg overflow-y-auto">
        {/* Keyed, so reopening for another endpoint starts from that endpoint's values. */}
        {endpoint ? <EditForm key={endpoint.id} endpoint={endpoint} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({ endpoint, onDone }: { endpoint: WebhookEndpoint; onDone: () => void }) {
  const update = useUpdateWebhook({ showsError: true });
  const [allEvents, setAllEvents] = useState(endpoint.events.length === 0);
  return (
    <Form
      schema={UpdateWebhookBody}
      defaultValues={{ url: endpoint.url, description: endpoint.description ?? '', events: endpoint.events }}
      aria-label="Edit webhook endpoint"
      onSubmit={async (values, form) => {
        if (choseNothing(values, allEvents)) return form.setError('events', { message: NO_EVENT_CHOSEN });
        await update.mutateAsync({ id: endpoint.id, changes: toBody(values, allEvents) });
        toast.success('Endpoint saved');
        onDone();
      }}
    >
      {(form) => (
        <>
          <Fields />
          <EventPicker allEvents={allEvents} onAllEventsChange={setAllEvents} />
          <FormError />
          <DialogFormFooter submitLabel="Save" pending={form.formState.isSubmitting} />
        </>
      )}
    </Form>
  );
}
