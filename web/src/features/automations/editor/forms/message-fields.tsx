import { Plus, X } from 'lucide-react';
import { get, useFormContext } from 'react-hook-form';
import { FLOW_LIMITS } from '@server/automations/shared/automation-constants';
import type { AutomationMessage } from '@server/automations/shared/flow-definition';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useListField } from '../../lib/list-field';
import { TextAreaField } from './node-form';
import { UploadPicker } from './upload-picker';

type MessageButton = NonNullable<AutomationMessage['buttons']>[number];
type ButtonType = MessageButton['type'];
type QuickReply = NonNullable<AutomationMessage['quickReplies']>[number];
type Card = NonNullable<AutomationMessage['carousel']>['cards'][number];

/** A button of another type has other fields: the schema's objects are strict, so it is rebuilt. */
const newButton = (type: ButtonType, label = ''): MessageButton =>
  type === 'URL' ? { type, label, url: 'https://' } : type === 'PHONE' ? { type, label, phoneNumber: '' } : { type, label, payload: '' };

/**
 * Everything a SEND_MESSAGE message can hold, as the API accepts it: text, one attachment from the
 * team's uploads, quick replies or buttons (not both), or a carousel of cards with their own
 * images and buttons. The composition rules (what needs text, what a carousel excludes) are the
 * shared schema's; its errors show on the fields and on the node.
 */
export function MessageFields({ teamId }: { teamId: string }) {
  const { watch, setValue } = useFormContext();
  const carousel = watch('message.carousel') as AutomationMessage['carousel'] | undefined;
  const setCarousel = (value: AutomationMessage['carousel'] | undefined) => setValue('message.carousel', value, { shouldDirty: true, shouldValidate: true });
  return (
    <div className="space-y-4">
      <FieldError name="message" />
      <TextAreaField name="message.text" label="Message" description={`Up to ${FLOW_LIMITS.messageText} characters; a carousel may go without`} />
      <AttachmentField teamId={teamId} />
      <QuickRepliesField />
      <ButtonsField name="message.buttons" legend="Buttons" />
      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-medium text-zinc-800">Carousel</legend>
        {carousel ? (
          <>
            <CardsField teamId={teamId} />
            <Button variant="danger-ghost" size="sm" onClick={() => setCarousel(undefined)}>
              <X className="size-3" aria-hidden />
              Remove carousel
            </Button>
          </>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setCarousel({ cards: [{ title: '' }] })}>
            <Plus className="size-3" aria-hidden />
            Add carousel
          </Button>
        )}
      </fieldset>
    </div>
  );
}

/** A list's own error (too many, not beside a carousel…), which belongs to no single field. */
function FieldError({ name }: { name: string }) {
  const { formState } = useFormContext();
  const error = get(formState.errors, name) as { message?: unknown; root?: { message?: string } } | undefined;
  const message = typeof error?.message === 'string' ? error.message : error?.root?.message;
  return message ? (
    <p role="alert" className="text-xs font-medium text-red-600">
      {message}
    </p>
  ) : null;
}

function TextInput({ name, label, className, placeholder }: { name: string; label: string; className?: string; placeholder?: string }) {
  const { register } = useFormContext();
  return (
    <FormField name={name} label={label} className={className}>
      {({ id, invalid, describedBy }) => (
        <Input id={id} placeholder={placeholder} aria-invalid={invalid || undefined} aria-describedby={describedBy} {...register(name)} />
      )}
    </FormField>
  );
}

function AttachmentField({ teamId }: { teamId: string }) {
  const { watch, setValue } = useFormContext();
  const attachments = (watch('message.attachments') as AutomationMessage['attachments']) ?? [];
  const chosen = attachments[0]?.uploadId ?? null;
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-zinc-800">Attachment</legend>
      <UploadPicker
        teamId={teamId}
        label="Attachment"
        kinds={['image', 'video']}
        value={chosen}
        onChange={(upload) =>
          setValue('message.attachments', upload ? [{ uploadId: upload.id, type: upload.type === 'video' ? 'VIDEO' : 'IMAGE' }] : [], {
            shouldDirty: true,
            shouldValidate: true,
          })
        }
      />
      <FieldError name="message.attachments" />
    </fieldset>
  );
}

function QuickRepliesField() {
  const { items, append, remove } = useListField<QuickReply>('message.quickReplies');
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-zinc-800">Quick replies</legend>
      <FieldError name="message.quickReplies" />
      {items.map((_, index) => (
        <div key={index} className="flex items-end gap-2" role="group" aria-label={`Quick reply ${index + 1}`}>
          <TextInput name={`message.quickReplies.${index}.label`} label="Label" className="flex-1" />
          <TextInput name={`message.quickReplies.${index}.payload`} label="Payload" className="flex-1" />
          <Button variant="danger-ghost" size="sm" aria-label={`Remove quick reply ${index + 1}`} onClick={() => remove(index)}>
            <X className="size-3" aria-hidden />
          </Button>
        </div>
      ))}
      {items.length < FLOW_LIMITS.quickReplies ? (
        <Button variant="secondary" size="sm" onClick={() => append({ label: '', payload: '' })}>
          <Plus className="size-3" aria-hidden />
          Add quick reply
        </Button>
      ) : null}
    </fieldset>
  );
}

function ButtonsField({ name, legend }: { name: string; legend: string }) {
  const { items, append, remove } = useListField<MessageButton>(name);
  const { setValue, getValues } = useFormContext();
  const item = legend.replace(/s$/, '');
  const changeType = (index: number, type: ButtonType) => {
    const current = getValues(`${name}.${index}`) as MessageButton;
    setValue(`${name}.${index}`, newButton(type, current.label), { shouldDirty: true, shouldValidate: true });
  };
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-zinc-800">{legend}</legend>
      <FieldError name={name} />
      {items.map((button, index) => (
        <div key={index} className="space-y-2 rounded-lg border border-zinc-200 p-2" role="group" aria-label={`${item} ${index + 1}`}>
          <div className="flex items-end gap-2">
            <FormField name={`${name}.${index}.type`} label="Type" className="w-32">
              {({ id }) => (
                <NativeSelect id={id} value={button.type} onChange={(event) => changeType(index, event.target.value as ButtonType)}>
                  <option value="POSTBACK">Postback</option>
                  <option value="URL">Link</option>
                  <option value="PHONE">Phone</option>
                </NativeSelect>
              )}
            </FormField>
            <TextInput name={`${name}.${index}.label`} label="Label" className="flex-1" />
            <Button variant="danger-ghost" size="sm" aria-label={`Remove ${item.toLowerCase()} ${index + 1}`} onClick={() => remove(index)}>
              <X className="size-3" aria-hidden />
            </Button>
          </div>
          {button.type === 'URL' ? (
            <TextInput key="url" name={`${name}.${index}.url`} label="Link" placeholder="https://" />
          ) : button.type === 'PHONE' ? (
            <TextInput key="phone" name={`${name}.${index}.phoneNumber`} label="Phone number" placeholder="+1 555 0100" />
          ) : (
            <TextInput key="payload" name={`${name}.${index}.payload`} label="Payload" />
          )}
        </div>
      ))}
      {items.length < FLOW_LIMITS.buttons ? (
        <Button variant="secondary" size="sm" onClick={() => append(newButton('POSTBACK'))}>
          <Plus className="size-3" aria-hidden />
          Add {item.toLowerCase()}
        </Button>
      ) : null}
    </fieldset>
  );
}

function CardsField({ teamId }: { teamId: string }) {
  const { items, append, remove } = useListField<Card>('message.carousel.cards');
  const { setValue } = useFormContext();
  return (
    <div className="space-y-3">
      <FieldError name="message.carousel.cards" />
      {items.map((card, index) => {
        const path = `message.carousel.cards.${index}`;
        return (
          <div key={index} className="space-y-2 rounded-lg border border-zinc-200 p-2" role="group" aria-label={`Card ${index + 1}`}>
            <TextInput name={`${path}.title`} label="Card title" />
            <TextInput name={`${path}.subtitle`} label="Subtitle" />
            <UploadPicker
              teamId={teamId}
              label={`Card ${index + 1} image`}
              kinds={['image']}
              value={card.imageUploadId ?? null}
              onChange={(upload) => setValue(`${path}.imageUploadId`, upload?.id, { shouldDirty: true, shouldValidate: true })}
            />
            <ButtonsField name={`${path}.buttons`} legend="Card buttons" />
            {items.length > 1 ? (
              <Button variant="danger-ghost" size="sm" onClick={() => remove(index)}>
                <X className="size-3" aria-hidden />
                Remove card {index + 1}
              </Button>
            ) : null}
          </div>
        );
      })}
      {items.length < FLOW_LIMITS.cards ? (
        <Button variant="secondary" size="sm" onClick={() => append({ title: '' })}>
          <Plus className="size-3" aria-hidden />
          Add card
        </Button>
      ) : null}
    </div>
  );
}
