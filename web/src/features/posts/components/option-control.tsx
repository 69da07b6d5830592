import { useId } from 'react';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import type { OptionField } from '../lib/option-fields';
import { NativeSelect as Select } from '../../../components/ui/native-select';
import { CharacterCounter, FieldIssues, Switch, Textarea } from './controls';

type OptionControlProps = {
  field: OptionField;
  value: unknown;
  /** Raw text for options edited as JSON. */
  json: string;
  issues: string[];
  images: { id: string; label: string }[];
  onChange: (value: unknown) => void;
  onJsonChange: (text: string) => void;
};

const toLocalInput = (iso: unknown) => (typeof iso === 'string' && iso ? iso.slice(0, 16) : '');

/** One option of a platform as the control its type calls for: select, switch, counted input, list or JSON. */
export function OptionControl({ field, value, json, issues, images, onChange, onJsonChange }: OptionControlProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const issuesId = `${id}-issues`;
  const invalid = issues.length > 0 || undefined;
  const describedBy = [field.description ? hintId : null, issues.length ? issuesId : null, field.kind === 'string' && field.max ? `${id}-count` : null]
    .filter(Boolean)
    .join(' ') || undefined;
  const label = `${field.label}${field.required && field.kind !== 'enum' ? ' (required)' : ''}`;

  if (field.kind === 'boolean') {
    return (
      <div className="flex items-start justify-between gap-4 py-1">
        <div>
          <Label htmlFor={id} className="font-normal">
            {field.label}
          </Label>
          {field.description ? <p id={hintId} className="text-xs text-zinc-500">{field.description}</p> : null}
          <FieldIssues id={issuesId} messages={issues} />
        </div>
        <Switch id={id} checked={value === true} onCheckedChange={(checked) => onChange(checked ? true : undefined)} aria-describedby={describedBy} aria-invalid={invalid} />
      </div>
    );
  }

  let control;
  switch (field.kind) {
    case 'enum':
      control = (
        <Select id={id} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value || undefined)} aria-invalid={invalid} aria-describedby={describedBy}>
          {field.defaultValue ? null : <option value="">Not set</option>}
          {field.values.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      );
      break;
    case 'number':
      control = (
        <Input
          id={id}
          type="number"
          inputMode={field.integer ? 'numeric' : 'decimal'}
          step={field.integer ? 1 : 'any'}
          min={field.min}
          max={field.max}
          value={typeof value === 'number' ? value : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
      );
      break;
    case 'list':
      control = (
        <Input
          id={id}
          value={Array.isArray(value) ? value.join(', ') : ''}
          placeholder={field.itemValues ? field.itemValues.join(', ') : 'Separate with commas'}
          onChange={(event) => {
            const items = event.target.value.split(',').map((item) => item.trim());
            // Keep a trailing empty item while typing so "a, " does not lose the comma.
            onChange(items.length === 1 && items[0] === '' ? undefined : items.filter((item, i) => item !== '' || i === items.length - 1));
          }}
          onBlur={() => Array.isArray(value) && onChange(value.filter((item) => item !== '').length ? value.filter((item) => item !== '') : undefined)}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
      );
      break;
    case 'upload':
      control = (
        <Select id={id} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value || undefined)} aria-invalid={invalid} aria-describedby={describedBy}>
          <option value="">None</option>
          {images.map((image) => (
            <option key={image.id} value={image.id}>
              {image.label}
            </option>
          ))}
        </Select>
      );
      break;
    case 'json':
      control = (
        <Textarea
          id={id}
          rows={3}
          className="font-mono text-xs"
          value={json}
          placeholder="JSON, as the API takes it"
          onChange={(event) => onJsonChange(event.target.value)}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
      );
      break;
    case 'string': {
      const text = typeof value === 'string' ? value : '';
      if (field.format === 'datetime') {
        control = (
          <Input
            id={id}
            type="datetime-local"
            value={toLocalInput(value)}
            onChange={(event) => onChange(event.target.value ? new Date(event.target.value).toISOString() : undefined)}
            aria-invalid={invalid}
            aria-describedby={describedBy}
          />
        );
        break;
      }
      const props = {
        id,
        value: text,
        onChange: (event: { target: { value: string } }) => onChange(event.target.value === '' ? undefined : event.target.value),
        'aria-invalid': invalid,
        'aria-describedby': describedBy,
      };
      control = field.multiline ? <Textarea rows={3} {...props} /> : <Input type={field.format === 'url' ? 'url' : 'text'} {...props} />;
      if (field.max) {
        control = (
          <>
            {control}
            <div className="flex justify-end">
              <CharacterCounter id={`${id}-count`} length={text.length} max={field.max} />
            </div>
          </>
        );
      }
      break;
    }
  }
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {control}
      {field.description ? <p id={hintId} className="text-xs text-zinc-500">{field.description}</p> : null}
      <FieldIssues id={issuesId} messages={issues} />
    </div>
  );
}
