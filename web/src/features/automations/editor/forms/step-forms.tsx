import { Plus, X } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { CONDITION_FIELDS, CONDITION_OPERATORS, FLOW_LIMITS, type StepType } from '../../../../../../server/automations/shared/automation-constants';
import { Button } from '../../../../components/ui/button';
import { FormField } from '../../../../components/ui/form';
import { Input } from '../../../../components/ui/input';
import { NativeSelect } from '../../../../components/ui/native-select';
import { stepSchemaFor, type Condition, type EditorStep } from '../../lib/editor-model';
import { useListField } from '../../lib/list-field';
import { STEP_HINTS } from '../node-registry';
import { cleanStep } from '../../lib/clean-message';
import { MessageFields } from './message-fields';
import { NodeForm, TextAreaField } from './node-form';

type Props = { teamId: string; step: EditorStep; onChange: (step: EditorStep) => void };

/** The form of the selected step, by its type; steps without settings say what they do. */
export function StepForm({ teamId, step, onChange }: Props) {
  const label = `${STEP_HINTS[step.type].label} settings`;
  const schema = stepSchemaFor(step.type);
  return (
    <NodeForm<EditorStep>
      schema={schema}
      value={step}
      clean={cleanStep}
      onChange={(values) => onChange({ ...values, id: step.id, type: step.type } as EditorStep)}
      label={label}
    >
      {() => <StepFields type={step.type} teamId={teamId} />}
    </NodeForm>
  );
}

function StepFields({ type, teamId }: { type: StepType; teamId: string }) {
  switch (type) {
    case 'CONDITION':
      return <ConditionFields />;
    case 'SEND_MESSAGE':
      return <MessageFields teamId={teamId} />;
    case 'SEND_PRIVATE_REPLY':
      // The API takes text only here (one private reply per comment, no attachments or buttons).
      return <TextAreaField name="message.text" label="Private reply" description="Sent as a DM to the person who commented; the API accepts text only here" />;
    case 'SEND_PUBLIC_COMMENT_REPLY':
      return <TextAreaField name="text" label="Public reply" description="Shown under the comment (150 characters on TikTok)" />;
    default:
      return <p className="text-sm text-zinc-600">{STEP_HINTS[type].hint}. Nothing to set.</p>;
  }
}

function ConditionFields() {
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

export function SelectField({ name, label, options }: { name: string; label: string; options: readonly string[] }) {
  const { register } = useFormContext();
  return (
    <FormField name={name} label={label} className="flex-1">
      {({ id }) => (
        <NativeSelect id={id} {...register(name)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}
