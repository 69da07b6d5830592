import { useId, useMemo } from 'react';
import { useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import type { ComposerValues } from '../lib/composer-state';
import { timeZones, zonedToInstant } from '../lib/zoned-time';
import { NativeSelect as Select } from '@/components/ui/native-select';

/** When to publish (the form's `when`): a wall-clock time in a chosen zone (the browser's by default), shown in UTC too, or now. */
export function ScheduleFields() {
  const id = useId();
  const zones = useMemo(timeZones, []);
  const { register } = useFormContext<ComposerValues>();
  const { field: mode } = useController<ComposerValues, 'when.mode'>({ name: 'when.mode' });
  const [local, timeZone] = useWatch<ComposerValues, ['when.local', 'when.timeZone']>({ name: ['when.local', 'when.timeZone'] });
  const error = useFormState<ComposerValues>({ name: 'when' }).errors.when?.local?.message;
  const instant = zonedToInstant(local, timeZone);
  const utc = instant ? `${instant.toISOString().slice(0, 16).replace('T', ' ')} UTC` : null;
  return (
    <div className="space-y-4">
      <div role="radiogroup" aria-label="When to publish" className="grid grid-cols-2 gap-1 rounded-lg bg-zinc-100 p-1">
        {(['schedule', 'now'] as const).map((option) => (
          <label
            key={option}
            className={cn(
              'flex cursor-pointer items-center justify-center rounded-md px-2 py-1.5 text-sm font-medium text-zinc-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-500',
              mode.value === option && 'bg-white text-zinc-900 shadow-xs',
            )}
          >
            <input type="radio" name={`${id}-mode`} value={option} checked={mode.value === option} onChange={() => mode.onChange(option)} className="sr-only" />
            {option === 'schedule' ? 'Schedule' : 'Publish now'}
          </label>
        ))}
      </div>
      {mode.value === 'schedule' ? (
        <>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-at`}>Date and time</Label>
            <Input id={`${id}-at`} type="datetime-local" {...register('when.local')} aria-invalid={!!error || undefined} aria-describedby={`${id}-utc`} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-zone`}>Time zone</Label>
            <Select id={`${id}-zone`} {...register('when.timeZone')}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, ' ')}
                </option>
              ))}
            </Select>
          </div>
          <p id={`${id}-utc`} className={cn('text-xs', error ? 'font-medium text-red-600' : 'text-zinc-500')}>
            {error ?? (utc ? `That is ${utc}.` : 'Pick a date and time.')}
          </p>
        </>
      ) : (
        <p className="text-sm text-zinc-600">The post goes out as soon as you publish it.</p>
      )}
    </div>
  );
}
