import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { EVENT_TYPES, type EventType } from '@server/events/event-types';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

const ALL_TYPES = Object.keys(EVENT_TYPES) as EventType[];

/** `team.created` → `team`; `conversation.message.created` → `conversation`: one group per resource. */
const GROUPS = ALL_TYPES.reduce<Map<string, EventType[]>>((groups, type) => {
  const group = type.split('.')[0]!;
  groups.set(group, [...(groups.get(group) ?? []), type]);
  return groups;
}, new Map());

type EventPickerProps = { allEvents: boolean; onAllEventsChange: (all: boolean) => void };

/**
 * The subscription: every event (the default, which also covers types added later) or a chosen
 * few. Writes the form's `events` field; the caller sends `[]` when `allEvents` is on.
 */
export function EventPicker({ allEvents, onAllEventsChange }: EventPickerProps) {
  const { control } = useFormContext<{ events?: EventType[] }>();
  const id = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1.5 text-sm font-medium text-zinc-800">Events</legend>
      <ModeOption id={`${id}-all`} name={`${id}-mode`} checked={allEvents} onSelect={() => onAllEventsChange(true)}>
        All events
        <span className="block text-xs font-normal text-zinc-500">Every event type, including types added in later versions</span>
      </ModeOption>
      <ModeOption id={`${id}-some`} name={`${id}-mode`} checked={!allEvents} onSelect={() => onAllEventsChange(false)}>
        Only the events I choose
      </ModeOption>
      {allEvents ? null : (
        <Controller
          control={control}
          name="events"
          render={({ field, fieldState }) => {
            const selected = field.value ?? [];
            const toggle = (type: EventType, checked: boolean) =>
              field.onChange(checked ? ALL_TYPES.filter((t) => t === type || selected.includes(t)) : selected.filter((t) => t !== type));
            return (
              <div>
                <div
                  role="group"
                  aria-label="Event types"
                  className={cn('max-h-64 space-y-3 overflow-y-auto rounded-lg border border-zinc-200 p-3', fieldState.invalid && 'border-red-300')}
                >
                  {[...GROUPS].map(([group, types]) => (
                    <div key={group} className="space-y-1.5">
                      <p className="text-xs font-medium tracking-wide text-zinc-400 uppercase">{group.replace('-', ' ')}</p>
                      {types.map((type) => (
                        <div key={type} className="flex items-start gap-2.5">
                          <Checkbox
                            id={`${id}-${type}`}
                            className="mt-0.5"
                            checked={selected.includes(type)}
                            onCheckedChange={(checked) => toggle(type, checked === true)}
                          />
                          <Label htmlFor={`${id}-${type}`} className="cursor-pointer font-normal">
                            <span className="font-mono text-[13px] font-medium text-zinc-900">{type}</span>
                            <span className="block text-xs text-zinc-500">{EVENT_TYPES[type]}</span>
                          </Label>
                        </div>
                      ))}
                    </div>
                  ))}
                </div>
                <p className={cn('mt-1.5 text-xs', fieldState.error ? 'font-medium text-red-600' : 'text-zinc-500')}>
                  {fieldState.error?.message ?? `${selected.length} of ${ALL_TYPES.length} selected`}
                </p>
              </div>
            );
          }}
        />
      )}
    </fieldset>
  );
}

type ModeOptionProps = { id: string; name: string; checked: boolean; onSelect: () => void; children: React.ReactNode };

function ModeOption({ id, name, checked, onSelect, children }: ModeOptionProps) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-zinc-200 px-3 py-2.5 has-checked:border-accent-200 has-checked:bg-accent-50/40">
      <input id={id} type="radio" name={name} checked={checked} onChange={onSelect} className="mt-0.5 size-4 accent-accent-600" />
      <Label htmlFor={id} className="cursor-pointer">
        {children}
      </Label>
    </div>
  );
}
