import { useId, useMemo } from 'react';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/cn';
import { timeZones, zonedToInstant } from '../lib/zoned-time';
import { NativeSelect as Select } from '../../../components/ui/native-select';

export type When = { mode: 'schedule' | 'now'; local: string; timeZone: string };

/** When to publish: a wall-clock time in a chosen zone (the browser's by default), shown in UTC too, or now. */
export function ScheduleFields({ when, onChange, error }: { when: When; onChange: (when: When) => void; error?: string }) {
  const id = useId();
  const zones = useMemo(timeZones, []);
  const instant = zonedToInstant(when.local, when.timeZone);
  const utc = instant ? `${instant.toISOString().slice(0, 16).replace('T', ' ')} UTC` : null;
  return (
    <div className="space-y-4">
      <div role="radiogroup" aria-label="When to publish" className="grid grid-cols-2 gap-1 rounded-lg bg-zinc-100 p-1">
        {(['schedule', 'now'] as const).map((mode) => (
          <label
            key={mode}
            className={cn(
              'flex cursor-pointer items-center justify-center rounded-md px-2 py-1.5 text-sm font-medium text-zinc-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-500',
              when.mode === mode && 'bg-white text-zinc-900 shadow-xs',
            )}
          >
            <input
              type="radio"
              name={`${id}-mode`}
              value={mode}
              checked={when.mode === mode}
              onChange={() => onChange({ ...when, mode })}
              className="sr-only"
            />
            {mode === 'schedule' ? 'Schedule' : 'Publish now'}
          </label>
        ))}
      </div>
      {when.mode === 'schedule' ? (
        <>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-at`}>Date and time</Label>
            <Input
              id={`${id}-at`}
              type="datetime-local"
              value={when.local}
              onChange={(event) => onChange({ ...when, local: event.target.value })}
              aria-invalid={!!error || undefined}
              aria-describedby={`${id}-utc`}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-zone`}>Time zone</Label>
            <Select id={`${id}-zone`} value={when.timeZone} onChange={(event) => onChange({ ...when, timeZone: event.target.value })}>
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
