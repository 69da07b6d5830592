import { useId, type ReactNode } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect as Select } from '@/components/ui/native-select';
import type { OptionField } from '../../lib/option-fields';
import { Textarea } from '@/components/ui/textarea';
import { CharacterCounter, FieldIssues, Switch } from '../controls';
import { MediaThumb } from '../media-thumb';
import { allMessages } from './issues';
import type { OptionControlProps } from './types';
import { UploadPicker } from './upload-picker';

type ScalarField = Exclude<OptionField, { kind: 'object' | 'objectList' }>;

const toLocalInput = (iso: unknown) => (typeof iso === 'string' && iso ? iso.slice(0, 16) : '');

/** One option whose value is a scalar or a flat list: select, switch, counted input, comma-separated list, checkboxes, media or JSON. */
export function ScalarControl({ field, value, issues, uploads, onChange }: OptionControlProps<ScalarField>) {
  const id = useId();
  const hintId = `${id}-hint`;
  const issuesId = `${id}-issues`;
  const messages = allMessages(issues);
  const invalid = messages.length > 0 || undefined;
  const describedBy =
    [field.description ? hintId : null, messages.length ? issuesId : null, field.kind === 'string' && field.max ? `${id}-count` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const label = `${field.label}${field.required && field.kind !== 'enum' ? ' (required)' : ''}`;
  const hint = field.description ? (
    <p id={hintId} className="text-xs text-zinc-500">
      {field.description}
    </p>
  ) : null;

  if (field.kind === 'boolean') {
    return (
      <div className="flex items-start justify-between gap-4 py-1">
        <div>
          <Label htmlFor={id} className="font-normal">
            {field.label}
          </Label>
          {hint}
          <FieldIssues id={issuesId} messages={messages} />
        </div>
        <Switch
          id={id}
          checked={value === true}
          onCheckedChange={(checked) => onChange(checked ? true : undefined)}
          aria-describedby={describedBy}
          aria-invalid={invalid}
        />
      </div>
    );
  }

  // Several choices are a group of checkboxes (or media tiles) under a legend, not one labelled input.
  if ((field.kind === 'list' && field.itemValues) || field.kind === 'uploads') {
    const chosen = Array.isArray(value) ? (value as string[]) : [];
    return (
      <fieldset className="space-y-1.5" aria-describedby={describedBy}>
        <legend className="mb-1.5 text-sm font-medium text-zinc-800">{label}</legend>
        {field.kind === 'uploads' ? (
          <UploadPicker id={id} label={field.label} uploads={uploads} value={chosen} max={field.max} onChange={onChange} />
        ) : (
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {field.itemValues!.map((option) => (
              <div key={option} className="flex items-center gap-2">
                <Checkbox
                  id={`${id}-${option}`}
                  checked={chosen.includes(option)}
                  aria-invalid={invalid}
                  onCheckedChange={(on) => {
                    const next = on ? [...chosen, option] : chosen.filter((item) => item !== option);
                    onChange(next.length ? next : undefined);
                  }}
                />
                <Label htmlFor={`${id}-${option}`} className={field.valueLabels?.[option] ? 'font-normal' : 'font-mono text-xs font-normal'}>
                  {field.valueLabels?.[option] ?? option}
                </Label>
              </div>
            ))}
          </div>
        )}
        {hint}
        <FieldIssues id={issuesId} messages={messages} />
      </fieldset>
    );
  }

  const a11y = { id, 'aria-invalid': invalid, 'aria-describedby': describedBy };
  let control: ReactNode;
  switch (field.kind) {
    case 'enum':
      control = (
        <Select {...a11y} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value || undefined)}>
          {field.defaultValue ? null : <option value="">Not set</option>}
          {field.values.map((option) => (
            <option key={option} value={option}>
              {field.valueLabels?.[option] ?? option}
            </option>
          ))}
        </Select>
      );
      break;
    case 'number':
      control = (
        <Input
          {...a11y}
          type="number"
          inputMode={field.integer ? 'numeric' : 'decimal'}
          step={field.integer ? 1 : 'any'}
          min={field.min}
          max={field.max}
          value={typeof value === 'number' ? value : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
        />
      );
      break;
    case 'list': {
      control = (
        <Input
          {...a11y}
          value={Array.isArray(value) ? value.join(', ') : ''}
          placeholder="Separate with commas"
          onChange={(event) => {
            const items = event.target.value.split(',').map((item) => item.trim());
            // Keep a trailing empty item while typing so "a, " does not lose the comma.
            onChange(items.length === 1 && items[0] === '' ? undefined : items.filter((item, i) => item !== '' || i === items.length - 1));
          }}
          onBlur={() => Array.isArray(value) && onChange(value.filter((item) => item !== '').length ? value.filter((item) => item !== '') : undefined)}
        />
      );
      const count = Array.isArray(value) ? value.filter((item) => item !== '').length : 0;
      if (field.max && count > 0) {
        control = (
          <>
            {control}
            <p className={count > field.max ? 'text-right text-xs font-medium text-red-600' : 'text-right text-xs text-zinc-500'}>
              {count} of at most {field.max}
            </p>
          </>
        );
      }
      break;
    }
    case 'upload': {
      const choices = field.media === 'image' ? uploads.filter((choice) => choice.upload.type === 'image') : uploads;
      const selected = uploads.find((choice) => choice.id === value);
      control = (
        <div className="flex items-center gap-2">
          {selected ? (
            <span className="size-9 shrink-0 overflow-hidden rounded-md ring-1 ring-zinc-200">
              <MediaThumb upload={selected.upload} />
            </span>
          ) : null}
          <Select {...a11y} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value || undefined)}>
            <option value="">{field.media === 'image' ? 'None' : 'Choose media'}</option>
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))}
            {typeof value === 'string' && value && !selected ? <option value={value}>Upload {value} (not in the library)</option> : null}
          </Select>
        </div>
      );
      break;
    }
    case 'json':
      control = (
        <Textarea
          {...a11y}
          rows={3}
          className="font-mono text-xs"
          value={typeof value === 'string' ? value : ''}
          placeholder="JSON, as the API takes it"
          onChange={(event) => onChange(event.target.value)}
        />
      );
      break;
    case 'string': {
      const text = typeof value === 'string' ? value : '';
      if (field.format === 'datetime') {
        control = (
          <Input
            {...a11y}
            type="datetime-local"
            value={toLocalInput(value)}
            onChange={(event) => onChange(event.target.value ? new Date(event.target.value).toISOString() : undefined)}
          />
        );
        break;
      }
      const props = {
        ...a11y,
        value: text,
        onChange: (event: { target: { value: string } }) => onChange(event.target.value === '' ? undefined : event.target.value),
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
      {hint}
      <FieldIssues id={issuesId} messages={messages} />
    </div>
  );
}
