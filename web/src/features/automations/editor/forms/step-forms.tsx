import { Plus, X } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { CONDITION_FIELDS, CONDITION_OPERATORS, FLOW_LIMITS } from '@server/automations/shared/automation-constants';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import type { Condition } from '../../lib/editor-model';
import { useListField } from '../../lib/list-field';
import { SelectField, TextAreaField } from './node-form';

// The settings of the step types that have some, inside the selected step's <NodeForm>
// (node-inspector.tsx); node-registry.ts says which type uses which. SEND_MESSAGE's are in message-fields.tsx.

export function ConditionFields() {
  const { items, append, remove } = useListField<Condition>('conditions');
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm text-zinc-600">The run continues only when every condition matches; otherwise it stops here, skipped.</legend>
      {items.map((_, index) => (
        <div key={index} className="space-y-2 rounded-lg border border-zinc-200 p-2">
          <div className="flex gap-2">
            <SelectField name={`conditions.${index}.field`} label="Field" options={CONDITION_FIELDS} />
            <SelectField name={`conditions.${index}.operator`} label="Operator" options={CONDITION_OPERATORS} />
          </div>
          <ConditionValue index={index} />
          {items.length > 1 ? (
            <Button variant="danger-ghost" size="sm" onClick={() => remove(index)}>
              <X className="size-3" aria-hidden />
              Remove condition
            </Button>
          ) : null}
        </div>
      ))}
      {items.length < FLOW_LIMITS.conditions ? (
        <Button variant="secondary" size="sm" onClick={() => append({ field: 'TEXT', operator: 'CONTAINS', value: '' })}>
          <Plus className="size-3" aria-hidden />
          Add condition
        </Button>
      ) : null}
    </fieldset>
  );
}

function ConditionValue({ index }: { index: number }) {
  const { register } = useFormContext();
  const name = `conditions.${index}.value`;
  return (
    <FormField name={name} label="Value">
      {({ id, invalid, describedBy }) => <Input id={id} aria-invalid={invalid || undefined} aria-describedby={describedBy} {...register(name)} />}
    </FormField>
  );
}

export function PrivateReplyFields() {
  // The API takes text only here (one private reply per comment, no attachments or buttons).
  return <TextAreaField name="message.text" label="Private reply" description="Sent as a DM to the person who commented; the API accepts text only here" />;
}

export function PublicReplyFields() {
  return <TextAreaField name="text" label="Public reply" description="Shown under the comment (150 characters on TikTok)" />;
}
