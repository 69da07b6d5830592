import { useId } from 'react';
import type { OptionField } from '../../lib/option-fields';
import { FieldIssues } from '../controls';
import { issuesUnder, ownMessages } from './issues';
import { NestedControl } from './nested-control';
import type { OptionControlProps } from './types';
import { isRecord } from './types';

type ObjectField = Extract<OptionField, { kind: 'object' }>;

/** The fields of a small object, one control per key of its shape (blank keys are dropped when the post is built). */
export function ObjectFields({ fields, value, issues, uploads, onChange }: Omit<OptionControlProps<ObjectField>, 'field'> & { fields: OptionField[] }) {
  const record = isRecord(value) ? value : {};
  return (
    <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
      {fields.map((inner) => (
        <div key={inner.key} className={inner.kind === 'object' || inner.kind === 'objectList' || inner.kind === 'uploads' ? 'sm:col-span-2' : undefined}>
          <NestedControl
            field={inner}
            value={record[inner.key]}
            issues={issuesUnder(issues, inner.key)}
            uploads={uploads}
            onChange={(next) => onChange({ ...record, [inner.key]: next })}
          />
        </div>
      ))}
    </div>
  );
}

/** A small object option (a GIF, music, a trial's strategy...) as a group of fields under its name. */
export function ObjectControl({ field, ...props }: OptionControlProps<ObjectField>) {
  const id = useId();
  const messages = ownMessages(props.issues);
  return (
    <fieldset className="rounded-lg border border-zinc-200 px-4 pt-1 pb-4" aria-describedby={field.description ? `${id}-hint` : undefined}>
      <legend className="px-1 text-sm font-medium text-zinc-800">
        {field.label}
        {field.required ? null : <span className="font-normal text-zinc-500"> (optional)</span>}
      </legend>
      {field.description ? (
        <p id={`${id}-hint`} className="mb-2 text-xs text-zinc-500">
          {field.description}
        </p>
      ) : null}
      <FieldIssues messages={messages} />
      <div className="mt-2">
        <ObjectFields fields={field.fields} {...props} />
      </div>
    </fieldset>
  );
}
