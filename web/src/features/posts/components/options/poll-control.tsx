import { BarChart3, Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect as Select } from '@/components/ui/native-select';
import type { OptionField } from '../../lib/option-fields';
import { CharacterCounter, FieldIssues } from '../controls';
import { allMessages, issuesUnder, ownMessages } from './issues';
import { ItemActions } from './item-actions';
import type { OptionControlProps } from './types';
import { isRecord } from './types';

type ObjectField = Extract<OptionField, { kind: 'object' }>;

const DURATIONS = [
  { minutes: 5, label: '5 minutes' },
  { minutes: 30, label: '30 minutes' },
  { minutes: 60, label: '1 hour' },
  { minutes: 6 * 60, label: '6 hours' },
  { minutes: 12 * 60, label: '12 hours' },
  { minutes: 24 * 60, label: '1 day' },
  { minutes: 3 * 24 * 60, label: '3 days' },
  { minutes: 7 * 24 * 60, label: '7 days' },
];

/** X's poll: 2 to 4 choices and how long it runs. Off until added, so an untouched tab sends no poll. */
export function PollControl({ field, value, issues, onChange }: OptionControlProps<ObjectField>) {
  const id = useId();
  const [added, setAdded] = useState<number | null>(null);
  const choicesField = field.fields.find((inner) => inner.key === 'options');
  const limits = choicesField?.kind === 'list' ? choicesField : { min: 2, max: 4, itemMax: 25 };
  const min = limits.min ?? 2;
  const max = limits.max ?? 4;

  if (!isRecord(value)) {
    return (
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-zinc-800">{field.label}</p>
        <Button variant="secondary" size="sm" onClick={() => onChange({ options: Array(min).fill(''), durationMinutes: 24 * 60 })}>
          <BarChart3 className="size-3.5" aria-hidden />
          Add a poll
        </Button>
        <FieldIssues messages={allMessages(issues)} />
      </div>
    );
  }

  const choices = Array.isArray(value.options) ? (value.options as string[]) : [];
  const duration = typeof value.durationMinutes === 'number' ? value.durationMinutes : undefined;
  const setChoices = (next: string[]) => onChange({ ...value, options: next });
  const choiceIssues = issuesUnder(issues, 'options');
  const durationMessages = allMessages(issuesUnder(issues, 'durationMinutes'));

  return (
    <fieldset className="rounded-lg border border-zinc-200 px-4 pt-1 pb-4">
      <legend className="px-1 text-sm font-medium text-zinc-800">{field.label}</legend>
      <div className="flex items-start justify-between gap-3">
        <p className="text-xs text-zinc-500">
          {min} to {max} choices of up to {limits.itemMax ?? 25} characters.
        </p>
        <Button variant="ghost" size="sm" onClick={() => onChange(undefined)}>
          <X className="size-3.5" aria-hidden />
          Remove poll
        </Button>
      </div>
      <FieldIssues messages={ownMessages(issues)} />
      <ol className="mt-2 space-y-2">
        {choices.map((choice, index) => {
          const messages = allMessages(issuesUnder(choiceIssues, index));
          const inputId = `${id}-choice-${index}`;
          return (
            <li key={index} className="space-y-1">
              <div className="flex items-center gap-2">
                <Label htmlFor={inputId} className="w-20 shrink-0">
                  Choice {index + 1}
                </Label>
                <Input
                  id={inputId}
                  value={choice}
                  autoFocus={index === added}
                  aria-invalid={messages.length > 0 || undefined}
                  aria-describedby={`${inputId}-count${messages.length ? ` ${inputId}-issues` : ''}`}
                  onChange={(event) => setChoices(choices.map((old, i) => (i === index ? event.target.value : old)))}
                />
                <CharacterCounter id={`${inputId}-count`} length={choice.length} max={limits.itemMax ?? 25} />
                <ItemActions
                  name={`choice ${index + 1}`}
                  index={index}
                  count={choices.length}
                  idPrefix={id}
                  removeDisabled={choices.length <= min}
                  onRemove={() => setChoices(choices.filter((_, i) => i !== index))}
                />
              </div>
              <div className="pl-22">
                <FieldIssues id={`${inputId}-issues`} messages={messages} />
              </div>
            </li>
          );
        })}
      </ol>
      <FieldIssues messages={ownMessages(choiceIssues)} />
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <Button
          variant="secondary"
          size="sm"
          disabled={choices.length >= max}
          onClick={() => {
            setAdded(choices.length);
            setChoices([...choices, '']);
          }}
        >
          <Plus className="size-3.5" aria-hidden />
          Add a choice
        </Button>
        <div className="w-44 space-y-1">
          <Label htmlFor={`${id}-duration`}>Poll duration</Label>
          <Select
            id={`${id}-duration`}
            value={duration ?? ''}
            aria-invalid={durationMessages.length > 0 || undefined}
            onChange={(event) => onChange({ ...value, durationMinutes: event.target.value === '' ? undefined : Number(event.target.value) })}
          >
            {duration === undefined ? <option value="">Choose…</option> : null}
            {DURATIONS.map((option) => (
              <option key={option.minutes} value={option.minutes}>
                {option.label}
              </option>
            ))}
            {duration !== undefined && !DURATIONS.some((option) => option.minutes === duration) ? <option value={duration}>{duration} minutes</option> : null}
          </Select>
        </div>
      </div>
      <FieldIssues messages={durationMessages} />
    </fieldset>
  );
}
